import type { ExpenseCategory, LoanDirection } from '../../../contract/enums';
import { apiSlice } from '../../api/apiSlice';

export interface LoanFigures {
  count: number;
  totalAmount: number;
  outstandingAmount: number;
  overdueCount: number;
}

export interface RecentEntry {
  kind: 'expense' | LoanDirection;
  _id: string;
  label: string;
  amount: number;
  date: string;
}

export interface MonthCategoryAmount {
  /** YYYY-MM */
  month: string;
  category: ExpenseCategory;
  amount: number;
}

/**
 * `GET /user/getalldata` (docs/api-contract.md, Dashboard); every figure from SQL, every
 * field always sent (server/routes/dashboard.ts's response schema).
 */
export interface DashboardData {
  expenses: { count: number; totalAmount: number };
  lend: LoanFigures;
  borrowed: LoanFigures;
  totalTurnoverLength: number;
  totalTurnoverAmount: number;
  /** Share of the money lent that has been repaid; null when nothing was lent. */
  lentRepaidPercent: number | null;
  /** The latest entries across expenses, lend and borrowed. */
  recent: RecentEntry[];
  /** Expenses per category per month, last 12 months up to today (months without any absent). */
  expensesByMonth: MonthCategoryAmount[];
}

export const dashboardApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** `today`: the user's local date (overdue counts, the 12 months of the chart). */
    getDashboard: build.query<{ success: boolean; data: DashboardData }, string>({
      query: (today) => ({ url: '/user/getalldata', params: { today } }),
      providesTags: ['dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
