import { recurringPaymentEndpoints } from '../../contract/api/recurringPayments';
import { BODY, errors } from '../lib/schemas';
import { signedInRoutes } from './handlers';
import { scheduleHandlers } from './schedules';
import * as recurring from '../services/recurringPayments';

const SCHEDULE_RULES = [
  "Companies only (403). `accountId` is one of the company's open accounts (another's is 404,",
  'a closed one 400). A monthly schedule takes a `day` from 1 to 31 (in a shorter month, its last',
  'day); a weekly one a weekday from 0 (Sunday) to 6 (Saturday). `endDate`, when given, is on or',
  "after `startDate`; `startDate` is at most a year before the caller's today. The payment of each",
  'day is posted once, dated that day, by the server, through the ledger as a typed payment; a day',
  'the ledger refuses (insufficient balance on that day or a later one, a closed account) is skipped',
  'and told of in a notification. Days already due are handled by this call: `posted` and',
  '`skipped` say how many.',
].join(' ');

const WHOSE =
  "As read at `version` (409 when it changed since). Companies only (403); another company's is not found (404).";

export const recurringPaymentRoutes = signedInRoutes(recurringPaymentEndpoints)((
  app,
  { page, doneToBodyId },
) => {
  const tags = ['bank'];
  const schedule = scheduleHandlers(app, 'Recurring payment');

  return {
    listRecurringPayments: {
      tags,
      summary: "The company's recurring payments (an admin's companies'; companyId narrows)",
      description: 'Admins and companies only (403).',
      answers: 'One page of the recurring payments',
      refusals: errors(400, 401, 403),
      handler: page(recurring.listRecurringPayments),
    },

    addRecurringPayment: {
      tags,
      summary: 'A company adds a recurring payment on one of its accounts (a salary, rent, an EMI)',
      description: SCHEDULE_RULES,
      answers: 'The new recurring payment',
      refusals: errors(...BODY, 401, 403, 404),
      handler: schedule.add(recurring.createRecurringPayment),
    },

    updateRecurringPayment: {
      tags,
      summary: 'A company edits one of its recurring payments',
      description: [
        'Changes only the fields sent.',
        WHOSE,
        'The fields kept and sent together follow the rules of addRecurringPayment. A new',
        'schedule, day or date range starts after the last day handled.',
      ].join(' '),
      answers: 'The updated recurring payment',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: schedule.update(recurring.updateRecurringPayment),
    },

    deleteRecurringPayment: {
      tags,
      summary: 'A company deletes one of its recurring payments',
      description:
        "The payments it posted stay. Companies only (403); another company's is not found (404).",
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 403, 404),
      handler: doneToBodyId(
        'Recurring payment deleted successfully',
        recurring.deleteRecurringPayment,
      ),
    },

    pauseRecurringPayment: {
      tags,
      summary: 'A company pauses one of its recurring payments',
      description: `Nothing is posted from it until it is resumed. ${WHOSE}`,
      answers: 'The paused recurring payment',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: schedule.pause(recurring.pauseRecurringPayment),
    },

    resumeRecurringPayment: {
      tags,
      summary: 'A company resumes one of its paused recurring payments',
      description: `The days that passed while it was paused are not posted: it goes on from today (today's payment, when due, is posted at once). ${WHOSE}`,
      answers: 'The resumed recurring payment',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: schedule.resume(recurring.resumeRecurringPayment),
    },
  };
});
