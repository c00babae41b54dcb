import { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  loanEndpoints,
  loanOperationId,
  type LoanFields,
  type LoanOperation,
} from '../../contract/api/loans';
import type { LoanDirection } from '../../contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';
import { limitExports } from '../plugins/rateLimit';

import { BODY, answer, download, errors } from '../lib/schemas';
import { loansCsv } from '../services/exports';
import * as loans from '../services/loans';

const toInput = ({ amount, ...rest }: z.output<typeof LoanFields>) => ({
  ...rest,
  amountPaise: amount,
});

export const loanRoutes =
  (direction: LoanDirection): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    const noun = loans.NOUN[direction];
    const tags = [direction];
    /** The operationId of an operation of this direction ('add' -> 'addLend'): its entry's key. */
    const op = <Op extends LoanOperation>(name: Op) => loanOperationId(name, direction);
    const list = loanEndpoints[op('list')];
    const exportCsv = loanEndpoints[op('export')];
    const add = loanEndpoints[op('add')];
    const update = loanEndpoints[op('update')];
    const remove = loanEndpoints[op('delete')];
    const restore = loanEndpoints[op('restore')];
    const listRepayments = loanEndpoints[op('listRepaymentsOf')];
    const addRepayment = loanEndpoints[op('addRepaymentTo')];
    const deleteRepayment = loanEndpoints[op('deleteRepaymentOf')];

    app.get(
      list.path,
      {
        schema: {
          tags,
          operationId: op('list'),
          summary: `The caller's ${direction} entries, filtered (issueDate from/to inclusive), sorted and paged, with the filter's totals`,
          description: [
            '`to` must be on or after `from` (400). A search counts its matches up to 10,000 and',
            'sums them; past that it answers `total: 10000`, `totalCapped: true` and null amounts',
            '(narrow the search for the sums), and its pages go on. Without a search the entries',
            "are counted and summed exactly. `after`/`before` take a page's `cursors` as on",
            'the expense list (a malformed position is a 400).',
          ].join(' '),
          querystring: list.query,
          response: {
            200: answer("One page of the entries, with the filter's totals", list.answer),
            ...errors(400, 401),
          },
        },
      },
      async (request) => ({
        success: true,
        ...(await loans.listLoans(app.db, callerOf(request), direction, {
          ...request.query,
          today: request.query.today ?? todayOf(request),
        })),
      }),
    );

    app.get(
      exportCsv.path,
      {
        preHandler: limitExports(app),
        schema: {
          tags,
          operationId: op('export'),
          summary: 'The filtered rows as CSV',
          description:
            '`to` must be on or after `from` (400). Counts against the export limit (429).',
          querystring: exportCsv.query,
          response: {
            200: download(`A CSV file (attachment ${direction}-report….csv)`, exportCsv.download),
            ...errors(400, 401, 429),
          },
        },
      },
      async (request, reply) => {
        // Checked before the first byte (400); then read and written a batch at a time.
        const csv = loansCsv(app.db, callerOf(request), direction, {
          ...request.query,
          today: request.query.today ?? todayOf(request),
        });
        const { from, to } = request.query;
        const name = `${direction}-report${from ? `-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(Readable.from(csv));
      },
    );

    app.post(
      add.path,
      {
        schema: {
          tags,
          operationId: op('add'),
          summary: `Record a ${direction} entry of the caller`,
          description: '`repaymentDate` must be on or after `issueDate` (400).',
          body: add.body,
          response: {
            [add.status]: answer('The new entry', add.answer),
            ...errors(...BODY, 401),
          },
        },
      },
      async (request, reply) => {
        const data = await loans.createLoan(
          app.db,
          callerOf(request),
          direction,
          toInput(request.body),
          todayOf(request),
        );
        return reply
          .status(add.status)
          .send({ success: true, message: `${noun} created successfully`, data });
      },
    );

    app.post(
      update.path,
      {
        schema: {
          tags,
          operationId: op('update'),
          summary: `Edit one of the caller's ${direction} entries`,
          description:
            "Changes only the fields sent, of the entry as read at `version` (409 when it changed since); anyone else's is not found (404). With the dates kept, `repaymentDate` must stay on or after `issueDate`, and `amount` may not go below what has been repaid (400).",
          body: update.body,
          response: {
            200: answer('The updated entry', update.answer),
            ...errors(...BODY, 401, 404, 409),
          },
        },
      },
      async (request) => {
        const { _id, version, amount, ...fields } = request.body;
        const data = await loans.updateLoan(
          app.db,
          callerOf(request),
          direction,
          _id,
          version,
          { ...fields, amountPaise: amount },
          todayOf(request),
        );
        return { success: true, message: `${noun} updated successfully`, data };
      },
    );

    app.post(
      remove.path,
      {
        schema: {
          tags,
          operationId: op('delete'),
          summary: `Delete one of the caller's ${direction} entries, with its repayments`,
          description: "Anyone else's entry is not found (404).",
          body: remove.body,
          response: {
            200: answer('Deleted', remove.answer),
            ...errors(...BODY, 401, 404),
          },
        },
      },
      async (request) => {
        await loans.deleteLoan(app.db, callerOf(request), direction, request.body.id);
        return { success: true, message: `${noun} deleted successfully` };
      },
    );

    app.post(
      restore.path,
      {
        schema: {
          tags,
          operationId: op('restore'),
          summary: `Undo the caller's delete of one of its ${direction} entries, moments ago`,
          description:
            "The entry comes back as it was, with its repayments, its id and its audit trail. Only the caller's own delete of the last minute (404 otherwise, the same answer as an unknown id: also for another's record, there or deleted); 409 when it is the caller's own and not deleted.",
          body: restore.body,
          response: {
            200: answer('Restored', restore.answer),
            ...errors(...BODY, 401, 404, 409),
          },
        },
      },
      async (request) => {
        await loans.restoreLoan(app.db, callerOf(request), direction, request.body.id);
        return { success: true, message: `${noun} restored` };
      },
    );

    app.get(
      listRepayments.path,
      {
        schema: {
          tags,
          operationId: op('listRepaymentsOf'),
          summary: `The repayments of one of the caller's ${direction} entries, in date order`,
          description: "Anyone else's entry is not found (404).",
          querystring: listRepayments.query,
          response: {
            200: answer('The repayments', listRepayments.answer),
            ...errors(400, 401, 404),
          },
        },
      },
      async (request) => ({
        success: true,
        data: await loans.listRepayments(app.db, callerOf(request), direction, request.query.id),
      }),
    );

    app.post(
      addRepayment.path,
      {
        schema: {
          tags,
          operationId: op('addRepaymentTo'),
          summary: 'Records a partial or whole repayment; never more than what is outstanding',
          description:
            "`amount` may not be more than what is outstanding, and `date` not before the entry's `issueDate` (400). Anyone else's entry is not found (404).",
          body: addRepayment.body,
          response: {
            [addRepayment.status]: answer('The new repayment', addRepayment.answer),
            ...errors(...BODY, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const { amount, ...rest } = request.body;
        const data = await loans.addRepayment(app.db, callerOf(request), direction, {
          ...rest,
          amountPaise: amount,
        });
        return reply
          .status(addRepayment.status)
          .send({ success: true, message: 'Repayment recorded successfully', data });
      },
    );

    app.post(
      deleteRepayment.path,
      {
        schema: {
          tags,
          operationId: op('deleteRepaymentOf'),
          summary: `Delete a repayment of one of the caller's ${direction} entries`,
          description: "Anyone else's repayment is not found (404).",
          body: deleteRepayment.body,
          response: {
            200: answer('Deleted', deleteRepayment.answer),
            ...errors(...BODY, 401, 404),
          },
        },
      },
      async (request) => {
        await loans.deleteRepayment(app.db, callerOf(request), direction, request.body.id);
        return { success: true, message: 'Repayment deleted successfully' };
      },
    );
  };
