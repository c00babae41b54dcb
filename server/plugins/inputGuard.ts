import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

/** The path of the first text (or key) holding a NUL character, e.g. "items.0.name". */
function nulAt(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store a NUL character in text, and fails the whole query on one. Every
 * text of a call (body, query, path) is checked once here, before validation or any query,
 * so such input is a 400 naming the field, never a 500. The query and the path's values come
 * from the address, where a NUL can only be written `%00`: an address without one is not
 * walked. A callback, not an async hook: it runs for every request.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    const fromAddress = request.url.includes('%00');
    for (const [where, value] of [
      ['body', request.body],
      ['query', fromAddress ? request.query : undefined],
      ['params', fromAddress ? request.params : undefined],
    ] as const) {
      // A file sent as the body (an import) is read as a stream, and checked as it is read.
      if (value === undefined || value instanceof Readable) continue;
      const path = nulAt(value);
      if (path) {
        const field = path.length ? path.join('.') : undefined;
        return done(badRequest(`${field ?? where} must not contain a NUL character`, { field }));
      }
    }
    done();
  });
});
