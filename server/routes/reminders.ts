import { loanEndpoints } from '../../contract/api/loans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { BODY, errors } from '../lib/schemas';
import { registerRoutes } from '../lib/registerRoutes';
import { sendLendReminder } from '../services/reminders';
import { todayOf } from '../plugins/timeZone';
import { mailing, remindersPerCaller } from './mailing';

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(
    app,
    { sendLendReminder: loanEndpoints.sendLendReminder },
    {
      sendLendReminder: {
        tags: ['lend'],
        summary:
          "E-mails the borrower of one of the caller's lends a reminder (amount, dates, sender's name), built from the stored lend",
        description:
          "Only for one of the caller's lends (404 otherwise) with something outstanding and an e-mail address (400 otherwise). Limited per sender, per lend and per borrower's e-mail (429). Recorded on the person's page of the khata.",
        answers: 'The reminder went out',
        refusals: errors(...BODY, 401, 404, 429, 502),
        options: {
          onRequest: app.authenticate,
          preHandler: remindersPerCaller(
            app,
            'You have sent many reminders today. Please try again tomorrow.',
          ),
        },
        handler: async (request) => {
          await mailing(request, 'reminder', () =>
            sendLendReminder(
              app.db,
              app.mailer,
              app.limits,
              callerOf(request),
              request.body._id,
              todayOf(request),
            ),
          );
          return { success: true, message: 'Reminder email sent successfully' };
        },
      },
    },
  );
};
