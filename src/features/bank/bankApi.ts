import type { z } from 'zod';
import type {
  BankAccountAnswer,
  BankAccountListQuery,
  BankAccountStateChange,
  BankAccountUpdate,
  BankSort,
  NewBankAccount,
  NewPayment,
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
import type { Message } from '../../../contract/api/fields';
import { request, scopedList, type PlainRoute } from '../../api/endpoint';
import { onRecord, sendBody, sendId } from '../../api/recordMutations';
import { injectEndpoints } from '../../api/apiSlice';
import { changedTags, createdTags, invalidates, listTags, type Tag } from '../../api/tags';
import type { Account, AccountPage } from '../../api/accountsApi';

export type { BankSort };
export type { Account, AccountPage };
export { accountLabel, useLazyGetAccountQuery } from '../../api/accountsApi';
export type Payment = z.output<typeof PaymentSchema>;
/** A payment of a statement, with the running balance right after it. */
export type StatementEntry = z.output<typeof StatementEntrySchema>;
/** The whole range's figures and `total` (its number of entries); `entries` is one page. */
export type Statement = z.output<typeof StatementSchema>;

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
/** A read of one account's payments, refreshed with the account. */
const ofAccount = (call: PlainRoute) => ({
  query: (params: { accountId: string }) => request(call, { query: params }),
  providesTags: (_r: unknown, _e: unknown, arg: { accountId: string }) => [
    accountTag(arg.accountId),
  ],
});
/** An account's row, the list and every total. */
const accountChanged = (id: string) => changedTags('bank', id);

export const bankApi = injectEndpoints((build) => {
  /** Closing and reopening an account: at the version read; the row and the list change. */
  const stateChange = (call: 'closeBankAccount' | 'reopenBankAccount') =>
    build.mutation<
      z.output<typeof BankAccountAnswer>,
      { id: string } & z.input<typeof BankAccountStateChange>
    >(onRecord(call, accountChanged));
  return {
    getAccounts: build.query<AccountPage, z.output<typeof BankAccountListQuery>>({
      query: scopedList('listBankAccounts'),
      providesTags: listTags('bank'),
    }),
    createBank: build.mutation<z.output<typeof BankAccountAnswer>, z.input<typeof NewBankAccount>>(
      sendBody('createBankAccount', createdTags('bank')),
    ),
    updateBank: build.mutation<
      z.output<typeof BankAccountAnswer>,
      z.input<typeof BankAccountUpdate>
    >({
      query: (body) => request('updateBankAccount', { body }),
      // Making one account the default changes the others: refetch the whole list.
      invalidatesTags: invalidates((_r, arg) => changedTags('bank', arg._id)),
    }),
    /** Closes an account (the default one stops being it). */
    closeBank: stateChange('closeBankAccount'),
    reopenBank: stateChange('reopenBankAccount'),
    deleteBank: build.mutation<MessageAnswer, string>(sendId('deleteBankAccount', accountChanged)),
    addPayment: build.mutation<z.output<typeof PaymentAnswer>, z.input<typeof NewPayment>>({
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
    getPayments: build.query<z.output<typeof PaymentList>, z.output<typeof PaymentListQuery>>(
      ofAccount('listPayments'),
    ),
    getStatement: build.query<z.output<typeof StatementAnswer>, z.output<typeof StatementQuery>>(
      ofAccount('bankStatement'),
    ),
    /** Spending by party or project: any payment may change it. */
    getSpending: build.query<Spending, z.output<typeof SpendingQuery>>({
      query: scopedList('spending'),
      providesTags: [{ type: 'bank', id: 'LIST' }],
    }),
  };
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
} = bankApi;

/** One account of the scope by id, fresh after each payment (nothing when it is not ours). */
export const oneAccount = (accountId: string): z.output<typeof BankAccountListQuery> => ({
  accountId,
  page: 1,
  pageSize: 1,
  sort: 'createdAt',
  order: 'desc',
});
