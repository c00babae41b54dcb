import type { z } from 'zod';
import type { CategoryReport, CategoryReportQuery } from '../../../contract/api/expenses';
import { request } from '../../api/endpoint';
import { apiSlice } from '../../api/apiSlice';

export type CategoryReportData = z.output<typeof CategoryReport>;
export type CategoryRow = CategoryReportData['data'][number];

export const reportsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** What the caller's expenses came to by category over a range of days. */
    getCategoryReport: build.query<CategoryReportData, z.input<typeof CategoryReportQuery>>({
      query: (query) => request('expenseCategoryReport', { query }),
      // Any change of an expense changes the sums, as it does the dashboard's.
      providesTags: [{ type: 'expense', id: 'LIST' }, 'dashboard'],
    }),
  }),
});

export const { useGetCategoryReportQuery } = reportsApi;
