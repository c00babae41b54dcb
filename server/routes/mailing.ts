import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import type { App } from './handlers';

/**
 * The limit a sender's e-mails to others share (lend reminders, invoices, reminders recorded
 * from the phone), per day and per account: past it, `message` (429).
 */
export const remindersPerCaller = (app: App, message: string) =>
  app.limitBy({
    limit: app.limits.remindersPerAccount,
    key: (request) => `reminder:account:${callerOf(request).userId}`,
    message,
  });

/**
 * What `send` answers; a refusal it gives (an HttpError) stays as it is, and a mail server
 * that fails is logged and answered 502.
 */
export async function mailing<T>(
  request: FastifyRequest,
  what: string,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    request.log.warn({ err: error }, `${what} e-mail failed`);
    throw new HttpError(502, 'Failed to send email. Please try again.');
  }
}
