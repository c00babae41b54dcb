import type { z } from 'zod';
import { authEndpoints, type ForgotPassword } from '../../contract/api/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../lib/errors';
import { BODY, answer, errors } from '../lib/schemas';
import { addressOf } from '../plugins/rateLimit';
import { requestPasswordReset, resetPassword, RESET_REQUESTED } from '../services/passwordReset';

const { forgotPassword, resetPassword: resetWithLink } = authEndpoints;

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tooMany = 'Too many password reset requests. Please try again later.';
  app.post(
    forgotPassword.path,
    {
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
      schema: {
        tags: ['auth'],
        operationId: 'forgotPassword',
        summary:
          'E-mails a one-time reset link valid for 30 minutes; answers the same, at once, whether or not the account exists',
        security: [],
        body: forgotPassword.body,
        response: {
          200: answer('Asked: a link goes out if the account exists', forgotPassword.answer),
          ...errors(...BODY, 429),
        },
      },
    },
    async (request) => {
      // The answer goes before the lookup and the mail, so that neither its words nor its
      // timing tell whether the address has an account.
      const { email: to } = request.body;
      app.background.run('password reset e-mail', () =>
        requestPasswordReset(app.db, app.mailer, app.publicUrl, to),
      );
      return { success: true, message: RESET_REQUESTED };
    },
  );

  app.post(
    resetWithLink.path,
    {
      onRequest: app.limitBy({
        limit: app.limits.resetPerAddress,
        key: (request) => `reset:address:${addressOf(request)}`,
        message: tooMany,
      }),
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary:
          'Sets a new password with a reset link, ends every session of that user and lifts its login limits',
        description:
          '`cpassword` must be the same as `password`; a token that is unknown, used or expired is a 400.',
        security: [],
        body: resetWithLink.body,
        response: {
          200: answer('The password is set: log in with it', resetWithLink.answer),
          ...errors(...BODY, 429, 503),
        },
      },
    },
    async (request) => {
      if (request.body.password !== request.body.cpassword)
        throw badRequest('Passwords do not match');
      await resetPassword(app.db, request.body.token, request.body.password);
      return { success: true, message: 'Password has been reset. Please log in.' };
    },
  );
};
