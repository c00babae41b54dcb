import { Link } from 'react-router-dom';
import { saveBlob } from '../../api/download';
import { DataTable, type Column } from '../../ui/DataTable';
import { CategoryBars } from '../../ui/CategoryBars';
import { loadErrorMessage } from '../../api/errors';
import { Money } from '../../ui/Money';
import { PeriodPicker, usePeriod } from '../../ui/PeriodPicker';
import { periodLabel, thisMonth } from '../../ui/period';
import { styles } from '../../ui/styles';
import { ScreenCard } from '../../ui/ScreenCard';
import { categoryReportCsv } from './categoryCsv';
import { useGetCategoryReportQuery, type CategoryRow } from './reportsApi';
import { countOf } from '../../ui/countOf';

/** How many categories the bars show; the table lists every one. */
const BARS = 10;

const share = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—';

/**
 * Category Report: what the user's expenses came to by category over a month or any range
 * (this month unless the address says), largest first, as bars and as a table, and as CSV.
 * Each category opens the Expenses list of that category and range.
 */
export default function CategoryReportScreen() {
  const { period, setPeriod } = usePeriod();
  const range = period ?? thisMonth();
  const query = useGetCategoryReportQuery(range);
  // Only this range's figures: the last range's never stand under the new name.
  const report = query.currentData;
  const label = periodLabel(range);
  const total = report?.totalAmount ?? 0;
  const listOf = (category: string) =>
    `/app/expenses?${new URLSearchParams({ category, ...range }).toString()}`;

  const columns: Column<CategoryRow>[] = [
    {
      key: 'category',
      header: 'Category',
      card: 'primary',
      wrap: true,
      render: (row) => (
        <Link to={listOf(row.category)} className={styles.link}>
          {row.category}
        </Link>
      ),
    },
    {
      key: 'count',
      header: 'Expenses',
      align: 'right',
      render: (row) => row.count.toLocaleString('en-IN'),
    },
    {
      key: 'share',
      header: 'Share',
      align: 'right',
      render: (row) => share(row.amount, total),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      card: 'money',
      render: (row) => <Money value={row.amount} />,
    },
  ];

  const bars = report?.data.slice(0, BARS) ?? [];
  const download = () => {
    if (!report) return;
    const blob = new Blob([categoryReportCsv(report)], { type: 'text/csv;charset=utf-8' });
    saveBlob(blob, `category-report-${report.from}-to-${report.to}.csv`);
  };

  return (
    <ScreenCard title="Category Report">
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <PeriodPicker
          period={range}
          onChange={(next) => next && setPeriod(next)}
          idPrefix="report"
        />
        <button
          type="button"
          onClick={download}
          disabled={!report || report.data.length === 0}
          className={styles.btnSecondary}
        >
          Export CSV
        </button>
      </div>
      <p className="mt-3 text-sm text-gray-800" aria-live="polite">
        {report ? (
          <>
            Total ({label}):{' '}
            <Money value={report.totalAmount} className="font-semibold text-gray-900" /> ·{' '}
            {countOf(report.count, 'expense')}
          </>
        ) : (
          <>Total ({label}): …</>
        )}
      </p>
      {bars.length > 0 && (
        // The bars repeat the table's figures: hidden from screen readers, which read the table.
        <figure className="mt-4">
          <CategoryBars rows={bars} label={`Spending by category, ${label}`} hidden />
        </figure>
      )}
      <div className="mt-4">
        <DataTable
          caption={`Spending by category, ${label}`}
          columns={columns}
          rows={report?.data}
          rowKey={(row) => row.category}
          isLoading={query.isFetching && !report}
          errorMessage={query.isError ? loadErrorMessage(query.error) : undefined}
          onRetry={() => void query.refetch()}
          emptyText={`No expenses in ${label}.`}
        />
      </div>
    </ScreenCard>
  );
}
