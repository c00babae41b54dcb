import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/errors';
import { tarpit } from '../lib/tarpit';
import { callerOf } from './auth';
import { count, LIMITS, sweepRateLimits, type Limit, type Limits } from '../services/rateLimits';

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits in force (tests may loosen them; the defaults are LIMITS). */
    limits: Limits;
    /**
     * A hook that counts each call under `key(request)` and refuses it past the limit; in
     * onRequest, or preHandler when the key needs the body or the caller. A route may use
     * several.
     */
    limitBy(options: {
      limit: Limit;
      key: (request: FastifyRequest) => string;
      message: string;
    }): (request: FastifyRequest) => Promise<void>;
  }
}

/** The caller's address, an IPv6 one by its /56 (one customer's whole allocation). */
export const addressOf = (request: FastifyRequest) => normalizeIP(request.ip, 56);

const SWEEP_MS = 10 * 60_000;
/** How many refused keys this server remembers (each until its window ends) before it starts afresh. */
const REMEMBERED = 10_000;

/**
 * @fastify/rate-limit with its counters in our database (services/rateLimits.ts), so that
 * every app server on one database shares them. A key once refused is remembered here
 * until its window ends, so a flood past the limit is answered without the database.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { limits?: Limits }) => {
  const refusedUntil = new Map<string, number>();
  const db = app.db;

  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      const until = refusedUntil.get(key);
      const now = Date.now();
      if (until !== undefined && until > now)
        return done(null, { current: max + 1, ttl: until - now });
      count(db, [{ key, windowMs: timeWindow }]).then(([result]) => {
        const { hits, ttlMs } = result!;
        if (hits > max) {
          if (refusedUntil.size >= REMEMBERED) refusedUntil.clear();
          refusedUntil.set(key, now + ttlMs);
        }
        done(null, { current: hits, ttl: ttlMs });
      }, done);
    }
    child() {
      return this;
    }
  }

  await app.register(rateLimit, { global: false, store: DatabaseStore });
  app.decorate('limits', opts.limits ?? LIMITS);
  // createRateLimit rather than the plugin's route hooks: those run only the first limit a
  // request meets, and forgot-password needs two (per address and per e-mail).
  app.decorate('limitBy', ({ limit, key, message }) => {
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: key,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      await tarpit();
      throw tooManyRequests(message, result.ttl / 1000);
    };
  });

  const sweeper = setInterval(() => {
    sweepRateLimits(db).catch((err: unknown) => app.log.warn({ err }, 'rate limit sweep failed'));
  }, SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
});

/** Exports read every row the caller owns, so each account may start only a few at a time. */
export const limitExports = (app: FastifyInstance) =>
  app.limitBy({
    limit: app.limits.exportsPerAccount,
    key: (request) => `export:account:${callerOf(request).userId}`,
    message: 'Too many downloads. Please try again in a few minutes.',
  });

/** A preview or import reads a whole file: each account may send only so many. */
export const limitImports = (app: FastifyInstance) =>
  app.limitBy({
    limit: app.limits.importsPerAccount,
    key: (request) => `import:account:${callerOf(request).userId}`,
    message: 'Too many imports. Please try again in a few minutes.',
  });
