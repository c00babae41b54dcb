/**
 * Reconciliation of a bank account against the bank's own download, the plain part: the
 * states of a statement line, the banks whose layouts are known and the limits, shared by
 * the SPA and the server. The calls' Zod schemas are in api/reconciliation.ts.
 */

/**
 * What became of a statement line: no ledger entry like it yet (`unmatched`), one suggested
 * and waiting to be confirmed (`suggested`), confirmed against an entry (`matched`), recorded
 * as a new entry from the line (`created`), or set aside (`ignored`). A `matched` or
 * `created` line names its entry, which is then reconciled.
 */
export const RECONCILIATION_LINE_STATUSES = [
  'unmatched',
  'suggested',
  'matched',
  'created',
  'ignored',
] as const;
export type ReconciliationLineStatus = (typeof RECONCILIATION_LINE_STATUSES)[number];

/** The banks whose downloads are recognised by their layout; any other is read by its headers. */
export const STATEMENT_BANKS = ['HDFC', 'ICICI', 'SBI', 'Axis', 'Kotak', 'Other'] as const;
export type StatementBank = (typeof STATEMENT_BANKS)[number];

/** How many days apart a statement line and its ledger entry may be dated. */
export const MATCH_DAYS = 4;

/** The most lines one reconciliation may hold. */
export const RECONCILIATION_MAX_LINES = 20_000;

/** How many lines the bulk calls (confirm, ignore) take at once by id. */
export const RECONCILIATION_BULK_MAX = 1_000;
