import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route takes at this concrete path ("/api/users/42"), if any. */
    methodsAt(path: string): string[];
  }
}

/**
 * Remembers every route as it is added, so that a call with the wrong method on a known
 * path can be answered 405 with Allow instead of 404. Registered before the routes.
 */
export const routeMethodsPlugin = fp(async (app: FastifyInstance) => {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const escaped = route.url
      .split('/')
      .map((part) =>
        part.startsWith(':')
          ? '[^/]+'
          : part === '*'
            ? '.*'
            : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    const methods = [route.method].flat();
    routes.push({ pattern: new RegExp(`^${escaped}/?$`), methods });
  });
  app.decorate('methodsAt', (path: string) => [
    ...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods)),
  ]);
});
