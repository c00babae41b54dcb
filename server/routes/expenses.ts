import { expenseEndpoints } from '../../contract/api/expenses';
import { callerOf } from '../plugins/auth';

import { BODY, errors } from '../lib/schemas';
import { inPaise, signedInRoutes } from './handlers';
import * as expenses from '../services/expenses';

export const expenseRoutes = signedInRoutes(expenseEndpoints)(
  (app, { page, done, doneToBodyId }) => ({
    listExpenses: {
      tags: ['expenses'],
      summary: "The caller's expenses, filtered, sorted and paged, with the filter's total",
      description: [
        'A search counts its matches up to 10,000 and sums their amounts. Past that it answers',
        '`total: 10000`, `totalCapped: true` and `totalAmount: null` (narrow the search for the',
        'sum); its pages go on, and a page shorter than `pageSize` is the last. `after` (or',
        '`before`) is the `cursors.last` (or `cursors.first`) of a page of this list in the',
        'same order: the next (or previous) page is then read from that row rather than by',
        'skipping `(page - 1) × pageSize` rows; `page` only numbers it. A position that is',
        'not one (malformed, or not a value of the sort column) is a 400. `from` and `to`',
        'narrow it to the days between them (both included; `to` before `from` is a 400), and',
        'its total to theirs.',
      ].join(' '),
      answers: 'One page of the expenses, with the total of the filter',
      refusals: errors(400, 401),
      handler: page(expenses.listExpenses),
    },

    expenseCategoryReport: {
      tags: ['expenses'],
      summary: "What the caller's expenses came to by category over a range of days",
      description:
        'Both days included; `to` must be on or after `from` (400). Categories largest first, each with its number of expenses and their amount; `count` and `totalAmount` are over the range.',
      answers: 'The spending by category of the range',
      refusals: errors(400, 401),
      handler: page(expenses.categoryReport),
    },

    addExpense: {
      tags: ['expenses'],
      summary: 'Record an expense of the caller',
      answers: 'The new expense',
      refusals: errors(...BODY, 401),
      handler: done('Expense created successfully', (db, caller, { body }) =>
        expenses.createExpense(db, caller, inPaise(body)),
      ),
    },

    updateExpense: {
      tags: ['expenses'],
      summary: "Edit one of the caller's expenses",
      description:
        "Changes only the fields sent, of the expense as read at `version` (409 when it changed since). Anyone else's expense is not found (404).",
      answers: 'The updated expense',
      refusals: errors(...BODY, 401, 404, 409),
      handler: done(
        'Expense updated successfully',
        (db, caller, { body: { _id, version, ...fields } }) =>
          expenses.updateExpense(db, caller, _id, version, inPaise(fields)),
      ),
    },

    deleteExpense: {
      tags: ['expenses'],
      summary: "Delete one of the caller's expenses",
      description: "Anyone else's expense is not found (404).",
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 404),
      handler: doneToBodyId('Expense deleted successfully', expenses.deleteExpense),
    },

    restoreExpense: {
      tags: ['expenses'],
      summary: "Undo the caller's delete of one of its expenses, moments ago",
      description:
        "The expense comes back as it was, with its id and its audit trail; into the category its own was renamed to or merged into since, if so (the message names it), and 409 when its category has been deleted since. Only the caller's own delete of the last minute (404 otherwise, the same answer as an unknown id: also for another's record, there or deleted); 409 when it is the caller's own and not deleted.",
      answers: 'Restored',
      refusals: errors(...BODY, 401, 404, 409),
      handler: async (request) => {
        const message = await expenses.restoreExpense(app.db, callerOf(request), request.body.id);
        return { success: true, message };
      },
    },
  }),
);
