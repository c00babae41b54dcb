import { CappedCount } from '../../ui/CappedCount';
import { Money } from '../../ui/Money';
import type { LoanPage } from './loansApi';

const strong = 'font-semibold text-gray-900';

/**
 * The totals of every row matching the filter (search and dates included), from the server;
 * past the count's bound, the count alone.
 */
export function LoanTotals({
  page,
}: {
  page: Pick<LoanPage, 'totalAmount' | 'outstandingAmount' | 'total' | 'totalCapped'>;
}) {
  if (page.totalCapped) return <CappedCount total={page.total} rows="entries" />;
  return (
    <>
      Total Amount: <Money value={page.totalAmount} className={strong} /> · Outstanding:{' '}
      <Money value={page.outstandingAmount} className={strong} /> ·{' '}
      {page.total.toLocaleString('en-IN')} {page.total === 1 ? 'entry' : 'entries'}
    </>
  );
}
