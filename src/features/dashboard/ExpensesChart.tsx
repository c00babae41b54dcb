import { useEffect, useRef } from 'react';
import type { BarChart } from 'chartist';
import 'chartist/dist/index.css';
import { formatRupees } from '../../lib/money';
import { numberFormat } from '../../lib/numberFormat';
import { Money } from '../../ui/Money';
import { monthLabel, type ExpenseSeries } from './expenseSeries';

/** Series colours (Chartist names series a, b, c…); the legend repeats them with the names. */
const SWATCHES = ['bg-indigo-600', 'bg-amber-500', 'bg-teal-600', 'bg-rose-600', 'bg-gray-600'];
const BAR_COLOURS =
  '[&_.ct-series-a_.ct-bar]:stroke-indigo-600 [&_.ct-series-b_.ct-bar]:stroke-amber-500 [&_.ct-series-c_.ct-bar]:stroke-teal-600 [&_.ct-series-d_.ct-bar]:stroke-rose-600 [&_.ct-series-e_.ct-bar]:stroke-gray-600 [&_.ct-bar]:[stroke-width:18px] max-sm:[&_.ct-bar]:[stroke-width:11px] [&_.ct-label]:text-gray-700 [&_.ct-label.ct-horizontal]:whitespace-nowrap';

/**
 * A phone's chart is about 300 px wide: twelve "Nov 26" labels would run together, so it
 * names every other month, this month included, without the year (the sentence above and
 * the table say which).
 */
const NARROW = 'screen and (max-width: 639px)';
const everyOtherMonth = (count: number) => (label: unknown, index: number) =>
  (count - 1 - index) % 2 === 0 ? String(label).split(' ')[0] : null;

const CHART_HEIGHT = 260;

const compactRupees = numberFormat({
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** One line for screen readers and for everyone above the chart. */
export function chartSummary(series: ExpenseSeries): string {
  if (series.total === 0) return 'No expenses in the last 12 months.';
  let best = 0;
  series.monthTotals.forEach((v, i) => {
    if (v > series.monthTotals[best]!) best = i;
  });
  return `${formatRupees(series.total)} spent in the last 12 months; the most in ${monthLabel(
    series.months[best]!,
  )} (${formatRupees(series.monthTotals[best])}).`;
}

/**
 * Expenses per category per month as stacked bars (Chartist, SVG). The picture is hidden
 * from assistive technology; a visually hidden table carries the same figures.
 */
export function ExpensesChart({ series }: { series: ExpenseSeries }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Chartist reads window.matchMedia; without it (old engines, jsdom) only the table shows.
    // Nothing spent: the sentence says so, empty axes would say nothing more.
    if (!host.current || typeof window.matchMedia !== 'function' || series.total === 0) return;
    // Chartist comes after the screen: the figures above the chart paint without waiting for it.
    let chart: BarChart | undefined;
    let gone = false;
    void import('chartist').then(
      ({ BarChart }) => {
        if (gone || !host.current) return;
        chart = new BarChart(
          host.current,
          {
            labels: series.months.map((m) => monthLabel(m, true)),
            series: series.amounts,
          },
          {
            stackBars: true,
            height: `${CHART_HEIGHT}px`,
            // Room above the top grid line and left of the axis, so a label like '₹1.3L' (drawn
            // centred on its line, right-aligned in the axis offset) is never cut off.
            chartPadding: { top: 24, right: 10, bottom: 0, left: 24 },
            axisY: {
              offset: 56,
              onlyInteger: true,
              labelInterpolationFnc: (value) => compactRupees(Number(value)),
            },
          },
          [[NARROW, { axisX: { labelInterpolationFnc: everyOtherMonth(series.months.length) } }]],
        );
      },
      () => {
        // Not loaded (the network): the sentence and the table for screen readers still give
        // the figures; the space kept for the bars goes.
        if (!gone && host.current) host.current.style.minHeight = '0';
      },
    );
    return () => {
      gone = true;
      chart?.detach();
    };
  }, [series]);

  return (
    <figure>
      <figcaption className="text-sm text-gray-700">{chartSummary(series)}</figcaption>
      {series.total > 0 && (
        <>
          <ul className="mt-3 flex flex-wrap gap-4 text-sm text-gray-800" aria-label="Categories">
            {series.categories.map((c, i) => (
              <li key={c} className="flex items-center gap-2">
                <span aria-hidden="true" className={`h-3 w-3 rounded-sm ${SWATCHES[i % 5]}`} />
                {c}
              </li>
            ))}
          </ul>
          {/* Its height kept from the start: nothing below moves when the bars are drawn. */}
          <div
            ref={host}
            aria-hidden="true"
            style={{ minHeight: CHART_HEIGHT }}
            className={`mt-2 ${BAR_COLOURS}`}
          />
        </>
      )}
      {/* sr-only on the wrapper: a table ignores height 1px and would lengthen the page. */}
      <div className="sr-only">
        <table>
          <caption>Expenses per category per month, last 12 months</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {series.categories.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {series.months.map((m, i) => (
              <tr key={m}>
                <th scope="row">{monthLabel(m)}</th>
                {series.amounts.map((values, c) => (
                  <td key={series.categories[c]}>
                    <Money value={values[i]} />
                  </td>
                ))}
                <td>
                  <Money value={series.monthTotals[i]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
