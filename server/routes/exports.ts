import { exportEndpoints } from '../../contract/api/exports';
import { callerOf } from '../plugins/auth';
import { limitExports } from '../plugins/rateLimit';
import { todayOf } from '../plugins/timeZone';
import { errors } from '../lib/schemas';
import { signedInRoutes } from './handlers';
import { expenseExportFilter, expensesCsv, expensesCsvName } from '../services/exports';
import { myDataZip } from '../services/myData';
import { sendCsv } from './csv';

/**
 * The expenses CSV and the "export my data" ZIP: streamed from the database a batch at a
 * time (services/exports.ts), counted against the export limit.
 */
export const exportRoutes = signedInRoutes(exportEndpoints)((app) => ({
  exportExpenses: {
    tags: ['expenses'],
    summary: "The caller's expenses matching the list's filters, in its order, as CSV",
    description: [
      "Every expense of the caller's list filter (search, category, expense date `from`/`to`",
      'both included) in the sort and order given, without paging: Date, Description,',
      "Category, Amount (rupees, 2 decimals). Only the caller's own, whatever its role.",
      '`to` must be on or after `from` (400). Counts against the export limit (429).',
    ].join(' '),
    answers: 'A CSV file (attachment expenses….csv)',
    refusals: errors(400, 401, 429),
    options: { preHandler: limitExports(app) },
    handler: async (request, reply) => {
      // The filter is checked before the first byte (400); then the rows are read and
      // written a batch at a time.
      const caller = callerOf(request);
      const filter = await expenseExportFilter(app.db, caller, request.query);
      const csv = expensesCsv(app.db, caller, filter);
      return sendCsv(reply, expensesCsvName(request.query), csv);
    },
  },

  exportMyDataZip: {
    tags: ['profile'],
    summary: "Everything that is the caller's own, as a ZIP of CSV files",
    description: [
      'profile.csv, expenses.csv, lend.csv, borrowed.csv, repayments.csv, categories.csv and',
      'recurring-expenses.csv; for a company',
      'also people.csv, projects.csv, bank-accounts.csv and payments.csv. Money in rupees',
      'with 2 decimals. The same records as the JSON download (`exportMyData`); never a secret',
      'column (password hash, two-factor key, token hash). Counts against the export limit (429).',
    ].join(' '),
    answers: 'A ZIP file (attachment my-data.zip)',
    refusals: errors(400, 401, 429),
    options: { preHandler: limitExports(app) },
    handler: async (request, reply) =>
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="my-data.zip"')
        .send(myDataZip(app.db, callerOf(request), todayOf(request))),
  },
}));
