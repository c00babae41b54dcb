import {
  Message,
  PageQuery,
  balanceInput,
  calendarDate,
  id,
  mobile,
  pageMeta,
  rupeesInput,
  text,
} from '../../contract/api/fields';
import { z } from 'zod';
import { ACCOUNT_DEFAULT_STATUSES, PAYMENT_TYPES } from '../../contract/enums';
import { ACCOUNT_NO_PATTERN, IFSC_PATTERN } from '../../contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { limitExports } from '../plugins/rateLimit';

import { csvLine } from '../lib/format';

import { errors } from '../lib/schemas';
import * as bank from '../services/bank';

const Account = z.object({
  _id: z.string(),
  createdAt: z.string(),
  holder_name: z.string(),
  account_no: z.string(),
  branch: z.string(),
  ifsc: z.string(),
  mobile: z.string(),
  address: z.string(),
  defaultStatus: z.enum(ACCOUNT_DEFAULT_STATUSES),
  openingBalance: z.number(),
  balance: z.number(),
});
const Payment = z.object({
  _id: z.string(),
  accountId: z.string(),
  date: z.string(),
  remark: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  amount: z.number(),
  balanceAfter: z.number(),
  createdAt: z.string(),
});
const AccountFields = z.object({
  holder_name: text(100),
  account_no: z
    .string({ error: 'is required' })
    .trim()
    .regex(ACCOUNT_NO_PATTERN, 'must be 6 to 18 digits'),
  branch: text(100),
  ifsc: z
    .string({ error: 'is required' })
    .trim()
    .toUpperCase()
    .regex(IFSC_PATTERN, 'must be 4 letters, a 0, then 6 letters or digits (e.g. SBIN0001234)'),
  mobile,
  address: text(300),
  defaultStatus: z
    .enum(ACCOUNT_DEFAULT_STATUSES, { error: 'must be active or deActive' })
    .default('deActive'),
});
const openingBalance = balanceInput.default(0);
const AccountResponse = z.object({ success: z.boolean(), message: z.string(), data: Account });
const StatementQuery = z.object({ accountId: id, from: calendarDate, to: calendarDate });
/** page and pageSize as every list takes them (no search or order). */
const Paging = PageQuery.pick({ page: true, pageSize: true });

const toInput = ({ holder_name, account_no, ...rest }: z.infer<typeof AccountFields>) => ({
  ...rest,
  holderName: holder_name,
  accountNo: account_no,
});

export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['bank'];

  app.get(
    '/company/getallbankbyuserid',
    {
      schema: {
        tags,
        operationId: 'listBankAccounts',
        summary: "The company's bank accounts (an admin's companies'; companyId narrows)",
        querystring: PageQuery.extend({
          sort: z.enum(bank.BANK_SORTS).default('createdAt'),
          companyId: id.optional(),
        }),
        response: {
          200: z.object({
            success: z.boolean(),
            data: z.array(Account),
            totalAmount: z.number(),
            ...pageMeta,
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await bank.listAccounts(app.db, callerOf(request), request.query)),
    }),
  );

  app.post(
    '/company/createbank',
    {
      schema: {
        tags,
        operationId: 'createBankAccount',
        body: AccountFields.extend({
          confirm_no: z.string({ error: 'is required' }).trim(),
          openingBalance,
        }),
        response: { 201: AccountResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { confirm_no, openingBalance: openingBalancePaise, ...fields } = request.body;
      if (confirm_no !== fields.account_no) {
        return reply.status(400).send({ success: false, message: 'Account numbers do not match' });
      }
      const data = await bank.createAccount(app.db, callerOf(request), {
        ...toInput(fields),
        openingBalancePaise,
      });
      return reply
        .status(201)
        .send({ success: true, message: 'Bank account created successfully', data });
    },
  );

  app.post(
    '/company/updatebankaccount',
    {
      schema: {
        tags,
        operationId: 'updateBankAccount',
        body: AccountFields.extend({ _id: id }),
        response: { 200: AccountResponse, ...errors },
      },
    },
    async (request) => {
      const { _id, ...fields } = request.body;
      const data = await bank.updateAccount(app.db, callerOf(request), _id, toInput(fields));
      return { success: true, message: 'Bank account updated successfully', data };
    },
  );

  app.post(
    '/company/deletebank',
    {
      schema: {
        tags,
        operationId: 'deleteBankAccount',
        summary: 'Deletes an account that has no payments (otherwise 409: set it deActive)',
        body: z.object({ id }),
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      await bank.deleteAccount(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Bank account deleted successfully' };
    },
  );

  app.post(
    '/company/addpayment',
    {
      schema: {
        tags,
        operationId: 'recordPayment',
        summary: 'Records a credit or debit and moves the balance in the same transaction',
        body: z.object({
          accountId: id,
          date: calendarDate,
          remark: text(200),
          paymentType: z.enum(PAYMENT_TYPES, { error: 'must be credit or debit' }),
          amount: rupeesInput,
        }),
        response: {
          201: z.object({
            success: z.boolean(),
            message: z.string(),
            data: z.object({ payment: Payment, balance: z.number() }),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { amount, ...rest } = request.body;
      const data = await bank.recordPayment(app.db, callerOf(request), {
        ...rest,
        amountPaise: amount,
      });
      return reply
        .status(201)
        .send({ success: true, message: 'Payment recorded successfully', data });
    },
  );

  app.get(
    '/company/getpayments',
    {
      schema: {
        tags,
        operationId: 'listPayments',
        summary: "An account's payments, newest first",
        querystring: Paging.extend({ accountId: id }),
        response: {
          200: z.object({ success: z.boolean(), data: z.array(Payment), ...pageMeta }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await bank.listPayments(app.db, callerOf(request), request.query)),
    }),
  );

  app.get(
    '/company/statement',
    {
      schema: {
        tags,
        operationId: 'bankStatement',
        summary:
          "Opening balance, the range's credits, debits, closing balance and entry count, and one page of its payments in date order with their running balances",
        querystring: StatementQuery.extend(Paging.shape),
        response: {
          200: z.object({
            success: z.boolean(),
            data: z.object({
              account: Account,
              from: z.string(),
              to: z.string(),
              openingBalance: z.number(),
              totalCredits: z.number(),
              totalDebits: z.number(),
              closingBalance: z.number(),
              entries: z.array(
                z.object({
                  _id: z.string(),
                  date: z.string(),
                  remark: z.string(),
                  paymentType: z.enum(PAYMENT_TYPES),
                  amount: z.number(),
                  balance: z.number(),
                }),
              ),
              ...pageMeta,
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true,
      data: await bank.statement(app.db, callerOf(request), request.query),
    }),
  );

  app.get(
    '/company/statement/export',
    {
      preHandler: limitExports(app),
      schema: {
        tags,
        operationId: 'bankStatementCsv',
        summary: 'The statement as CSV',
        querystring: StatementQuery,
      },
    },
    async (request, reply) => {
      const s = await bank.fullStatement(app.db, callerOf(request), request.query);
      let body = csvLine(['Date', 'Remark', 'Credit', 'Debit', 'Balance']);
      body += csvLine([s.from, 'Opening balance', '', '', s.openingBalance.toFixed(2)]);
      for (const e of s.entries) {
        const amount = e.amount.toFixed(2);
        body += csvLine([
          e.date,
          e.remark,
          e.paymentType === 'credit' ? amount : '',
          e.paymentType === 'debit' ? amount : '',
          e.balance.toFixed(2),
        ]);
      }
      body += csvLine([
        s.to,
        'Closing balance',
        s.totalCredits.toFixed(2),
        s.totalDebits.toFixed(2),
        s.closingBalance.toFixed(2),
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="statement-${s.account.account_no}-${s.from}-to-${s.to}.csv"`,
        )
        .send(body);
    },
  );
};
