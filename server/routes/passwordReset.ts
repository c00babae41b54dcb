import type { z } from 'zod';
import type { authEndpoints, ForgotPassword } from '../../contract/api/auth';
import type { FastifyInstance } from 'fastify';
import { BODY, errors } from '../lib/schemas';
import type { Routes } from '../lib/registerRoutes';
import { assertSamePassword, limitedPerAddress } from './emailedLinks';
import { addressOf } from '../plugins/rateLimit';
import { requestPasswordReset, resetPassword, RESET_REQUESTED } from '../services/passwordReset';

/** The routes of a forgotten password, among authRoutes: a link e-mailed, then the new password. */
export const passwordResetRoutes = (
  app: FastifyInstance,
): Pick<Routes<typeof authEndpoints>, 'forgotPassword' | 'resetPassword'> => {
  const tooMany = 'Too many password reset requests. Please try again later.';
  return {
    forgotPassword: {
      tags: ['auth'],
      summary:
        'E-mails a one-time reset link valid for 30 minutes; answers the same, at once, whether or not the account exists',
      public: true,
      answers: 'Asked: a link goes out if the account exists',
      refusals: errors(...BODY, 429),
      options: {
        onRequest: app.limitBy({
          limit: app.limits.forgotPerAddress,
          key: (request) => `forgot:address:${addressOf(request)}`,
          message: tooMany,
        }),
        preHandler: app.limitBy({
          limit: app.limits.forgotPerEmail,
          key: (request) =>
            `forgot:email:${(request.body as z.output<typeof ForgotPassword>).email.toLowerCase()}`,
          message: tooMany,
        }),
      },
      handler: async (request) => {
        // The answer goes before the lookup and the mail, so that neither its words nor its
        // timing tell whether the address has an account.
        const { email: to } = request.body;
        app.background.run('password reset e-mail', () =>
          requestPasswordReset(app.db, app.mailer, app.publicUrl, to),
        );
        return { success: true, message: RESET_REQUESTED };
      },
    },

    resetPassword: {
      tags: ['auth'],
      summary:
        'Sets a new password with a reset link, ends every session of that user and lifts its login limits',
      description:
        '`cpassword` must be the same as `password`; a token that is unknown, used or expired is a 400.',
      public: true,
      answers: 'The password is set: log in with it',
      refusals: errors(...BODY, 429, 503),
      options: limitedPerAddress(app, 'reset', tooMany),
      handler: async (request) => {
        assertSamePassword(request.body.password, request.body.cpassword, 'cpassword');
        await resetPassword(app.db, request.body.token, request.body.password);
        return { success: true, message: 'Password has been reset. Please log in.' };
      },
    },
  };
};
