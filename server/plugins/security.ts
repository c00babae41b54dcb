import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers with a strict script policy; styles may be inline (toasts inject theirs).
 */
const securityMiddleware = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // The SPA's one worker is made from a blob (src/api/timeZone.ts).
      workerSrc: ["'self'", 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet sets, read once from a response it is given here: they are the same for
 * every answer, and running its middleware (a dozen functions, each setting a header on the
 * raw response) on every request was a measurable share of a list call's CPU.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  securityMiddleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error as Error;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers at once');
  return Object.freeze(headers);
})();

const API_HEADERS = { ...SECURITY_HEADERS, 'cache-control': 'no-store' };

/**
 * Every answer's own headers, set as the request arrives (a route may still set its own
 * over them): the security headers, the request id, and on the API `no-store`, since API
 * answers are one person's data that no browser or proxy cache may keep.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_HEADERS : SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    done();
  });
});
