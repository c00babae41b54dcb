import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import type { Caller } from '../lib/caller';
import { reconciliationEndpoints } from '../../contract/api/reconciliation';
import { callerOf } from '../plugins/auth';
import { limitImports } from '../plugins/rateLimit';
import { BODY, errors } from '../lib/schemas';
import { registerRoutes, type Routes } from '../lib/registerRoutes';
import { handlersOf } from './handlers';
import { FILE_TYPE_MESSAGE, fileRefusals, takeFiles, withUpload } from '../services/importUpload';
import * as reconciliation from '../services/reconciliation/reconciliations';

const tags = ['reconciliation'];

const {
  previewReconciliation: previewEntry,
  createReconciliation: createEntry,
  ...workEndpoints
} = reconciliationEndpoints;

/** The two calls that take the bank's file as their body, in a plugin of their own. */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  takeFiles(app);
  const options = {
    preHandler: limitImports(app),
    config: { mediaTypeMessage: FILE_TYPE_MESSAGE },
  };
  registerRoutes(
    app,
    { previewReconciliation: previewEntry, createReconciliation: createEntry },
    {
      previewReconciliation: {
        tags,
        summary: "Reads a bank's download and shows the statement, saving nothing",
        description: [
          'The body is the file: a CSV, an .xlsx, or the ".xls" that is a web page or',
          'tab-separated text, or a binary Excel 97–2003 .xls, each read within bounds. The header',
          'line is found below the bank’s preamble, the columns by their headers (HDFC, ICICI,',
          'SBI, Axis and Kotak are named; others with a date, amounts and a balance are read',
          'too). Answers the period, the statement’s and the ledger’s balances, the lines',
          'whose balance does not follow from the one before, and the first lines. The',
          'company only, on one of its accounts (404 otherwise); read within the import',
          'bounds (size, rows, columns, cell length, time).',
        ].join(' '),
        answers: 'The statement as read',
        refusals: { ...errors(400, 401, 403, 404, 429), ...fileRefusals },
        options,
        handler: async (request) => {
          const { accountId } = request.query;
          const data = await withUpload(request, (upload) =>
            reconciliation.previewReconciliation(app.db, callerOf(request), accountId, upload),
          );
          return { success: true, data };
        },
      },
      createReconciliation: {
        tags,
        summary: "Starts a reconciliation of an account from the bank's download",
        description: [
          'Reads the file as the preview does, saves its lines, and suggests for each a',
          'ledger entry of the same amount and direction, dated within a few days, with the',
          'reference or a word in common. Nothing is written when the file is refused. The',
          'company only (admins read: 403), on one of its accounts (404 otherwise).',
        ].join(' '),
        answers: 'The new reconciliation',
        refusals: { ...errors(400, 401, 403, 404, 429), ...fileRefusals },
        options,
        handler: async (request) => {
          const { accountId, fileName } = request.query;
          const data = await withUpload(request, (upload) =>
            reconciliation.createReconciliation(
              app.db,
              callerOf(request),
              accountId,
              fileName ?? '',
              upload,
            ),
          );
          return { success: true, data };
        },
      },
    },
  );
};

/**
 * Reconciliation of a bank account against the bank's own download: the company works on
 * it, its admin reads it, and another company's is not found.
 */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fileRoutes);
  app.addHook('onRequest', app.authenticate);
  const { page, pageIn, one, done, removed } = handlersOf(app);
  const read = 'The company and its admin; another company’s is not found (404).';
  const write = 'The company only (admins read: 403); another company’s is not found (404).';
  /** How many lines a call changed, and what it did to them ('lines ignored'). */
  const counted =
    <R extends FastifyRequest>(
      what: string,
      change: (db: Db, caller: Caller, request: R) => Promise<number>,
    ) =>
    async (request: R) => {
      const changed = await change(app.db, callerOf(request), request);
      return { success: true as const, message: `${changed} ${what}`, data: { changed } };
    };

  const routes: Routes<typeof workEndpoints> = {
    listReconciliations: {
      tags,
      summary: "An account's reconciliations, newest first",
      description: read,
      answers: 'One page of the reconciliations',
      refusals: errors(400, 401, 403),
      handler: page(reconciliation.listReconciliations),
    },
    getReconciliation: {
      tags,
      summary: 'A reconciliation: its balances, the difference and its lines’ states',
      description: `The statement's opening and closing balances against the ledger's over the same days, and the differences (0 when reconciled). ${read}`,
      answers: 'The reconciliation',
      refusals: errors(400, 401, 403, 404),
      handler: one(reconciliation.getReconciliation),
    },
    deleteReconciliation: {
      tags,
      summary: 'Deletes a reconciliation: the entries it held are no longer reconciled',
      description: `The entries created from its lines stay in the books. ${write}`,
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 403, 404),
      handler: removed('Reconciliation deleted', reconciliation.deleteReconciliation),
    },
    listReconciliationLines: {
      tags,
      summary: 'The statement lines, in the file’s order oldest first',
      description: `With the entry each is matched, created or suggested to, and why its balance does not follow from the line before when it does not; by state, or searched in the narration and reference. ${read}`,
      answers: 'One page of the lines',
      refusals: errors(400, 401, 403, 404),
      handler: pageIn(reconciliation.listLines),
    },
    listUnmatchedEntries: {
      tags,
      summary: 'The ledger entries of the period no line holds or is suggested to',
      description: `Reversed entries and reversals are left out (they cancel out). ${read}`,
      answers: 'One page of the entries',
      refusals: errors(400, 401, 403, 404),
      handler: pageIn(reconciliation.listUnmatchedEntries),
    },
    suggestReconciliationMatches: {
      tags,
      summary: 'Suggests entries again for the lines without a decision',
      description: `Entries recorded since are seen. ${write}`,
      answers: 'How many lines have a suggestion',
      refusals: errors(...BODY, 401, 403, 404),
      handler: counted('matches suggested', (db, caller, { params }) =>
        reconciliation.suggestAgain(db, caller, params.id),
      ),
    },
    confirmReconciliationMatches: {
      tags,
      summary: 'Confirms suggested matches, by line or all of them',
      description: `Each line then holds its entry, which is reconciled: it cannot be reversed until the line is undone. An entry reversed or reconciled elsewhere meanwhile is left out. ${write}`,
      answers: 'How many were confirmed',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: counted('matches confirmed', (db, caller, { params, body }) =>
        reconciliation.confirmMatches(db, caller, params.id, 'all' in body ? 'all' : body.lineIds),
      ),
    },
    ignoreReconciliationLines: {
      tags,
      summary: 'Sets lines aside: they need no entry',
      description: `Lines matched or created already are left as they are. ${write}`,
      answers: 'How many were set aside',
      refusals: errors(...BODY, 401, 403, 404),
      handler: counted('lines ignored', (db, caller, { params, body }) =>
        reconciliation.ignoreLines(db, caller, params.id, body.lineIds),
      ),
    },
    createEntryFromLine: {
      tags,
      summary: 'Records a new entry from a statement line, reconciled with it',
      description: `On the line's date, for its amount and direction, as any payment is recorded (a debit the balance cannot cover is refused, 400); the party and category are those of the account's earlier entry most like it unless given, the mode read from the narration. A line matched, created or ignored already is a 409. ${write}`,
      answers: 'The line, holding its new entry',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: done('Entry recorded', (db, caller, { params, body }) =>
        reconciliation.createEntryFromLine(db, caller, params.id, params.lineId, body),
      ),
    },
    undoReconciliationLine: {
      tags,
      summary: 'Undoes a line’s match, entry or being ignored',
      description: `Its entry is no longer reconciled (an entry created from it stays in the books, and may then be reversed). ${write}`,
      answers: 'The line',
      refusals: errors(...BODY, 401, 403, 404),
      handler: done('Undone', (db, caller, { params }) =>
        reconciliation.undoLine(db, caller, params.id, params.lineId),
      ),
    },
  };
  registerRoutes(app, workEndpoints, routes);
};
