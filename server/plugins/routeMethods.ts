import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Answers a call to a known path with a method it does not take: 405 with Allow, as HTTP
 * says. False when no route has the path (the caller answers 404).
 */
export function answerWrongMethod(request: FastifyRequest, reply: FastifyReply): boolean {
  const allowed = request.server.methodsAt(request.url.split('?')[0]!);
  if (!allowed.length) return false;
  void reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ success: false, message: `Method not allowed: use ${allowed.join(' or ')}` });
  return true;
}
