import { apiSlice } from '../../api/apiSlice';
import { changedTags, createdTags, invalidates, listTags } from '../../api/tags';
import type { ExpenseCategory } from '../../../contract/enums';
import type { Envelope, ListParams, Page } from '../../api/types';

export interface Expense {
  _id: string;
  date: string;
  description: string;
  amount: number;
  category: ExpenseCategory;
  createdAt: string;
}

export type ExpenseInput = Pick<Expense, 'date' | 'description' | 'amount' | 'category'>;
export type ExpenseSort = 'date' | 'amount' | 'description' | 'category' | 'createdAt';

export interface ExpensePage extends Page<Expense> {
  /** Sum over every row matching the filter, not just this page. */
  totalAmount: number;
}

export const expensesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getExpenses: build.query<ExpensePage, ListParams<ExpenseSort>>({
      query: (params) => ({ url: '/expense/getuserallexpenses', params }),
      providesTags: listTags('expense'),
    }),
    addExpense: build.mutation<Envelope<Expense>, ExpenseInput>({
      query: (body) => ({ url: '/expense/addexpense', method: 'POST', body }),
      invalidatesTags: invalidates(() => createdTags('expense')),
    }),
    updateExpense: build.mutation<Envelope<Expense>, ExpenseInput & { _id: string }>({
      query: (body) => ({ url: '/expense/updateexpense', method: 'POST', body }),
      invalidatesTags: invalidates((_r, arg) => changedTags('expense', arg._id)),
    }),
    deleteExpense: build.mutation<Envelope, string>({
      query: (id) => ({ url: '/expense/deleteexpense', method: 'POST', body: { id } }),
      invalidatesTags: invalidates((_r, id) => changedTags('expense', id)),
    }),
  }),
});

export const {
  useGetExpensesQuery,
  useAddExpenseMutation,
  useUpdateExpenseMutation,
  useDeleteExpenseMutation,
} = expensesApi;
