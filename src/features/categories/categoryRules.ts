import type { Category } from '../../api/categoriesApi';

const counted = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/**
 * Why a category cannot be deleted, as the server would refuse it: something uses it (merge
 * it instead), or it is the last one. Undefined when it can be.
 */
export function whyNotDeletable(category: Category, all: readonly Category[]): string | undefined {
  const users = [
    category.expenses ? counted(category.expenses, 'expense', 'expenses') : '',
    category.recurring
      ? counted(category.recurring, 'recurring expense', 'recurring expenses')
      : '',
  ].filter(Boolean);
  if (users.length) return `Used by ${users.join(' and ')}: merge it into another instead`;
  if (all.length === 1) return 'Keep at least one category';
  return undefined;
}
