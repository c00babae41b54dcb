import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';
import { AUDITED_TABLES, type AuditAction, type AuditedTable } from '../../../contract/enums';
import { formatWhen, isBackwards } from '../../lib/dates';
import { roleLabel } from '../../lib/labels';
import type { Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { SelectField } from '../../ui/Field';
import { RefreshIcon } from '../../ui/icons';
import { PagedTable } from '../../ui/PagedTable';
import { styles } from '../../ui/styles';
import { BackToDashboard } from '../../ui/ScreenCard';
import { useListParams, useUrlFilters } from '../../ui/useListParams';
import { useSearchPeopleInfiniteQuery, type Person } from '../../api/peopleApi';
import { useScope, type Scope } from '../../session/scope';
import { CompanyPicker, useCompanyName } from '../../ui/CompanyPicker';
import {
  chainResults,
  fixedResults,
  pickerResults,
  SearchPicker,
  type PickerOption,
} from '../../ui/SearchPicker';
import { useGetAuditQuery, type AuditEntry } from './auditApi';
import {
  ACTION_LABELS,
  changedFields,
  detailsRecord,
  KIND_LABELS,
  kindLabel,
  RELATION_LABELS,
} from './auditFormat';

interface Filters {
  actorId: string;
  /** One record's history. */
  recordId: string;
  kind: AuditedTable | '';
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { actorId: '', recordId: '', kind: '', from: '', to: '' };
const NO_ENTRIES = { data: [], total: 0 };

const KIND_OPTIONS = AUDITED_TABLES.map((k) => ({ value: k, label: KIND_LABELS[k] }));

const ACTION_STYLES: Record<AuditAction, string> = {
  create: 'bg-green-50 text-green-800 ring-green-700/30',
  update: 'bg-amber-50 text-amber-900 ring-amber-700/30',
  delete: 'bg-red-50 text-red-800 ring-red-700/30',
};

/**
 * Who can have changed a company's records: only admins, companies and PMs sign in. The
 * caller itself, the chosen company (or all of an admin's companies) and its PMs; the
 * companies and PMs are searched on the server, companies first.
 */
function ActorPicker({
  scope,
  value,
  onChange,
}: {
  scope: Scope;
  value: string;
  onChange: (actorId: string) => void;
}) {
  const [search, setSearch] = useState<string | null>(null);
  const companyName = useCompanyName(scope);
  const companies = useSearchPeopleInfiniteQuery(
    search === null || !scope.isAdmin || scope.companyId ? skipToken : { kind: 'company', search },
  );
  const pms = useSearchPeopleInfiniteQuery(
    search === null ? skipToken : { kind: 'pm', search, companyId: scope.companyId },
  );
  const known: PickerOption[] = [];
  if (scope.user) known.push({ value: scope.user._id, label: `${scope.user.name} (you)` });
  if (scope.companyId && companyName)
    known.push({ value: scope.companyId, label: `${companyName} (${roleLabel('company')})` });
  const withRole = (role: 'company' | 'pm') => (p: Person) => ({
    value: p._id,
    label: `${p.name} (${roleLabel(role)})`,
  });
  const results = chainResults(
    fixedResults(known, search ?? ''),
    pickerResults(companies, withRole('company')),
    pickerResults(pms, withRole('pm')),
  );
  return (
    <SearchPicker
      id="audit-actor"
      label="User"
      emptyOption="Everyone"
      value={value}
      onChange={onChange}
      onSearch={setSearch}
      results={results}
    />
  );
}

/** An update's changed fields, `field: before → after`, one a line. */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-gray-600">No visible change</span>;
  return (
    <ul className="min-w-[12rem] max-w-sm space-y-0.5 whitespace-normal break-words">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="font-medium text-gray-800">{c.field}:</span> {c.before}{' '}
          <span aria-label="changed to">→</span> {c.after}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Record": the record as its screen names it, linked to its history, and the records it is
 * tied to (a payment's account, a reversal's payment, a transfer's other leg), each linked
 * to theirs.
 */
function RecordCell({
  entry,
  historyOf,
}: {
  entry: AuditEntry;
  historyOf: (id: string) => string;
}) {
  const historyLink = (id: string, name: string) => (
    <Link to={historyOf(id)} className={styles.link} aria-label={`History of ${name}`}>
      {name}
    </Link>
  );
  return (
    <div className="min-w-[8rem] max-w-[16rem] whitespace-normal break-words">
      {historyLink(entry.recordId, entry.record)}
      {entry.related.length > 0 && (
        <ul className="mt-0.5 space-y-0.5 text-xs text-gray-700">
          {entry.related.map((r) => (
            <li key={`${r.relation}-${r.recordId}`}>
              {RELATION_LABELS[r.relation]}: {historyLink(r.recordId, r.name)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Audit Trail: who created, changed or deleted which record, and the values before
 * and after, newest first and paged on the server. Read only: nothing here changes it.
 */
export default function AuditScreen() {
  const scope = useScope();
  const list = useListParams('at');
  const [url, setUrl] = useUrlFilters(NO_FILTERS);
  const filters: Filters = {
    ...url,
    kind: (AUDITED_TABLES as readonly string[]).includes(url.kind)
      ? (url.kind as AuditedTable)
      : '',
  };
  const setFilters = (changes: Partial<Filters>) => setUrl(changes, { page: null });
  const [showing, setShowing] = useState<AuditEntry | null>(null);

  const badRange = isBackwards(filters.from, filters.to);
  const query = useGetAuditQuery(
    {
      companyId: scope.companyId,
      ...filters,
      page: list.params.page,
      pageSize: list.params.pageSize,
      after: list.params.after,
      before: list.params.before,
    },
    { skip: badRange },
  );

  const setFilter =
    <K extends keyof Filters>(key: K) =>
    (e: { target: { value: string } }) => {
      setFilters({ [key]: e.target.value } as Partial<Filters>);
    };
  // Another company has other people: its actor choice and paging start over.
  const pickerScope: Scope = {
    ...scope,
    setCompanyId: (id) => setUrl({ actorId: '' }, { companyId: id, page: null }),
  };
  const filtered =
    scope.companyId !== '' || Object.values(filters).some((v) => v !== '') || badRange;
  const clear = () => setUrl(NO_FILTERS, { companyId: null, page: null });
  /** A record's history: its entries alone, in the company being read. */
  const historyOf = (recordId: string) => {
    const at = new URLSearchParams({ recordId });
    if (scope.companyId) at.set('companyId', scope.companyId);
    return `/app/audit?${at.toString()}`;
  };

  const columns: Column<AuditEntry, 'at'>[] = [
    { key: 'at', header: 'When', render: (e) => formatWhen(e.at) },
    {
      key: 'who',
      header: 'Who',
      render: (e) => <span title={e.actorEmail || undefined}>{e.actor}</span>,
    },
    { key: 'what', header: 'What', render: kindLabel },
    {
      key: 'action',
      header: 'Action',
      render: (e) => (
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${ACTION_STYLES[e.action]}`}
        >
          {ACTION_LABELS[e.action]}
        </span>
      ),
    },
    {
      key: 'record',
      header: 'Record',
      card: 'primary',
      render: (e) => <RecordCell entry={e} historyOf={historyOf} />,
    },
    {
      key: 'changes',
      header: 'Changes',
      render: (e) =>
        e.action === 'update' ? (
          <Changes entry={e} />
        ) : (
          <button
            type="button"
            onClick={() => setShowing(e)}
            className={`${styles.btnSecondary} px-3 py-1`}
            aria-label={`Details of ${ACTION_LABELS[e.action].toLowerCase()} ${kindLabel(e)}: ${e.record}`}
          >
            Details
          </button>
        ),
    },
  ];

  const page = query.currentData;
  // A backwards range asks nothing: the list is empty, not the last range's rows.
  const shown = badRange ? { ...query, data: NO_ENTRIES, currentData: NO_ENTRIES } : query;
  return (
    <section aria-labelledby="audit-title" className={`${styles.card} p-4 sm:p-6`}>
      <BackToDashboard />
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="audit-title" className="text-xl font-semibold text-gray-900">
            Audit Trail
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            Every create, update and delete, newest first. Nobody can change this record.
            {page && (
              <>
                {' '}
                · {page.total.toLocaleString('en-IN')}
                {/* A long trail is counted up to a bound: "10,000+ entries". */}
                {page.totalCapped ? '+ entries' : page.total === 1 ? ' entry' : ' entries'}
              </>
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={() => void query.refetch()}
          disabled={badRange}
          aria-busy={query.isFetching}
          className={styles.btnSecondary}
        >
          <RefreshIcon className={`h-4 w-4 ${query.isFetching ? 'animate-spin' : ''}`} />
          Refresh
        </button>
      </div>

      <form
        aria-label="Audit filter"
        onSubmit={(e) => e.preventDefault()}
        className="mt-4 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        {scope.isAdmin && <CompanyPicker scope={pickerScope} id="audit-company" />}
        <ActorPicker
          scope={scope}
          value={filters.actorId}
          onChange={(actorId) => setFilter('actorId')({ target: { value: actorId } })}
        />
        <SelectField
          id="audit-kind"
          label="Kind"
          placeholder="All kinds"
          options={KIND_OPTIONS}
          value={filters.kind}
          onChange={setFilter('kind')}
        />
        <DateRangeFields
          idPrefix="audit"
          labels={['From', 'To']}
          range={filters}
          onChange={(range) => setFilters(range)}
          onPreset={(range) => setFilters(range)}
        />
      </form>
      {filters.recordId && (
        <p className="mt-3 text-sm text-gray-800">
          The history of one record
          {page?.data[0] ? (
            <>
              : <span className="font-medium">{page.data[0].record}</span>
            </>
          ) : null}{' '}
          ·{' '}
          <button
            type="button"
            onClick={() => setFilters({ recordId: '' })}
            className={styles.link}
          >
            Every record
          </button>
        </p>
      )}
      {filtered && (
        <button type="button" onClick={clear} className={`${styles.link} mt-3 text-sm`}>
          Clear filters
        </button>
      )}

      <div className="mt-4">
        <PagedTable caption="Audit Trail" columns={columns} list={list} query={shown} />
      </div>
      <DetailsModal record={showing && detailsRecord(showing)} onClose={() => setShowing(null)} />
    </section>
  );
}
