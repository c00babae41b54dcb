import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Caller } from '../lib/caller';
import { forbidden, unauthorized } from '../lib/errors';
import { findCaller, type Origin } from '../services/sessions';
import { addressOf } from './rateLimit';

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

/** Where a call comes from: its address and browser, for sessions and the sign-in history. */
export const originOf = (request: FastifyRequest): Origin => ({
  address: addressOf(request),
  userAgent: request.headers['user-agent'] ?? '',
});

/**
 * What a user with something pending (a password to change, two-factor sign-in to turn on)
 * may still call: enough to do it, see where it is signed in, and leave.
 */
const WHILE_PENDING = new Set([
  'getProfile',
  'updatePassword',
  'logout',
  'getTwoFactor',
  'startTwoFactor',
  'confirmTwoFactor',
  'listSessions',
  'endSession',
  'endOtherSessions',
  'listSignIns',
]);
const PENDING_MESSAGE = {
  password: 'Please change your password first: it was set by someone else.',
  twoFactor: 'Your company requires two-factor sign-in. Please turn it on in Profile first.',
};

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw unauthorized('Please log in');
    const caller = await findCaller(app.db, token);
    if (!caller) throw unauthorized('Your session has ended. Please log in again.');
    const operation = (request.routeOptions.schema as { operationId?: string } | undefined)
      ?.operationId;
    if (caller.pending && !WHILE_PENDING.has(operation ?? ''))
      throw forbidden(PENDING_MESSAGE[caller.pending], { code: 'step_pending' });
    request.caller = caller;
  });
});
