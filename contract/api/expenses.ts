import { z } from 'zod';
import type { Endpoint } from './endpoint';
import {
  Message,
  calendarDate,
  categoryName,
  id,
  keysetPage,
  keysetQuery,
  rupeesInput,
  savedAnswer,
  text,
  totalCapped,
  version,
} from './fields';

/** The columns an expense list may be sorted by. */
export const EXPENSE_SORTS = ['date', 'amount', 'description', 'category', 'createdAt'] as const;
export type ExpenseSort = (typeof EXPENSE_SORTS)[number];

export const Expense = z.object({
  _id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  category: z.string(),
  createdAt: z.string(),
  version: z.number(),
});

/** What a form sends: the amount in rupees, handed on as paise. */
export const ExpenseFields = z.object({
  date: calendarDate,
  description: text(500),
  amount: rupeesInput,
  category: categoryName,
});
/** Changes only the fields sent. */
export const ExpenseUpdate = ExpenseFields.partial().extend({ _id: id, version });
export const ExpenseDelete = z.object({ id });

export const ExpenseAnswer = savedAnswer(Expense);

export const ExpenseListQuery = keysetQuery({
  sort: z.enum(EXPENSE_SORTS).default('date'),
  /** Only this expense (a form reloading it), when it is the caller's. */
  id: id.optional(),
  /** Only the expenses of this category (one of the caller's, in any case; 400 otherwise). */
  category: categoryName.optional(),
  /** Only the expenses dated on or after this day. */
  from: calendarDate.optional(),
  /** Only the expenses dated on or before this day (on or after `from`; 400 otherwise). */
  to: calendarDate.optional(),
});
/** One page of the filter's expenses; `totalAmount` is over every row of the filter. */
export const ExpenseList = keysetPage(Expense, {
  /** Over every matching row; null when a search matched more than it counts (totalCapped). */
  totalAmount: z.number().nullable(),
  totalCapped: totalCapped('expenses', 'totalAmount'),
});

/** A range of days, both included: `to` on or after `from` (400 otherwise). */
export const CategoryReportQuery = z.object({ from: calendarDate, to: calendarDate });
/** What one category came to in the range. */
export const CategoryAmount = z.object({
  category: z.string(),
  count: z.number(),
  amount: z.number(),
});
/** Spending by category over a range, largest first, and the range's totals. */
export const CategoryReport = z.object({
  success: z.boolean(),
  from: z.string(),
  to: z.string(),
  data: z.array(CategoryAmount),
  count: z.number(),
  totalAmount: z.number(),
});

export const expenseEndpoints = {
  listExpenses: {
    method: 'GET',
    path: '/expense/getuserallexpenses',
    query: ExpenseListQuery,
    answer: ExpenseList,
  },
  expenseCategoryReport: {
    method: 'GET',
    path: '/expense/categoryreport',
    query: CategoryReportQuery,
    answer: CategoryReport,
  },
  addExpense: {
    method: 'POST',
    path: '/expense/addexpense',
    body: ExpenseFields,
    status: 201,
    answer: ExpenseAnswer,
  },
  updateExpense: {
    method: 'POST',
    path: '/expense/updateexpense',
    body: ExpenseUpdate,
    answer: ExpenseAnswer,
  },
  deleteExpense: {
    method: 'POST',
    path: '/expense/deleteexpense',
    body: ExpenseDelete,
    answer: Message,
  },
  /** Undoes a delete of moments ago: the expense comes back as it was. */
  restoreExpense: {
    method: 'POST',
    path: '/expense/restoreexpense',
    body: ExpenseDelete,
    answer: Message,
  },
} as const satisfies Record<string, Endpoint>;
