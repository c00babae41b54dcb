import type { z } from 'zod';
import type {
  BankAccount,
  BankAccountAnswer,
  BankAccountList,
  BankAccountListQuery,
  BankAccountUpdate,
  BankSort,
  NewBankAccount,
  NewPayment as NewPaymentSchema,
  Payment as PaymentSchema,
  PaymentAnswer,
  PaymentList,
  PaymentListQuery,
  Statement as StatementSchema,
  StatementAnswer,
  StatementEntry as StatementEntrySchema,
  StatementQuery,
  StatementRange as StatementRangeSchema,
} from '../../../contract/api/bank';
import type { Message } from '../../../contract/api/fields';
import { apiSlice } from '../../api/apiSlice';
import { changedTags, createdTags, invalidates, listTags, type Tag } from '../../api/tags';
import { allRows } from '../../api/peopleApi';

export type { BankSort };
export type Account = z.output<typeof BankAccount>;
export type Payment = z.output<typeof PaymentSchema>;
/** A payment of a statement, with the running balance right after it. */
export type StatementEntry = z.output<typeof StatementEntrySchema>;
/** The whole range's figures and `total` (its number of entries); `entries` is one page. */
export type Statement = z.output<typeof StatementSchema>;

/** What the forms send: amounts in rupees. */
export type NewAccount = z.input<typeof NewBankAccount>;
export type NewPayment = z.input<typeof NewPaymentSchema>;
export type StatementRange = z.output<typeof StatementRangeSchema>;

/** One page, with `totalAmount` the sum of the balances over the filter. */
export type AccountPage = z.output<typeof BankAccountList>;

type MessageAnswer = z.output<typeof Message>;

/**
 * An account's payments and statements hang off its row tag, so a payment (which
 * invalidates the row) refetches its balance, its latest payments and its statements.
 */
const accountTag = (id: string): Tag => ({ type: 'bank', id });

export const bankApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAccounts: build.query<AccountPage, z.output<typeof BankAccountListQuery>>({
      query: ({ companyId, ...params }) => ({
        url: '/company/getallbankbyuserid',
        params: { ...params, companyId: companyId || undefined },
      }),
      providesTags: listTags('bank'),
    }),
    createBank: build.mutation<z.output<typeof BankAccountAnswer>, NewAccount>({
      query: (body) => ({ url: '/company/createbank', method: 'POST', body }),
      invalidatesTags: invalidates(() => createdTags('bank')),
    }),
    updateBank: build.mutation<
      z.output<typeof BankAccountAnswer>,
      z.input<typeof BankAccountUpdate>
    >({
      query: (body) => ({ url: '/company/updatebankaccount', method: 'POST', body }),
      // Making one account the default changes the others: refetch the whole list.
      invalidatesTags: invalidates((_r, arg) => changedTags('bank', arg._id)),
    }),
    deleteBank: build.mutation<MessageAnswer, string>({
      query: (id) => ({ url: '/company/deletebank', method: 'POST', body: { id } }),
      invalidatesTags: invalidates((_r, id) => changedTags('bank', id)),
    }),
    addPayment: build.mutation<z.output<typeof PaymentAnswer>, NewPayment>({
      query: (body) => ({ url: '/company/addpayment', method: 'POST', body }),
      invalidatesTags: invalidates((_r, arg) => changedTags('bank', arg.accountId)),
    }),
    getPayments: build.query<z.output<typeof PaymentList>, z.output<typeof PaymentListQuery>>({
      query: (params) => ({ url: '/company/getpayments', params }),
      providesTags: (_r, _e, arg) => [accountTag(arg.accountId)],
    }),
    getStatement: build.query<z.output<typeof StatementAnswer>, z.output<typeof StatementQuery>>({
      query: (params) => ({ url: '/company/statement', params }),
      providesTags: (_r, _e, arg) => [accountTag(arg.accountId)],
    }),
  }),
});

export const {
  useGetAccountsQuery,
  useCreateBankMutation,
  useUpdateBankMutation,
  useDeleteBankMutation,
  useAddPaymentMutation,
  useGetPaymentsQuery,
  useGetStatementQuery,
} = bankApi;

/** Every account of the scope at once (pickers). */
export const ALL_ACCOUNTS = allRows<BankSort>('holder_name');

/** The label of an account in a picker. */
export const accountLabel = (a: Pick<Account, 'holder_name' | 'account_no'>) =>
  `${a.holder_name} — ${a.account_no}`;
