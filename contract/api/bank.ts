import { z } from 'zod';
import { ACCOUNT_DEFAULT_STATUSES, PAYMENT_TYPES } from '../enums';
import { ACCOUNT_NO_PATTERN, IFSC_PATTERN } from '../rules';
import type { Endpoint } from './endpoint';
import {
  CsvText,
  KeysetQuery,
  Message,
  PageQuery,
  balanceInput,
  calendarDate,
  confirmation,
  id,
  mobile,
  optionalText,
  pageCursors,
  pageMeta,
  rupeesInput,
  text,
  version,
  oneDirection,
} from './fields';

/** A company's bank accounts, their payments and their statements. */

/** The columns an account list may be sorted by. */
export const BANK_SORTS = ['createdAt', 'holder_name', 'account_no', 'branch', 'balance'] as const;
export type BankSort = (typeof BANK_SORTS)[number];

/** An account is open, or closed: kept in the books, taking no new entries. */
export const ACCOUNT_STATES = ['open', 'closed'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const BankAccount = z.object({
  _id: z.string(),
  createdAt: z.string(),
  holder_name: z.string(),
  account_no: z.string(),
  branch: z.string(),
  ifsc: z.string(),
  mobile: z.string(),
  address: z.string(),
  defaultStatus: z.enum(ACCOUNT_DEFAULT_STATUSES),
  openingBalance: z.number(),
  balance: z.number(),
  version: z.number(),
  /**
   * When the company closed the account (ISO), null while it is open. A closed account keeps
   * its payments, statement and balance, and counts in the totals, but takes no new payments
   * and is never the default account.
   */
  closedAt: z.string().nullable(),
  /**
   * Whether the account has payments (lists answer it): such an account cannot be
   * deleted, only closed.
   */
  hasPayments: z.boolean().optional(),
});

/** How an entry is linked to others: the one it reverses, its reversal, a transfer's account. */
const entryLinks = {
  /** The entry this one reverses. */
  reversesId: z.string().nullable(),
  /** The entry that reverses this one. */
  reversedById: z.string().nullable(),
  /** A transfer's other account. */
  transferAccount: z
    .object({ _id: z.string(), holder_name: z.string(), account_no: z.string() })
    .nullable(),
};

/** An entry of an account; `balanceAfter` is the statement's running balance right after it. */
export const Payment = z.object({
  _id: z.string(),
  accountId: z.string(),
  date: z.string(),
  remark: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  amount: z.number(),
  balanceAfter: z.number(),
  createdAt: z.string(),
  ...entryLinks,
});

const defaultStatus = z.enum(ACCOUNT_DEFAULT_STATUSES, { error: 'must be active or deActive' });

/** An account's fields as a form sends them, on create and update. */
export const BankAccountFields = z.object({
  holder_name: text(100),
  account_no: z
    .string({ error: 'is required' })
    .trim()
    .regex(ACCOUNT_NO_PATTERN, 'must be 6 to 18 digits'),
  branch: text(100),
  ifsc: z
    .string({ error: 'is required' })
    .trim()
    .toUpperCase()
    .regex(IFSC_PATTERN, 'must be 4 letters, a 0, then 6 letters or digits (e.g. SBIN0001234)')
    // Upper-cased before the check: letters of either case are accepted, and stored upper-case.
    .meta({
      pattern: '^[A-Za-z]{4}0[A-Za-z0-9]{6}$',
      description: 'IFSC: 4 letters, a 0, then 6 letters or digits (stored upper-case)',
    }),
  mobile,
  address: text(300),
  defaultStatus: defaultStatus.default('deActive'),
});
/** A new account: the number typed twice, and the opening balance in rupees (sent on as paise). */
export const NewBankAccount = BankAccountFields.extend({
  confirm_no: confirmation('account_no', true),
  openingBalance: balanceInput.default(0),
});
/** Changes only the fields sent: a default status left out stays as it is. */
export const BankAccountUpdate = BankAccountFields.extend({ defaultStatus })
  .partial()
  .extend({ _id: id, version });
export const BankAccountDelete = z.object({ id });
export const BankAccountIdParams = z.object({ id });
/** Closing or reopening names the version of the account it was asked from. */
export const BankAccountStateChange = z.object({ version });
export const BankAccountAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  data: BankAccount,
});

export const BankAccountListQuery = PageQuery.extend({
  sort: z.enum(BANK_SORTS).default('createdAt'),
  companyId: id.optional(),
  /** Only this account (a picker's chosen one), when it is the caller's to read. */
  accountId: id.optional(),
  /** Only the accounts of this default status (`active`: the company's default account). */
  defaultStatus: z
    .enum(ACCOUNT_DEFAULT_STATUSES, { error: 'must be active or deActive' })
    .optional(),
  /** Only the open accounts (those that take payments), or only the closed ones. */
  state: z.enum(ACCOUNT_STATES, { error: 'must be open or closed' }).optional(),
});
/** One page of the accounts; `totalAmount` is the sum of the filter's balances. */
export const BankAccountList = z.object({
  success: z.boolean(),
  data: z.array(BankAccount),
  totalAmount: z.number(),
  ...pageMeta,
});

/** A credit or debit; the amount in rupees, sent on as paise. */
export const NewPayment = z.object({
  accountId: id,
  date: calendarDate,
  remark: text(200),
  paymentType: z.enum(PAYMENT_TYPES, { error: 'must be credit or debit' }),
  amount: rupeesInput,
});
export const PaymentAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ payment: Payment, balance: z.number() }),
});

/** Money moved between two of the company's accounts: a debit and a credit, together. */
export const NewTransfer = z.object({
  fromAccountId: id,
  toAccountId: id,
  date: calendarDate,
  remark: text(200),
  amount: rupeesInput,
});
export const TransferAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ from: Payment, to: Payment }),
});

/** A reversal: dated the payment's day unless a later one is given. */
export const PaymentReversal = z.object({
  date: calendarDate.optional(),
  remark: optionalText(200).optional(),
});
export const PaymentIdParams = z.object({ id });

/** page and pageSize as every list takes them (no search or order). */
const Paging = PageQuery.pick({ page: true, pageSize: true });

export const PaymentListQuery = Paging.extend({ accountId: id });
export const PaymentList = z.object({ success: z.boolean(), data: z.array(Payment), ...pageMeta });

/** An account over a range of days (both included). */
export const StatementRange = z.object({ accountId: id, from: calendarDate, to: calendarDate });
/** A page of a statement: by number, or after/before an entry's position (Next, Previous). */
export const StatementQuery = StatementRange.extend(Paging.shape)
  .extend(KeysetQuery.shape)
  .refine(...oneDirection);

/** A payment of a statement, with the running balance right after it. */
export const StatementEntry = z.object({
  _id: z.string(),
  accountId: z.string(),
  date: z.string(),
  remark: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  amount: z.number(),
  balance: z.number(),
  createdAt: z.string(),
  ...entryLinks,
});
/** The whole range's figures and `total` (its number of entries); `entries` is one page. */
export const Statement = z.object({
  account: BankAccount,
  from: z.string(),
  to: z.string(),
  openingBalance: z.number(),
  totalCredits: z.number(),
  totalDebits: z.number(),
  closingBalance: z.number(),
  entries: z.array(StatementEntry),
  ...pageMeta,
  cursors: pageCursors,
});
export const StatementAnswer = z.object({ success: z.boolean(), data: Statement });

export const bankEndpoints = {
  listBankAccounts: {
    method: 'GET',
    path: '/company/getallbankbyuserid',
    query: BankAccountListQuery,
    answer: BankAccountList,
  },
  createBankAccount: {
    method: 'POST',
    path: '/company/createbank',
    body: NewBankAccount,
    status: 201,
    answer: BankAccountAnswer,
  },
  updateBankAccount: {
    method: 'POST',
    path: '/company/updatebankaccount',
    body: BankAccountUpdate,
    answer: BankAccountAnswer,
  },
  deleteBankAccount: {
    method: 'POST',
    path: '/company/deletebank',
    body: BankAccountDelete,
    answer: Message,
  },
  closeBankAccount: {
    method: 'POST',
    path: '/company/bankaccounts/:id/close',
    params: BankAccountIdParams,
    body: BankAccountStateChange,
    answer: BankAccountAnswer,
  },
  reopenBankAccount: {
    method: 'POST',
    path: '/company/bankaccounts/:id/reopen',
    params: BankAccountIdParams,
    body: BankAccountStateChange,
    answer: BankAccountAnswer,
  },
  recordPayment: {
    method: 'POST',
    path: '/company/addpayment',
    body: NewPayment,
    status: 201,
    answer: PaymentAnswer,
  },
  transferBetweenAccounts: {
    method: 'POST',
    path: '/company/transfer',
    body: NewTransfer,
    status: 201,
    answer: TransferAnswer,
  },
  reversePayment: {
    method: 'POST',
    path: '/company/payments/:id/reverse',
    params: PaymentIdParams,
    body: PaymentReversal,
    status: 201,
    answer: PaymentAnswer,
  },
  listPayments: {
    method: 'GET',
    path: '/company/getpayments',
    query: PaymentListQuery,
    answer: PaymentList,
  },
  bankStatement: {
    method: 'GET',
    path: '/company/statement',
    query: StatementQuery,
    answer: StatementAnswer,
  },
  /** The statement as CSV. */
  bankStatementCsv: {
    method: 'GET',
    path: '/company/statement/export',
    query: StatementRange,
    download: { type: 'text/csv', schema: CsvText },
  },
} as const satisfies Record<string, Endpoint>;
