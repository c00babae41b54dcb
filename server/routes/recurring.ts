import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recurringEndpoints } from '../../contract/api/recurring';
import { BODY, answer, errors } from '../lib/schemas';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';
import * as recurring from '../services/recurring';

const {
  listRecurring,
  addRecurring,
  updateRecurring,
  deleteRecurring,
  pauseRecurring,
  resumeRecurring,
} = recurringEndpoints;

const SCHEDULE_RULES = [
  'A monthly schedule takes a `day` from 1 to 31 (in a shorter month, its last day: the 31st is',
  'recorded on 28 or 29 February); a weekly one a weekday from 0 (Sunday) to 6 (Saturday).',
  '`endDate`, when given, is on or after `startDate`; `startDate` is at most a year before the',
  "caller's today (its time zone). The expense of each day is recorded once, on that day, by the",
  "server; days already due (today's included) are recorded by this call, and `created` says how many.",
].join(' ');

export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    listRecurring.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'listRecurring',
        summary: "The caller's recurring expenses, filtered, sorted and paged",
        querystring: listRecurring.query,
        response: {
          200: answer('One page of the recurring expenses', listRecurring.answer),
          ...errors(400, 401),
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await recurring.listRecurring(app.db, callerOf(request), request.query)),
    }),
  );

  app.post(
    addRecurring.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'addRecurring',
        summary: 'Add a recurring expense of the caller (rent, a salary, an EMI)',
        description: SCHEDULE_RULES,
        body: addRecurring.body,
        response: {
          [addRecurring.status]: answer('The new recurring expense', addRecurring.answer),
          ...errors(...BODY, 401),
        },
      },
    },
    async (request, reply) => {
      const { amount, ...fields } = request.body;
      const { data, created } = await recurring.createRecurring(
        app.db,
        callerOf(request),
        { ...fields, amountPaise: amount },
        todayOf(request),
      );
      return reply
        .status(addRecurring.status)
        .send({ success: true, message: 'Recurring expense created successfully', data, created });
    },
  );

  app.post(
    updateRecurring.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'updateRecurring',
        summary: "Edit one of the caller's recurring expenses",
        description: [
          'Changes only the fields sent, of the template as read at `version` (409 when it changed',
          "since). Anyone else's is not found (404). The fields kept and sent together follow the",
          'rules of addRecurring. A new schedule, day or date range starts after the last expense',
          'recorded from it.',
        ].join(' '),
        body: updateRecurring.body,
        response: {
          200: answer('The updated recurring expense', updateRecurring.answer),
          ...errors(...BODY, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const { _id, version, amount, ...fields } = request.body;
      const { data, created } = await recurring.updateRecurring(
        app.db,
        callerOf(request),
        _id,
        version,
        { ...fields, amountPaise: amount },
        todayOf(request),
      );
      return { success: true, message: 'Recurring expense updated successfully', data, created };
    },
  );

  app.post(
    deleteRecurring.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'deleteRecurring',
        summary: "Delete one of the caller's recurring expenses",
        description:
          "The expenses it recorded stay. Anyone else's recurring expense is not found (404).",
        body: deleteRecurring.body,
        response: {
          200: answer('Deleted', deleteRecurring.answer),
          ...errors(...BODY, 401, 404),
        },
      },
    },
    async (request) => {
      await recurring.deleteRecurring(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Recurring expense deleted successfully' };
    },
  );

  app.post(
    pauseRecurring.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'pauseRecurring',
        summary: "Pause one of the caller's recurring expenses",
        description:
          "Nothing is recorded from it until it is resumed. As read at `version` (409 when it changed since); anyone else's is not found (404).",
        body: pauseRecurring.body,
        response: {
          200: answer('The paused recurring expense', pauseRecurring.answer),
          ...errors(...BODY, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const { id, version } = request.body;
      const { data, created } = await recurring.pauseRecurring(
        app.db,
        callerOf(request),
        id,
        version,
      );
      return { success: true, message: 'Recurring expense paused', data, created };
    },
  );

  app.post(
    resumeRecurring.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'resumeRecurring',
        summary: "Resume one of the caller's paused recurring expenses",
        description:
          "The days that passed while it was paused are skipped: it goes on from today (today's expense, when due, is recorded at once). As read at `version` (409 when it changed since); anyone else's is not found (404).",
        body: resumeRecurring.body,
        response: {
          200: answer('The resumed recurring expense', resumeRecurring.answer),
          ...errors(...BODY, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const { id, version } = request.body;
      const { data, created } = await recurring.resumeRecurring(
        app.db,
        callerOf(request),
        id,
        version,
        todayOf(request),
      );
      return { success: true, message: 'Recurring expense resumed', data, created };
    },
  );
};
