import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { Message, id, rupeesInput, savedAnswer, version } from './fields';

/**
 * Each user's monthly budgets: an amount per category of its own, which every month's
 * expenses in the category are measured against. Spending that goes over a budget notifies
 * its owner once per budget and month.
 */

/** How a month's spending goes against its budget. */
export const BUDGET_PACES = ['on_pace', 'ahead_of_pace', 'over_budget'] as const;
export type BudgetPace = (typeof BUDGET_PACES)[number];

/** A calendar month, YYYY-MM. */
export const calendarMonth = z
  .string({ error: 'must be a month (YYYY-MM)' })
  .regex(/^(19\d{2}|2[01]\d{2}|2200)-(0[1-9]|1[0-2])$/, 'must be a month (YYYY-MM)')
  .meta({ description: 'A calendar month, YYYY-MM, from 1900-01 to 2200-12' });

export const Budget = z.object({
  _id: z.string(),
  categoryId: z.string(),
  /** The category's name. */
  category: z.string(),
  /** The monthly budget, in rupees. */
  amount: z.number(),
  /** The month's expenses in the category, and what is left (negative when over). */
  spent: z.number(),
  remaining: z.number(),
  /** The share of the budget spent, in percent with 2 decimals (above 100 when over). */
  spentPercent: z.number(),
  /**
   * Against the share of the month gone: over_budget past 100%, ahead_of_pace when the share
   * spent is above the share of the month gone, else on_pace.
   */
  pace: z.enum(BUDGET_PACES),
  version: z.number(),
  updatedAt: z.string(),
});

export const BudgetList = z.object({
  success: z.boolean(),
  /** The month the figures are of. */
  month: z.string(),
  /** The share of the month gone by the caller's today, in percent with 2 decimals. */
  monthElapsedPercent: z.number(),
  data: z.array(Budget),
});

export const BudgetQuery = z.object({
  month: calendarMonth
    .optional()
    .meta({ description: "The month (YYYY-MM); absent, the caller's current month" }),
});

export const BudgetSet = z.object({
  categoryId: id.meta({ description: 'One of the caller’s categories' }),
  amount: rupeesInput,
  version: version.optional().meta({
    description:
      'The version of the category’s budget the change was read at; absent to set a first budget (409 when it has one)',
  }),
});

export const BudgetAnswer = savedAnswer(Budget);
export const BudgetDelete = z.object({ id });

export const budgetEndpoints = {
  listBudgets: {
    method: 'GET',
    path: '/budget/getbudgets',
    query: BudgetQuery,
    answer: BudgetList,
  },
  setBudget: { method: 'POST', path: '/budget/setbudget', body: BudgetSet, answer: BudgetAnswer },
  deleteBudget: {
    method: 'POST',
    path: '/budget/deletebudget',
    body: BudgetDelete,
    answer: Message,
  },
} as const satisfies Record<string, Endpoint>;
