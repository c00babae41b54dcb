import { counterpartyEndpoints } from '../../contract/api/counterparties';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { answer, errors } from '../lib/schemas';
import { counterpartyHistory, listCounterparties } from '../services/counterparties';

const { listCounterparties: list, counterpartyHistory: history } = counterpartyEndpoints;

export const counterpartyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    list.path,
    {
      schema: {
        tags: ['lend', 'borrowed'],
        operationId: 'listCounterparties',
        summary: 'Everyone the caller lent to or borrowed from, with what each side owes',
        querystring: list.query,
        response: {
          200: answer('One page of the people, with the totals', list.answer),
          ...errors(400, 401),
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await listCounterparties(app.db, callerOf(request), request.query)),
    }),
  );

  app.get(
    history.path,
    {
      schema: {
        tags: ['lend', 'borrowed'],
        operationId: 'counterpartyHistory',
        summary:
          "One person's lends, borrowings and repayments in date order with a running balance",
        description: 'Someone the caller has no entry with is not found (404).',
        querystring: history.query,
        response: {
          200: answer("The person's history", history.answer),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => ({
      success: true,
      data: await counterpartyHistory(app.db, callerOf(request), request.query.email),
    }),
  );
};
