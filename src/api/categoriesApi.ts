import type { z } from 'zod';
import type {
  Category as CategorySchema,
  CategoryAnswer,
  CategoryFields,
  CategoryList,
  CategoryMerge,
  CategoryRename,
} from '../../contract/api/categories';
import type { Message } from '../../contract/api/fields';
import { request } from './endpoint';
import { injectEndpoints } from './apiSlice';
import { sendBody, sendId } from './recordMutations';
import type { Tag } from './tags';

/*
 * The signed-in user's expense categories: the Categories screen changes them, and every form
 * and filter that names a category offers them. Shared here, as several features read them.
 */

export type Category = z.output<typeof CategorySchema>;
type Answer = z.output<typeof CategoryAnswer>;

const LIST: Tag = { type: 'category', id: 'LIST' };
/**
 * A rename or a merge moves expenses and recurring expenses to another name: their lists and
 * every total refresh with the categories.
 */
const moved: Tag[] = [
  LIST,
  { type: 'expense', id: 'LIST' },
  { type: 'recurring', id: 'LIST' },
  'dashboard',
];

export const categoriesApi = injectEndpoints((build) => ({
  getCategories: build.query<Category[], void>({
    query: () => request('listCategories'),
    transformResponse: (answer: z.output<typeof CategoryList>) => answer.data,
    // Their figures follow every expense and recurring expense written anywhere.
    providesTags: [LIST, 'dashboard', { type: 'recurring', id: 'LIST' }],
  }),
  addCategory: build.mutation<Answer, z.input<typeof CategoryFields>>(
    sendBody('addCategory', [LIST]),
  ),
  renameCategory: build.mutation<Answer, z.input<typeof CategoryRename>>(
    sendBody('renameCategory', moved),
  ),
  mergeCategory: build.mutation<Answer, z.input<typeof CategoryMerge>>(
    sendBody('mergeCategory', moved),
  ),
  deleteCategory: build.mutation<z.output<typeof Message>, string>(
    sendId('deleteCategory', () => [LIST]),
  ),
}));

export const {
  useGetCategoriesQuery,
  useAddCategoryMutation,
  useRenameCategoryMutation,
  useMergeCategoryMutation,
  useDeleteCategoryMutation,
} = categoriesApi;

/**
 * The user's categories as a select's options, by name as the server lists them; `current`
 * (a record's own, renamed away since it was read) stays offered, so the form shows it.
 */
export function useCategoryOptions(current?: string) {
  const { data } = useGetCategoriesQuery();
  const names = (data ?? []).map((c) => c.name);
  if (current && data && !names.includes(current)) names.push(current);
  return names.map((name) => ({ value: name, label: name }));
}
