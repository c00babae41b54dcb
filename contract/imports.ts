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
  'balance',
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
  balance: 'Balance',
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
  // A bank download's balance column, when mapped, is checked row by row: a row missing or
  // wrong shows where the balance stops following.
  if (kind === 'payments')
    return { required: ['date', 'description', ...amounts], optional: ['balance'] };
  return { required: ['name', 'email', 'amount', 'date', 'dueDate'], optional: [] };
}

/** The query key holding a field's column: `dateColumn`, `debitColumn`… */
export const columnKey = (field: ImportField) => `${field}Column` as const;

/** The largest file taken, in bytes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most rows (below the header line) one file may hold. */
export const IMPORT_MAX_ROWS = 200_000;
/**
 * The most on the embedded database, whose one connection an import holds while it writes
 * (all or nothing) and every other call waits: 5,000 rows take about 2 s there.
 */
export const IMPORT_MAX_ROWS_EMBEDDED = 5_000;
/** The most lines a file may have, blank ones included (a header and lines above it fit). */
export const IMPORT_MAX_LINES = IMPORT_MAX_ROWS + 1_000;
/** The most columns a row may have (its blank cells at the end not counted). */
export const IMPORT_MAX_COLUMNS = 256;
/** A cell is read up to this many characters: no field takes more than 500. */
export const IMPORT_MAX_CELL_CHARS = 1_000;
/** A CSV line (all its cells) may have at most this many characters. */
export const IMPORT_MAX_LINE_CHARS = 64 * 1024;
/** What a workbook may unpack to: in all, and its shared strings (held while it is read). */
export const IMPORT_MAX_UNPACKED_BYTES = 160 * 1024 * 1024;
export const IMPORT_MAX_SHARED_STRINGS_BYTES = 32 * 1024 * 1024;
/** How long the reading of one file may take, every pass of it together. */
export const IMPORT_MAX_SECONDS = 120;
/** A preview and a refusal show a cell's first characters only. */
export const IMPORT_PREVIEW_CELL_CHARS = 200;
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
