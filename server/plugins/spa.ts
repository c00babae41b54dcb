import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { answerWrongMethod } from './routeMethods';

/**
 * Serves the built SPA from dist/ and answers every other browser path with index.html
 * (deep links like /app/expenses); unknown /api paths stay JSON 404s.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { root?: string }) => {
  const root = resolve(opts.root ?? 'dist');
  const hasSpa = existsSync(resolve(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // The .br and .gz copies made by the build, chosen by Accept-Encoding (Vary is set).
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed asset names never change content; index.html must always be revalidated.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      hasSpa &&
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      (request.headers.accept ?? '').includes('text/html');
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    if (answerWrongMethod(request, reply)) return reply;
    return reply.status(404).send({ success: false, message: 'Not found' });
  });
});
