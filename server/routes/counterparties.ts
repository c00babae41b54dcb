import { counterpartyEndpoints } from '../../contract/api/counterparties';
import { callerOf } from '../plugins/auth';
import { errors } from '../lib/schemas';
import { signedInRoutes } from './handlers';
import { counterpartyHistory, listCounterparties } from '../services/counterparties';

export const counterpartyRoutes = signedInRoutes(counterpartyEndpoints)((app, { page }) => ({
  listCounterparties: {
    tags: ['lend', 'borrowed'],
    summary: 'Everyone the caller lent to or borrowed from, with what each side owes',
    answers: 'One page of the people, with the totals',
    refusals: errors(400, 401),
    handler: page(listCounterparties),
  },

  counterpartyHistory: {
    tags: ['lend', 'borrowed'],
    summary: "One person's lends, borrowings and repayments in date order with a running balance",
    description: 'Someone the caller has no entry with is not found (404).',
    answers: "The person's history",
    refusals: errors(400, 401, 404),
    handler: async (request) => ({
      success: true,
      data: await counterpartyHistory(app.db, callerOf(request), request.query.email),
    }),
  },
}));
