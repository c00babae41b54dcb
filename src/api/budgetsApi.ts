import type { z } from 'zod';
import type { Budget as BudgetSchema } from '../../contract/api/budgets';
import type { AnswerOf, BodyOf, QueryOf } from './contractTypes';
import { request } from './endpoint';
import { injectEndpoints } from './apiSlice';
import { sendBody, sendId } from './recordMutations';
import type { Tag } from './tags';

/*
 * The signed-in user's monthly budgets: set on the Categories screen, shown against the
 * month's spending on the dashboard. Shared here, as both features read them.
 */

export type Budget = z.output<typeof BudgetSchema>;
export type Budgets = AnswerOf<'listBudgets'>;

const LIST: Tag = { type: 'budget', id: 'LIST' };

export const budgetsApi = injectEndpoints((build) => ({
  /** A month's figures (YYYY-MM); absent, the current month in the browser's time zone. */
  getBudgets: build.query<Budgets, string | void>({
    query: (month) =>
      request('listBudgets', {
        query: (month ? { month } : {}) satisfies QueryOf<'listBudgets'>,
      }),
    // The spending follows every expense written anywhere; the names follow the categories.
    providesTags: [LIST, 'dashboard', { type: 'category', id: 'LIST' }],
  }),
  setBudget: build.mutation<AnswerOf<'setBudget'>, BodyOf<'setBudget'>>(
    sendBody('setBudget', [LIST]),
  ),
  deleteBudget: build.mutation<AnswerOf<'deleteBudget'>, string>(
    sendId('deleteBudget', () => [LIST]),
  ),
}));

export const { useGetBudgetsQuery, useSetBudgetMutation, useDeleteBudgetMutation } = budgetsApi;

/** How a pace reads, in words: the bar's colour never says it alone. */
export const PACE_LABELS: Record<Budget['pace'], string> = {
  on_pace: 'On pace',
  ahead_of_pace: 'Ahead of pace',
  over_budget: 'Over budget',
};
