import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceEndpoints } from '../../contract/api/invoices';
import { pdfHeaders, sendPdf } from '../pdf/reply';
import { registerRoutes } from '../lib/registerRoutes';
import { signedInRoutes } from './handlers';
import { mailing, remindersPerCaller } from './mailing';
import { shareLinkHandlers } from './shareLinks';
import { BODY, errors } from '../lib/schemas';
import { Slots } from '../lib/slots';
import { callerOf } from '../plugins/auth';
import { addressOf } from '../plugins/rateLimit';
import { todayOf } from '../plugins/timeZone';
import { clientRecords } from '../services/invoicing/clients';
import * as documents from '../services/invoicing/documents';
import * as invoices from '../services/invoicing/invoices';
import { listInvoices } from '../services/invoicing/invoiceList';
import { addCreditNote, cancelInvoice, issueInvoice } from '../services/invoicing/issue';
import { getProfile, saveProfile } from '../services/invoicing/profile';

const { publicInvoicePdf: publicEntry, ...signedIn } = invoiceEndpoints;

/**
 * PDFs are made a few at a time: at most 2 at once on this server and 1 per user (or per
 * shared invoice); past that a call waits up to 10 s, then is refused with 503 Retry-After.
 */
export const pdfSlots = () =>
  new Slots(2, 1, 10_000, 'Busy making PDFs. Please try again shortly.');

const READ =
  "Companies read their own, their admin reads them (read-only); another company's is not found (404).";
const WRITE =
  "Companies only (admins read, never write: 403); another company's record is not found (404).";

export const invoicingRoutes = signedInRoutes(signedIn)((
  app,
  { page, one, added, updated, done, removed },
) => {
  const slots = pdfSlots();
  const links = shareLinkHandlers(app, documents, 'Link created');
  const tags = ['invoicing'];
  const caller = callerOf;

  return {
    getInvoiceProfile: {
      tags,
      summary: "The company's invoicing profile (the seller on its invoices), or null",
      description: `${READ} An admin names the company (\`companyId\`).`,
      answers: 'The profile, or null before there is one',
      refusals: errors(400, 401, 403),
      handler: async (request) => ({
        success: true,
        data: await getProfile(app.db, caller(request), request.query.companyId),
      }),
    },
    saveInvoiceProfile: {
      tags,
      summary: "Creates or replaces the company's invoicing profile",
      description: `${WRITE} \`version\` is required once there is a profile (409 when stale). The bank account must be one of the company's (404). Issued invoices keep the profile as it was at their issue.`,
      answers: 'The profile',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: added('Invoicing profile saved', saveProfile),
    },
    listInvoiceClients: {
      tags,
      summary: "The company's clients, by name; `search` matches name or GSTIN",
      description: READ,
      answers: 'One page of the clients',
      refusals: errors(400, 401, 403),
      handler: page(clientRecords.list),
    },
    getInvoiceClient: {
      tags,
      summary: 'One client',
      description: READ,
      answers: 'The client',
      refusals: errors(400, 401, 403, 404),
      handler: one(clientRecords.get),
    },
    addInvoiceClient: {
      tags,
      summary: 'A company adds a client',
      description: `${WRITE} A name the company has already (in any case) is a 409.`,
      answers: 'The new client',
      refusals: errors(...BODY, 401, 403, 409),
      handler: added('Client added', clientRecords.add),
    },
    updateInvoiceClient: {
      tags,
      summary: 'A company edits a client, at the version read',
      description: `${WRITE} 409 when stale or the name is taken. Issued invoices keep the client as it was at their issue; projects of the client show its new name and mobile.`,
      answers: 'The client',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: updated('Client updated', clientRecords.update),
    },
    deleteInvoiceClient: {
      tags,
      summary: 'Deletes a client that has no invoices or receipts (otherwise 409)',
      description: WRITE,
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: removed('Client deleted', clientRecords.remove),
    },
    listInvoices: {
      tags,
      summary: 'Invoices and credit notes, newest first, with the totals of the whole filter',
      description: `${READ} A PM reads the invoices of its own projects. \`search\` matches the number or the client's name; \`from\`/\`to\` are issue dates, both included. \`after\` (or \`before\`) is the \`cursors.last\` (or \`cursors.first\`) of a page of this list in the same order: the next (or previous) page is then read from that row rather than by skipping \`(page - 1) × pageSize\` rows; \`page\` only numbers it. A position that is not one is a 400.`,
      answers:
        'One page of the invoices, and the total, received and pending amounts of the filter',
      refusals: errors(400, 401, 403),
      handler: page(listInvoices),
    },
    getInvoice: {
      tags,
      summary: 'One invoice or credit note with its lines, tax table and amount in words',
      description: `${READ} A PM reads the invoices of its own projects.`,
      answers: 'The invoice',
      refusals: errors(400, 401, 403, 404),
      handler: one(invoices.getInvoice),
    },
    addInvoice: {
      tags,
      summary: 'A company saves an invoice draft (numbered when issued)',
      description: `${WRITE} The client and project must be the company's (404). Totals are computed from the lines, never taken from the call.`,
      answers: 'The draft',
      refusals: errors(...BODY, 401, 403, 404),
      handler: added('Draft saved', invoices.addDraft),
    },
    updateInvoice: {
      tags,
      summary: 'A company edits a draft, at the version read',
      description: `${WRITE} An issued invoice is never edited (409 \`wrong_state\`: cancel it with a credit note).`,
      answers: 'The draft',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: updated('Draft saved', invoices.updateDraft),
    },
    deleteInvoice: {
      tags,
      summary: 'Deletes a draft; an issued invoice is never deleted (409)',
      description: WRITE,
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: removed('Draft deleted', invoices.deleteDraft),
    },
    issueInvoice: {
      tags,
      summary: 'Issues a draft: the next number of its financial year, figures and parties fixed',
      description: `${WRITE} Needs the invoicing profile (400 naming \`profile\`). Numbers run without gaps in date order: an issue date before the last issued invoice's is a 400 naming \`issueDate\`. 409 when stale or already issued.`,
      answers: 'The issued invoice',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: done('Invoice issued', (db, caller, { params, body }) =>
        issueInvoice(db, caller, params.id, body.version),
      ),
    },
    cancelInvoice: {
      tags,
      summary: 'Cancels an issued invoice with a numbered credit note for all of it',
      description: `${WRITE} Only while nothing of it is paid or credited (409: make a credit note for what is pending instead). The credit note is dated \`issueDate\`, today when left out, not before the invoice.`,
      answers: 'The credit note',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: async (request) => ({
        success: true,
        message: 'Invoice cancelled',
        data: await cancelInvoice(app.db, caller(request), request.params.id, {
          ...request.body,
          issueDate: request.body.issueDate ?? todayOf(request),
        }),
      }),
    },
    addCreditNote: {
      tags,
      summary: 'A numbered credit note against an issued invoice, for at most what is pending',
      description: `${WRITE} One that settles the whole invoice cancels it.`,
      answers: 'The credit note',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: added('Credit note issued', addCreditNote),
    },
    invoicePdf: {
      tags,
      summary: 'The PDF of an issued invoice or credit note',
      description: `${READ} A PM reads those of its own projects. A draft has none (409). A few are made at a time (503 with Retry-After when busy).`,
      answers: 'A PDF (attachment <number>.pdf)',
      refusals: errors(400, 401, 403, 404, 409, 503),
      options: pdfHeaders,
      handler: async (request, reply) =>
        sendPdf(
          reply,
          await documents.invoicePdf(app.db, slots, caller(request), request.params.id),
          'attachment',
        ),
    },
    emailInvoice: {
      tags,
      summary: 'E-mails the client a share link to the PDF (no attachment)',
      description: `${WRITE} The client must have an e-mail (400 naming \`email\`). Counted with lend reminders, per sender and per recipient (429).`,
      answers: 'Sent: to whom, and when its link expires',
      refusals: errors(...BODY, 401, 403, 404, 409, 429, 502),
      options: {
        preHandler: remindersPerCaller(
          app,
          'You have sent many e-mails today. Please try again tomorrow.',
        ),
      },
      handler: done('Invoice e-mailed', (db, caller, request) =>
        mailing(request, 'invoice', () =>
          documents.emailInvoice(db, app, caller, request.params.id, request.body.expiresInDays),
        ),
      ),
    },
    createInvoiceLink: {
      tags,
      summary: 'A link that opens the PDF without signing in, for 1 to 90 days (30 by default)',
      description: `${WRITE} The URL is answered this once: only its hash is kept. A draft has none (409).`,
      answers: 'The link, with its URL',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: links.create,
    },
    listInvoiceLinks: {
      tags,
      summary: "An invoice's share links, newest first (never their URLs)",
      description: READ,
      answers: 'The links',
      refusals: errors(400, 401, 403, 404),
      handler: links.list,
    },
    revokeInvoiceLink: {
      tags,
      summary: 'Revokes a share link: it opens nothing from then on',
      description: WRITE,
      answers: 'Revoked',
      refusals: errors(...BODY, 401, 403, 404),
      handler: links.revoke,
    },
  };
});

/** The PDF a share link opens, without a session. */
export const publicInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const slots = pdfSlots();
  registerRoutes(
    app,
    { publicInvoicePdf: publicEntry },
    {
      publicInvoicePdf: {
        tags: ['invoicing'],
        summary: 'The PDF of the one invoice a share link opens',
        description:
          'No session. An unknown, expired or revoked link is not found (404). Limited per address (429). Never cached or indexed.',
        public: true,
        answers: 'A PDF (inline)',
        refusals: errors(400, 404, 429, 503),
        options: {
          ...pdfHeaders,
          onRequest: app.limitBy({
            limit: app.limits.invoiceLinksPerAddress,
            key: (request) => `invoice-link:address:${addressOf(request)}`,
            message: 'Too many tries. Please try again later.',
          }),
        },
        handler: async (request, reply) =>
          sendPdf(
            reply,
            await documents.publicInvoicePdf(app.db, slots, request.params.token),
            'inline',
          ),
      },
    },
  );
};
