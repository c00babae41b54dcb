import { PageQuery, email, pageMeta } from '../../contract/api/fields';
import { z } from 'zod';
import { LOAN_DIRECTIONS } from '../../contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { errors } from '../lib/schemas';
import { counterpartyHistory, listCounterparties } from '../services/counterparties';

const Counterparty = z.object({
  name: z.string(),
  email: z.string(),
  theyOwe: z.number(),
  iOwe: z.number(),
  net: z.number(),
});
const Event = z.object({
  date: z.string(),
  kind: z.enum([...LOAN_DIRECTIONS, ...LOAN_DIRECTIONS.map((d) => `repayment_${d}` as const)]),
  loanId: z.string(),
  amount: z.number(),
  change: z.number(),
  balance: z.number(),
  remark: z.string(),
});

export const counterpartyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/user/getcounterparties',
    {
      schema: {
        tags: ['lend', 'borrowed'],
        operationId: 'listCounterparties',
        summary: 'Everyone the caller lent to or borrowed from, with what each side owes',
        querystring: PageQuery.omit({ order: true }),
        response: {
          200: z.object({
            success: z.boolean(),
            data: z.array(Counterparty),
            theyOweAmount: z.number(),
            iOweAmount: z.number(),
            netAmount: z.number(),
            ...pageMeta,
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await listCounterparties(app.db, callerOf(request), request.query)),
    }),
  );

  app.get(
    '/user/getcounterparty',
    {
      schema: {
        tags: ['lend', 'borrowed'],
        operationId: 'counterpartyHistory',
        summary:
          "One person's lends, borrowings and repayments in date order with a running balance",
        querystring: z.object({ email }),
        response: {
          200: z.object({
            success: z.boolean(),
            data: z.object({
              name: z.string(),
              email: z.string(),
              balance: z.number(),
              events: z.array(Event),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true,
      data: await counterpartyHistory(app.db, callerOf(request), request.query.email),
    }),
  );
};
