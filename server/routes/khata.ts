import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { khataEndpoints } from '../../contract/api/khata';
import { registerRoutes } from '../lib/registerRoutes';
import { inPaise, signedInRoutes } from './handlers';
import { remindersPerCaller } from './mailing';
import { shareLinkHandlers } from './shareLinks';
import { BODY, errors } from '../lib/schemas';
import { callerOf } from '../plugins/auth';
import { addressOf } from '../plugins/rateLimit';
import { todayOf } from '../plugins/timeZone';
import { pdfHeaders, sendPdf } from '../pdf/reply';
import {
  personLedger,
  recordPhoneReminder,
  saveUpiSettings,
  upiSettings,
} from '../services/khata/book';
import { addEntry, settleUp } from '../services/khata/entries';
import * as links from '../services/khata/links';
import { addPerson, updatePerson } from '../services/khata/people';
import { pdfSlots } from './invoicing';

const {
  publicKhataStatement: publicStatementEntry,
  publicKhataStatementPdf: publicPdfEntry,
  ...signedIn
} = khataEndpoints;

const OWN =
  "Every role keeps its own khata: another user's person is not found (404), for admins too.";

export const khataRoutes = signedInRoutes(signedIn)((app, { mine, one, added, updated, done }) => {
  const tags = ['lend', 'borrowed'];
  const caller = callerOf;
  const statementLinks = shareLinkHandlers(app, links, 'Statement link created');

  return {
    addKhataPerson: {
      tags,
      summary: 'Adds a person to the khata: a name and an Indian mobile number, or an e-mail',
      description:
        'The mobile is kept as +91 and 10 digits; one of mobile and e-mail is required (400). A number (or, without one, an e-mail) already kept is a 409.',
      answers: 'The person',
      refusals: errors(...BODY, 401, 409),
      handler: added('Person added', addPerson),
    },
    getKhataLedger: {
      tags,
      summary:
        "A person's page: every lend, borrowing, repayment, settlement and reminder in date order with the running balance, what each side owes and the open lends",
      description: OWN,
      answers: 'The ledger with the person',
      refusals: errors(400, 401, 404),
      handler: one(personLedger),
    },
    updateKhataPerson: {
      tags,
      summary: "Changes a person's name, mobile or e-mail",
      description: `${OWN} \`version\` as read (409 when stale); a number kept for another person is a 409. Their entries keep the name and contact typed on them.`,
      answers: 'The person',
      refusals: errors(...BODY, 401, 404, 409),
      handler: updated('Person saved', updatePerson),
    },
    addKhataEntry: {
      tags,
      summary: 'You gave / You got: an amount, a date and a note, in one step',
      description: `${OWN} You gave repays the caller's open borrowings from the person first (oldest first, those issued by the date), and the rest is a new lend due on \`dueDate\` (the date when none); You got repays the person's open lends first, and the rest is a new borrowing. The lend and borrowed books and their totals show each part.`,
      answers: 'What was repaid, the new entry (if any) and the net after it',
      refusals: errors(...BODY, 401, 404),
      handler: done('Entry recorded', (db, caller, { params, body }) =>
        addEntry(db, caller, params.id, inPaise(body)),
      ),
    },
    settleKhataPerson: {
      tags,
      summary: 'Settle up: repays every open lend and borrowing with the person in full',
      description: `${OWN} Nothing open is a 400, and so is a date before the latest open entry's issue date. The net is zero after it.`,
      answers: 'What was repaid, and the net (zero)',
      refusals: errors(...BODY, 401, 404),
      handler: done('Settled up', (db, caller, { params, body }) =>
        settleUp(db, caller, params.id, body.date),
      ),
    },
    recordKhataReminder: {
      tags,
      summary: 'Records a WhatsApp or SMS reminder the caller sent from their own phone',
      description: `${OWN} The person must owe something on balance (their open lends less what the caller owes them, the amount recorded) and have a mobile number (400). Counted with e-mail reminders per sender (429).`,
      answers: 'The reminder is on the person’s page',
      refusals: errors(...BODY, 401, 404, 429),
      options: {
        preHandler: remindersPerCaller(
          app,
          'You have sent many reminders today. Please try again tomorrow.',
        ),
      },
      handler: async (request) => {
        await recordPhoneReminder(
          app.db,
          caller(request),
          request.params.id,
          request.body.channel,
          todayOf(request),
        );
        return { success: true, message: 'Reminder recorded' };
      },
    },
    listKhataLinks: {
      tags,
      summary: "The person's statement links, newest first (at most 50)",
      description: OWN,
      answers: 'The links (their tokens are never shown again)',
      refusals: errors(400, 401, 404),
      handler: statementLinks.list,
    },
    createKhataLink: {
      tags,
      summary: "A new link to the person's statement (a read-only page and its PDF)",
      description: `${OWN} The link opens that one ledger and nothing else, until it expires (1 to 90 days) or is revoked; its address is answered this once.`,
      answers: 'The link, with its page and PDF addresses',
      refusals: errors(...BODY, 401, 404),
      handler: statementLinks.create,
    },
    revokeKhataLink: {
      tags,
      summary: 'Revokes a statement link: it opens nothing from now on',
      description: OWN,
      answers: 'The link is revoked',
      refusals: errors(...BODY, 401, 404),
      handler: statementLinks.revoke,
    },
    getUpiSettings: {
      tags: ['profile'],
      summary: "The caller's UPI ID, which reminders ask to be paid to, and their name",
      answers: 'The UPI ID (null when none) and name',
      refusals: errors(400, 401),
      handler: mine(upiSettings),
    },
    saveUpiSettings: {
      tags: ['profile'],
      summary: "Sets or removes (empty) the caller's UPI ID",
      description: 'A UPI ID (VPA) such as name@okhdfcbank, kept in lower case (400 otherwise).',
      answers: 'The UPI ID saved',
      refusals: errors(...BODY, 401),
      handler: done('UPI ID saved', (db, caller, { body }) =>
        saveUpiSettings(db, caller, body.upiId),
      ),
    },
  };
});

/** The statement a link opens, without a session: limited per address, never cached. */
export const publicKhataRoutes: FastifyPluginAsyncZod = async (app) => {
  const slots = pdfSlots();
  const limited = {
    onRequest: app.limitBy({
      limit: app.limits.statementLinksPerAddress,
      key: (request) => `khata-link:address:${addressOf(request)}`,
      message: 'Too many tries. Please try again later.',
    }),
  };
  const description =
    'No session. An unknown, expired or revoked link is not found (404, `invalid_link`, saying which). Limited per address (429). Shows the ledger between the two people and nothing else.';
  registerRoutes(
    app,
    { publicKhataStatement: publicStatementEntry, publicKhataStatementPdf: publicPdfEntry },
    {
      publicKhataStatement: {
        tags: ['lend'],
        summary: 'The statement a share link opens: the two names and their ledger',
        description,
        public: true,
        answers: 'The statement',
        refusals: errors(400, 404, 429),
        options: { ...pdfHeaders, ...limited },
        handler: async (request) => ({
          success: true,
          data: await links.publicStatement(app.db, request.params.token),
        }),
      },
      publicKhataStatementPdf: {
        tags: ['lend'],
        summary: 'The PDF of the statement a share link opens',
        description,
        public: true,
        answers: 'A PDF (inline)',
        refusals: errors(400, 404, 429, 503),
        options: { ...pdfHeaders, ...limited },
        handler: async (request, reply) =>
          sendPdf(
            reply,
            await links.publicStatementPdf(app.db, slots, request.params.token),
            'inline',
          ),
      },
    },
  );
};
