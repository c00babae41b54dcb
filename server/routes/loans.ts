import { loanEndpoints, loanOperationId, LOAN_NOUNS } from '../../contract/api/loans';
import type { LoanDirection } from '../../contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';
import { limitExports } from '../plugins/rateLimit';

import { BODY, errors } from '../lib/schemas';
import { registerRoutes, type Routes } from '../lib/registerRoutes';
import { loansCsv } from '../services/exports';
import * as loans from '../services/loans';
import { sendCsv } from './csv';
import { handlersOf, inPaise } from './handlers';

/** The entries of one direction, by operation ('add' -> addLend's, or addBorrowed's). */
type DirectionEntries = {
  [
    Id in keyof typeof loanEndpoints as Id extends `${infer Op}${(typeof LOAN_NOUNS)['lend']}`
      ? Op
      : never
  ]: (typeof loanEndpoints)[Id];
};
function entriesOf(direction: LoanDirection) {
  const noun = LOAN_NOUNS[direction];
  return Object.fromEntries(
    Object.entries(loanEndpoints)
      .filter(([operationId]) => operationId.endsWith(noun))
      .map(([operationId, entry]) => [operationId.slice(0, -noun.length), entry]),
  ) as DirectionEntries;
}

export const loanRoutes =
  (direction: LoanDirection): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    const { done } = handlersOf(app);
    const noun = loans.NOUN[direction];
    const tags = [direction];
    const routes: Routes<DirectionEntries> = {
      list: {
        tags,
        summary: `The caller's ${direction} entries, filtered (issueDate from/to inclusive), sorted and paged, with the filter's totals`,
        description: [
          '`to` must be on or after `from` (400). A search counts its matches up to 10,000 and',
          'sums them; past that it answers `total: 10000`, `totalCapped: true` and null amounts',
          '(narrow the search for the sums), and its pages go on. Without a search the entries',
          "are counted and summed exactly. `after`/`before` take a page's `cursors` as on",
          'the expense list (a malformed position is a 400).',
        ].join(' '),
        answers: "One page of the entries, with the filter's totals",
        refusals: errors(400, 401),
        handler: async (request) => ({
          success: true,
          ...(await loans.listLoans(app.db, callerOf(request), direction, {
            ...request.query,
            today: request.query.today ?? todayOf(request),
          })),
        }),
      },

      export: {
        tags,
        summary: 'The filtered rows as CSV',
        description:
          '`to` must be on or after `from` (400). Counts against the export limit (429).',
        answers: `A CSV file (attachment ${direction}-report….csv)`,
        refusals: errors(400, 401, 429),
        options: { preHandler: limitExports(app) },
        handler: async (request, reply) => {
          // Checked before the first byte (400); then read and written a batch at a time.
          const csv = loansCsv(app.db, callerOf(request), direction, {
            ...request.query,
            today: request.query.today ?? todayOf(request),
          });
          const { from, to } = request.query;
          const name = `${direction}-report${from ? `-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
          return sendCsv(reply, name, csv);
        },
      },

      add: {
        tags,
        summary: `Record a ${direction} entry of the caller`,
        description: '`repaymentDate` must be on or after `issueDate` (400).',
        answers: 'The new entry',
        refusals: errors(...BODY, 401),
        handler: done(`${noun} created successfully`, (db, caller, request) =>
          loans.createLoan(db, caller, direction, inPaise(request.body), todayOf(request)),
        ),
      },

      update: {
        tags,
        summary: `Edit one of the caller's ${direction} entries`,
        description:
          "Changes only the fields sent, of the entry as read at `version` (409 when it changed since); anyone else's is not found (404). With the dates kept, `repaymentDate` must stay on or after `issueDate`, and `amount` may not go below what has been repaid (400).",
        answers: 'The updated entry',
        refusals: errors(...BODY, 401, 404, 409),
        handler: done(`${noun} updated successfully`, (db, caller, request) => {
          const { _id, version, ...fields } = request.body;
          const today = todayOf(request);
          return loans.updateLoan(db, caller, direction, _id, version, inPaise(fields), today);
        }),
      },

      delete: {
        tags,
        summary: `Delete one of the caller's ${direction} entries, with its repayments`,
        description: "Anyone else's entry is not found (404).",
        answers: 'Deleted',
        refusals: errors(...BODY, 401, 404),
        handler: async (request) => {
          await loans.deleteLoan(app.db, callerOf(request), direction, request.body.id);
          return { success: true, message: `${noun} deleted successfully` };
        },
      },

      restore: {
        tags,
        summary: `Undo the caller's delete of one of its ${direction} entries, moments ago`,
        description:
          "The entry comes back as it was, with its repayments, its id and its audit trail. Only the caller's own delete of the last minute (404 otherwise, the same answer as an unknown id: also for another's record, there or deleted); 409 when it is the caller's own and not deleted.",
        answers: 'Restored',
        refusals: errors(...BODY, 401, 404, 409),
        handler: async (request) => {
          await loans.restoreLoan(app.db, callerOf(request), direction, request.body.id);
          return { success: true, message: `${noun} restored` };
        },
      },

      listRepaymentsOf: {
        tags,
        summary: `The repayments of one of the caller's ${direction} entries, in date order`,
        description: "Anyone else's entry is not found (404).",
        answers: 'The repayments',
        refusals: errors(400, 401, 404),
        handler: async (request) => ({
          success: true,
          data: await loans.listRepayments(app.db, callerOf(request), direction, request.query.id),
        }),
      },

      addRepaymentTo: {
        tags,
        summary: 'Records a partial or whole repayment; never more than what is outstanding',
        description:
          "`amount` may not be more than what is outstanding, and `date` not before the entry's `issueDate` (400). Anyone else's entry is not found (404).",
        answers: 'The new repayment',
        refusals: errors(...BODY, 401, 404),
        handler: done('Repayment recorded successfully', (db, caller, { body }) =>
          loans.addRepayment(db, caller, direction, inPaise(body)),
        ),
      },

      deleteRepaymentOf: {
        tags,
        summary: `Delete a repayment of one of the caller's ${direction} entries`,
        description: "Anyone else's repayment is not found (404).",
        answers: 'Deleted',
        refusals: errors(...BODY, 401, 404),
        handler: async (request) => {
          await loans.deleteRepayment(app.db, callerOf(request), direction, request.body.id);
          return { success: true, message: 'Repayment deleted successfully' };
        },
      },
    };
    registerRoutes(app, entriesOf(direction), routes, (op) => loanOperationId(op, direction));
  };
