import { Readable } from 'node:stream';
import { authEndpoints } from '../../contract/api/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, originOf } from '../plugins/auth';
import { addressOf, limitExports } from '../plugins/rateLimit';
import { badRequest } from '../lib/errors';
import { BODY, answer, download, errors } from '../lib/schemas';
import * as auth from '../services/auth';
import { ownEditAnswer } from '../services/emailChange';
import { exportMyData } from '../services/myData';
import { revokeSession } from '../services/sessions';

const {
  registerAdmin,
  login,
  loginWithCode,
  logout,
  getProfile,
  exportMyData: exportMine,
  updateProfile,
  updatePassword,
} = authEndpoints;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    registerAdmin.path,
    {
      onRequest: app.limitBy({
        limit: app.limits.registerPerAddress,
        key: (request) => `register:address:${addressOf(request)}`,
        message: 'Too many registrations from your address. Please try again later.',
      }),
      schema: {
        tags: ['auth'],
        operationId: 'registerAdmin',
        summary: 'Register an admin account',
        description:
          '`cpassword` must be the same as `password` (400). The e-mail must not be used by another account (409).',
        security: [],
        body: registerAdmin.body,
        response: {
          [registerAdmin.status]: answer('Registered: the admin may log in', registerAdmin.answer),
          ...errors(...BODY, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { cpassword, ...input } = request.body;
      if (cpassword !== input.password) throw badRequest('Passwords do not match');
      await auth.registerAdmin(app.db, input);
      return reply
        .status(registerAdmin.status)
        .send({ success: true, message: 'Registration successful. Please log in.' });
    },
  );

  app.post(
    login.path,
    {
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Log in as admin, company or PM',
        description:
          "`userType` must be the account's type: another one answers 401, like a wrong password. " +
          'The right password of an inactive account, or of a person whose company is inactive, answers 403. ' +
          'Attempts are counted before any password is checked (429 past the limits).',
        security: [],
        body: login.body,
        response: {
          200: answer('Signed in: the session token and the user', login.answer),
          ...errors(...BODY, 401, 403, 429, 503),
        },
      },
    },
    async (request) => {
      const data = await auth.login(app.db, app.limits, {
        ...request.body,
        ...originOf(request),
      });
      return {
        success: true,
        message:
          'token' in data ? 'Login successful' : 'Enter the code from your authenticator app',
        data,
      };
    },
  );

  app.post(
    loginWithCode.path,
    {
      schema: {
        tags: ['auth'],
        operationId: 'loginWithCode',
        summary: 'Second step of a sign-in with two-factor on: the code for the challenge',
        description:
          'A 6-digit code from the authenticator app (each code works once) or one of the recovery codes (each works once). ' +
          'A wrong code answers 401 and may be tried again until the challenge expires (5 minutes; then 401 asks to log in again). ' +
          'Codes are counted per account and address (429 past the limits).',
        security: [],
        body: loginWithCode.body,
        response: {
          200: answer('Signed in: the session token and the user', loginWithCode.answer),
          ...errors(...BODY, 401, 429),
        },
      },
    },
    async (request) => {
      const data = await auth.loginWithCode(app.db, app.limits, {
        ...request.body,
        ...originOf(request),
      });
      return { success: true, message: 'Login successful', data };
    },
  );

  // Everything below needs a session.
  const sessionRoutes: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', scope.authenticate);

    scope.post(
      logout.path,
      {
        schema: {
          tags: ['auth'],
          operationId: 'logout',
          summary: 'End this session',
          response: { 200: answer('Logged out', logout.answer), ...errors(...BODY, 401) },
        },
      },
      async (request) => {
        await revokeSession(app.db, callerOf(request).sessionId);
        return { success: true, message: 'Logout successful' };
      },
    );

    scope.get(
      getProfile.path,
      {
        schema: {
          tags: ['profile'],
          operationId: 'getProfile',
          summary: 'The signed-in user',
          response: { 200: answer('The signed-in user', getProfile.answer), ...errors(400, 401) },
        },
      },
      async (request) => ({
        success: true,
        data: await auth.getProfile(app.db, callerOf(request)),
      }),
    );

    scope.get(
      exportMine.path,
      {
        preHandler: limitExports(app),
        schema: {
          tags: ['profile'],
          operationId: 'exportMyData',
          summary: "Everything that is the caller's own, as a JSON download",
          description:
            'The profile, expenses, lend and borrowed entries with their repayments, and for a company its people, projects, bank accounts and payments (money in paise); never a password hash. Counts against the export limit (429).',
          response: {
            200: download('A JSON file (attachment my-data.json)', exportMine.download),
            ...errors(400, 401, 429),
          },
        },
      },
      async (request, reply) => {
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', 'attachment; filename="my-data.json"')
          .send(Readable.from(exportMyData(app.db, callerOf(request))));
      },
    );

    scope.post(
      updateProfile.path,
      {
        schema: {
          tags: ['profile'],
          operationId: 'updateProfile',
          summary: "Change the caller's name or e-mail",
          description:
            'Changes only the fields sent, of the profile as read at `version`: 409 when it changed since, or when the e-mail is used by another account. ' +
            'A new e-mail needs `currentPassword` (400 when missing or wrong; password checks are counted per account, 429) and applies only when the link mailed to the new address is opened (`confirmEmail`; `pendingEmail` until then); the old address is then sent a link that puts it back and signs out every session.',
          body: updateProfile.body,
          response: {
            200: answer('The updated profile', updateProfile.answer),
            ...errors(...BODY, 401, 409, 429, 503),
          },
        },
      },
      async (request) => {
        const { user, pendingEmail, mail } = await auth.updateProfile(
          app.db,
          callerOf(request),
          request.body,
          { limits: app.limits, publicUrl: app.publicUrl },
        );
        if (mail) app.background.run('e-mail confirmation', () => app.mailer.send(mail));
        return ownEditAnswer('Profile', user, pendingEmail);
      },
    );

    scope.post(
      updatePassword.path,
      {
        schema: {
          tags: ['profile'],
          operationId: 'updatePassword',
          summary: "Change the caller's password and end its other sessions",
          description:
            "`currentPassword` must be the caller's password and `confirmPassword` the same as `newPassword` (400 otherwise). Password checks are counted per account (429).",
          body: updatePassword.body,
          response: {
            200: answer('Password changed', updatePassword.answer),
            ...errors(...BODY, 401, 429, 503),
          },
        },
      },
      async (request) => {
        const { confirmPassword, ...input } = request.body;
        if (confirmPassword !== input.newPassword) throw badRequest('Passwords do not match');
        const notice = await auth.updatePassword(app.db, app.limits, callerOf(request), input);
        app.background.run('password change notice', () => app.mailer.send(notice));
        return { success: true, message: 'Password updated successfully' };
      },
    );
  };
  await app.register(sessionRoutes);
};
