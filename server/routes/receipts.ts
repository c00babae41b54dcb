import type { FastifyReply, FastifyRequest } from 'fastify';
import { receiptEndpoints } from '../../contract/api/receipts';
import { callerOf } from '../plugins/auth';
import { limitExports } from '../plugins/rateLimit';
import { todayOf } from '../plugins/timeZone';
import { BODY, errors } from '../lib/schemas';
import { inPaise, signedInRoutes } from './handlers';
import { pdfHeaders, sendPdf } from '../pdf/reply';
import * as receipts from '../services/receivables/receipts';
import * as receivables from '../services/receivables/receivables';
import { listReceivables } from '../services/receivables/receivableList';
import * as monthEnd from '../services/receivables/monthEnd';
import { renderStatementPdf } from '../services/receivables/statementPdf';
import { pdfSlots } from './invoicing';

type CsvFile = { name: string; text: string };

const csvReply = (reply: FastifyReply, file: CsvFile) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .send(file.text);

const READERS = "Admins and companies only (403); another company's records are not found (404).";

export const receiptRoutes = signedInRoutes(receiptEndpoints)((
  app,
  { page, read, updated, done },
) => {
  const statementSlots = pdfSlots();
  // Receivables are part of the invoicing area of the API document.
  const tags = ['invoicing'];
  /** A CSV of the books: read by admins and companies, counted against the export limit. */
  const csvExport = <Q>(
    summary: string,
    file: (caller: ReturnType<typeof callerOf>, query: Q) => Promise<CsvFile>,
  ) => ({
    tags,
    summary,
    description: `${READERS} Counts against the export limit (429).`,
    answers: 'A CSV file',
    refusals: errors(400, 401, 403, 429),
    options: { preHandler: limitExports(app) },
    handler: async (request: FastifyRequest<{ Querystring: Q }>, reply: FastifyReply) =>
      csvReply(reply, await file(callerOf(request), request.query as Q)),
  });

  return {
    listReceipts: {
      tags,
      summary: "Receipts from clients, newest first, with the filter's totals",
      description:
        "A company's own, an admin's companies' (companyId narrows), a PM's: those settling an invoice of its projects.",
      answers: 'One page of receipts',
      refusals: errors(400, 401),
      handler: page(receipts.listReceipts),
    },

    receiptsCsv: csvExport('The receipts dated in a range, as CSV', (caller, query) =>
      monthEnd.receiptsCsv(app.db, caller, query),
    ),

    getReceipt: {
      tags,
      summary: 'One receipt with its allocations',
      description: 'Not the caller’s to read: 404.',
      answers: 'The receipt',
      refusals: errors(400, 401, 404),
      handler: done('Receipt', (db, caller, { params }) =>
        receipts.getReceipt(db, caller, params.id),
      ),
    },

    addReceipt: {
      tags,
      summary:
        "Records money a client paid: one credit on the company's account through the ledger, allocated to the client's invoices",
      description:
        "Companies only (403). Each allocation's amount plus TDS may not pass what the invoice still owes (400 naming `allocations.N.amount`), the allocations may not pass `amount` (400), and a cheque needs its number as `reference` (400). What `amount` leaves unallocated is the client's advance. A closed account takes no receipts (400). Another company's client, invoice or account is not found (404). Nothing is saved on any refusal.",
      answers: 'The receipt',
      refusals: errors(...BODY, 401, 403, 404),
      handler: async (request) => {
        const { amount, allocations, ...rest } = request.body;
        const data = await receipts.addReceipt(app.db, callerOf(request), {
          ...rest,
          amountPaise: amount,
          allocations: allocations.map((a) => ({
            invoiceId: a.invoiceId,
            amountPaise: a.amount,
            tdsPaise: a.tds,
          })),
        });
        return { success: true, message: 'Receipt recorded', data };
      },
    },

    applyAdvance: {
      tags,
      summary: "Applies part of a receipt's advance to another invoice of its client",
      description:
        "Companies only (403). `amount` may pass neither the receipt's advance nor what the invoice still owes (400). A receipt changed since `version` or reversed is a 409.",
      answers: 'The receipt',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: done('Advance applied', (db, caller, { params, body }) =>
        receipts.applyAdvance(db, caller, params.id, inPaise(body)),
      ),
    },

    reverseReceipt: {
      tags,
      summary:
        "Reverses a receipt: the ledger's reversal of its credit, and its allocations taken back from its invoices",
      description:
        'Companies only (403). Dated the receipt’s day; a closed account (400) or a balance the reversal would take below zero (400) refuses it. Reversed already, or changed since `version`: 409.',
      answers: 'The reversed receipt',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: updated('Receipt reversed', receipts.reverseReceipt),
    },

    listReceivables: {
      tags,
      summary:
        'What each client (or project) was invoiced, has paid and still owes, aged by due date as of today',
      description: READERS,
      answers: 'One page of receivables, most pending first, and the totals',
      refusals: errors(400, 401, 403),
      handler: async (request) => ({
        success: true,
        ...(await listReceivables(app.db, callerOf(request), request.query, todayOf(request))),
      }),
    },

    tdsByClient: {
      tags,
      summary: 'TDS withheld by clients, per client and financial year (to match Form 26AS)',
      description: READERS,
      answers: 'TDS per client and year',
      refusals: errors(400, 401, 403),
      handler: read(receivables.tdsByClient),
    },

    clientStatement: {
      tags,
      summary:
        "A client's statement: opening balance, invoices, credit notes and receipts in date order with the running balance, closing",
      description: `${READERS} \`to\` must be on or after \`from\` (400).`,
      answers: 'The statement',
      refusals: errors(400, 401, 403, 404),
      handler: async (request) => ({
        success: true,
        data: receivables.statementToApi(
          await receivables.clientStatement(
            app.db,
            callerOf(request),
            request.params.id,
            request.query,
          ),
        ),
      }),
    },

    clientStatementCsv: {
      tags,
      summary: "A client's statement as CSV",
      description: `${READERS} Counts against the export limit (429).`,
      answers: 'A CSV file',
      refusals: errors(400, 401, 403, 404, 429),
      options: { preHandler: limitExports(app) },
      handler: async (request, reply) =>
        csvReply(
          reply,
          await monthEnd.clientStatementCsv(
            app.db,
            callerOf(request),
            request.params.id,
            request.query,
          ),
        ),
    },

    clientStatementPdf: {
      tags,
      summary: "A client's statement as PDF",
      description: `${READERS} Counts against the export limit (429).`,
      answers: 'A PDF file',
      refusals: errors(400, 401, 403, 404, 429),
      options: { ...pdfHeaders, preHandler: limitExports(app) },
      handler: async (request, reply) => {
        const statement = await receivables.clientStatement(
          app.db,
          callerOf(request),
          request.params.id,
          request.query,
        );
        // A turn of the PDF slots, as an invoice's PDF takes (2 per server, 1 per user).
        const release = await statementSlots.take(callerOf(request).userId);
        let pdf: Buffer;
        try {
          pdf = await renderStatementPdf(statement);
        } finally {
          release();
        }
        return sendPdf(
          reply,
          { name: `statement-${statement.from}-to-${statement.to}.pdf`, pdf },
          'attachment',
        );
      },
    },

    invoiceRegisterCsv: csvExport(
      'The invoice register (invoices and credit notes) for a date range, as CSV',
      (caller, query) => monthEnd.invoiceRegisterCsv(app.db, caller, query),
    ),

    gstr1B2bCsv: csvExport(
      "GSTR-1 B2B for a month, as the GST offline tool's b2b CSV",
      (caller, query) => monthEnd.gstr1B2bCsv(app.db, caller, query),
    ),

    gstr1B2csCsv: csvExport(
      "GSTR-1 B2CS for a month, as the GST offline tool's b2cs CSV",
      (caller, query) => monthEnd.gstr1B2csCsv(app.db, caller, query),
    ),
  };
});
