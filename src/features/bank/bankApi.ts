import type { z } from 'zod';
import type {
  BankAccountAnswer,
  BankAccountListQuery,
  BankAccountStateChange,
  BankAccountUpdate,
  BankSort,
  NewBankAccount,
  NewPayment as NewPaymentSchema,
  NewTransfer,
  Payment as PaymentSchema,
  PaymentAnswer,
  PaymentReversal,
  PaymentList,
  PaymentListQuery,
  Statement as StatementSchema,
  StatementAnswer,
  StatementEntry as StatementEntrySchema,
  StatementQuery,
  StatementRange as StatementRangeSchema,
  SpendingList,
  SpendingQuery,
  TransferAnswer,
} from '../../../contract/api/bank';
import type { ProjectList } from '../../../contract/api/projects';
import type { Message } from '../../../contract/api/fields';
import { request } from '../../api/endpoint';
import { apiSlice } from '../../api/apiSlice';
import { pickerPaging, PICKER_PAGE_SIZE, searchParam } from '../../api/picker';
import {
  changedTags,
  createdTags,
  invalidates,
  listTags,
  type Tag,
  withSyncedMutations,
} from '../../api/tags';
import type { Account, AccountPage } from '../../api/accountsApi';

export type { BankSort };
export type { Account, AccountPage };
export { accountLabel, useLazyGetAccountQuery } from '../../api/accountsApi';
export type Payment = z.output<typeof PaymentSchema>;
/** A payment of a statement, with the running balance right after it. */
export type StatementEntry = z.output<typeof StatementEntrySchema>;
/** The whole range's figures and `total` (its number of entries); `entries` is one page. */
export type Statement = z.output<typeof StatementSchema>;

/** What the forms send: amounts in rupees. */
export type NewAccount = z.input<typeof NewBankAccount>;
export type NewPayment = z.input<typeof NewPaymentSchema>;
/** The account and days of a statement (its filters aside). */
export type Spending = z.output<typeof SpendingList>;
export type SpendingRow = Spending['data'][number];
export type StatementRange = Pick<
  z.output<typeof StatementRangeSchema>,
  'accountId' | 'from' | 'to'
>;

type MessageAnswer = z.output<typeof Message>;

/**
 * An account's payments and statements hang off its row tag, so a payment (which
 * invalidates the row) refetches its balance, its latest payments and its statements.
 */
const accountTag = (id: string): Tag => ({ type: 'bank', id });

export const bankApi = apiSlice.injectEndpoints({
  endpoints: (build) =>
    withSyncedMutations({
      getAccounts: build.query<AccountPage, z.output<typeof BankAccountListQuery>>({
        query: ({ companyId, ...params }) =>
          request('listBankAccounts', { query: { ...params, companyId: companyId || undefined } }),
        providesTags: listTags('bank'),
      }),
      createBank: build.mutation<z.output<typeof BankAccountAnswer>, NewAccount>({
        query: (body) => request('createBankAccount', { body }),
        invalidatesTags: invalidates(() => createdTags('bank')),
      }),
      updateBank: build.mutation<
        z.output<typeof BankAccountAnswer>,
        z.input<typeof BankAccountUpdate>
      >({
        query: (body) => request('updateBankAccount', { body }),
        // Making one account the default changes the others: refetch the whole list.
        invalidatesTags: invalidates((_r, arg) => changedTags('bank', arg._id)),
      }),
      /** Closes an account (the default one stops being it): the row and the list change. */
      closeBank: build.mutation<
        z.output<typeof BankAccountAnswer>,
        { id: string } & z.input<typeof BankAccountStateChange>
      >({
        query: ({ id, ...body }) => request('closeBankAccount', { params: { id }, body }),
        invalidatesTags: invalidates((_r, arg) => changedTags('bank', arg.id)),
      }),
      reopenBank: build.mutation<
        z.output<typeof BankAccountAnswer>,
        { id: string } & z.input<typeof BankAccountStateChange>
      >({
        query: ({ id, ...body }) => request('reopenBankAccount', { params: { id }, body }),
        invalidatesTags: invalidates((_r, arg) => changedTags('bank', arg.id)),
      }),
      deleteBank: build.mutation<MessageAnswer, string>({
        query: (id) => request('deleteBankAccount', { body: { id } }),
        invalidatesTags: invalidates((_r, id) => changedTags('bank', id)),
      }),
      addPayment: build.mutation<z.output<typeof PaymentAnswer>, NewPayment>({
        query: (body) => request('recordPayment', { body }),
        invalidatesTags: invalidates((_r, arg) => changedTags('bank', arg.accountId)),
      }),
      transfer: build.mutation<z.output<typeof TransferAnswer>, z.input<typeof NewTransfer>>({
        query: (body) => request('transferBetweenAccounts', { body }),
        invalidatesTags: invalidates((_r, arg) => [
          ...changedTags('bank', arg.fromAccountId),
          accountTag(arg.toAccountId),
        ]),
      }),
      /** Reverses a payment (a transfer: both legs, so both accounts change). */
      reversePayment: build.mutation<
        z.output<typeof PaymentAnswer>,
        { payment: Payment } & z.input<typeof PaymentReversal>
      >({
        query: ({ payment, ...body }) =>
          request('reversePayment', { params: { id: payment._id }, body }),
        invalidatesTags: invalidates((_r, { payment }) => [
          ...changedTags('bank', payment.accountId),
          ...(payment.transferAccount ? [accountTag(payment.transferAccount._id)] : []),
        ]),
      }),
      getPayments: build.query<z.output<typeof PaymentList>, z.output<typeof PaymentListQuery>>({
        query: (params) => request('listPayments', { query: params }),
        providesTags: (_r, _e, arg) => [accountTag(arg.accountId)],
      }),
      getStatement: build.query<z.output<typeof StatementAnswer>, z.output<typeof StatementQuery>>({
        query: (params) => request('bankStatement', { query: params }),
        providesTags: (_r, _e, arg) => [accountTag(arg.accountId)],
      }),
      /** Spending by party or project: any payment may change it. */
      getSpending: build.query<Spending, z.output<typeof SpendingQuery>>({
        query: ({ companyId, ...params }) =>
          request('spending', { query: { ...params, companyId: companyId || undefined } }),
        providesTags: [{ type: 'bank', id: 'LIST' }],
      }),
      /** The project pickers of payments and statements page through the company's projects. */
      searchPaymentProjects: build.infiniteQuery<
        z.output<typeof ProjectList>,
        { search: string; companyId?: string },
        number
      >({
        infiniteQueryOptions: pickerPaging,
        query: ({ queryArg: { companyId, search }, pageParam }) =>
          request('listProjects', {
            query: {
              companyId: companyId || undefined,
              search: searchParam(search),
              page: pageParam,
              pageSize: PICKER_PAGE_SIZE,
              sort: 'projectName',
              order: 'asc',
            },
          }),
        providesTags: [{ type: 'project', id: 'LIST' }],
      }),
    }),
});

export const {
  useGetAccountsQuery,
  useCreateBankMutation,
  useUpdateBankMutation,
  useDeleteBankMutation,
  useCloseBankMutation,
  useReopenBankMutation,
  useAddPaymentMutation,
  useTransferMutation,
  useReversePaymentMutation,
  useGetPaymentsQuery,
  useGetStatementQuery,
  useGetSpendingQuery,
  useSearchPaymentProjectsInfiniteQuery,
} = bankApi;

/** One account of the scope by id, fresh after each payment (nothing when it is not ours). */
export const oneAccount = (accountId: string): z.output<typeof BankAccountListQuery> => ({
  accountId,
  page: 1,
  pageSize: 1,
  sort: 'createdAt',
  order: 'desc',
});
