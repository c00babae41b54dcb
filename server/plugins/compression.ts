import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers of 1 KB and more go out compressed (Brotli at a fast level, or gzip) when the
 * client accepts it: list pages and exports shrink several times over a slow network. The
 * SPA's files are compressed at build time instead (server/plugins/spa.ts). Left alone:
 * compressed request bodies (no client of ours sends them, and unpacking them is work an
 * attacker could ask for), and the API docs' static files (megabytes anyone may fetch
 * without signing in, which would be compressed again on every request).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before the plugin's own onRoute hook, which then reads these choices.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
    if (route.url.startsWith('/api/docs')) route.compress ??= false;
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
});
