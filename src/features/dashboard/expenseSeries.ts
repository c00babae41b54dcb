import type { MonthCategoryAmount } from './dashboardApi';

export interface ExpenseSeries {
  /** The 12 months ending with today's, oldest first, as YYYY-MM. */
  months: string[];
  /**
   * The series' names: the categories spent on, most first; past CHART_SERIES of them, the
   * smallest are summed as one last series, OTHER_CATEGORIES.
   */
  categories: string[];
  /** amounts[c][m]: category c in month m; 0 where the server had no row. */
  amounts: number[][];
  /** Per month, all categories. */
  monthTotals: number[];
  total: number;
}

/** The most series the chart tells apart (it has as many colours). */
export const CHART_SERIES = 5;
export const OTHER_CATEGORIES = 'Other categories';

// Month arithmetic by hand rather than with date-fns: the dashboard is the first screen of a
// session, and date-fns's formatting would be most of what it loads.
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** The 12 months ending with that of `today` (YYYY-MM-DD), oldest first, as YYYY-MM. */
function twelveMonthsTo(today: string): string[] {
  const last = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1;
  return Array.from({ length: 12 }, (_, i) => {
    const n = last - 11 + i;
    return `${String(Math.floor(n / 12)).padStart(4, '0')}-${String((n % 12) + 1).padStart(2, '0')}`;
  });
}

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * The categories of `rows` (in the 12 months) as the chart's series: all of them, most spent
 * first, while they fit; else the biggest ones and the rest summed as OTHER_CATEGORIES.
 */
function seriesOf(rows: readonly MonthCategoryAmount[], months: string[]) {
  const spent = new Map<string, number>();
  for (const r of rows)
    if (months.includes(r.month))
      spent.set(r.category, (spent.get(r.category) ?? 0) + paise(r.amount));
  const ranked = [...spent.entries()]
    .filter(([, total]) => total !== 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name]) => name);
  if (ranked.length <= CHART_SERIES) return { names: ranked, of: (c: string) => ranked.indexOf(c) };
  const shown = ranked.slice(0, CHART_SERIES - 1);
  return {
    names: [...shown, OTHER_CATEGORIES],
    of: (c: string) => (shown.includes(c) ? shown.indexOf(c) : CHART_SERIES - 1),
  };
}

/** The last 12 months of `rows` as series per category (seriesOf), missing months as 0. */
export function buildExpenseSeries(
  rows: readonly MonthCategoryAmount[],
  today: string,
): ExpenseSeries {
  const months = twelveMonthsTo(today);
  const { names: categories, of } = seriesOf(rows, months);
  const sums = categories.map(() => months.map(() => 0));
  for (const r of rows) {
    const m = months.indexOf(r.month);
    const c = of(r.category);
    if (m >= 0 && c >= 0) sums[c]![m]! += paise(r.amount);
  }
  const amounts = sums.map((series) => series.map((p) => p / 100));
  const monthTotals = months.map(
    (_, m) => amounts.reduce((sum, series) => sum + Math.round(series[m]! * 100), 0) / 100,
  );
  const total = monthTotals.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
  return { months, categories, amounts, monthTotals, total };
}

/** '2025-05' → 'May 2025', or 'May 25' with `shortYear`. */
export function monthLabel(month: string, shortYear = false): string {
  const [year = '', number = ''] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? ''} ${shortYear ? year.slice(-2) : year}`;
}
