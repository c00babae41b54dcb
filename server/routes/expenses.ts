import type { z } from 'zod';
import { expenseEndpoints, type ExpenseFields } from '../../contract/api/expenses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';

import { errors } from '../lib/schemas';
import * as expenses from '../services/expenses';

const { listExpenses, addExpense, updateExpense, deleteExpense } = expenseEndpoints;

const toInput = ({ amount, ...rest }: z.output<typeof ExpenseFields>) => ({
  ...rest,
  amountPaise: amount,
});

export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    listExpenses.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'listExpenses',
        summary: "The caller's expenses, filtered, sorted and paged, with the filter's total",
        querystring: listExpenses.query,
        response: { 200: listExpenses.answer, ...errors },
      },
    },
    async (request) => ({
      success: true,
      ...(await expenses.listExpenses(app.db, callerOf(request), request.query)),
    }),
  );

  app.post(
    addExpense.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'addExpense',
        body: addExpense.body,
        response: { [addExpense.status]: addExpense.answer, ...errors },
      },
    },
    async (request, reply) => {
      const data = await expenses.createExpense(app.db, callerOf(request), toInput(request.body));
      return reply
        .status(addExpense.status)
        .send({ success: true, message: 'Expense created successfully', data });
    },
  );

  app.post(
    updateExpense.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'updateExpense',
        body: updateExpense.body,
        response: { 200: updateExpense.answer, ...errors },
      },
    },
    async (request) => {
      const { _id, version, amount, ...fields } = request.body;
      const data = await expenses.updateExpense(app.db, callerOf(request), _id, version, {
        ...fields,
        amountPaise: amount,
      });
      return { success: true, message: 'Expense updated successfully', data };
    },
  );

  app.post(
    deleteExpense.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'deleteExpense',
        body: deleteExpense.body,
        response: { 200: deleteExpense.answer, ...errors },
      },
    },
    async (request) => {
      await expenses.deleteExpense(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Expense deleted successfully' };
    },
  );
};
