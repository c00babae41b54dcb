import { addMonths } from '../../../contract/schedule';
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

// Month names by hand, not date-fns's `format`: that would add about 8 KB (Brotli) to the first
// screen of a session.
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
const twelveMonthsTo = (today: string) =>
  Array.from({ length: 12 }, (_, i) => addMonths(today, i - 11).slice(0, 7));

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

/** '2025-05' → 'May 2025', or 'May 25' with `shortYear`; anything else as it is. */
export function monthLabel(month: string, shortYear = false): string {
  const [year = '', number = ''] = month.split('-');
  const name = MONTH_NAMES[Number(number) - 1];
  return name && /^\d{4}$/.test(year) ? `${name} ${shortYear ? year.slice(-2) : year}` : month;
}
