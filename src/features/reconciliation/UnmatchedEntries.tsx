import { useState } from 'react';
import { useListUnmatchedEntriesQuery } from '../../api/reconciliationApi';
import { formatDMY } from '../../lib/dates';
import { LoadState } from '../../ui/LoadState';
import { Money } from '../../ui/Money';
import { Pagination } from '../../ui/Pagination';
import { styles } from '../../ui/styles';

const PAGE_SIZE = 20;

/**
 * The books' entries of the period that no statement line holds or is suggested to: money
 * the bank has not seen (a cheque not yet cleared, an entry made twice, one on the wrong
 * account). Reversing one in Banking takes it off this list.
 */
export function UnmatchedEntries({ id, total }: { id: string; total: number }) {
  const [page, setPage] = useState(1);
  const entries = useListUnmatchedEntriesQuery({ id, page, pageSize: PAGE_SIZE });
  return (
    <section className={`${styles.card} p-4`} aria-labelledby="unmatched-entries-title">
      <h2 id="unmatched-entries-title" className="text-base font-semibold text-gray-900">
        Entries in the books not on the statement ({total.toLocaleString('en-IN')})
      </h2>
      <LoadState
        isLoading={entries.isLoading}
        isError={entries.isError}
        error={entries.error}
        onRetry={entries.refetch}
      >
        {entries.data && entries.data.data.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">
            Every entry of the period is on the statement.
          </p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-gray-700">
              <tr>
                <th className="px-2 py-2 font-medium">Date</th>
                <th className="px-2 py-2 font-medium">Remark</th>
                <th className="px-2 py-2 font-medium">Party</th>
                <th className="px-2 py-2 text-right font-medium">Money out</th>
                <th className="px-2 py-2 text-right font-medium">Money in</th>
              </tr>
            </thead>
            <tbody>
              {entries.data?.data.map((e) => (
                <tr key={e._id} className="border-t border-gray-100">
                  <td className="whitespace-nowrap px-2 py-2">{formatDMY(e.date)}</td>
                  <td className="px-2 py-2">
                    {e.remark}
                    {e.reference && (
                      <span className="block text-xs text-gray-600">Ref {e.reference}</span>
                    )}
                  </td>
                  <td className="px-2 py-2">{e.partyName ?? '—'}</td>
                  <td className="px-2 py-2 text-right">
                    {e.paymentType === 'debit' && <Money value={e.amount} />}
                  </td>
                  <td className="px-2 py-2 text-right">
                    {e.paymentType === 'credit' && <Money value={e.amount} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {entries.data && entries.data.total > PAGE_SIZE && (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={entries.data.total}
            onPageChange={setPage}
          />
        )}
      </LoadState>
    </section>
  );
}
