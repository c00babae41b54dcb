import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Receivable } from './receivablesApi';
import { notifyMutation } from '../../api/notify';
import { formatDMY } from '../../lib/dates';
import { useScope } from '../../session/scope';
import { ScopeBar } from '../../ui/CompanyPicker';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { nameColumn } from '../../ui/columns';
import { ListScreen } from '../../ui/ListScreen';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { useListParams, useUrlFilters } from '../../ui/useListParams';
import { ClientStatementView } from './ClientStatementView';
import { ReceiptForm } from './ReceiptForm';
import {
  useGetReceiptsQuery,
  useGetReceivablesQuery,
  useReverseReceiptMutation,
  type Receipt,
} from './receivablesApi';

const money = (pick: (r: Receivable) => number) => (r: Receivable) => <Money value={pick(r)} />;
/** A column of one of the row's sums, right-aligned and not sorted on (`pick` reads it). */
const sumColumn = (key: string, header: string, pick: (r: Receivable) => number) => ({
  key,
  header,
  align: 'right' as const,
  render: money(pick),
});

/**
 * Receivables: what each client (or project) was invoiced, has paid and still owes, by how
 * late (ageing from the due date); the recent receipts; a client's statement
 * (`?statement=<client id>`).
 */
export default function ReceivablesScreen() {
  const [url] = useSearchParams();
  const statementOf = url.get('statement');
  if (statementOf) return <ClientStatementView key={statementOf} clientId={statementOf} />;
  return <ReceivablesList />;
}

function ReceivablesList() {
  const scope = useScope();
  const [, setUrl] = useSearchParams();
  const list = useListParams<'name'>('name', 'asc');
  const [filters, setFilters] = useUrlFilters({ by: 'client' });
  const by = filters.by === 'project' ? 'project' : 'client';
  const { search, page, pageSize } = list.params;
  const query = useGetReceivablesQuery({
    companyId: scope.companyId || undefined,
    by,
    search: search || undefined,
    page,
    pageSize,
  });
  const [recording, setRecording] = useState(false);
  const statement = (clientId: string) =>
    setUrl((p) => {
      const next = new URLSearchParams();
      const companyId = p.get('companyId');
      if (companyId) next.set('companyId', companyId);
      next.set('statement', clientId);
      return next;
    });

  const columns: Column<Receivable, 'name'>[] = [
    nameColumn('name', by === 'client' ? 'Client' : 'Project'),
    sumColumn('invoiced', 'Invoiced', (r) => r.invoiced),
    sumColumn('received', 'Received', (r) => r.received),
    sumColumn('tds', 'TDS', (r) => r.tds),
    sumColumn('notDue', 'Not due', (r) => r.ageing.notDue),
    sumColumn('d30', '1–30 days', (r) => r.ageing.days1to30),
    sumColumn('d60', '31–60 days', (r) => r.ageing.days31to60),
    sumColumn('d90', '61–90 days', (r) => r.ageing.days61to90),
    sumColumn('over90', 'Over 90 days', (r) => r.ageing.over90),
    ...(by === 'client' ? [sumColumn('advance', 'Advance', (r) => r.advance)] : []),
    { ...sumColumn('pending', 'Pending', (r) => r.pending), card: 'money' as const },
    {
      key: 'action',
      header: 'Action',
      render: (r) =>
        by === 'client' && r._id ? (
          <button
            type="button"
            className={`${styles.btnSecondary} whitespace-nowrap`}
            onClick={() => statement(r._id!)}
            aria-label={`Statement of ${r.name}`}
          >
            Statement
          </button>
        ) : null,
    },
  ];
  const data = query.currentData ?? query.data;
  return (
    <>
      <ScopeBar scope={scope} />
      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label="Group by">
        {(['client', 'project'] as const).map((g) => (
          <button
            key={g}
            type="button"
            aria-pressed={by === g}
            className={by === g ? styles.btnPrimary : styles.btnSecondary}
            onClick={() => setFilters({ by: g }, { page: null })}
          >
            By {g}
          </button>
        ))}
      </div>
      <ListScreen
        title="Receivables"
        searchLabel={by === 'client' ? 'Search clients' : 'Search projects'}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r._id ?? 'none'}
        empty={{ hint: 'Nothing is owed: no issued invoices wait for payment.' }}
        actions={
          scope.isCompany && (
            <button type="button" className={styles.btnPrimary} onClick={() => setRecording(true)}>
              Record receipt
            </button>
          )
        }
        summary={
          data && (
            <>
              Pending <Money value={data.totals.pending} className="font-semibold text-gray-900" />{' '}
              of <Money value={data.totals.invoiced} /> invoiced · overdue{' '}
              <Money
                value={
                  data.totals.ageing.days1to30 +
                  data.totals.ageing.days31to60 +
                  data.totals.ageing.days61to90 +
                  data.totals.ageing.over90
                }
              />{' '}
              · as of {formatDMY(data.asOf)}. Ageing counts days past each invoice's due date.
            </>
          )
        }
      >
        {recording && (
          <ReceiptForm companyId={scope.companyId} onClose={() => setRecording(false)} />
        )}
      </ListScreen>
      <RecentReceipts />
    </>
  );
}

/** The latest receipts, each reversible by the company. */
function RecentReceipts() {
  const scope = useScope();
  const query = useGetReceiptsQuery({ companyId: scope.companyId || undefined, pageSize: 20 });
  const [reverse, reversing] = useReverseReceiptMutation();
  const [asked, setAsked] = useState<Receipt | null>(null);
  const columns: Column<Receipt>[] = [
    { key: 'date', header: 'Date', render: (r) => formatDMY(r.date) },
    { key: 'client', header: 'Client', card: 'primary', wrap: true, render: (r) => r.clientName },
    { key: 'mode', header: 'Mode', render: (r) => `${r.mode.toUpperCase()} ${r.reference}`.trim() },
    {
      key: 'settles',
      header: 'Settles',
      wrap: true,
      render: (r) =>
        r.allocations.map((a) => a.invoiceNumber).join(', ') || (r.reversed ? '' : 'Advance'),
    },
    {
      key: 'advance',
      header: 'Advance',
      align: 'right',
      render: (r) => <Money value={r.advance} />,
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      card: 'money',
      render: (r) => (
        <span className={r.reversed ? 'line-through' : ''}>
          <Money value={r.amount} />
        </span>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      render: (r) =>
        r.reversed ? (
          'Reversed'
        ) : scope.isCompany ? (
          <button
            type="button"
            className={styles.btnSecondary}
            onClick={() => setAsked(r)}
            aria-label={`Reverse the receipt of ${r.clientName} of ${formatDMY(r.date)}`}
          >
            Reverse
          </button>
        ) : null,
    },
  ];
  return (
    <section className={`${styles.card} mt-4 p-4 sm:p-6`} aria-labelledby="receipts-title">
      <h2 id="receipts-title" className="text-lg font-semibold text-gray-900">
        Recent receipts
      </h2>
      <div className="mt-3">
        <DataTable
          caption="Recent receipts"
          columns={columns}
          rows={query.data?.data}
          isLoading={query.isLoading}
          errorMessage={query.isError ? 'Could not load the receipts.' : undefined}
          onRetry={query.refetch}
          emptyText="No receipts yet"
          pinLastColumn
        />
      </div>
      <ConfirmDialog
        open={asked !== null}
        title="Reverse receipt"
        confirmLabel="Reverse"
        message={
          <p>
            The money leaves the bank account again (a reversal in its statement) and the invoices
            it settled owe it again.
          </p>
        }
        onConfirm={async () => {
          if (!asked) return;
          await notifyMutation(reverse({ id: asked._id, version: asked.version }).unwrap(), {
            success: 'Receipt reversed',
            failure: 'Could not reverse the receipt.',
          });
          setAsked(null);
        }}
        onCancel={() => setAsked(null)}
        busy={reversing.isLoading}
      />
    </section>
  );
}
