import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Caller } from '../lib/caller';
import { unauthorized } from '../lib/errors';
import { findCaller } from '../services/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** onRequest hook: resolves the bearer token to a caller or answers 401. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/** The caller of an authenticated route; routes registered behind `authenticate` only. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw unauthorized('Please log in');
    const caller = await findCaller(app.db, token);
    if (!caller) throw unauthorized('Your session has ended. Please log in again.');
    request.caller = caller;
  });
});
