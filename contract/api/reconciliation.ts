import { z } from 'zod';
import { PAYMENT_TYPES } from '../enums';
import { IMPORT_BODY_TYPES } from '../imports';
import {
  RECONCILIATION_BULK_MAX,
  RECONCILIATION_LINE_STATUSES,
  STATEMENT_BANKS,
} from '../reconciliation';
import type { Endpoint } from './endpoint';
import {
  Message,
  PageQuery,
  categoryName,
  id,
  optionalText,
  pageOf,
  savedAnswer,
  text,
} from './fields';

/**
 * Reconciliation of a bank account against the bank's own download (a CSV, an .xlsx, or the
 * ".xls" web page or text many banks send): the file is the body of the call, as an import's
 * is. A preview reads it and saves nothing; starting a reconciliation saves its lines and
 * suggests a ledger entry for each; then matches are confirmed, entries created from lines
 * and lines ignored until the statement and the ledger agree. Money is in rupees.
 */

export * from '../reconciliation';

export const ReconciliationFileQuery = z.object({
  accountId: id,
  /** The file's name as the person chose it, kept to tell reconciliations apart. */
  fileName: optionalText(200).optional(),
});

/** A line of the statement as the file has it. */
const StatementLine = z.object({
  /** The line's row in the file or sheet. */
  row: z.number(),
  date: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  amount: z.number(),
  /** The statement's balance after the line. */
  balance: z.number(),
  description: z.string(),
  reference: z.string(),
});

/** A line whose balance is not the one before it plus or less its amount: a line is missing or wrong. */
const BalanceBreak = z.object({ row: z.number(), message: z.string() });

/** The statement's and the ledger's balances over the same days, and how far apart they are. */
const Balances = z.object({
  statementOpening: z.number(),
  statementClosing: z.number(),
  ledgerOpening: z.number(),
  ledgerClosing: z.number(),
  /** Statement less ledger, at the start and the end of the period: both 0 when reconciled. */
  openingDifference: z.number(),
  closingDifference: z.number(),
});

export const ReconciliationPreview = z.object({
  bank: z.enum(STATEMENT_BANKS),
  fileType: z.enum(['csv', 'xlsx', 'html']),
  from: z.string(),
  to: z.string(),
  lineCount: z.number(),
  totalCredits: z.number(),
  totalDebits: z.number(),
  balances: Balances,
  /** The first lines whose balance does not follow from the one before. */
  breaks: z.array(BalanceBreak),
  /** The first lines of the statement, oldest first. */
  lines: z.array(StatementLine),
});
export const ReconciliationPreviewAnswer = z.object({
  success: z.boolean(),
  data: ReconciliationPreview,
});

export const Reconciliation = z.object({
  _id: z.string(),
  accountId: z.string(),
  account: z.object({ holder_name: z.string(), account_no: z.string() }),
  bank: z.enum(STATEMENT_BANKS),
  fileName: z.string(),
  from: z.string(),
  to: z.string(),
  createdAt: z.string(),
  balances: Balances,
  /** How many lines are in each state. */
  counts: z.object(
    Object.fromEntries(RECONCILIATION_LINE_STATUSES.map((s) => [s, z.number()])) as Record<
      (typeof RECONCILIATION_LINE_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  /** Lines whose balance does not follow from the line before. */
  breaks: z.number(),
  /** Ledger entries of the period that no line is matched or suggested to. */
  unmatchedEntries: z.number(),
});
export const ReconciliationAnswer = z.object({ success: z.boolean(), data: Reconciliation });

export const ReconciliationListQuery = PageQuery.pick({ page: true, pageSize: true }).extend({
  accountId: id,
});
export const ReconciliationList = pageOf(
  Reconciliation.omit({ balances: true, counts: true, breaks: true, unmatchedEntries: true }),
);

export const ReconciliationIdParams = z.object({ id });
export const ReconciliationLineParams = z.object({ id, lineId: id });

/** A ledger entry as a line shows it: the one it is matched, suggested or created to. */
const LedgerEntry = z.object({
  _id: z.string(),
  date: z.string(),
  remark: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  amount: z.number(),
  reference: z.string().nullable(),
  partyName: z.string().nullable(),
  category: z.string().nullable(),
});

export const ReconciliationLine = StatementLine.extend({
  _id: z.string(),
  lineNo: z.number(),
  status: z.enum(RECONCILIATION_LINE_STATUSES),
  /** The entry matched or created (matched, created), or suggested (suggested). */
  entry: LedgerEntry.nullable(),
  /** Why the line's balance does not follow from the line before, when it does not. */
  balanceBreak: z.string().nullable(),
});

export const ReconciliationLineQuery = PageQuery.pick({
  page: true,
  pageSize: true,
  search: true,
}).extend({
  status: z
    .enum(RECONCILIATION_LINE_STATUSES, {
      error: `must be one of ${RECONCILIATION_LINE_STATUSES.join(', ')}`,
    })
    .optional(),
});
export const ReconciliationLines = pageOf(ReconciliationLine);

export const UnmatchedEntryQuery = PageQuery.pick({ page: true, pageSize: true });
export const UnmatchedEntries = pageOf(LedgerEntry);

const lineIds = z
  .array(id)
  .min(1, 'must name at least one line')
  .max(RECONCILIATION_BULK_MAX, `must name at most ${RECONCILIATION_BULK_MAX} lines`);

/** Lines by id, or every line the call applies to (`all`: every suggested line, to confirm). */
export const LineSelection = z.union([z.object({ lineIds }), z.object({ all: z.literal(true) })], {
  error: 'must name lineIds, or all: true',
});

export const BulkAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  /** How many lines the call changed (a line already done is left as it is). */
  data: z.object({ changed: z.number() }),
});

/** A new entry from a line: its date, amount and direction are the line's; the rest may be given. */
export const EntryFromLine = z.object({
  remark: text(200).optional(),
  category: categoryName.optional(),
});

export const LineAnswer = savedAnswer(ReconciliationLine);

export const reconciliationEndpoints = {
  previewReconciliation: {
    method: 'POST',
    path: '/company/reconciliations/preview',
    query: ReconciliationFileQuery,
    upload: { types: IMPORT_BODY_TYPES },
    answer: ReconciliationPreviewAnswer,
  },
  createReconciliation: {
    method: 'POST',
    path: '/company/reconciliations',
    query: ReconciliationFileQuery,
    upload: { types: IMPORT_BODY_TYPES },
    status: 201,
    answer: ReconciliationAnswer,
  },
  listReconciliations: {
    method: 'GET',
    path: '/company/reconciliations',
    query: ReconciliationListQuery,
    answer: ReconciliationList,
  },
  getReconciliation: {
    method: 'GET',
    path: '/company/reconciliations/:id',
    params: ReconciliationIdParams,
    answer: ReconciliationAnswer,
  },
  deleteReconciliation: {
    method: 'DELETE',
    path: '/company/reconciliations/:id',
    params: ReconciliationIdParams,
    answer: Message,
  },
  listReconciliationLines: {
    method: 'GET',
    path: '/company/reconciliations/:id/lines',
    params: ReconciliationIdParams,
    query: ReconciliationLineQuery,
    answer: ReconciliationLines,
  },
  listUnmatchedEntries: {
    method: 'GET',
    path: '/company/reconciliations/:id/entries',
    params: ReconciliationIdParams,
    query: UnmatchedEntryQuery,
    answer: UnmatchedEntries,
  },
  suggestReconciliationMatches: {
    method: 'POST',
    path: '/company/reconciliations/:id/suggest',
    params: ReconciliationIdParams,
    answer: BulkAnswer,
  },
  confirmReconciliationMatches: {
    method: 'POST',
    path: '/company/reconciliations/:id/confirm',
    params: ReconciliationIdParams,
    body: LineSelection,
    answer: BulkAnswer,
  },
  ignoreReconciliationLines: {
    method: 'POST',
    path: '/company/reconciliations/:id/ignore',
    params: ReconciliationIdParams,
    body: z.object({ lineIds }),
    answer: BulkAnswer,
  },
  createEntryFromLine: {
    method: 'POST',
    path: '/company/reconciliations/:id/lines/:lineId/create',
    params: ReconciliationLineParams,
    body: EntryFromLine,
    status: 201,
    answer: LineAnswer,
  },
  undoReconciliationLine: {
    method: 'POST',
    path: '/company/reconciliations/:id/lines/:lineId/undo',
    params: ReconciliationLineParams,
    answer: LineAnswer,
  },
} as const satisfies Record<string, Endpoint>;
