import type { z } from 'zod';
import type {
  Expense as ExpenseSchema,
  ExpenseAnswer,
  ExpenseFields,
  ExpenseList,
  ExpenseListQuery,
  ExpenseUpdate,
} from '../../../contract/api/expenses';
import type { Message } from '../../../contract/api/fields';
import { reloadOf, request } from '../../api/endpoint';
import { apiSlice } from '../../api/apiSlice';
import {
  changedTags,
  createdTags,
  invalidates,
  listTags,
  withSyncedMutations,
} from '../../api/tags';

export type { ExpenseSort } from '../../../contract/api/expenses';
export type Expense = z.output<typeof ExpenseSchema>;
/** What the form sends: the amount in rupees. */
export type ExpenseInput = z.input<typeof ExpenseFields>;
/** One page, with `totalAmount` over every row matching the filter. */
export type ExpensePage = z.output<typeof ExpenseList>;

export const expensesApi = apiSlice.injectEndpoints({
  endpoints: (build) =>
    withSyncedMutations({
      getExpenses: build.query<ExpensePage, z.output<typeof ExpenseListQuery>>({
        query: (params) => request('listExpenses', { query: params }),
        providesTags: listTags('expense'),
      }),
      /** One expense as it is now, for an edit form's Reload: always fetched, never cached. */
      getExpense: build.query<Expense | null, string>(reloadOf<Expense>('listExpenses')),
      addExpense: build.mutation<z.output<typeof ExpenseAnswer>, ExpenseInput>({
        query: (body) => request('addExpense', { body }),
        invalidatesTags: invalidates(() => createdTags('expense')),
      }),
      updateExpense: build.mutation<z.output<typeof ExpenseAnswer>, z.input<typeof ExpenseUpdate>>({
        query: (body) => request('updateExpense', { body }),
        invalidatesTags: invalidates((_r, arg) => changedTags('expense', arg._id)),
      }),
      deleteExpense: build.mutation<z.output<typeof Message>, string>({
        query: (id) => request('deleteExpense', { body: { id } }),
        invalidatesTags: invalidates((_r, id) => changedTags('expense', id)),
      }),
      /** Undoes a delete of moments ago: the expense comes back as it was. */
      restoreExpense: build.mutation<z.output<typeof Message>, string>({
        query: (id) => request('restoreExpense', { body: { id } }),
        invalidatesTags: invalidates((_r, id) => changedTags('expense', id)),
      }),
    }),
});

export const {
  useGetExpensesQuery,
  useLazyGetExpenseQuery,
  useAddExpenseMutation,
  useUpdateExpenseMutation,
  useDeleteExpenseMutation,
  useRestoreExpenseMutation,
} = expensesApi;
