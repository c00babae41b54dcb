import { useState } from 'react';
import { RECONCILIATION_LINE_STATUSES } from '../../../contract/reconciliation';
import type { ReconciliationLineStatus } from '../../../contract/reconciliation';
import {
  LINE_STATUS_LABELS,
  useConfirmMatchesMutation,
  useGetReconciliationQuery,
  useIgnoreLinesMutation,
  useListReconciliationLinesQuery,
  useSuggestMatchesMutation,
} from '../../api/reconciliationApi';
import { formatDMY } from '../../lib/dates';
import { QueryState } from '../../ui/QueryState';
import { lastFourOf } from '../../../contract/accountNumber';
import { Pagination } from '../../ui/Pagination';
import { styles } from '../../ui/styles';
import { Balances } from './Balances';
import { LinesTable } from './LinesTable';
import { UnmatchedEntries } from './UnmatchedEntries';
import { WorkButtons } from './WorkButtons';

const PAGE_SIZE = 50;

/**
 * One reconciliation: its balances against the books' and the difference left, its lines by
 * state with what each is matched, created or suggested to, the suggestions confirmed in
 * bulk, lines ignored, and the books' entries no line holds.
 */
export function ReconciliationView({
  id,
  canWrite,
  onClose,
}: {
  id: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<ReconciliationLineStatus | ''>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const rec = useGetReconciliationQuery(id);
  const lines = useListReconciliationLinesQuery({
    id,
    page,
    pageSize: PAGE_SIZE,
    ...(status ? { status } : {}),
  });
  const [confirm, confirming] = useConfirmMatchesMutation();
  const [ignore, ignoring] = useIgnoreLinesMutation();
  const [suggest, suggesting] = useSuggestMatchesMutation();
  const busy = confirming.isLoading || ignoring.isLoading || suggesting.isLoading;

  const filter = (next: ReconciliationLineStatus | '') => {
    setStatus(next);
    setPage(1);
    setSelected(new Set());
  };
  const counts = rec.data?.counts;

  return (
    <QueryState query={rec}>
      {rec.data && (
        <div className="space-y-4">
          <section
            className={`${styles.card} space-y-3 p-4`}
            aria-labelledby="reconciliation-title"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h2 id="reconciliation-title" className="text-base font-semibold text-gray-900">
                  {rec.data.bank === 'Other' ? 'Statement' : `${rec.data.bank} statement`},{' '}
                  {formatDMY(rec.data.from)} to {formatDMY(rec.data.to)}
                </h2>
                <p className="text-sm text-gray-700">
                  {rec.data.account.holder_name} · {lastFourOf(rec.data.account.account_no)}
                  {rec.data.fileName ? ` · ${rec.data.fileName}` : ''}
                </p>
              </div>
              <button type="button" className={styles.btnSecondary} onClick={onClose}>
                All reconciliations
              </button>
            </div>
            <Balances balances={rec.data.balances} />
            {rec.data.breaks > 0 && (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                The statement’s balance does not follow on {rec.data.breaks}{' '}
                {rec.data.breaks === 1 ? 'line' : 'lines'} (marked below): a line is missing from
                the file or wrong.
              </p>
            )}
          </section>

          <section className={`${styles.card} p-4`} aria-labelledby="lines-title">
            <h2 id="lines-title" className="text-base font-semibold text-gray-900">
              Statement lines
            </h2>
            <div role="group" aria-label="Show lines" className="mt-3 flex flex-wrap gap-2">
              {(['', ...RECONCILIATION_LINE_STATUSES] as const).map((s) => {
                const count = !counts
                  ? 0
                  : s
                    ? counts[s]
                    : Object.values<number>(counts).reduce((a, b) => a + b, 0);
                return (
                  <button
                    key={s || 'all'}
                    type="button"
                    aria-pressed={status === s}
                    className={`rounded-full border px-3 py-1 text-sm ${
                      status === s
                        ? 'border-indigo-700 bg-indigo-700 text-white'
                        : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'
                    } ${styles.focus}`}
                    onClick={() => filter(s)}
                  >
                    {s ? LINE_STATUS_LABELS[s] : 'All'} ({count.toLocaleString('en-IN')})
                  </button>
                );
              })}
            </div>
            {canWrite && (
              <WorkButtons
                className="mt-3 flex flex-wrap gap-2"
                busy={busy}
                onDone={() => setSelected(new Set())}
                work={[
                  {
                    label: `Confirm all suggested (${rec.data.counts.suggested.toLocaleString('en-IN')})`,
                    className: styles.btnPrimary,
                    idle: rec.data.counts.suggested === 0,
                    call: () => confirm({ id, all: true }).unwrap(),
                  },
                  {
                    label: 'Confirm selected',
                    className: styles.btnSecondary,
                    idle: selected.size === 0,
                    call: () => confirm({ id, lineIds: [...selected] }).unwrap(),
                  },
                  {
                    label: 'Ignore selected',
                    className: styles.btnSecondary,
                    idle: selected.size === 0,
                    call: () => ignore({ id, lineIds: [...selected] }).unwrap(),
                  },
                  {
                    label: 'Suggest matches again',
                    className: styles.btnGhost,
                    call: () => suggest(id).unwrap(),
                  },
                ]}
              />
            )}
            <QueryState query={lines}>
              {lines.data && (
                <>
                  <LinesTable
                    reconciliationId={id}
                    lines={lines.data.data}
                    canWrite={canWrite}
                    selected={selected}
                    onSelect={setSelected}
                  />
                  {lines.data.total > PAGE_SIZE && (
                    <Pagination
                      page={page}
                      pageSize={PAGE_SIZE}
                      total={lines.data.total}
                      onPageChange={(next) => {
                        setPage(next);
                        setSelected(new Set());
                      }}
                    />
                  )}
                </>
              )}
            </QueryState>
          </section>

          <UnmatchedEntries id={id} total={rec.data.unmatchedEntries} />
        </div>
      )}
    </QueryState>
  );
}
