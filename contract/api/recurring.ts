import { z } from 'zod';
import { categoryName, rupeesInput, text } from './fields';
import { templateSchemas } from './schedules';

/**
 * Recurring expenses: a template (rent, a salary, an EMI) with a schedule, from which the
 * server records the expense on each of its days, once, whichever app server gets there.
 */

/** The columns a list of recurring expenses may be sorted by. */
export const RECURRING_SORTS = ['nextDate', 'description', 'amount', 'createdAt'] as const;
export type RecurringSort = (typeof RECURRING_SORTS)[number];

const recurring = templateSchemas({
  base: '/expense',
  names: { one: 'Recurring', many: 'Recurring' },
  made: 'recorded',
  sorts: RECURRING_SORTS,
  shown: { description: z.string(), amount: z.number(), category: z.string() },
  fields: { description: text(500), amount: rupeesInput, category: categoryName },
  /** How many expenses the call recorded at once (days already due). */
  counts: { created: z.number() },
});

export const RecurringExpense = recurring.template;
export const RecurringAnswer = recurring.answer;
export const RecurringList = recurring.list;
export const recurringEndpoints = recurring.endpoints;
