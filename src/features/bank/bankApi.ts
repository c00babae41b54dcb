import type { AccountDefaultStatus, PaymentType } from '../../../contract/enums';
import { apiSlice } from '../../api/apiSlice';
import { changedTags, createdTags, invalidates, listTags, type Tag } from '../../api/tags';
import type { Envelope, ListParams, Page } from '../../api/types';
import { allRows } from '../people/peopleApi';

export type BankSort = 'createdAt' | 'holder_name' | 'account_no' | 'branch' | 'balance';

export interface Account {
  _id: string;
  createdAt: string;
  holder_name: string;
  account_no: string;
  branch: string;
  ifsc: string;
  mobile: string;
  address: string;
  defaultStatus: AccountDefaultStatus;
  openingBalance: number;
  balance: number;
}

export interface Payment {
  _id: string;
  accountId: string;
  date: string;
  remark: string;
  paymentType: PaymentType;
  amount: number;
  balanceAfter: number;
  createdAt: string;
}

export interface StatementEntry {
  _id: string;
  date: string;
  remark: string;
  paymentType: PaymentType;
  amount: number;
  /** The running balance right after this entry. */
  balance: number;
}

/** The whole range's figures and `total` (its number of entries); `entries` is one page. */
export interface Statement {
  account: Account;
  from: string;
  to: string;
  openingBalance: number;
  totalCredits: number;
  totalDebits: number;
  closingBalance: number;
  total: number;
  page: number;
  pageSize: number;
  entries: StatementEntry[];
}

export type AccountFields = Pick<
  Account,
  'holder_name' | 'account_no' | 'branch' | 'ifsc' | 'mobile' | 'address' | 'defaultStatus'
>;
export type NewAccount = AccountFields & { confirm_no: string; openingBalance: number };
export interface NewPayment {
  accountId: string;
  date: string;
  remark: string;
  paymentType: PaymentType;
  amount: number;
}
export interface StatementRange {
  accountId: string;
  from: string;
  to: string;
}
export interface StatementArgs extends StatementRange {
  page: number;
  pageSize: number;
}

export interface AccountPage extends Page<Account> {
  /** Sum of the balances over the filter. */
  totalAmount: number;
}

/**
 * An account's payments and statements hang off its row tag, so a payment (which
 * invalidates the row) refetches its balance, its latest payments and its statements.
 */
const accountTag = (id: string): Tag => ({ type: 'bank', id });

export const bankApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAccounts: build.query<AccountPage, ListParams<BankSort> & { companyId?: string }>({
      query: ({ companyId, ...params }) => ({
        url: '/company/getallbankbyuserid',
        params: { ...params, companyId: companyId || undefined },
      }),
      providesTags: listTags('bank'),
    }),
    createBank: build.mutation<Envelope<Account>, NewAccount>({
      query: (body) => ({ url: '/company/createbank', method: 'POST', body }),
      invalidatesTags: invalidates(() => createdTags('bank')),
    }),
    updateBank: build.mutation<Envelope<Account>, AccountFields & { _id: string }>({
      query: (body) => ({ url: '/company/updatebankaccount', method: 'POST', body }),
      // Making one account the default changes the others: refetch the whole list.
      invalidatesTags: invalidates((_r, arg) => changedTags('bank', arg._id)),
    }),
    deleteBank: build.mutation<Envelope, string>({
      query: (id) => ({ url: '/company/deletebank', method: 'POST', body: { id } }),
      invalidatesTags: invalidates((_r, id) => changedTags('bank', id)),
    }),
    addPayment: build.mutation<Envelope<{ payment: Payment; balance: number }>, NewPayment>({
      query: (body) => ({ url: '/company/addpayment', method: 'POST', body }),
      invalidatesTags: invalidates((_r, arg) => changedTags('bank', arg.accountId)),
    }),
    getPayments: build.query<Page<Payment>, { accountId: string; page: number; pageSize: number }>({
      query: (params) => ({ url: '/company/getpayments', params }),
      providesTags: (_r, _e, arg) => [accountTag(arg.accountId)],
    }),
    getStatement: build.query<Envelope<Statement>, StatementArgs>({
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
