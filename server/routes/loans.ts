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

import { csvLine } from '../lib/format';

import { errors } from '../lib/schemas';
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
          querystring: list.query,
          response: { 200: list.answer, ...errors },
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
          querystring: exportCsv.query,
        },
      },
      async (request, reply) => {
        const rows = loans.allLoans(app.db, callerOf(request), direction, {
          ...request.query,
          today: request.query.today ?? todayOf(request),
        });
        // Streamed a line at a time: a long history never sits in memory whole.
        async function* csv() {
          yield csvLine([
            'S.no',
            'Name',
            'Email',
            'Amount',
            'Repaid',
            'Outstanding',
            'Status',
            'IssueDate',
            'RepaymentDate',
          ]);
          let n = 0;
          for await (const r of rows)
            yield csvLine([
              ++n,
              r.name,
              r.email,
              r.amount.toFixed(2),
              r.repaid.toFixed(2),
              r.outstanding.toFixed(2),
              r.status,
              r.issueDate,
              r.repaymentDate,
            ]);
        }
        const { from, to } = request.query;
        const name = `${direction}-report${from ? `-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(Readable.from(csv()));
      },
    );

    app.post(
      add.path,
      {
        schema: {
          tags,
          operationId: op('add'),
          body: add.body,
          response: { [add.status]: add.answer, ...errors },
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
          body: update.body,
          response: { 200: update.answer, ...errors },
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
          body: remove.body,
          response: { 200: remove.answer, ...errors },
        },
      },
      async (request) => {
        await loans.deleteLoan(app.db, callerOf(request), direction, request.body.id);
        return { success: true, message: `${noun} deleted successfully` };
      },
    );

    app.get(
      listRepayments.path,
      {
        schema: {
          tags,
          operationId: op('listRepaymentsOf'),
          querystring: listRepayments.query,
          response: { 200: listRepayments.answer, ...errors },
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
          body: addRepayment.body,
          response: { [addRepayment.status]: addRepayment.answer, ...errors },
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
          body: deleteRepayment.body,
          response: { 200: deleteRepayment.answer, ...errors },
        },
      },
      async (request) => {
        await loans.deleteRepayment(app.db, callerOf(request), direction, request.body.id);
        return { success: true, message: 'Repayment deleted successfully' };
      },
    );
  };
