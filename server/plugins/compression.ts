import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An answer under this many bytes goes out as it is: it would save a few hundred bytes at
 * most, and with its headers it goes in the first packets anyway. From 1 KB, quality 1 takes
 * away over half of a JSON answer for 12 µs (1.2 KB to 572 bytes).
 */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The answers the server holds whole (every JSON answer up to @fastify/compress's
 * `syncThreshold`, 8 KB on 2 cores) are compressed at Brotli's quality 1, or gzip's level 1:
 * at 4 KB (a page of a list) that costs 17 µs of CPU where quality 4 cost 50 µs, for 1,202
 * bytes left instead of 1,089 (29 % of the answer, against 26 %); gzip 1, 22 µs and 1,195
 * bytes (`tsx bench/compression.ts`). In the server, measured under a glibc mmap
 * threshold of 128 KB (`npm start` sets 32 KB), quality 4 also mapped and faulted in its
 * large tables on every answer: a browser's list call cost 1,195 µs of CPU with it, 888 at
 * quality 1, and 843 not compressed. Streamed answers (exports, pages over 8 KB) keep
 * Brotli's quality 4 and gzip's level 6, where the bytes saved grow with the size.
 */
const QUICK_BROTLI: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
  },
};
const QUICK_GZIP: zlib.ZlibOptions = { level: 1 };
/** What @fastify/compress calls for an answer held whole; streams use node:zlib's own. */
const wholeAnswers = {
  brotliCompressSync: (answer: Buffer) => zlib.brotliCompressSync(answer, QUICK_BROTLI),
  gzipSync: (answer: Buffer) => zlib.gzipSync(answer, QUICK_GZIP),
};

/**
 * Answers of 1 KB and more go out compressed (Brotli, or gzip) when the client accepts it:
 * list pages and exports shrink several times over a slow network. The SPA's files are
 * compressed at build time instead, at the best ratio (server/plugins/spa.ts). Left alone:
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
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    zlib: wholeAnswers,
  });
});
