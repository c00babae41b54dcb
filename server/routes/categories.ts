import { categoryEndpoints } from '../../contract/api/categories';
import { BODY, errors } from '../lib/schemas';
import { signedInRoutes } from './handlers';
import { callerOf } from '../plugins/auth';
import * as categories from '../services/categories';

/** Categories are personal, as expenses are: every role keeps its own, for its own expenses. */
export const categoryRoutes = signedInRoutes(categoryEndpoints)(
  (app, { mine, done, doneToBodyId }) => ({
    listCategories: {
      tags: ['expenses'],
      summary: "The caller's expense categories, with each one's expenses and their total",
      description:
        'Every category of the caller, by name regardless of case: how many expenses it has and their total amount, and how many recurring expenses record into it.',
      answers: 'The categories',
      refusals: errors(400, 401),
      handler: mine(categories.listCategories),
    },

    addCategory: {
      tags: ['expenses'],
      summary: 'Add an expense category of the caller',
      description:
        'Names are unique per user regardless of case (409 when the caller has one of that name). A user keeps at most 200 categories (409).',
      answers: 'The new category',
      refusals: errors(...BODY, 401, 409),
      handler: done('Category added', (db, caller, { body }) =>
        categories.addCategory(db, caller, body.name),
      ),
    },

    renameCategory: {
      tags: ['expenses'],
      summary: "Rename one of the caller's categories",
      description:
        "Every expense and recurring expense of the category moves to the new name in the same transaction. 409 when another of the caller's categories has that name (in any case); anyone else's category is not found (404).",
      answers: 'The renamed category',
      refusals: errors(...BODY, 401, 404, 409),
      handler: async (request) => {
        const { _id, name } = request.body;
        const data = await categories.renameCategory(app.db, callerOf(request), _id, name);
        return { success: true, message: 'Category renamed', data };
      },
    },

    mergeCategory: {
      tags: ['expenses'],
      summary: 'Merge one of the caller’s categories into another',
      description:
        'Moves every expense and recurring expense of `_id` into `into` and removes `_id`, in one transaction; totals move with them. Its monthly budget moves to `into` when that has none, and is added to the budget of `into` when it has one; the message says which, with the amounts. `into` must be another category (400). Either not the caller’s, or removed meanwhile, is not found (404).',
      answers: 'The category merged into, with its new figures',
      refusals: errors(...BODY, 401, 404),
      handler: async (request) => {
        const { _id, into } = request.body;
        const { data, message } = await categories.mergeCategory(
          app.db,
          callerOf(request),
          _id,
          into,
        );
        return { success: true, message, data };
      },
    },

    deleteCategory: {
      tags: ['expenses'],
      summary: "Delete one of the caller's categories that nothing uses",
      description:
        'A category that expenses or recurring expenses use is refused (409; merge it into another instead), as is the last one (409). Anyone else’s category is not found (404).',
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 404, 409),
      handler: doneToBodyId('Category deleted', categories.deleteCategory),
    },
  }),
);
