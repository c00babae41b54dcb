import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { ErrorResponse, categoryName, id } from './fields';

/**
 * Import from a spreadsheet: a CSV file or an Excel workbook (.xlsx) is sent as the body of
 * the call, its settings (which sheet, which line holds the headers, which column is which,
 * how dates and amounts are written) in the query. A preview checks every row and shows
 * the first ones; the import checks them again and records them all in one transaction, or
 * none.
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

const column = z.coerce
  .number({ error: 'must be a column number' })
  .int('must be a whole number')
  .min(1, 'must be a column number from 1')
  .max(500, 'must be at most 500')
  .meta({ description: 'A column of the sheet, 1 for the first (A)' });

const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');

/** The settings of a preview or an import; the preview fills in those not given. */
export const ImportSettings = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'must be one of expenses, lend, borrowed, payments' }),
  /** Payments only: the company's account they are recorded on. */
  accountId: id.optional(),
  /** An Excel workbook's sheet, by name; the first when not given. */
  sheet: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  /** The line holding the column headers; the lines above it are not imported. */
  headerRow: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .optional(),
  dateFormat: z
    .enum(IMPORT_DATE_FORMATS, { error: 'must be one of DD/MM/YYYY, YYYY-MM-DD, DD-MMM-YY' })
    .optional(),
  amountStyle: z.enum(IMPORT_AMOUNT_STYLES, { error: 'must be single or debitCredit' }).optional(),
  dateColumn: column.optional(),
  descriptionColumn: column.optional(),
  amountColumn: column.optional(),
  debitColumn: column.optional(),
  creditColumn: column.optional(),
  categoryColumn: column.optional(),
  nameColumn: column.optional(),
  emailColumn: column.optional(),
  dueDateColumn: column.optional(),
  /** Expenses: the category of rows without a category column (or with it blank). */
  category: categoryName.optional(),
});
export type ImportSettings = z.infer<typeof ImportSettings>;

export const ImportQuery = ImportSettings.extend({
  /** Import rows that match a record already there (same date, amount and text) too. */
  keepDuplicates: flag.optional(),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

/** A problem with one cell (column set) or one row, by its line number in the file. */
export const CellProblem = z.object({
  row: z.number(),
  column: z.number().nullable(),
  message: z.string(),
});
export type CellProblem = z.infer<typeof CellProblem>;

/** What became of a row: imported, refused for an error, already there, or not an entry. */
export const IMPORT_ROW_STATUSES = ['ready', 'error', 'duplicate', 'skipped'] as const;

export const PreviewRow = z.object({
  /** The row's line number in the file or sheet (the header line included). */
  row: z.number(),
  cells: z.array(z.string()),
  status: z.enum(IMPORT_ROW_STATUSES),
  problems: z.array(CellProblem),
  /** Why a row is skipped or a duplicate. */
  note: z.string().nullable(),
});

export const ImportPreview = z.object({
  fileType: z.enum(['csv', 'xlsx']),
  /** A workbook's sheets, in order; empty for a CSV file. */
  sheets: z.array(z.string()),
  /** The settings used, every one filled in: send them back to import. */
  settings: ImportSettings.required({
    kind: true,
    headerRow: true,
    dateFormat: true,
    amountStyle: true,
  }),
  /** Where the settings came from: this call, the caller's last import of this kind, a guess. */
  settingsFrom: z.enum(['given', 'saved', 'guessed']),
  /** The lines above the header line, as the file has them (at most 20). */
  above: z.array(z.array(z.string())),
  columns: z.array(z.object({ column: z.number(), letter: z.string(), header: z.string() })),
  /** Settings that cannot work (a column mapped twice, a required field not mapped). */
  settingProblems: z.array(z.object({ setting: z.string(), message: z.string() })),
  rows: z.array(PreviewRow),
  counts: z.object({
    rows: z.number(),
    ready: z.number(),
    errors: z.number(),
    duplicates: z.number(),
    skipped: z.number(),
  }),
  /** The first problems in the file, in row order. */
  problems: z.array(CellProblem),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

/** An import refused for its rows: nothing was saved. */
export const ImportRefusal = ErrorResponse.extend({ problems: z.array(CellProblem) }).meta({
  id: 'ImportRefusal',
});

/** What an import answers, one JSON object per line as the work goes on. */
export const ImportEvent = z.union([
  z.object({ progress: z.object({ done: z.number(), total: z.number() }) }),
  z.object({
    result: z.object({
      imported: z.number(),
      duplicatesSkipped: z.number(),
      duplicatesKept: z.number(),
      skipped: z.number(),
      /** Payments: the account's balance after the import, in rupees. */
      balance: z.number().nullable(),
    }),
  }),
  z.object({ error: z.object({ statusCode: z.number(), message: z.string() }) }),
]);
export type ImportEvent = z.infer<typeof ImportEvent>;

/** The media types an import's body may have (any other is read by its first bytes). */
export const IMPORT_BODY_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
] as const;

export const importEndpoints = {
  /** Reads a file with the settings given (or remembered, or guessed) and checks every row. */
  previewImport: {
    method: 'POST',
    path: '/import/preview',
    query: ImportSettings,
    upload: { types: IMPORT_BODY_TYPES },
    answer: ImportPreview,
  },
  /** Records every row of the file, or none; answers progress lines, then the result. */
  runImport: {
    method: 'POST',
    path: '/import/run',
    query: ImportQuery,
    upload: { types: IMPORT_BODY_TYPES },
    stream: { type: 'application/x-ndjson', schema: ImportEvent },
  },
} as const satisfies Record<string, Endpoint>;
