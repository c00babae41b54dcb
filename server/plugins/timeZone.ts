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
    timeZone: string;
  }
}

const HEADER = TIME_ZONE_HEADER.toLowerCase();

/** The caller's calendar day now (YYYY-MM-DD), in its time zone. */
export const todayOf = (request: FastifyRequest) => dayIn(request.timeZone);

/** Reads X-Time-Zone once per call; `defaultZone` must be a known zone. */
export const timeZonePlugin = fp(async (app: FastifyInstance, opts: { defaultZone?: string }) => {
  const fallback = canonicalTimeZone(opts.defaultZone ?? DEFAULT_TIME_ZONE);
  if (!fallback) throw new Error(`"${opts.defaultZone}" is not an IANA time zone`);
  app.decorateRequest('timeZone', fallback);
  app.addHook('onRequest', async (request) => {
    request.timeZone = canonicalTimeZone(request.headers[HEADER]) ?? fallback;
  });
});
