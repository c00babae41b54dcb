import {
  Message,
  PageQuery,
  calendarDate,
  id,
  pageMeta,
  rupeesInput,
  text,
} from '../../contract/api/fields';
import { z } from 'zod';
import { EXPENSE_CATEGORIES } from '../../contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';

import { errors } from '../lib/schemas';
import * as expenses from '../services/expenses';

const category = z.enum(EXPENSE_CATEGORIES, { error: 'must be one of shopping, movie, other' });

const Expense = z.object({
  _id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  category: z.enum(EXPENSE_CATEGORIES),
  createdAt: z.string(),
});
const ExpenseFields = z.object({
  date: calendarDate,
  description: text(500),
  amount: rupeesInput,
  category,
});
const ExpenseResponse = z.object({ success: z.boolean(), message: z.string(), data: Expense });
const ListQuery = PageQuery.extend({ sort: z.enum(expenses.EXPENSE_SORTS).default('date') });
const ListResponse = z.object({
  success: z.boolean(),
  data: z.array(Expense),
  totalAmount: z.number(),
  ...pageMeta,
});

const toInput = ({ amount, ...rest }: z.infer<typeof ExpenseFields>) => ({
  ...rest,
  amountPaise: amount,
});

export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/expense/getuserallexpenses',
    {
      schema: {
        tags: ['expenses'],
        operationId: 'listExpenses',
        summary: "The caller's expenses, filtered, sorted and paged, with the filter's total",
        querystring: ListQuery,
        response: { 200: ListResponse, ...errors },
      },
    },
    async (request) => ({
      success: true,
      ...(await expenses.listExpenses(app.db, callerOf(request), request.query)),
    }),
  );

  app.post(
    '/expense/addexpense',
    {
      schema: {
        tags: ['expenses'],
        operationId: 'addExpense',
        body: ExpenseFields,
        response: { 201: ExpenseResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await expenses.createExpense(app.db, callerOf(request), toInput(request.body));
      return reply
        .status(201)
        .send({ success: true, message: 'Expense created successfully', data });
    },
  );

  app.post(
    '/expense/updateexpense',
    {
      schema: {
        tags: ['expenses'],
        operationId: 'updateExpense',
        body: ExpenseFields.extend({ _id: id }),
        response: { 200: ExpenseResponse, ...errors },
      },
    },
    async (request) => {
      const { _id, ...fields } = request.body;
      const data = await expenses.updateExpense(app.db, callerOf(request), _id, toInput(fields));
      return { success: true, message: 'Expense updated successfully', data };
    },
  );

  app.post(
    '/expense/deleteexpense',
    {
      schema: {
        tags: ['expenses'],
        operationId: 'deleteExpense',
        body: z.object({ id }),
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      await expenses.deleteExpense(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Expense deleted successfully' };
    },
  );
};
