import { format, parseISO, subMonths } from 'date-fns';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '../../../contract/enums';
import type { MonthCategoryAmount } from './dashboardApi';

export interface ExpenseSeries {
  /** The 12 months ending with today's, oldest first, as YYYY-MM. */
  months: string[];
  /** Every category, in the contract's order (colours stay put). */
  categories: readonly ExpenseCategory[];
  /** amounts[c][m]: category c in month m; 0 where the server had no row. */
  amounts: number[][];
  /** Per month, all categories. */
  monthTotals: number[];
  total: number;
}

/** The last 12 months of `rows` as one series per category, missing months filled with 0. */
export function buildExpenseSeries(
  rows: readonly MonthCategoryAmount[],
  today: string,
): ExpenseSeries {
  const end = parseISO(today);
  const months = Array.from({ length: 12 }, (_, i) => format(subMonths(end, 11 - i), 'yyyy-MM'));
  const categories = EXPENSE_CATEGORIES;
  const amounts = categories.map((category) =>
    months.map(
      (month) =>
        rows
          .filter((r) => r.category === category && r.month === month)
          .reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100,
    ),
  );
  const monthTotals = months.map(
    (_, m) => amounts.reduce((sum, series) => sum + Math.round(series[m]! * 100), 0) / 100,
  );
  const total = monthTotals.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
  return { months, categories, amounts, monthTotals, total };
}

/** '2025-05' → 'May 2025'. */
export function monthLabel(month: string, pattern = 'MMM yyyy'): string {
  return format(parseISO(`${month}-01`), pattern);
}
