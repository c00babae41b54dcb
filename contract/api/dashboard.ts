import { z } from 'zod';
import { LOAN_DIRECTIONS } from '../enums';
import type { Endpoint } from './endpoint';
import { calendarDate } from './fields';

/** The dashboard's figures: every one from SQL, every field always sent. */

/** How many, and how much. */
export const Figure = z.object({ count: z.number(), totalAmount: z.number() });
export const LoanFigure = Figure.extend({
  outstandingAmount: z.number(),
  overdueCount: z.number(),
});
/** One of the latest entries across expenses, lend and borrowed. */
export const RecentEntry = z.object({
  kind: z.enum(['expense', ...LOAN_DIRECTIONS]),
  _id: z.string(),
  label: z.string(),
  amount: z.number(),
  date: z.string(),
});
/** Expenses of one category in one month (YYYY-MM); months without any are absent. */
export const MonthCategoryAmount = z.object({
  month: z.string(),
  category: z.string(),
  amount: z.number(),
});
/**
 * The company's cash, receivables and latest invoices (an admin's: its companies' receivables
 * and invoices together; their accounts are read company by company on the Bank screens).
 */
export const CompanyPosition = z.object({
  /** The balance of every bank account of the company, summed in SQL; null for an admin. */
  cash: z.number().nullable(),
  /** Cash in each bank account, the company's own; closed ones are marked and listed last. */
  accounts: z.array(
    z.object({
      _id: z.string(),
      holder_name: z.string(),
      account_no: z.string(),
      balance: z.number(),
      closed: z.boolean(),
    }),
  ),
  /** What clients owe on issued invoices, and the part past its due date. */
  receivable: z.number(),
  overdue: z.number(),
  invoicedThisMonth: z.number(),
  receivedThisMonth: z.number(),
  /** The five invoices issued last ("Recent Invoices"). */
  recentInvoices: z.array(
    z.object({
      _id: z.string(),
      number: z.string(),
      clientName: z.string(),
      date: z.string(),
      status: z.string(),
      total: z.number(),
      pending: z.number(),
    }),
  ),
});
/**
 * The figures of a range of days (`from`..`to`, both included): expenses dated in it, and
 * money lent and borrowed on loans issued in it; the spending by category of the range.
 */
export const DashboardPeriod = z.object({
  from: z.string(),
  to: z.string(),
  expenses: Figure,
  lend: Figure,
  borrowed: Figure,
  /** The range's expenses by category, largest first. */
  byCategory: z.array(z.object({ category: z.string(), amount: z.number() })),
});
export const DashboardData = z.object({
  expenses: Figure,
  lend: LoanFigure,
  borrowed: LoanFigure,
  totalTurnoverLength: z.number(),
  totalTurnoverAmount: z.number(),
  /** Share of the money lent that has been repaid; null when nothing was lent. */
  lentRepaidPercent: z.number().nullable(),
  recent: z.array(RecentEntry),
  /** The last 12 months up to today. */
  expensesByMonth: z.array(MonthCategoryAmount),
  /** A company's and an admin's; a PM has none. */
  position: CompanyPosition.optional(),
  /** The range asked for (`from` and `to`); absent without one. */
  period: DashboardPeriod.optional(),
});
export const Dashboard = z.object({ success: z.boolean(), data: DashboardData });

/** `today`: the user's local date (overdue counts, the 12 months); absent, today in its X-Time-Zone. */
export const DashboardQuery = z
  .object({
    today: calendarDate.optional(),
    /** With `to`, a range of days whose figures the answer adds (`period`). */
    from: calendarDate.optional(),
    to: calendarDate.optional(),
  })
  .refine((q) => !q.from || !!q.to, { message: 'is required with from', path: ['to'] })
  .refine((q) => !q.to || !!q.from, { message: 'is required with to', path: ['from'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'must be on or after from',
    path: ['to'],
  });

export const dashboardEndpoints = {
  dashboard: { method: 'GET', path: '/user/getalldata', query: DashboardQuery, answer: Dashboard },
} as const satisfies Record<string, Endpoint>;
