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
          // Below 640 px each entry is a card (index.css, `table.cards`): its remark and amount
          // first, then its date and party.
          <table role="table" className="cards mt-3 w-full text-left text-sm">
            <thead role="rowgroup" className="cards-sr-only text-gray-700">
              <tr role="row">
                <th role="columnheader" className="px-2 py-2 font-medium">
                  Date
                </th>
                <th role="columnheader" className="px-2 py-2 font-medium">
                  Remark
                </th>
                <th role="columnheader" className="px-2 py-2 font-medium">
                  Party
                </th>
                <th role="columnheader" className="px-2 py-2 text-right font-medium">
                  Money out
                </th>
                <th role="columnheader" className="px-2 py-2 text-right font-medium">
                  Money in
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {entries.data?.data.map((e) => (
                <tr key={e._id} role="row" className="border-t border-gray-100">
                  <td role="cell" data-label="Date" className="whitespace-nowrap px-2 py-2">
                    {formatDMY(e.date)}
                  </td>
                  <td role="cell" data-card="primary" className="px-2 py-2">
                    {e.remark}
                    {e.reference && (
                      <span className="block text-xs text-gray-600">Ref {e.reference}</span>
                    )}
                  </td>
                  <td role="cell" data-label="Party" className="px-2 py-2">
                    {e.partyName ?? '—'}
                  </td>
                  <td
                    role="cell"
                    data-label="Money out"
                    data-card="money"
                    className="px-2 py-2 text-right"
                  >
                    {e.paymentType === 'debit' && <Money value={e.amount} />}
                  </td>
                  <td
                    role="cell"
                    data-label="Money in"
                    data-card="money"
                    className="px-2 py-2 text-right"
                  >
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
