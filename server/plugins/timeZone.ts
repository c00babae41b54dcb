import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_TIME_ZONE, TIME_ZONE_HEADER } from '../../contract/headers';
import { canonicalTimeZone, dayIn } from '../lib/timeZone';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's IANA time zone (X-Time-Zone), or the default one when it sends none or
     * one that is not a zone: its calendar day is the caller's "today".
     */
    readonly timeZone: string;
  }
}

const HEADER = TIME_ZONE_HEADER.toLowerCase();
/** Where a request keeps its zone once read. */
const ZONE = Symbol('timeZone');

/** The caller's calendar day now (YYYY-MM-DD), in its time zone. */
export const todayOf = (request: FastifyRequest) => dayIn(request.timeZone);

/**
 * Reads X-Time-Zone when a call first asks for its zone, once: most calls never do, so no
 * hook runs on every request for it. `defaultZone` must be a known zone.
 */
export const timeZonePlugin = fp(async (app: FastifyInstance, opts: { defaultZone?: string }) => {
  const fallback = canonicalTimeZone(opts.defaultZone ?? DEFAULT_TIME_ZONE);
  if (!fallback) throw new Error(`"${opts.defaultZone}" is not an IANA time zone`);
  app.decorateRequest(ZONE, null);
  app.decorateRequest('timeZone', {
    getter(this: FastifyRequest) {
      const request = this as FastifyRequest & { [ZONE]: string | null };
      return (request[ZONE] ??= canonicalTimeZone(request.headers[HEADER]) ?? fallback);
    },
  });
});
