import { useSearchParams } from 'react-router-dom';
import { ClientPicker } from '../../ui/recordPickers';
import { isBackwards, formatDMY } from '../../lib/dates';
import { useScope } from '../../session/scope';
import { ScopeBar } from '../../ui/CompanyPicker';
import { serialColumn, type Column } from '../../ui/DataTable';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { SelectField } from '../../ui/Field';
import { ListScreen } from '../../ui/ListScreen';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { scopedListArgs, useListParams, useUrlFilters } from '../../ui/useListParams';
import type { InvoiceStatus } from '../../../contract/api/invoices';
import { InvoiceEditor } from './InvoiceEditor';
import { InvoiceView } from './InvoiceView';
import { useGetClientQuery, useGetInvoicesQuery, type InvoiceRow } from './invoicingApi';
import { useInvoiceNav } from './useInvoiceNav';
import { STATUS_OPTIONS, StatusBadge } from './parts';
import { countOf } from '../../ui/countOf';

/**
 * Invoices: the list, an invoice (`?invoice=<id>`) or the draft editor (`?edit=<id>|new`),
 * each in the address so that a reload or a shared link shows the same.
 */
export default function InvoicesScreen() {
  const [url] = useSearchParams();
  const viewing = url.get('invoice');
  const editing = url.get('edit');
  const scope = useScope();
  if (editing && scope.isCompany)
    return <InvoiceEditor key={editing} id={editing === 'new' ? null : editing} />;
  if (viewing) return <InvoiceView key={viewing} id={viewing} />;
  return <InvoiceList />;
}

const FILTERS = { status: '', clientId: '', from: '', to: '' };

function InvoiceList() {
  const scope = useScope();
  const nav = useInvoiceNav();
  const list = useListParams<'issueDate'>('issueDate', 'desc');
  const [filters, setFilters] = useUrlFilters(FILTERS);
  // Next and Previous carry a row's position (after/before): the server reads from there.
  const { after, before } = list.params;
  const backwards = isBackwards(filters.from, filters.to);
  const query = useGetInvoicesQuery({
    ...scopedListArgs(scope.companyId, list.params),
    after,
    before,
    status: (filters.status || undefined) as InvoiceStatus | undefined,
    clientId: filters.clientId || undefined,
    from: (!backwards && filters.from) || undefined,
    to: (!backwards && filters.to) || undefined,
  });
  const client = useGetClientQuery(filters.clientId, { skip: !filters.clientId });
  const open = nav.view;

  const columns: Column<InvoiceRow, 'issueDate'>[] = [
    serialColumn(),
    {
      key: 'number',
      header: 'Number',
      card: 'primary',
      render: (r) => (
        <button
          type="button"
          className={`${styles.link} whitespace-nowrap`}
          onClick={() => open(r._id)}
        >
          {r.number ?? 'Draft'}
          {r.kind === 'credit_note' ? ' (credit note)' : ''}
        </button>
      ),
    },
    { key: 'issueDate', header: 'Date', render: (r) => formatDMY(r.issueDate) },
    { key: 'client', header: 'Client', wrap: true, render: (r) => r.clientName },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    { key: 'due', header: 'Due', render: (r) => (r.dueDate ? formatDMY(r.dueDate) : '') },
    { key: 'total', header: 'Total', align: 'right', render: (r) => <Money value={r.total} /> },
    {
      key: 'pending',
      header: 'Pending',
      align: 'right',
      card: 'money',
      render: (r) => <Money value={r.pending} />,
    },
    {
      key: 'action',
      header: 'Action',
      render: (r) => (
        <button
          type="button"
          className={styles.btnSecondary}
          onClick={() => open(r._id)}
          aria-label={`Open ${r.number ?? 'draft'} of ${r.clientName}`}
        >
          Open
        </button>
      ),
    },
  ];
  const data = query.currentData ?? query.data;
  return (
    <>
      <ScopeBar scope={scope} />
      <div className={`${styles.card} mb-4 grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4`}>
        <SelectField
          id="invoice-status"
          label="Status"
          placeholder="All statuses"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(e) => setFilters({ status: e.target.value }, { page: null })}
        />
        <ClientPicker
          id="invoice-client"
          label="Client"
          companyId={scope.companyId || undefined}
          value={filters.clientId}
          selectedLabel={client.data?.name}
          emptyOption="All clients"
          onChange={(value) => setFilters({ clientId: value }, { page: null })}
        />
        <DateRangeFields
          idPrefix="invoice-range"
          range={{ from: filters.from, to: filters.to }}
          onChange={(range) => setFilters(range, { page: null })}
          labels={['Issued from', 'Issued to']}
        />
      </div>
      <ListScreen
        title="Invoices"
        addLabel="New invoice"
        onAdd={scope.isCompany ? () => nav.edit('new') : undefined}
        searchLabel="Search by number or client"
        empty={
          scope.isCompany
            ? { hint: 'Bill a client: make a draft, then issue it.', action: 'New invoice' }
            : { hint: 'No invoices here yet.' }
        }
        list={list}
        query={query}
        columns={columns}
        summary={
          data && (
            <>
              {countOf(data.total, 'document')} · Total{' '}
              <Money value={data.totals.total} className="font-semibold text-gray-900" /> · Received{' '}
              <Money value={data.totals.received} /> · Pending{' '}
              <Money value={data.totals.pending} className="font-semibold text-gray-900" />
            </>
          )
        }
      />
    </>
  );
}
