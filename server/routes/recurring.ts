import { recurringEndpoints } from '../../contract/api/recurring';
import { BODY, errors } from '../lib/schemas';
import { signedInRoutes } from './handlers';
import { scheduleHandlers } from './schedules';
import * as recurring from '../services/recurring';

const SCHEDULE_RULES = [
  'A monthly schedule takes a `day` from 1 to 31 (in a shorter month, its last day: the 31st is',
  'recorded on 28 or 29 February); a weekly one a weekday from 0 (Sunday) to 6 (Saturday).',
  '`endDate`, when given, is on or after `startDate`; `startDate` is at most a year before the',
  "caller's today (its time zone). The expense of each day is recorded once, on that day, by the",
  "server; days already due (today's included) are recorded by this call, and `created` says how many.",
].join(' ');

export const recurringRoutes = signedInRoutes(recurringEndpoints)((app, { page, doneToBodyId }) => {
  const schedule = scheduleHandlers(app, 'Recurring expense');
  return {
    listRecurring: {
      tags: ['expenses'],
      summary: "The caller's recurring expenses, filtered, sorted and paged",
      answers: 'One page of the recurring expenses',
      refusals: errors(400, 401),
      handler: page(recurring.listRecurring),
    },

    addRecurring: {
      tags: ['expenses'],
      summary: 'Add a recurring expense of the caller (rent, a salary, an EMI)',
      description: SCHEDULE_RULES,
      answers: 'The new recurring expense',
      refusals: errors(...BODY, 401),
      handler: schedule.add(recurring.createRecurring),
    },

    updateRecurring: {
      tags: ['expenses'],
      summary: "Edit one of the caller's recurring expenses",
      description: [
        'Changes only the fields sent, of the template as read at `version` (409 when it changed',
        "since). Anyone else's is not found (404). The fields kept and sent together follow the",
        'rules of addRecurring. A new schedule, day or date range starts after the last expense',
        'recorded from it.',
      ].join(' '),
      answers: 'The updated recurring expense',
      refusals: errors(...BODY, 401, 404, 409),
      handler: schedule.update(recurring.updateRecurring),
    },

    deleteRecurring: {
      tags: ['expenses'],
      summary: "Delete one of the caller's recurring expenses",
      description:
        "The expenses it recorded stay. Anyone else's recurring expense is not found (404).",
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 404),
      handler: doneToBodyId('Recurring expense deleted successfully', recurring.deleteRecurring),
    },

    pauseRecurring: {
      tags: ['expenses'],
      summary: "Pause one of the caller's recurring expenses",
      description:
        "Nothing is recorded from it until it is resumed. As read at `version` (409 when it changed since); anyone else's is not found (404).",
      answers: 'The paused recurring expense',
      refusals: errors(...BODY, 401, 404, 409),
      handler: schedule.pause(recurring.pauseRecurring),
    },

    resumeRecurring: {
      tags: ['expenses'],
      summary: "Resume one of the caller's paused recurring expenses",
      description:
        "The days that passed while it was paused are skipped: it goes on from today (today's expense, when due, is recorded at once). As read at `version` (409 when it changed since); anyone else's is not found (404).",
      answers: 'The resumed recurring expense',
      refusals: errors(...BODY, 401, 404, 409),
      handler: schedule.resume(recurring.resumeRecurring),
    },
  };
});
