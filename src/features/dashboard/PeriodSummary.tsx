import { Link } from 'react-router-dom';
import { CategoryBars } from '../../ui/CategoryBars';
import { Money } from '../../ui/Money';
import { PeriodPicker } from '../../ui/PeriodPicker';
import { periodLabel, type Period } from '../../ui/period';
import { styles } from '../../ui/styles';
import type { DashboardPeriod } from './dashboardApi';

/** How many categories the summary names; the report has them all. */
const TOP = 5;

/**
 * What the chosen period (this month to begin with) came to: spent, lent and borrowed, and
 * where the spending went. The screen leads with it; the all-time figures follow.
 */
export function PeriodSummary({
  period,
  figures,
  onChange,
}: {
  period: Period;
  /** The period's figures; absent while they load. */
  figures: DashboardPeriod | undefined;
  onChange: (next: Period | null) => void;
}) {
  const label = periodLabel(period);
  const top = figures?.byCategory.slice(0, TOP) ?? [];
  const search = new URLSearchParams({ from: period.from, to: period.to }).toString();
  const tiles = figures
    ? [
        {
          label: 'Spent',
          figure: figures.expenses,
          noun: 'expense',
          to: `/app/expenses?${search}`,
        },
        { label: 'Lent', figure: figures.lend, noun: 'lend', to: '/app/lend' },
        { label: 'Borrowed', figure: figures.borrowed, noun: 'borrowing', to: '/app/borrowed' },
      ]
    : [];
  return (
    <section aria-labelledby="period-summary" className={`${styles.card} mb-4 p-4 sm:p-5`}>
      {/* The picker shows the period's name: the heading is for screen readers. */}
      <h3 id="period-summary" className="sr-only">
        {label}
      </h3>
      <PeriodPicker period={period} onChange={onChange} idPrefix="dashboard-period" />
      {figures ? (
        <div className="mt-3 grid gap-4 lg:grid-cols-2">
          {/* A phone: a line each, label and count left, the amount right; wider: three tiles. */}
          <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
            {tiles.map((t) => (
              <div
                key={t.label}
                className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 rounded-md bg-gray-50 px-3 py-2 sm:block sm:p-3"
              >
                <dt className="text-xs font-medium text-gray-700 sm:text-sm">
                  <Link to={t.to} className={styles.link}>
                    {t.label}
                  </Link>
                </dt>
                <dd className="row-span-2 whitespace-nowrap text-right text-base font-bold text-gray-900 sm:mt-1 sm:text-left sm:text-xl">
                  <Money value={t.figure.totalAmount} />
                </dd>
                <dd className="text-xs text-gray-700">
                  {t.figure.count.toLocaleString('en-IN')}{' '}
                  {t.figure.count === 1 ? t.noun : `${t.noun}s`}
                </dd>
              </div>
            ))}
          </dl>
          <div>
            <p className="text-sm font-medium text-gray-700">Spending by category</p>
            {top.length === 0 ? (
              <p className="mt-1 text-sm text-gray-700">Nothing spent in {label}.</p>
            ) : (
              <div className="mt-1">
                <CategoryBars rows={top} label={`Spending by category, ${label}`} />
              </div>
            )}
            <Link
              to={`/app/categoryreport?${search}`}
              className={`${styles.link} mt-2 inline-block text-sm`}
            >
              Category report
            </Link>
          </div>
        </div>
      ) : (
        <p className="mt-3 text-sm text-gray-700" aria-busy="true">
          Loading {label}…
        </p>
      )}
    </section>
  );
}
