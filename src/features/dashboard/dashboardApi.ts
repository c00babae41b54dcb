import { apiSlice } from '../../api/apiSlice';

export interface DashboardData {
  expenses: { count: number; totalAmount: number };
}

export const dashboardApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<{ success: boolean; data: DashboardData }, void>({
      query: () => '/user/getalldata',
      providesTags: ['dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
