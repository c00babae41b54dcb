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
import { recordMutations } from '../../api/recordMutations';
import { listTags, withSyncedMutations } from '../../api/tags';

export type { ExpenseSort } from '../../../contract/api/expenses';
export type Expense = z.output<typeof ExpenseSchema>;
/** What the form sends: the amount in rupees. */
export type ExpenseInput = z.input<typeof ExpenseFields>;
/** One page, with `totalAmount` over every row matching the filter. */
export type ExpensePage = z.output<typeof ExpenseList>;

type Answer = z.output<typeof ExpenseAnswer>;
const calls = recordMutations('expense', {
  add: 'addExpense',
  update: 'updateExpense',
  remove: 'deleteExpense',
  restore: 'restoreExpense',
});

export const expensesApi = apiSlice.injectEndpoints({
  endpoints: (build) =>
    withSyncedMutations({
      getExpenses: build.query<ExpensePage, z.output<typeof ExpenseListQuery>>({
        query: (params) => request('listExpenses', { query: params }),
        providesTags: listTags('expense'),
      }),
      /** One expense as it is now, for an edit form's Reload: always fetched, never cached. */
      getExpense: build.query<Expense | null, string>(reloadOf<Expense>('listExpenses')),
      addExpense: build.mutation<Answer, ExpenseInput>(calls.add),
      updateExpense: build.mutation<Answer, z.input<typeof ExpenseUpdate>>(calls.update),
      deleteExpense: build.mutation<z.output<typeof Message>, string>(calls.remove),
      restoreExpense: build.mutation<z.output<typeof Message>, string>(calls.restore),
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
