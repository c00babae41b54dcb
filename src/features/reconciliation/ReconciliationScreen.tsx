import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGetAccountQuery, accountLabel } from '../../api/accountsApi';
import { useListReconciliationsQuery } from '../../api/reconciliationApi';
import { formatDMY } from '../../lib/dates';
import { useScope } from '../../session/scope';
import { AccountPicker } from '../../ui/AccountPicker';
import { ScopeBar } from '../../ui/CompanyPicker';
import { LoadState } from '../../ui/LoadState';
import { Pagination } from '../../ui/Pagination';
import { styles } from '../../ui/styles';
import { ReconciliationView } from './ReconciliationView';
import { StartReconciliation } from './StartReconciliation';

const PAGE_SIZE = 10;

/**
 * Bank reconciliation: an account's statement as the bank downloads it, set against the
 * books. The account and the reconciliation open are in the address (`accountId`, `id`), so a
 * link from the account's menu lands here and a reload keeps the place; the work itself is
 * saved on the server as it is done. A company works; its admin reads.
 */
export default function ReconciliationScreen() {
  const scope = useScope();
  const [search, setSearch] = useSearchParams();
  const accountId = search.get('accountId') ?? '';
  const openId = search.get('id') ?? '';
  const account = useGetAccountQuery(accountId, { skip: !accountId });
  const set = (changes: Record<string, string>) =>
    setSearch((p) => {
      const next = new URLSearchParams(p);
      for (const [key, value] of Object.entries(changes))
        if (value) next.set(key, value);
        else next.delete(key);
      return next;
    });

  return (
    <div className="space-y-4">
      <ScopeBar scope={scope} />
      <div className={`${styles.card} p-4`}>
        <AccountPicker
          id="reconcile-account"
          label="Bank account"
          value={accountId}
          companyId={scope.companyId || undefined}
          selectedLabel={account.data ? accountLabel(account.data) : undefined}
          placeholder="Choose the account to reconcile"
          onChange={(value) => set({ accountId: value, id: '' })}
          className="sm:w-96"
        />
      </div>
      {!accountId ? (
        <p className="text-sm text-gray-700">
          Choose an account, then its bank statement download (CSV, Excel, or the bank’s .xls) to
          check the books against the bank.
        </p>
      ) : openId ? (
        <ReconciliationView
          id={openId}
          canWrite={scope.isCompany}
          onClose={() => set({ id: '' })}
        />
      ) : (
        <>
          {scope.isCompany && (
            <StartReconciliation accountId={accountId} onStarted={(id) => set({ id })} />
          )}
          <PastReconciliations accountId={accountId} onOpen={(id) => set({ id })} />
        </>
      )}
    </div>
  );
}

function PastReconciliations({
  accountId,
  onOpen,
}: {
  accountId: string;
  onOpen: (id: string) => void;
}) {
  const [page, setPage] = useState(1);
  const list = useListReconciliationsQuery({ accountId, page, pageSize: PAGE_SIZE });
  return (
    <section className={`${styles.card} p-4`} aria-labelledby="past-reconciliations">
      <h2 id="past-reconciliations" className="text-base font-semibold text-gray-900">
        Reconciliations of this account
      </h2>
      <LoadState
        isLoading={list.isLoading}
        isError={list.isError}
        error={list.error}
        onRetry={list.refetch}
      >
        {list.data && list.data.total === 0 ? (
          <p className="mt-2 text-sm text-gray-700">None yet.</p>
        ) : (
          // Below 640 px each reconciliation is a card (index.css, `table.cards`): its period
          // and Open first, then its bank, file and day.
          <table role="table" className="cards mt-3 w-full text-left text-sm">
            <thead role="rowgroup" className="cards-sr-only text-gray-700">
              <tr role="row">
                <th role="columnheader" className="py-2 pr-3 font-medium">
                  Period
                </th>
                <th role="columnheader" className="py-2 pr-3 font-medium">
                  Bank
                </th>
                <th role="columnheader" className="py-2 pr-3 font-medium">
                  File
                </th>
                <th role="columnheader" className="py-2 pr-3 font-medium">
                  Started
                </th>
                <th role="columnheader" className="py-2 font-medium">
                  <span className="sr-only">Open</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {list.data?.data.map((r) => (
                <tr key={r._id} role="row" className="border-t border-gray-100">
                  <td role="cell" data-card="primary" className="py-2 pr-3">
                    {formatDMY(r.from)} – {formatDMY(r.to)}
                  </td>
                  <td role="cell" data-label="Bank" className="py-2 pr-3">
                    {r.bank}
                  </td>
                  <td role="cell" data-label="File" className="max-w-xs truncate py-2 pr-3">
                    {r.fileName || '—'}
                  </td>
                  <td role="cell" data-label="Started" className="py-2 pr-3">
                    {formatDMY(r.createdAt)}
                  </td>
                  <td role="cell" data-card="actions" className="py-2 text-right">
                    <button type="button" className={styles.link} onClick={() => onOpen(r._id)}>
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {list.data && list.data.total > PAGE_SIZE && (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onPageChange={setPage}
          />
        )}
      </LoadState>
    </section>
  );
}
