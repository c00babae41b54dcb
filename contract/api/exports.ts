import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { EXPENSE_SORTS } from './expenses';
import { PageQuery, calendarDate, categoryName } from './fields';

/**
 * Downloads streamed from the database: the caller's expenses as CSV (the list's filters and
 * order), and everything the caller owns as a ZIP of CSVs. Every CSV starts with a UTF-8
 * byte-order mark, so that spreadsheets read Indian names right, and gives money in rupees
 * with 2 decimals, exact to the paisa.
 */

/** A CSV download of the export calls. */
export const CsvFile = z.string().meta({
  description:
    'CSV, UTF-8 with a byte-order mark: a header line, then a line per row; money in rupees with 2 decimals',
});

/** A ZIP archive of CSV files. */
export const ZipFile = z.string().meta({
  format: 'binary',
  description:
    'A ZIP archive of CSV files (UTF-8 with a byte-order mark): profile.csv, expenses.csv, lend.csv, borrowed.csv, repayments.csv, categories.csv, recurring-expenses.csv, and for a company people.csv, projects.csv, bank-accounts.csv and payments.csv',
});

/**
 * The expense list's filters and order, without paging: every matching expense is exported.
 * `from`/`to` bound the expense date (both included).
 */
export const ExpenseExportQuery = z.object({
  search: PageQuery.shape.search,
  category: categoryName.optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  sort: z.enum(EXPENSE_SORTS).default('date'),
  order: PageQuery.shape.order,
});

export const exportEndpoints = {
  /** The caller's expenses matching the list's filters, as CSV. */
  exportExpenses: {
    method: 'GET',
    path: '/expense/export',
    query: ExpenseExportQuery,
    download: { type: 'text/csv', schema: CsvFile },
  },
  /** Everything that is the caller's own, as a ZIP of CSV files. */
  exportMyDataZip: {
    method: 'GET',
    path: '/user/exportmydata/zip',
    download: { type: 'application/zip', schema: ZipFile },
  },
} as const satisfies Record<string, Endpoint>;
