import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { budgetEndpoints } from '../../contract/api/budgets';
import { BODY, answer, errors } from '../lib/schemas';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';
import * as budgets from '../services/budgets';

const { listBudgets, setBudget, deleteBudget } = budgetEndpoints;

/** Budgets are personal, as the expenses and categories they are of: every role keeps its own. */
export const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    listBudgets.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'listBudgets',
        summary: "The caller's monthly budgets, with a month's spending against each",
        description:
          "Each budget with the month's expenses in its category (by default the caller's current month, in its time zone: X-Time-Zone), what is left, the share spent and the pace: over_budget past the budget, ahead_of_pace when the share spent is above the share of the month gone, else on_pace.",
        querystring: listBudgets.query,
        response: { 200: answer('The budgets', listBudgets.answer), ...errors(400, 401) },
      },
    },
    async (request) => {
      const today = todayOf(request);
      const month = request.query.month ?? today.slice(0, 7);
      const figures = await budgets.listBudgets(app.db, callerOf(request), month, today);
      return { success: true, ...figures };
    },
  );

  app.post(
    setBudget.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'setBudget',
        summary: "Set the monthly budget of one of the caller's categories",
        description:
          "Without `version`, a category's first budget (409 when it has one); with it, a change of the budget read at that version (409 when it has changed since). Another user's category, or a budget removed meanwhile, is not found (404). Answers the budget with this month's figures.",
        body: setBudget.body,
        response: {
          200: answer('The budget', setBudget.answer),
          ...errors(...BODY, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const data = await budgets.setBudget(
        app.db,
        callerOf(request),
        request.body,
        todayOf(request),
      );
      return { success: true, message: 'Budget saved', data };
    },
  );

  app.post(
    deleteBudget.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'deleteBudget',
        summary: "Remove one of the caller's budgets",
        description:
          'The category stays, without a budget. Anyone else’s budget is not found (404).',
        body: deleteBudget.body,
        response: {
          200: answer('Removed', deleteBudget.answer),
          ...errors(...BODY, 401, 404),
        },
      },
    },
    async (request) => {
      await budgets.deleteBudget(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Budget removed' };
    },
  );
};
