/**
 * Import from a spreadsheet, the plain part: the kinds, formats, fields and limits that the
 * SPA's import screen and the server both use. Plain TypeScript, so the SPA's bundle stays
 * small; the calls' Zod schemas are in api/imports.ts.
 */

/** What a file may be imported as. */
export const IMPORT_KINDS = ['expenses', 'lend', 'borrowed', 'payments'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** How the file writes its dates. DD/MM/YYYY also takes `-` or `.` between the parts. */
export const IMPORT_DATE_FORMATS = ['DD/MM/YYYY', 'YYYY-MM-DD', 'DD-MMM-YY'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/**
 * How the file writes its amounts: one column (for payments, a minus sign or brackets mean
 * a debit), or a debit column and a credit column, one of them filled on each row.
 */
export const IMPORT_AMOUNT_STYLES = ['single', 'debitCredit'] as const;
export type ImportAmountStyle = (typeof IMPORT_AMOUNT_STYLES)[number];

/** The fields a column may be mapped to; each kind uses some of them. */
export const IMPORT_FIELDS = [
  'date',
  'description',
  'amount',
  'debit',
  'credit',
  'category',
  'name',
  'email',
  'dueDate',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What each field is called on screen and in messages. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  date: 'Date',
  description: 'Description',
  amount: 'Amount',
  debit: 'Debit',
  credit: 'Credit',
  category: 'Category',
  name: 'Name',
  email: 'E-mail',
  dueDate: 'Repayment date',
};

/**
 * The fields each kind maps, by amount style: the required ones, then those that may be
 * left unmapped. Expenses from debit/credit columns take the debits; a row with only a
 * credit is skipped.
 */
export function importFields(
  kind: ImportKind,
  style: ImportAmountStyle,
): { required: ImportField[]; optional: ImportField[] } {
  const amounts: ImportField[] = style === 'debitCredit' ? ['debit', 'credit'] : ['amount'];
  if (kind === 'expenses')
    return { required: ['date', 'description', ...amounts], optional: ['category'] };
  if (kind === 'payments') return { required: ['date', 'description', ...amounts], optional: [] };
  return { required: ['name', 'email', 'amount', 'date', 'dueDate'], optional: [] };
}

/** The query key holding a field's column: `dateColumn`, `debitColumn`… */
export const columnKey = (field: ImportField) => `${field}Column` as const;

/** The largest file taken, in bytes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most rows (below the header line) one file may hold. */
export const IMPORT_MAX_ROWS = 200_000;
/** How many rows a preview shows, and how many problems it and a refused import list. */
export const IMPORT_PREVIEW_ROWS = 100;

/** What became of a row: imported, refused for an error, already there, or not an entry. */
export const IMPORT_ROW_STATUSES = ['ready', 'error', 'duplicate', 'skipped'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/**
 * The media types an import's body may have: a browser labels a .csv file text/csv, or
 * application/vnd.ms-excel on Windows; the file's first bytes tell CSV from a workbook.
 */
export const IMPORT_BODY_TYPES = [
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
] as const;
