import { accountEndpoints } from '../../contract/api/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, originOf } from '../plugins/auth';
import { addressOf } from '../plugins/rateLimit';
import { BODY, errors } from '../lib/schemas';
import { registerRoutes } from '../lib/registerRoutes';
import { handlersOf } from './handlers';
import { limitedPerAddress } from './emailedLinks';
import { confirmEmailChange, revertEmail } from '../services/emailChange';
import { listSessions, revokeOtherSessions, revokeOwnSession } from '../services/sessions';
import { listSignIns } from '../services/signIns';
import * as twoFactor from '../services/twoFactor';

/** The account owner's own sessions, sign-in history and second factor. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route but the links opened from an e-mail needs a session.
  const signedIn = { onRequest: app.authenticate };
  const { mine, removed } = handlersOf(app);
  registerRoutes(app, accountEndpoints, {
    confirmEmail: {
      tags: ['profile'],
      summary: 'Applies a change of e-mail, with the link mailed to the new address',
      description:
        'With the token of the link e-mailed to the new address when a person asked to sign in with it (valid 24 hours, once). ' +
        'The account signs in with the new address from then on, and the old address is sent a link that puts it back (`revertEmail`). ' +
        'An unknown, used or expired token is a 400; a new address another account has taken since, or an e-mail that changed since the link was sent, is a 409 and changes nothing.',
      public: true,
      answers: 'The account signs in with the new e-mail',
      refusals: errors(...BODY, 409, 429),
      options: limitedPerAddress(app, 'confirm-email', 'Too many tries. Please try again later.'),
      handler: async (request) => {
        const { email, notice } = await confirmEmailChange(
          app.db,
          request.body.token,
          app.publicUrl,
        );
        app.background.run('e-mail change notice', () => app.mailer.send(notice));
        return {
          success: true,
          message: `Your e-mail is now ${email}. Use it to log in from now on.`,
        };
      },
    },

    revertEmail: {
      tags: ['profile'],
      summary:
        'Puts back the e-mail an account had before it was changed, and signs it out everywhere',
      description:
        'With the token of the link e-mailed to the old address when the e-mail changed (valid 7 days, once). ' +
        'An unknown, used or expired token is a 400; an old address another account has taken since is a 409 and changes nothing.',
      public: true,
      answers: 'The e-mail is back; every session has ended',
      refusals: errors(...BODY, 409, 429),
      options: limitedPerAddress(app, 'revert', 'Too many tries. Please try again later.'),
      handler: async (request) => {
        const email = await revertEmail(app.db, request.body.token);
        return {
          success: true,
          message: `Your e-mail is ${email} again and every session has been signed out. Log in, then change your password.`,
        };
      },
    },

    listSessions: {
      tags: ['profile'],
      summary: "The caller's open sessions: this one first, then the most recently used",
      answers: 'Open sessions',
      refusals: errors(400, 401),
      options: signedIn,
      handler: mine(listSessions),
    },

    endSession: {
      tags: ['profile'],
      summary: 'Signs one of the caller’s sessions out; its next call answers 401',
      answers: 'Signed out',
      refusals: errors(...BODY, 401, 404),
      options: signedIn,
      handler: removed('That session is signed out', revokeOwnSession),
    },

    endOtherSessions: {
      tags: ['profile'],
      summary: 'Signs every session of the caller out but this one',
      answers: 'Signed out everywhere else',
      refusals: errors(...BODY, 401),
      options: signedIn,
      handler: async (request) => {
        const caller = callerOf(request);
        await revokeOtherSessions(app.db, caller.userId, caller.sessionId);
        return { success: true, message: 'Signed out everywhere else' };
      },
    },

    listSignIns: {
      tags: ['profile'],
      summary: "The caller's last 20 sign-ins and failed attempts, newest first",
      answers: 'Sign-in history',
      refusals: errors(400, 401),
      options: signedIn,
      handler: mine(listSignIns),
    },

    getTwoFactor: {
      tags: ['profile'],
      summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
      answers: 'Two-factor status',
      refusals: errors(400, 401),
      options: signedIn,
      handler: async (request) => {
        const caller = callerOf(request);
        const status = await twoFactor.status(app.db, caller);
        return { success: true, data: status };
      },
    },

    startTwoFactor: {
      tags: ['profile'],
      summary: 'Starts turning two-factor sign-in on: a new key, as text, link and QR code',
      description:
        "`password` must be the caller's (400; checks are counted per account, 429). Refused (400) while two-factor sign-in is on. The key waits until `confirmTwoFactor` confirms it with a first code; starting again replaces it.",
      answers: 'A key to add to an authenticator app',
      refusals: errors(...BODY, 401, 429),
      options: signedIn,
      handler: async (request) => ({
        success: true,
        data: await twoFactor.startSetup(
          app.db,
          app.limits,
          callerOf(request),
          request.body.password,
        ),
      }),
    },

    confirmTwoFactor: {
      tags: ['profile'],
      summary: 'Turns two-factor sign-in on with a first code; answers ten recovery codes',
      description:
        'The code must be the current one of the key from `startTwoFactor` (400 otherwise). The recovery codes are shown this once: only their hashes are kept. Codes are counted per account and address (429 past the limits).',
      answers: 'On: the recovery codes',
      refusals: errors(...BODY, 401, 429),
      options: signedIn,
      handler: async (request) => {
        const recoveryCodes = await twoFactor.confirmSetup(
          app.db,
          app.limits,
          callerOf(request),
          request.body.code,
          addressOf(request),
        );
        return {
          success: true,
          message: 'Two-factor sign-in is on',
          data: { recoveryCodes },
        };
      },
    },

    disableTwoFactor: {
      tags: ['profile'],
      summary: 'Turns two-factor sign-in off',
      description:
        "Needs the caller's `password` and a current code or recovery code (400 otherwise). Refused (400) while the caller's company requires it. Codes are counted (429).",
      answers: 'Off',
      refusals: errors(...BODY, 401, 429),
      options: signedIn,
      handler: async (request) => {
        await twoFactor.disable(app.db, app.limits, callerOf(request), {
          ...request.body,
          ...originOf(request),
        });
        return { success: true, message: 'Two-factor sign-in is off' };
      },
    },

    newRecoveryCodes: {
      tags: ['profile'],
      summary: 'Ten new recovery codes; the old ones stop working',
      description:
        "`password` must be the caller's and `code` a current code or recovery code (400); two-factor sign-in must be on (400). Password checks and codes are counted per account (429).",
      answers: 'The new recovery codes, shown this once',
      refusals: errors(...BODY, 401, 429),
      options: signedIn,
      handler: async (request) => ({
        success: true,
        message: 'New recovery codes made: the old ones no longer work',
        data: {
          recoveryCodes: await twoFactor.regenerateRecoveryCodes(
            app.db,
            app.limits,
            callerOf(request),
            { ...request.body, address: addressOf(request) },
          ),
        },
      }),
    },

    setTwoFactorPolicy: {
      tags: ['profile'],
      summary: 'A company requires (or stops requiring) two-factor sign-in of its people',
      description:
        'Companies only (403). While required, a PM without it must turn it on before any other call (403 until then).',
      answers: 'Saved',
      refusals: errors(...BODY, 401, 403),
      options: signedIn,
      handler: async (request) => {
        await twoFactor.setCompanyRequirement(app.db, callerOf(request), request.body.required);
        return {
          success: true,
          message: request.body.required
            ? 'Your people must now use two-factor sign-in'
            : 'Two-factor sign-in is now up to each person',
        };
      },
    },
  });
};
