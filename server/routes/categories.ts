import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryEndpoints } from '../../contract/api/categories';
import { BODY, answer, errors } from '../lib/schemas';
import { callerOf } from '../plugins/auth';
import * as categories from '../services/categories';

const { listCategories, addCategory, renameCategory, mergeCategory, deleteCategory } =
  categoryEndpoints;

/** Categories are personal, as expenses are: every role keeps its own, for its own expenses. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    listCategories.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'listCategories',
        summary: "The caller's expense categories, with each one's expenses and their total",
        description:
          'Every category of the caller, by name regardless of case: how many expenses it has and their total amount, and how many recurring expenses record into it.',
        response: {
          200: answer('The categories', listCategories.answer),
          ...errors(400, 401),
        },
      },
    },
    async (request) => ({
      success: true,
      data: await categories.listCategories(app.db, callerOf(request)),
    }),
  );

  app.post(
    addCategory.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'addCategory',
        summary: 'Add an expense category of the caller',
        description:
          'Names are unique per user regardless of case (409 when the caller has one of that name). A user keeps at most 200 categories (409).',
        body: addCategory.body,
        response: {
          [addCategory.status]: answer('The new category', addCategory.answer),
          ...errors(...BODY, 401, 409),
        },
      },
    },
    async (request, reply) => {
      const data = await categories.addCategory(app.db, callerOf(request), request.body.name);
      return reply
        .status(addCategory.status)
        .send({ success: true, message: 'Category added', data });
    },
  );

  app.post(
    renameCategory.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'renameCategory',
        summary: "Rename one of the caller's categories",
        description:
          "Every expense and recurring expense of the category moves to the new name in the same transaction. 409 when another of the caller's categories has that name (in any case); anyone else's category is not found (404).",
        body: renameCategory.body,
        response: {
          200: answer('The renamed category', renameCategory.answer),
          ...errors(...BODY, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const { _id, name } = request.body;
      const data = await categories.renameCategory(app.db, callerOf(request), _id, name);
      return { success: true, message: 'Category renamed', data };
    },
  );

  app.post(
    mergeCategory.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'mergeCategory',
        summary: 'Merge one of the caller’s categories into another',
        description:
          'Moves every expense and recurring expense of `_id` into `into` and removes `_id`, in one transaction; totals move with them. Its monthly budget moves to `into` when that has none, and is added to the budget of `into` when it has one; the message says which, with the amounts. `into` must be another category (400). Either not the caller’s, or removed meanwhile, is not found (404).',
        body: mergeCategory.body,
        response: {
          200: answer('The category merged into, with its new figures', mergeCategory.answer),
          ...errors(...BODY, 401, 404),
        },
      },
    },
    async (request) => {
      const { _id, into } = request.body;
      const { data, message } = await categories.mergeCategory(
        app.db,
        callerOf(request),
        _id,
        into,
      );
      return { success: true, message, data };
    },
  );

  app.post(
    deleteCategory.path,
    {
      schema: {
        tags: ['expenses'],
        operationId: 'deleteCategory',
        summary: "Delete one of the caller's categories that nothing uses",
        description:
          'A category that expenses or recurring expenses use is refused (409; merge it into another instead), as is the last one (409). Anyone else’s category is not found (404).',
        body: deleteCategory.body,
        response: {
          200: answer('Deleted', deleteCategory.answer),
          ...errors(...BODY, 401, 404, 409),
        },
      },
    },
    async (request) => {
      await categories.deleteCategory(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Category deleted' };
    },
  );
};
