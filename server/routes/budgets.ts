import { budgetEndpoints } from '../../contract/api/budgets';
import { BODY, errors } from '../lib/schemas';
import { signedInRoutes } from './handlers';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';
import * as budgets from '../services/budgets';

/** Budgets are personal, as the expenses and categories they are of: every role keeps its own. */
export const budgetRoutes = signedInRoutes(budgetEndpoints)((app, { done, doneToBodyId }) => ({
  listBudgets: {
    tags: ['expenses'],
    summary: "The caller's monthly budgets, with a month's spending against each",
    description:
      "Each budget with the month's expenses in its category (by default the caller's current month, in its time zone: X-Time-Zone), what is left, the share spent and the pace: over_budget past the budget, ahead_of_pace when the share spent is above the share of the month gone, else on_pace.",
    answers: 'The budgets',
    refusals: errors(400, 401),
    handler: async (request) => {
      const today = todayOf(request);
      const month = request.query.month ?? today.slice(0, 7);
      const figures = await budgets.listBudgets(app.db, callerOf(request), month, today);
      return { success: true, ...figures };
    },
  },

  setBudget: {
    tags: ['expenses'],
    summary: "Set the monthly budget of one of the caller's categories",
    description:
      "Without `version`, a category's first budget (409 when it has one); with it, a change of the budget read at that version (409 when it has changed since). Another user's category, or a budget removed meanwhile, is not found (404). Answers the budget with this month's figures.",
    answers: 'The budget',
    refusals: errors(...BODY, 401, 404, 409),
    handler: done('Budget saved', (db, caller, request) =>
      budgets.setBudget(db, caller, request.body, todayOf(request)),
    ),
  },

  deleteBudget: {
    tags: ['expenses'],
    summary: "Remove one of the caller's budgets",
    description: 'The category stays, without a budget. Anyone else’s budget is not found (404).',
    answers: 'Removed',
    refusals: errors(...BODY, 401, 404),
    handler: doneToBodyId('Budget removed', budgets.deleteBudget),
  },
}));
