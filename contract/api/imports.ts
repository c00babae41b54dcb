import { z } from 'zod';
import {
  IMPORT_AMOUNT_STYLES,
  IMPORT_BODY_TYPES,
  IMPORT_DATE_FORMATS,
  IMPORT_KINDS,
  IMPORT_ROW_STATUSES,
} from '../imports';
import type { Endpoint } from './endpoint';
import { ErrorResponse, categoryName, id, optionalText } from './fields';

/**
 * Import from a spreadsheet: a CSV file or an Excel workbook (.xlsx) is sent as the body of
 * the call, its settings (which sheet, which line holds the headers, which column is which,
 * how dates and amounts are written) in the query. A preview checks every row and shows
 * the first ones; the import checks them again and records them all in one transaction, or
 * none. The kinds, formats, fields and limits are in ../imports.ts.
 */

export * from '../imports';

const column = z.coerce
  .number({ error: 'must be a column number' })
  .int('must be a whole number')
  .min(0, 'must be a column number from 1, or 0 for none')
  .max(500, 'must be at most 500')
  .meta({
    description:
      'A column of the sheet, 1 for the first (A); 0: an optional field the file does not have',
  });

const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');

/** The settings of a preview or an import; the preview fills in those not given. */
export const ImportSettings = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'must be one of expenses, lend, borrowed, payments' }),
  /** Payments only: the company's account they are recorded on. */
  accountId: id.optional(),
  /** An Excel workbook's sheet, by name; the first when not given. */
  sheet: optionalText(100).optional(),
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
  /** Payments: the bank's running balance, checked row by row when mapped. */
  balanceColumn: column.optional(),
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
  fileType: z.enum(['csv', 'xlsx', 'html']),
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
export const ImportRefusal = ErrorResponse.extend({
  /** The rows' problems, when it is the rows that are refused (not a setting or the file). */
  problems: z.array(CellProblem).optional(),
}).meta({
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
      /** The first and last dates of the rows imported (YYYY-MM-DD); null when none was. */
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  }),
  z.object({ error: z.object({ statusCode: z.number(), message: z.string() }) }),
]);
export type ImportEvent = z.infer<typeof ImportEvent>;

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
