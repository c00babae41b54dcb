import type { z } from 'zod';
import type { Expense as ExpenseSchema } from '../../../contract/api/expenses';
import type { AnswerOf, BodyOf, QueryOf } from '../../api/contractTypes';
import { reloadOf, request } from '../../api/endpoint';
import { injectEndpoints } from '../../api/apiSlice';
import { recordMutations } from '../../api/recordMutations';
import { listTags } from '../../api/tags';

export type { ExpenseSort } from '../../../contract/api/expenses';
export type Expense = z.output<typeof ExpenseSchema>;
/** What the form sends: the amount in rupees. */
export type ExpenseInput = BodyOf<'addExpense'>;
/** One page, with `totalAmount` over every row matching the filter. */
export type ExpensePage = AnswerOf<'listExpenses'>;

type Answer = AnswerOf<'addExpense'>;
const calls = recordMutations('expense', {
  add: 'addExpense',
  update: 'updateExpense',
  remove: 'deleteExpense',
  restore: 'restoreExpense',
});

export const expensesApi = injectEndpoints((build) => ({
  getExpenses: build.query<ExpensePage, QueryOf<'listExpenses'>>({
    query: (params) => request('listExpenses', { query: params }),
    providesTags: listTags('expense'),
  }),
  /** One expense as it is now, for an edit form's Reload: always fetched, never cached. */
  getExpense: build.query<Expense | null, string>(reloadOf<Expense>('listExpenses')),
  addExpense: build.mutation<Answer, ExpenseInput>(calls.add),
  updateExpense: build.mutation<Answer, BodyOf<'updateExpense'>>(calls.update),
  deleteExpense: build.mutation<AnswerOf<'deleteExpense'>, string>(calls.remove),
  restoreExpense: build.mutation<AnswerOf<'restoreExpense'>, string>(calls.restore),
}));

export const {
  useGetExpensesQuery,
  useLazyGetExpenseQuery,
  useAddExpenseMutation,
  useUpdateExpenseMutation,
  useDeleteExpenseMutation,
  useRestoreExpenseMutation,
} = expensesApi;
