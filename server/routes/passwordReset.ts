import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../lib/errors';
import { email, errors, Message, password } from '../lib/schemas';
import { requestPasswordReset, resetPassword, RESET_REQUESTED } from '../services/passwordReset';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/forgotpassword',
    {
      schema: {
        tags: ['auth'],
        operationId: 'forgotPassword',
        summary: 'E-mails a one-time reset link valid for 30 minutes; always answers the same',
        security: [],
        body: z.object({ email }),
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      // The answer never depends on the account or on the mail server: a failure is logged.
      await requestPasswordReset(app.db, app.mailer, app.publicUrl, request.body.email).catch(
        (err: unknown) => request.log.error({ err }, 'password reset e-mail failed'),
      );
      return { success: true, message: RESET_REQUESTED };
    },
  );

  app.post(
    '/user/resetpassword',
    {
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Sets a new password with a reset link and ends every session of that user',
        security: [],
        body: z.object({
          token: z.string({ error: 'is required' }).min(1, 'is required').max(200),
          password,
          cpassword: z.string({ error: 'is required' }),
        }),
        response: { 200: Message, ...errors },
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
