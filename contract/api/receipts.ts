import { z } from 'zod';
import { PAYMENT_MODES } from './bank';
import type { Endpoint } from './endpoint';
import {
  PageQuery,
  balanceInput,
  calendarDate,
  csvGet,
  id,
  optionalText,
  pageMeta,
  pageOf,
  pdfGet,
  rupeesInput,
  savedAnswer,
  version,
} from './fields';

/**
 * Money received from clients against their invoices, what each client and project still
 * owes, a client's statement, and the month-end files (invoice register, receipts, GSTR-1).
 * Amounts are rupees in both directions (paise inside).
 */

/**
 * How the client paid. A receipt is posted as a payment into the account, so it takes a
 * payment's modes (and the screens their labels). A cheque needs its number as the reference.
 */
export const RECEIPT_MODES = PAYMENT_MODES;
export type ReceiptMode = (typeof RECEIPT_MODES)[number];

/** The part of a receipt that settles one invoice: paid, and TDS the client withheld. */
export const ReceiptAllocationInput = z.object({
  invoiceId: id,
  amount: balanceInput,
  tds: balanceInput.default(0),
});

export const NewReceipt = z.object({
  clientId: id,
  /** The company's account the money came into: one credit on it through the ledger. */
  accountId: id,
  date: calendarDate,
  mode: z.enum(RECEIPT_MODES, { error: `must be one of ${RECEIPT_MODES.join(', ')}` }),
  /** UTR, cheque number or the like: required for a cheque. */
  reference: optionalText(60).default(''),
  /** What reached the account. */
  amount: rupeesInput,
  /** Per invoice; what `amount` leaves unallocated is the client's advance. */
  allocations: z.array(ReceiptAllocationInput).max(100, 'must be at most 100').default([]),
});

/** Part of a receipt's advance applied to another invoice of its client. */
export const AdvanceApplication = z.object({ invoiceId: id, amount: rupeesInput, version });
export const ReceiptReversal = z.object({ version });
export const ReceiptIdParams = z.object({ id });

export const ReceiptAllocation = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  amount: z.number(),
  tds: z.number(),
});

export const Receipt = z.object({
  _id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  accountId: z.string(),
  /** The ledger entry (a credit) the receipt posted. */
  paymentId: z.string().nullable(),
  date: z.string(),
  mode: z.enum(RECEIPT_MODES),
  reference: z.string(),
  amount: z.number(),
  tds: z.number(),
  /** Not yet allocated: the client's advance. */
  advance: z.number(),
  reversed: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  allocations: z.array(ReceiptAllocation),
});
export const ReceiptAnswer = savedAnswer(Receipt);

const dateRange = { from: calendarDate.optional(), to: calendarDate.optional() };

export const ReceiptListQuery = PageQuery.extend({
  companyId: id.optional(),
  clientId: id.optional(),
  invoiceId: id.optional(),
  ...dateRange,
});
export const ReceiptList = pageOf(Receipt, {
  /** The filter's received, TDS and advance (reversed receipts left out). */
  totals: z.object({ amount: z.number(), tds: z.number(), advance: z.number() }),
});

/** What a client or a project was invoiced and still owes, by how late. */
export const Ageing = z.object({
  notDue: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
});
export const Receivable = z.object({
  /** The client's id, or the project's (null: invoices of no project). */
  _id: z.string().nullable(),
  name: z.string(),
  invoiced: z.number(),
  received: z.number(),
  tds: z.number(),
  credited: z.number(),
  pending: z.number(),
  /** Unapplied receipts (clients only; 0 for a project). */
  advance: z.number(),
  ageing: Ageing,
});
export const RECEIVABLE_GROUPS = ['client', 'project'] as const;
export const ReceivableQuery = PageQuery.omit({ order: true }).extend({
  companyId: id.optional(),
  by: z.enum(RECEIVABLE_GROUPS, { error: 'must be client or project' }).default('client'),
  /** Only those that still owe something. */
  pendingOnly: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export const ReceivableList = z.object({
  success: z.boolean(),
  asOf: z.string(),
  data: z.array(Receivable),
  totals: Receivable.omit({ _id: true, name: true }),
  ...pageMeta,
});

/** TDS clients withheld, per client and financial year (to match against Form 26AS). */
export const TdsQuery = z.object({
  companyId: id.optional(),
  /** The financial year by the year it starts in (2026 for 2026-27); all years when left out. */
  fy: z.coerce.number({ error: 'must be a year' }).int().min(2000).max(2199).optional(),
});
export const TdsList = z.object({
  success: z.boolean(),
  data: z.array(
    z.object({
      clientId: z.string(),
      clientName: z.string(),
      /** The client's GSTIN (its PAN is characters 3-12), null when unregistered. */
      gstin: z.string().nullable(),
      fy: z.string(),
      tds: z.number(),
      receipts: z.number(),
    }),
  ),
});

export const ClientParams = z.object({ id });
export const StatementRangeQuery = z.object({
  companyId: id.optional(),
  from: calendarDate,
  to: calendarDate,
});
export const ClientStatementLine = z.object({
  date: z.string(),
  kind: z.enum(['invoice', 'credit_note', 'receipt']),
  /** The document's number, or the receipt's mode and reference. */
  reference: z.string(),
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
});
export const ClientStatement = z.object({
  success: z.boolean(),
  data: z.object({
    client: z.object({ _id: z.string(), name: z.string(), gstin: z.string().nullable() }),
    from: z.string(),
    to: z.string(),
    /** What the client owed before `from` (negative: in credit). */
    opening: z.number(),
    debits: z.number(),
    credits: z.number(),
    closing: z.number(),
    lines: z.array(ClientStatementLine),
  }),
});

export const RegisterQuery = z.object({
  companyId: id.optional(),
  from: calendarDate,
  to: calendarDate,
});
/** A month, YYYY-MM. */
export const Gstr1Query = z.object({
  companyId: id.optional(),
  month: z
    .string({ error: 'is required' })
    .regex(/^(20[0-9]{2}|21[0-9]{2})-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM'),
});

export const receiptEndpoints = {
  listReceipts: { method: 'GET', path: '/receipts', query: ReceiptListQuery, answer: ReceiptList },
  receiptsCsv: csvGet('/receipts/export', { query: RegisterQuery }),
  getReceipt: {
    method: 'GET',
    path: '/receipts/:id',
    params: ReceiptIdParams,
    answer: ReceiptAnswer,
  },
  addReceipt: {
    method: 'POST',
    path: '/receipts',
    body: NewReceipt,
    status: 201,
    answer: ReceiptAnswer,
  },
  applyAdvance: {
    method: 'POST',
    path: '/receipts/:id/apply',
    params: ReceiptIdParams,
    body: AdvanceApplication,
    answer: ReceiptAnswer,
  },
  reverseReceipt: {
    method: 'POST',
    path: '/receipts/:id/reverse',
    params: ReceiptIdParams,
    body: ReceiptReversal,
    answer: ReceiptAnswer,
  },
  listReceivables: {
    method: 'GET',
    path: '/receivables',
    query: ReceivableQuery,
    answer: ReceivableList,
  },
  tdsByClient: { method: 'GET', path: '/receivables/tds', query: TdsQuery, answer: TdsList },
  clientStatement: {
    method: 'GET',
    path: '/receivables/clients/:id/statement',
    params: ClientParams,
    query: StatementRangeQuery,
    answer: ClientStatement,
  },
  clientStatementCsv: csvGet('/receivables/clients/:id/statement/csv', {
    params: ClientParams,
    query: StatementRangeQuery,
  }),
  clientStatementPdf: pdfGet('/receivables/clients/:id/statement/pdf', {
    params: ClientParams,
    query: StatementRangeQuery,
  }),
  invoiceRegisterCsv: csvGet('/receivables/register/export', { query: RegisterQuery }),
  gstr1B2bCsv: csvGet('/receivables/gstr1/b2b', { query: Gstr1Query }),
  gstr1B2csCsv: csvGet('/receivables/gstr1/b2cs', { query: Gstr1Query }),
} as const satisfies Record<string, Endpoint>;
