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
import { todayLocalISO } from '../../lib/today';
import { periodOf, type Period } from '../../ui/period';

export type LoanFigures = z.output<typeof LoanFigure>;
export type RecentEntry = z.output<typeof RecentEntrySchema>;
/** Expenses of one category in one month (YYYY-MM). */
export type MonthCategoryAmount = z.output<typeof MonthCategoryAmountSchema>;
/** `GET /user/getalldata`: every figure from SQL, every field always sent. */
export type DashboardData = z.output<typeof DashboardDataSchema>;
export type DashboardPeriod = NonNullable<DashboardData['period']>;

export const dashboardApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `today`: the user's local date (overdue counts, the 12 months of the chart); `from` and
     * `to`: the period whose figures lead the screen.
     */
    getDashboard: build.query<z.output<typeof Dashboard>, z.input<typeof DashboardQuery>>({
      query: (query) => request('dashboard', { query }),
      providesTags: ['dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;

/** The screen's query: today, and the period it leads with (this month unless the address says). */
export const dashboardQuery = (period: Period): z.input<typeof DashboardQuery> => ({
  today: todayLocalISO(),
  ...period,
});

/** The query of the dashboard at an address's search (`?from=…&to=…`), for a prefetch. */
export function dashboardQueryAt(search: string) {
  const params = new URLSearchParams(search);
  return dashboardQuery(periodOf(params.get('from'), params.get('to')));
}
