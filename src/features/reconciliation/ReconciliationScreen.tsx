import { useSearchParams } from 'react-router-dom';
import { useGetAccountQuery, accountLabel } from '../../api/accountsApi';
import { useListReconciliationsQuery } from '../../api/reconciliationApi';
import { formatDMY } from '../../lib/dates';
import { useScope } from '../../session/scope';
import { AccountPicker } from '../../ui/AccountPicker';
import { ScopeBar } from '../../ui/CompanyPicker';
import { PagedSection, usePaging } from '../../ui/PagedSection';
import { styles } from '../../ui/styles';
import { ReconciliationView } from './ReconciliationView';
import { StartReconciliation } from './StartReconciliation';

const PAGE_SIZE = 10;
const HEADINGS = ['Period', 'Bank', 'File', 'Started', { label: 'Open', srOnly: true }];
const cell = 'py-2 pr-3';

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
  const paging = usePaging(PAGE_SIZE);
  const list = useListReconciliationsQuery({ accountId, page: paging.page, pageSize: PAGE_SIZE });
  return (
    <PagedSection
      id="past-reconciliations"
      title="Reconciliations of this account"
      query={list}
      paging={paging}
      empty="None yet."
      headings={HEADINGS}
      cell={cell}
      // Below 640 px each reconciliation is a card (index.css, `table.cards`): its period
      // and Open first, then its bank, file and day.
      row={(r) => (
        <>
          <td role="cell" data-card="primary" className={cell}>
            {formatDMY(r.from)} – {formatDMY(r.to)}
          </td>
          <td role="cell" data-label="Bank" className={cell}>
            {r.bank}
          </td>
          <td role="cell" data-label="File" className={`max-w-xs truncate ${cell}`}>
            {r.fileName || '—'}
          </td>
          <td role="cell" data-label="Started" className={cell}>
            {formatDMY(r.createdAt)}
          </td>
          <td role="cell" data-card="actions" className="py-2 text-right">
            <button type="button" className={styles.link} onClick={() => onOpen(r._id)}>
              Open
            </button>
          </td>
        </>
      )}
    />
  );
}
