import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type FormEvent } from 'react';
import { useDownload } from '../../api/download';
import { pathOf } from '../../api/endpoint';
import { isBackwards, todayLocalISO } from '../../lib/dates';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { DataTable, type Column } from '../../ui/DataTable';
import { nameColumn } from '../../ui/columns';
import { DateRangeFields, formRange } from '../../ui/DateRangeFields';
import { FilterForm } from '../../ui/FilterForm';
import { SelectField } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { Pagination } from '../../ui/Pagination';
import { ScreenCard } from '../../ui/ScreenCard';
import { styles } from '../../ui/styles';
import { PAGE_SIZE } from '../../ui/useListParams';
import { useScope } from '../../session/scope';
import { useGetSpendingQuery, type SpendingRow } from './bankApi';
import { PARTY_LABELS } from './PaymentDetails';

type Group = 'party' | 'project';
const GROUP_OPTIONS = [
  { value: 'party', label: 'Party' },
  { value: 'project', label: 'Project' },
];

const columnsOf = (by: Group): ReadonlyArray<Column<SpendingRow>> => [
  nameColumn('name', by === 'party' ? 'Party' : 'Project'),
  ...(by === 'party'
    ? [
        {
          key: 'kind',
          header: 'Kind',
          render: (r: SpendingRow) => (r.kind && r.kind !== 'project' ? PARTY_LABELS[r.kind] : ''),
        },
      ]
    : []),
  { key: 'paid', header: 'Paid', align: 'right', render: (r) => <Money value={r.paid} /> },
  {
    key: 'received',
    header: 'Received',
    align: 'right',
    render: (r) => <Money value={r.received} />,
  },
  { key: 'payments', header: 'Payments', align: 'right', render: (r) => r.payments },
];

/**
 * Spending: what the company paid and received per party or per project over a range of
 * days, most paid first, summed on the server; the same as CSV. Transfers between its own
 * accounts are not spending, and a reversed payment counts for nothing.
 */
export default function SpendingScreen() {
  const scope = useScope();
  const downloadFile = useDownload();
  const [form, setForm] = useState({
    by: 'party' as Group,
    from: todayLocalISO().slice(0, 8) + '01',
    to: todayLocalISO(),
  });
  const [applied, setApplied] = useState<typeof form | null>(null);
  const [page, setPage] = useState(1);
  const spending = useGetSpendingQuery(
    applied
      ? { ...applied, companyId: scope.companyId || undefined, page, pageSize: PAGE_SIZE }
      : skipToken,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.from || !form.to || isBackwards(form.from, form.to)) return;
    setApplied(form);
    setPage(1);
  };
  const download = () => {
    if (!applied) return;
    const query = new URLSearchParams({
      ...applied,
      ...(scope.companyId ? { companyId: scope.companyId } : {}),
    });
    void downloadFile(`${pathOf('spendingCsv')}?${query}`, {
      filename: `spending-by-${applied.by}-${applied.from}-to-${applied.to}.csv`,
      failure: 'Failed to download the spending. Please try again.',
    });
  };
  const data = spending.currentData;
  return (
    <ScreenCard title="Spending" back={false}>
      <FilterForm
        label="Spending filter"
        onSubmit={submit}
        actions={
          applied && (
            <button type="button" onClick={download} className={styles.btnSecondary}>
              Download CSV
            </button>
          )
        }
      >
        {scope.isAdmin && <CompanyPicker scope={scope} id="spending-company" />}
        <SelectField
          id="spending-by"
          label="By"
          options={GROUP_OPTIONS}
          value={form.by}
          onChange={(e) => setForm((f) => ({ ...f, by: e.target.value as Group }))}
        />
        <DateRangeFields idPrefix="spending" {...formRange(form, setForm)} />
      </FilterForm>
      {applied && (
        <div className="mt-6">
          {data && (
            <p className="mb-2 text-sm text-gray-800">
              Paid <Money value={data.totalPaid} className="font-semibold" /> · Received{' '}
              <Money value={data.totalReceived} className="font-semibold" />
            </p>
          )}
          <DataTable
            caption={`Spending by ${applied.by}`}
            columns={columnsOf(applied.by)}
            rows={data?.data}
            rowKey={(r) => `${r.kind}/${r.id ?? r.name}`}
            isLoading={spending.isFetching && !data}
            errorMessage={spending.isError ? 'Could not load the spending.' : undefined}
            onRetry={() => spending.refetch()}
          />
          {data && data.total > PAGE_SIZE && (
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
            />
          )}
        </div>
      )}
    </ScreenCard>
  );
}
