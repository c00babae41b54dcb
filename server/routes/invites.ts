import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteEndpoints } from '../../contract/api/invites';
import { BODY, errors } from '../lib/schemas';
import { registerRoutes } from '../lib/registerRoutes';
import { assertSamePassword, limitedPerAddress } from './emailedLinks';
import { callerOf } from '../plugins/auth';
import { acceptInvite, resendInvite, type InviteMail } from '../services/invites';

/** What the invite services need of the app to send an invite. */
export const inviteMailOf = (app: FastifyInstance, request: FastifyRequest): InviteMail => ({
  db: app.db,
  mailer: app.mailer,
  publicUrl: app.publicUrl,
  limits: app.limits,
  log: request.log,
});

export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, inviteEndpoints, {
    resendInvite: {
      tags: ['people'],
      summary:
        'E-mails a fresh invite link (valid once, for 72 hours) to a company or PM of the caller who has not set a password yet',
      description:
        "An admin for its companies, a company for its PMs: anyone else's is not found (404), and an admin may not for a company's people (403), nor a PM at all (403). Refused for someone who does not sign in (400), has set a password already or is inactive (409). Their older unused invite links stop working once the new one has gone out. Invite e-mails are limited per sender and per recipient (429); 502 when the e-mail could not be sent, changing nothing.",
      answers: 'The invite went out',
      refusals: errors(...BODY, 401, 403, 404, 409, 429, 502),
      options: { onRequest: app.authenticate },
      handler: async (request) => {
        const { message } = await resendInvite(
          inviteMailOf(app, request),
          callerOf(request),
          request.params.id,
        );
        return { success: true, message };
      },
    },

    acceptInvite: {
      tags: ['auth'],
      summary:
        "Sets an invited company's or PM's own password with the e-mailed invite link, which it spends",
      description:
        '`cpassword` must be the same as `password` (the rules of registration). A token that is unknown, used, expired or replaced by a newer invite, or an account that has a password already, is a 400 that changes nothing. Then log in with the e-mail and this password.',
      public: true,
      answers: 'The password is set: log in with it',
      refusals: errors(...BODY, 429, 503),
      options: limitedPerAddress(app, 'reset', 'Too many attempts. Please try again later.'),
      handler: async (request) => {
        assertSamePassword(request.body.password, request.body.cpassword, 'cpassword');
        await acceptInvite(app.db, request.body.token, request.body.password);
        return { success: true, message: 'Your password is set. Please log in.' };
      },
    },
  });
};
