import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';
import { addressOf } from '../plugins/rateLimit';

/*
 * What the calls that spend a link e-mailed to a person (reset a password, accept an invite,
 * confirm or put back an e-mail) share.
 */

/** The route option that limits such calls per network address (`kind` keeps each apart). */
export const limitedPerAddress = (app: FastifyInstance, kind: string, message: string) => ({
  onRequest: app.limitBy({
    limit: app.limits.resetPerAddress,
    key: (request) => `${kind}:address:${addressOf(request)}`,
    message,
  }),
});

/** A new password typed twice must be the same twice (400 on the second's `field`). */
export function assertSamePassword(password: string, again: string, field: string) {
  if (again !== password) throw badRequest('Passwords do not match', { field });
}
