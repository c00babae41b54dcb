import { Readable } from 'node:stream';
import { authEndpoints } from '../../contract/api/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, originOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';
import { addressOf, limitExports } from '../plugins/rateLimit';
import { BODY, errors } from '../lib/schemas';
import { registerRoutes } from '../lib/registerRoutes';
import { handlersOf } from './handlers';
import { assertSamePassword } from './emailedLinks';
import * as auth from '../services/auth';
import { ownEditAnswer } from '../services/emailChange';
import { exportMyData } from '../services/myData';
import { revokeSession } from '../services/sessions';
import { passwordResetRoutes } from './passwordReset';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registering, logging in and a forgotten password need no session; the rest do.
  const signedIn = { onRequest: app.authenticate };
  const { mine } = handlersOf(app);
  registerRoutes(app, authEndpoints, {
    registerAdmin: {
      tags: ['auth'],
      summary: 'Register an admin account',
      description:
        '`cpassword` must be the same as `password` (400). The e-mail must not be used by another account (409).',
      public: true,
      answers: 'Registered: the admin may log in',
      refusals: errors(...BODY, 409, 429, 503),
      options: {
        onRequest: app.limitBy({
          limit: app.limits.registerPerAddress,
          key: (request) => `register:address:${addressOf(request)}`,
          message: 'Too many registrations from your address. Please try again later.',
        }),
      },
      handler: async (request) => {
        const { cpassword, ...input } = request.body;
        assertSamePassword(input.password, cpassword, 'cpassword');
        await auth.registerAdmin(app.db, input);
        return { success: true, message: 'Registration successful. Please log in.' };
      },
    },

    login: {
      tags: ['auth'],
      summary: 'Log in as admin, company or PM',
      description:
        "`userType` must be the account's type: another one answers 401, like a wrong password. " +
        'The right password of an inactive account, or of a person whose company is inactive, answers 403. ' +
        'Attempts are counted before any password is checked (429 past the limits).',
      public: true,
      answers: 'Signed in: the session token and the user',
      refusals: errors(...BODY, 401, 403, 429, 503),
      handler: async (request) => {
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
    },

    loginWithCode: {
      tags: ['auth'],
      summary: 'Second step of a sign-in with two-factor on: the code for the challenge',
      description:
        'A 6-digit code from the authenticator app (each code works once) or one of the recovery codes (each works once). ' +
        'A wrong code answers 401 and may be tried again until the challenge expires (5 minutes; then 401 asks to log in again). ' +
        'Codes are counted per account and address (429 past the limits).',
      public: true,
      answers: 'Signed in: the session token and the user',
      refusals: errors(...BODY, 401, 429),
      handler: async (request) => {
        const data = await auth.loginWithCode(app.db, app.limits, {
          ...request.body,
          ...originOf(request),
        });
        return { success: true, message: 'Login successful', data };
      },
    },

    ...passwordResetRoutes(app),
    logout: {
      tags: ['auth'],
      summary: 'End this session',
      answers: 'Logged out',
      refusals: errors(...BODY, 401),
      options: signedIn,
      handler: async (request) => {
        await revokeSession(app.db, callerOf(request).sessionId);
        return { success: true, message: 'Logout successful' };
      },
    },

    getProfile: {
      tags: ['profile'],
      summary: 'The signed-in user',
      answers: 'The signed-in user',
      refusals: errors(400, 401),
      options: signedIn,
      handler: mine(auth.getProfile),
    },

    exportMyData: {
      tags: ['profile'],
      summary: "Everything that is the caller's own, as a JSON download",
      description:
        'The same records as the ZIP download (`exportMyDataZip`), as stored (money in paise): the profile, expenses, lend and borrowed entries (`loans`) with their repayments, categories and recurring expenses, and for a company its people, projects, bank accounts and payments; never a secret column (password hash, two-factor key, token hash). Counts against the export limit (429).',
      answers: 'A JSON file (attachment my-data.json)',
      refusals: errors(400, 401, 429),
      options: { ...signedIn, preHandler: limitExports(app) },
      handler: async (request, reply) => {
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', 'attachment; filename="my-data.json"')
          .send(Readable.from(exportMyData(app.db, callerOf(request), todayOf(request))));
      },
    },

    updateProfile: {
      tags: ['profile'],
      summary: "Change the caller's name or e-mail",
      description:
        'Changes only the fields sent, of the profile as read at `version`: 409 when it changed since, or when the e-mail is used by another account. ' +
        'A new e-mail needs `currentPassword` (400 when missing or wrong; password checks are counted per account, 429) and applies only when the link mailed to the new address is opened (`confirmEmail`; `pendingEmail` until then); the old address is then sent a link that puts it back and signs out every session.',
      answers: 'The updated profile',
      refusals: errors(...BODY, 401, 409, 429, 503),
      options: signedIn,
      handler: async (request) => {
        const { user, pendingEmail, mail } = await auth.updateProfile(
          app.db,
          callerOf(request),
          request.body,
          { limits: app.limits, publicUrl: app.publicUrl },
        );
        if (mail) app.background.run('e-mail confirmation', () => app.mailer.send(mail));
        return ownEditAnswer('Profile', user, pendingEmail);
      },
    },

    updatePassword: {
      tags: ['profile'],
      summary: "Change the caller's password and end its other sessions",
      description:
        "`currentPassword` must be the caller's password and `confirmPassword` the same as `newPassword` (400 otherwise). Password checks are counted per account (429).",
      answers: 'Password changed',
      refusals: errors(...BODY, 401, 429, 503),
      options: signedIn,
      handler: async (request) => {
        const { confirmPassword, ...input } = request.body;
        assertSamePassword(input.newPassword, confirmPassword, 'confirmPassword');
        const notice = await auth.updatePassword(app.db, app.limits, callerOf(request), input);
        app.background.run('password change notice', () => app.mailer.send(notice));
        return { success: true, message: 'Password updated successfully' };
      },
    },
  });
};
