import {
  Message,
  PageQuery,
  calendarDate,
  email,
  id,
  pageMeta,
  rupeesInput,
  text,
} from '../../contract/api/fields';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { LOAN_STATUSES, type LoanDirection } from '../../contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { limitExports } from '../plugins/rateLimit';

import { csvLine } from '../lib/format';

import { errors } from '../lib/schemas';
import * as loans from '../services/loans';

const Loan = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  amount: z.number(),
  repaid: z.number(),
  outstanding: z.number(),
  status: z.enum(LOAN_STATUSES),
  issueDate: z.string(),
  repaymentDate: z.string(),
  createdAt: z.string(),
});
const LoanFields = z.object({
  name: text(100),
  email,
  amount: rupeesInput,
  issueDate: calendarDate,
  repaymentDate: calendarDate,
});
const Filter = z.object({
  search: PageQuery.shape.search,
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  today: calendarDate.optional(),
});
const ListQuery = PageQuery.extend(Filter.shape).extend({
  sort: z.enum(loans.LOAN_SORTS).default('issueDate'),
});
const ListResponse = z.object({
  success: z.boolean(),
  data: z.array(Loan),
  totalAmount: z.number(),
  repaidAmount: z.number(),
  outstandingAmount: z.number(),
  ...pageMeta,
});
const LoanResponse = z.object({ success: z.boolean(), message: z.string(), data: Loan });
const Repayment = z.object({
  _id: z.string(),
  loanId: z.string(),
  date: z.string(),
  amount: z.number(),
  remark: z.string(),
  createdAt: z.string(),
});
const RepaymentFields = z.object({
  loanId: id,
  date: calendarDate,
  amount: rupeesInput,
  remark: z.string().trim().max(200, 'must be at most 200 characters').default(''),
});

const toInput = ({ amount, ...rest }: z.infer<typeof LoanFields>) => ({
  ...rest,
  amountPaise: amount,
});

/** The spec's paths for each direction: lend/addlend, borrowed/addborrowed, ... */
const PATHS = {
  lend: { list: 'getuseralllends', add: 'addlend', update: 'updatelend', remove: 'deletelend' },
  borrowed: {
    list: 'getuserallborroweds',
    add: 'addborrowed',
    update: 'updateborrowed',
    remove: 'deleteborrowed',
  },
} as const;

export const loanRoutes =
  (direction: LoanDirection): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    const noun = loans.NOUN[direction];
    const base = `/${direction}`;
    const paths = PATHS[direction];
    const tags = [direction];
    const op = (name: string) => `${name}${noun}`;

    app.get(
      `${base}/${paths.list}`,
      {
        schema: {
          tags,
          operationId: op('list'),
          summary: `The caller's ${direction} entries, filtered (issueDate from/to inclusive), sorted and paged, with the filter's totals`,
          querystring: ListQuery,
          response: { 200: ListResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        ...(await loans.listLoans(app.db, callerOf(request), direction, request.query)),
      }),
    );

    app.get(
      `${base}/export`,
      {
        preHandler: limitExports(app),
        schema: {
          tags,
          operationId: op('export'),
          summary: 'The filtered rows as CSV',
          querystring: Filter,
        },
      },
      async (request, reply) => {
        const rows = loans.allLoans(app.db, callerOf(request), direction, request.query);
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
      `${base}/${paths.add}`,
      {
        schema: {
          tags,
          operationId: op('add'),
          body: LoanFields,
          response: { 201: LoanResponse, ...errors },
        },
      },
      async (request, reply) => {
        const data = await loans.createLoan(
          app.db,
          callerOf(request),
          direction,
          toInput(request.body),
        );
        return reply
          .status(201)
          .send({ success: true, message: `${noun} created successfully`, data });
      },
    );

    app.post(
      `${base}/${paths.update}`,
      {
        schema: {
          tags,
          operationId: op('update'),
          body: LoanFields.extend({ _id: id }),
          response: { 200: LoanResponse, ...errors },
        },
      },
      async (request) => {
        const { _id, ...fields } = request.body;
        const data = await loans.updateLoan(
          app.db,
          callerOf(request),
          direction,
          _id,
          toInput(fields),
        );
        return { success: true, message: `${noun} updated successfully`, data };
      },
    );

    app.post(
      `${base}/${paths.remove}`,
      {
        schema: {
          tags,
          operationId: op('delete'),
          body: z.object({ id }),
          response: { 200: Message, ...errors },
        },
      },
      async (request) => {
        await loans.deleteLoan(app.db, callerOf(request), direction, request.body.id);
        return { success: true, message: `${noun} deleted successfully` };
      },
    );

    app.get(
      `${base}/getrepayments`,
      {
        schema: {
          tags,
          operationId: op('listRepaymentsOf'),
          querystring: z.object({ id }),
          response: {
            200: z.object({ success: z.boolean(), data: z.array(Repayment) }),
            ...errors,
          },
        },
      },
      async (request) => ({
        success: true,
        data: await loans.listRepayments(app.db, callerOf(request), direction, request.query.id),
      }),
    );

    app.post(
      `${base}/addrepayment`,
      {
        schema: {
          tags,
          operationId: op('addRepaymentTo'),
          summary: 'Records a partial or whole repayment; never more than what is outstanding',
          body: RepaymentFields,
          response: {
            201: z.object({ success: z.boolean(), message: z.string(), data: Repayment }),
            ...errors,
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
          .status(201)
          .send({ success: true, message: 'Repayment recorded successfully', data });
      },
    );

    app.post(
      `${base}/deleterepayment`,
      {
        schema: {
          tags,
          operationId: op('deleteRepaymentOf'),
          body: z.object({ id }),
          response: { 200: Message, ...errors },
        },
      },
      async (request) => {
        await loans.deleteRepayment(app.db, callerOf(request), direction, request.body.id);
        return { success: true, message: 'Repayment deleted successfully' };
      },
    );
  };
