import type { z } from 'zod';
import type {
  Dashboard,
  DashboardData as DashboardDataSchema,
  DashboardQuery,
  LoanFigure,
  MonthCategoryAmount as MonthCategoryAmountSchema,
  RecentEntry as RecentEntrySchema,
} from '../../../contract/api/dashboard';
import { request } from '../../api/endpoint';
import { apiSlice } from '../../api/apiSlice';

export type LoanFigures = z.output<typeof LoanFigure>;
export type RecentEntry = z.output<typeof RecentEntrySchema>;
/** Expenses of one category in one month (YYYY-MM). */
export type MonthCategoryAmount = z.output<typeof MonthCategoryAmountSchema>;
/** `GET /user/getalldata`: every figure from SQL, every field always sent. */
export type DashboardData = z.output<typeof DashboardDataSchema>;

export const dashboardApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** `today`: the user's local date (overdue counts, the 12 months of the chart). */
    getDashboard: build.query<z.output<typeof Dashboard>, string>({
      query: (today) =>
        request('dashboard', { query: { today } satisfies z.input<typeof DashboardQuery> }),
      providesTags: ['dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
