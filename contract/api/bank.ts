import { z } from 'zod';
import { ACCOUNT_DEFAULT_STATUSES, PAYMENT_TYPES } from '../enums';
import { ACCOUNT_NO_PATTERN, IFSC_PATTERN } from '../rules';
import type { Endpoint } from './endpoint';
import {
  KeysetQuery,
  Message,
  PageQuery,
  balanceInput,
  calendarDate,
  confirmation,
  csvGet,
  id,
  mobile,
  oneDirection,
  optionalText,
  pageCursors,
  pageMeta,
  pageOf,
  rupeesInput,
  savedAnswer,
  text,
  version,
} from './fields';

/** A company's bank accounts, their payments and their statements. */

/** The columns an account list may be sorted by. */
export const BANK_SORTS = ['createdAt', 'holder_name', 'account_no', 'branch', 'balance'] as const;
export type BankSort = (typeof BANK_SORTS)[number];

/** An account is open, or closed: kept in the books, taking no new entries. */
export const ACCOUNT_STATES = ['open', 'closed'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** How a payment was made. */
export const PAYMENT_MODES = ['upi', 'neft', 'imps', 'rtgs', 'cheque', 'cash', 'card'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Whom a payment was with: one of the company's clients, vendors or people, or a name. */
export const PARTY_KINDS = ['client', 'vendor', 'employee', 'name'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];
/** The kinds of party that are records of the company (the others are a free name). */
export const PARTY_RECORD_KINDS = ['client', 'vendor', 'employee'] as const;

export const BankAccount = z.object({
  _id: z.string(),
  createdAt: z.string(),
  holder_name: z.string(),
  /** Whole for the company that owns the account; its last four digits (••1234) to others. */
  account_no: z.string(),
  branch: z.string(),
  ifsc: z.string(),
  mobile: z.string(),
  address: z.string(),
  /** The bank's name ('' when not given). */
  bank_name: z.string().default(''),
  defaultStatus: z.enum(ACCOUNT_DEFAULT_STATUSES),
  openingBalance: z.number(),
  balance: z.number(),
  /**
   * An overdraft or cash-credit account's sanctioned limit (rupees, 0 for none): the balance
   * may go down to minus this on any date, never below. Drawn is what the balance is below
   * zero; available is the balance plus the limit.
   */
  overdraftLimit: z.number().default(0),
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
  /**
   * Whether a bank statement's line holds the entry (matched or created from it under
   * Reconciliation): it is then not reversed until that line is undone.
   */
  reconciled: z.boolean().default(false),
};

/** Whom a payment was with: a record of the company's (its id), or a name as typed. */
const partyAnswer = z
  .object({ kind: z.enum(PARTY_KINDS), id: z.string().nullable(), name: z.string() })
  .nullable();
/** What a payment says it was: how it was made, its reference, party, project and category. */
const entryDetails = {
  mode: z.enum(PAYMENT_MODES).nullable().default(null),
  /** The UTR, cheque number or other reference of the bank's. */
  reference: z.string().nullable().default(null),
  party: partyAnswer.default(null),
  project: z.object({ _id: z.string(), name: z.string() }).nullable().default(null),
  /** One of the company's categories, for its spending. */
  category: z.string().nullable().default(null),
};

/** What an entry is, as the lists and the statement show it, before its running balance. */
const entryShown = {
  _id: z.string(),
  accountId: z.string(),
  date: z.string(),
  remark: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  amount: z.number(),
};
/** When it was recorded, what it links to and what it says it was, after its balance. */
const entryRecorded = {
  createdAt: z.string(),
  ...entryLinks,
  ...entryDetails,
};

/** An entry of an account; `balanceAfter` is the statement's running balance right after it. */
export const Payment = z.object({
  ...entryShown,
  balanceAfter: z.number(),
  ...entryRecorded,
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
  /** Optional: cards and pickers name an account by bank, holder and last four digits. */
  bank_name: optionalText(100).optional(),
  /**
   * Rupees: the sanctioned overdraft or cash-credit limit (0 for none). A limit below what
   * the account is drawn on any date is refused (400).
   */
  overdraftLimit: balanceInput.optional(),
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
export const BankAccountAnswer = savedAnswer(BankAccount);

export const BankAccountListQuery = PageQuery.extend({
  sort: z.enum(BANK_SORTS).default('createdAt'),
  companyId: id.optional(),
  /** Only this account (a picker's chosen one), when it is the caller's to read. */
  accountId: id.optional(),
  /** Every account but this one (a transfer's destinations leave out its source). */
  excludeId: id.optional(),
  /** Only the accounts of this default status (`active`: the company's default account). */
  defaultStatus: z
    .enum(ACCOUNT_DEFAULT_STATUSES, { error: 'must be active or deActive' })
    .optional(),
  /** Only the open accounts (those that take payments), or only the closed ones. */
  state: z.enum(ACCOUNT_STATES, { error: 'must be open or closed' }).optional(),
});
/** One page of the accounts; `totalAmount` is the sum of the filter's balances. */
export const BankAccountList = pageOf(BankAccount, { totalAmount: z.number() });

/** A party as a payment names it: a client, vendor or person of the company's, or a name. */
const partyInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.enum(PARTY_RECORD_KINDS), id }),
    z.object({ kind: z.literal('name'), name: text(200) }),
  ],
  { error: 'must be a client, vendor or employee with its id, or a name' },
);

/**
 * What a payment may say it was, all optional except what the mode needs: a cheque names its
 * cheque number in `reference`.
 */
const detailsInput = {
  mode: z.enum(PAYMENT_MODES, { error: `must be one of ${PAYMENT_MODES.join(', ')}` }).optional(),
  reference: optionalText(40).optional(),
  party: partyInput.optional(),
  projectId: id.optional(),
  category: optionalText(50).optional(),
};
const chequeNeedsNumber = (
  p: { mode?: PaymentMode | undefined; reference?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (p.mode === 'cheque' && !p.reference)
    ctx.addIssue({ code: 'custom', path: ['reference'], message: 'is required for a cheque' });
};

/** A credit or debit; the amount in rupees, sent on as paise. */
export const NewPayment = z
  .object({
    accountId: id,
    date: calendarDate,
    remark: text(200),
    paymentType: z.enum(PAYMENT_TYPES, { error: 'must be credit or debit' }),
    amount: rupeesInput,
    ...detailsInput,
  })
  .superRefine(chequeNeedsNumber);
export const PaymentAnswer = savedAnswer(z.object({ payment: Payment, balance: z.number() }));

/** Money moved between two of the company's accounts: a debit and a credit, together. */
export const NewTransfer = z
  .object({
    fromAccountId: id,
    toAccountId: id,
    date: calendarDate,
    remark: text(200),
    amount: rupeesInput,
    mode: detailsInput.mode,
    reference: detailsInput.reference,
  })
  .superRefine(chequeNeedsNumber);
export const TransferAnswer = savedAnswer(z.object({ from: Payment, to: Payment }));

/** A reversal: dated the payment's day unless a later one is given. */
export const PaymentReversal = z.object({
  date: calendarDate.optional(),
  remark: optionalText(200).optional(),
});
export const PaymentIdParams = z.object({ id });

/** page and pageSize as every list takes them (no search or order). */
const Paging = PageQuery.pick({ page: true, pageSize: true });

/**
 * Which entries a list, statement or export shows: by mode, party (a kind, and a record's id
 * or a name's text), project, and text of the remark, reference or party's name.
 */
export const EntryFilters = z.object({
  mode: z.enum(PAYMENT_MODES, { error: `must be one of ${PAYMENT_MODES.join(', ')}` }).optional(),
  partyKind: z.enum(PARTY_KINDS, { error: `must be one of ${PARTY_KINDS.join(', ')}` }).optional(),
  partyId: id.optional(),
  projectId: id.optional(),
  search: optionalText(100).optional(),
});

export const PaymentListQuery = Paging.extend({ accountId: id }).extend(EntryFilters.shape);
export const PaymentList = pageOf(Payment);

/** An account over a range of days (both included). */
export const StatementRange = z
  .object({ accountId: id, from: calendarDate, to: calendarDate })
  .extend(EntryFilters.shape);
/** A page of a statement: by number, or after/before an entry's position (Next, Previous). */
export const StatementQuery = StatementRange.extend(Paging.shape)
  .extend(KeysetQuery.shape)
  .refine(...oneDirection);

/** A payment of a statement, with the running balance right after it. */
export const StatementEntry = z.object({
  ...entryShown,
  balance: z.number(),
  ...entryRecorded,
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
  /**
   * With a filter (mode, party, project, search): the credits and debits of the entries it
   * keeps; `total` then counts those entries. The other figures are the whole account's.
   */
  matching: z.object({ credits: z.number(), debits: z.number() }).nullable().default(null),
  ...pageMeta,
  cursors: pageCursors,
});

/** Spending grouped by party or by project over a range of days (both included). */
export const SPENDING_GROUPS = ['party', 'project'] as const;
export const SpendingRange = z.object({
  by: z.enum(SPENDING_GROUPS, { error: 'must be party or project' }),
  from: calendarDate,
  to: calendarDate,
  companyId: id.optional(),
});
export const SpendingQuery = SpendingRange.extend(Paging.shape);
/**
 * One party or project: what was paid to it (debits, less their reversals), received from it
 * (credits, less theirs) and the number of payments. Transfers between the company's own
 * accounts are not spending. Payments naming no party (or project) are one row, `kind` null.
 */
export const SpendingRow = z.object({
  kind: z.enum([...PARTY_KINDS, 'project']).nullable(),
  id: z.string().nullable(),
  name: z.string(),
  paid: z.number(),
  received: z.number(),
  payments: z.number(),
});
export const SpendingList = pageOf(SpendingRow, {
  totalPaid: z.number(),
  totalReceived: z.number(),
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
  bankStatementCsv: csvGet('/company/statement/export', { query: StatementRange }),
  spending: {
    method: 'GET',
    path: '/company/spending',
    query: SpendingQuery,
    answer: SpendingList,
  },
  /** Spending by party or project as CSV. */
  spendingCsv: csvGet('/company/spending/export', { query: SpendingRange }),
} as const satisfies Record<string, Endpoint>;
