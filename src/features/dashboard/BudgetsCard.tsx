import { Link } from 'react-router-dom';
import { PACE_LABELS, useGetBudgetsQuery, type Budget } from '../../api/budgetsApi';
import { LoadState } from '../../ui/LoadState';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { formatPercent } from './percent';

const BAR_COLOURS: Record<Budget['pace'], string> = {
  on_pace: 'bg-emerald-600',
  ahead_of_pace: 'bg-amber-500',
  over_budget: 'bg-red-600',
};

/**
 * One budget: its figures in words and numbers, then a bar of the share spent with a mark
 * where the month is (the bar repeats the text for the eye; screen readers read the text).
 */
function BudgetRow({ budget, elapsed }: { budget: Budget; elapsed: number }) {
  const over = budget.remaining < 0;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium text-gray-900">{budget.category}</p>
        <p className="text-sm font-semibold text-gray-900">{PACE_LABELS[budget.pace]}</p>
      </div>
      <p className="text-sm text-gray-700">
        <Money value={budget.spent} /> spent of <Money value={budget.amount} /> (
        {formatPercent(budget.spentPercent)}) ·{' '}
        {over ? (
          <>
            <Money value={-budget.remaining} /> over
          </>
        ) : (
          <>
            <Money value={budget.remaining} /> left
          </>
        )}
      </p>
      <div aria-hidden="true" className="relative mt-2 h-2 rounded-full bg-gray-200">
        <div
          className={`h-2 rounded-full ${BAR_COLOURS[budget.pace]}`}
          style={{ width: `${Math.min(100, budget.spentPercent)}%` }}
        />
        <div className="absolute -top-1 h-4 w-0.5 bg-gray-700" style={{ left: `${elapsed}%` }} />
      </div>
    </li>
  );
}

/** This month's budgets against their spending and the share of the month gone. */
export function BudgetsCard() {
  const { data, isLoading, isError, error, refetch } = useGetBudgetsQuery();
  return (
    <section aria-labelledby="panel-budgets" className={`${styles.card} p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id="panel-budgets" className="text-lg font-semibold text-gray-900">
          Budgets
        </h3>
        <Link to="/app/categories" className={`${styles.link} text-sm`}>
          Set budgets
        </Link>
      </div>
      <LoadState isLoading={isLoading} isError={isError} error={error} onRetry={refetch}>
        {data && (
          <>
            <p className="mt-1 text-sm text-gray-700">
              {formatPercent(data.monthElapsedPercent)} of this month gone
            </p>
            {data.data.length === 0 ? (
              <p className="mt-3 text-sm text-gray-700">
                No budgets yet: give your categories a monthly budget on the Categories screen.
              </p>
            ) : (
              <ul className="mt-2 divide-y divide-gray-100">
                {data.data.map((budget) => (
                  <BudgetRow key={budget._id} budget={budget} elapsed={data.monthElapsedPercent} />
                ))}
              </ul>
            )}
          </>
        )}
      </LoadState>
    </section>
  );
}
