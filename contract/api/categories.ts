import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { Message, categoryName, id, savedAnswer } from './fields';

/**
 * Each user's expense categories: the three every account starts with (shopping, movie,
 * other) and any it adds. A rename moves every expense, month and recurring expense of the
 * category with it; a merge moves them into another category and removes the first; a
 * category in use is merged, not deleted.
 */

/** The most categories one user keeps. */
export const MAX_CATEGORIES = 200;

export const Category = z.object({
  _id: z.string(),
  name: z.string(),
  /** The caller's expenses in it, and their total in rupees. */
  expenses: z.number(),
  totalAmount: z.number(),
  /** The caller's recurring expenses that record into it. */
  recurring: z.number(),
  createdAt: z.string(),
});

export const CategoryList = z.object({ success: z.boolean(), data: z.array(Category) });
export const CategoryAnswer = savedAnswer(Category);

export const CategoryFields = z.object({ name: categoryName });
export const CategoryRename = z.object({ _id: id, name: categoryName });
export const CategoryMerge = z.object({
  _id: id.meta({ description: 'The category merged away (it is removed)' }),
  into: id.meta({ description: 'The category that takes its expenses and recurring expenses' }),
});
export const CategoryDelete = z.object({ id });

export const categoryEndpoints = {
  listCategories: {
    method: 'GET',
    path: '/category/getcategories',
    answer: CategoryList,
  },
  addCategory: {
    method: 'POST',
    path: '/category/addcategory',
    body: CategoryFields,
    status: 201,
    answer: CategoryAnswer,
  },
  renameCategory: {
    method: 'POST',
    path: '/category/renamecategory',
    body: CategoryRename,
    answer: CategoryAnswer,
  },
  mergeCategory: {
    method: 'POST',
    path: '/category/mergecategory',
    body: CategoryMerge,
    answer: CategoryAnswer,
  },
  deleteCategory: {
    method: 'POST',
    path: '/category/deletecategory',
    body: CategoryDelete,
    answer: Message,
  },
} as const satisfies Record<string, Endpoint>;
