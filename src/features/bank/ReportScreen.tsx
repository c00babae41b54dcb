import { skipToken } from '@reduxjs/toolkit/query/react';
import { ProjectPicker } from '../../ui/recordPickers';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useDownload } from '../../api/download';
import { pathOf } from '../../api/endpoint';
import { formatDMY, isBackwards, todayLocalISO } from '../../lib/dates';
import type { Column } from '../../ui/DataTable';
import { DateRangeFields, formRange } from '../../ui/DateRangeFields';
import { FilterForm } from '../../ui/FilterForm';
import { ImportLink } from '../../ui/ImportLink';
import { LoadState } from '../../ui/LoadState';
import { Money } from '../../ui/Money';
import { PagedTable, type ListQuery, type PageControls } from '../../ui/PagedTable';
import { ScreenCard } from '../../ui/ScreenCard';
import { styles } from '../../ui/styles';
import { PAGE_SIZE, useListParams, useUrlFilters } from '../../ui/useListParams';
import { useScope, type Scope } from '../../session/scope';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { AccountCard } from './AccountCard';
import { AccountPicker } from '../../ui/AccountPicker';
import { entryColumns } from './Corrections';
import { ModeField } from '../../ui/ModeField';
import { PARTY_OPTIONS } from './PaymentDetails';
import { Field, SelectField } from '../../ui/Field';
import { usePreferredAccount } from './usePreferredAccount';
import {
  accountLabel,
  useGetStatementQuery,
  type Statement,
  type StatementEntry,
  type StatementRange,
} from './bankApi';

const CELL = 'whitespace-nowrap px-4 py-3';

/** The balance just before `e`: its running balance less its own credit (or plus its debit). */
const balanceBefore = (e: StatementEntry) =>
  (Math.round(e.balance * 100) -
    (e.paymentType === 'credit' ? 1 : -1) * Math.round(e.amount * 100)) /
  100;

interface BalanceLine {
  date: string;
  label: string;
  balance: number;
  credits?: number;
  debits?: number;
}

/** Opening, brought-forward, carried-forward or closing: a balance, and totals if given. */
function BalanceRow({ line, className }: { line: BalanceLine; className?: string }) {
  return (
    <tr role="row" className={className}>
      <td role="cell" data-label="Date" className={CELL}>
        {formatDMY(line.date)}
      </td>
      <th role="rowheader" scope="row" data-card="primary" className={`${CELL} text-left`}>
        {line.label}
      </th>
      <td role="cell" data-label="Credit" className={`${CELL} text-right`}>
        {line.credits !== undefined && <Money value={line.credits} />}
      </td>
      <td role="cell" data-label="Debit" className={`${CELL} text-right`}>
        {line.debits !== undefined && <Money value={line.debits} />}
      </td>
      <td role="cell" data-card="money" className={`${CELL} text-right`}>
        <Money value={line.balance} />
      </td>
    </tr>
  );
}

const ENTRY_COLUMNS: Column<StatementEntry>[] = [
  ...entryColumns<StatementEntry>(),
  // The entry's own amount is what its card leads with on a phone (only one of the two is
  // filled, the empty cell is left off the card); the running balance follows as "Balance".
  {
    key: 'credit',
    header: 'Credit',
    align: 'right',
    card: 'money',
    render: (e) =>
      e.paymentType === 'credit' && <Money value={e.amount} className="text-green-800" />,
  },
  {
    key: 'debit',
    header: 'Debit',
    align: 'right',
    card: 'money',
    render: (e) => e.paymentType === 'debit' && <Money value={e.amount} className="text-red-700" />,
  },
  {
    key: 'balance',
    header: 'Balance',
    align: 'right',
    render: (e) => <Money value={e.balance} />,
  },
];

/**
 * The statement: the account, the whole range's figures, then one page of its payments with
 * their running balances between the opening (or brought-forward) row and the closing (or
 * carried-forward) row.
 */
export function StatementView({
  statement: s,
  list,
  entries,
}: {
  statement: Statement;
  list: PageControls;
  /** The page's entries; loading while another page of the same statement loads. */
  entries: ListQuery<StatementEntry>;
}) {
  const { page, pageSize } = list.params;
  const first = s.entries[0];
  const last = s.entries.at(-1);
  const opening: BalanceLine =
    page === 1 || !first
      ? { date: s.from, label: 'Opening Balance', balance: s.openingBalance }
      : { date: first.date, label: 'Brought Forward', balance: balanceBefore(first) };
  const closing: BalanceLine =
    page >= Math.ceil(s.total / pageSize) || !last
      ? {
          date: s.to,
          label: 'Closing Balance',
          balance: s.closingBalance,
          credits: s.totalCredits,
          debits: s.totalDebits,
        }
      : { date: last.date, label: 'Carried Forward', balance: last.balance };
  return (
    <div className="space-y-4">
      <AccountCard account={s.account} balanceLabel="Current Balance" />
      <p className="text-sm text-gray-700">
        Statement from <strong>{formatDMY(s.from)}</strong> to <strong>{formatDMY(s.to)}</strong> ·{' '}
        {s.total} {s.total === 1 ? 'entry' : 'entries'}
        {s.matching && (
          <>
            {' '}
            that match · credits <Money value={s.matching.credits} /> · debits{' '}
            <Money value={s.matching.debits} />
          </>
        )}
      </p>
      <dl className="grid gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ['Opening Balance', s.openingBalance],
            ['Total Credits', s.totalCredits],
            ['Total Debits', s.totalDebits],
            ['Closing Balance', s.closingBalance],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border border-gray-200 p-3">
            <dt className="text-gray-700">{label}</dt>
            <dd className="text-base font-semibold text-gray-900">
              <Money value={value} />
            </dd>
          </div>
        ))}
      </dl>
      <PagedTable
        caption="Statement entries"
        columns={ENTRY_COLUMNS}
        list={list}
        query={entries}
        emptyText={s.total === 0 ? 'No payments in this period' : 'No payments on this page'}
        leadRows={<BalanceRow line={opening} className="bg-gray-50 font-medium" />}
        footRows={<BalanceRow line={closing} />}
      />
    </div>
  );
}

/** A statement as the address keeps it: the account and days, and its filters ('' for none). */
type ReportQuery = StatementRange & {
  mode: string;
  partyKind: string;
  projectId: string;
  search: string;
};
const NOT_APPLIED: ReportQuery = {
  accountId: '',
  from: '',
  to: '',
  mode: '',
  partyKind: '',
  projectId: '',
  search: '',
};
/** The filters given, as the statement calls take them (an empty one left out). */
const given = (q: ReportQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, value]) => value !== '')) as StatementRange &
    Partial<Record<'mode' | 'partyKind' | 'projectId' | 'search', string>>;

/**
 * Report List: a real statement of one account over a date range, a page at a time; print
 * or CSV. It starts on the company's default (or only) account; the statement shown is
 * kept in the address.
 */
export default function ReportScreen() {
  const scope = useScope();
  const downloadFile = useDownload();
  const [url, setUrl] = useUrlFilters(NOT_APPLIED);
  const applied: ReportQuery | null = url.accountId && url.from && url.to ? url : null;
  const [form, setForm] = useState<ReportQuery>(() => ({
    ...NOT_APPLIED,
    ...applied,
    from: applied?.from ?? todayLocalISO(),
    to: applied?.to ?? todayLocalISO(),
  }));
  const [projectName, setProjectName] = useState<string>();
  const [accountName, setAccountName] = useState<string>();
  // Another statement in the address (Back, a link): the form shows it.
  const [shown, setShown] = useState(url);
  if (shown !== url) {
    setShown(url);
    if (applied) setForm({ ...applied });
  }
  const list = useListParams('date');
  // Next and Previous carry the neighbouring entry's position: a deep page of a long
  // statement is read from there rather than summed from its first entry.
  const { page, after, before } = list.params;
  const statement = useGetStatementQuery(
    applied
      ? ({ ...given(applied), page, pageSize: PAGE_SIZE, after, before } as Parameters<
          typeof useGetStatementQuery
        >[0])
      : skipToken,
  );
  /** A typed or chosen filter's text, kept in the form until Apply. */
  const typed = (key: 'mode' | 'partyKind' | 'search') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  // The default (or only) account is chosen until the user chooses.
  const [chose, setChose] = useState(form.accountId !== '');
  const preferred = usePreferredAccount(scope, chose);
  useEffect(() => {
    if (chose || !preferred) return;
    setForm((f) => (f.accountId ? f : { ...f, accountId: preferred._id }));
    setAccountName(accountLabel(preferred));
  }, [chose, preferred]);
  // Another company has other accounts: the account choice starts over.
  const companyScope: Scope = {
    ...scope,
    setCompanyId: (id) => {
      setForm((f) => ({ ...f, accountId: '' }));
      setChose(false);
      setUrl(NOT_APPLIED, { companyId: id, page: null });
    },
  };

  const apply = (range: ReportQuery) => setUrl({ ...range }, { page: null });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.accountId || !form.from || !form.to)
      return void toast.error('Please fill in all fields.');
    if (isBackwards(form.from, form.to)) return; // said under the end date already
    apply(form);
  };
  const download = () => {
    if (!applied) return;
    void downloadFile(`${pathOf('bankStatementCsv')}?${new URLSearchParams(given(applied))}`, {
      filename: `statement-${applied.from}-to-${applied.to}.csv`,
      failure: 'Failed to download the statement. Please try again.',
    });
  };

  // While another page of the same statement loads, its figures (the whole range's) stay
  // on screen; only the entries wait. Another account or range shows nothing stale.
  const current = statement.currentData?.data;
  const previous = statement.data?.data;
  const samePeriod =
    previous !== undefined &&
    applied !== null &&
    previous.account._id === applied.accountId &&
    previous.from === applied.from &&
    previous.to === applied.to;
  const data = current ?? (samePeriod ? previous : undefined);
  const entriesOf = (st: Statement) => ({
    data: st.entries,
    total: st.total,
    cursors: st.cursors,
  });

  return (
    <ScreenCard title="Report List" back={false} className="print:border-0 print:shadow-none">
      <FilterForm label="Report filter" onSubmit={submit} className="print:hidden">
        {scope.isAdmin && <CompanyPicker scope={companyScope} id="report-company" />}
        <AccountPicker
          companyId={scope.companyId}
          id="report-account"
          // Two columns wide: the bank, holder and last four digits are never cut.
          className="sm:col-span-2"
          label="Bank Account"
          placeholder="Select Bank Account"
          value={form.accountId}
          selectedLabel={
            form.accountId === data?.account._id ? accountLabel(data.account) : accountName
          }
          onChange={(accountId, option) => {
            setChose(true);
            setAccountName(option?.label);
            setForm((f) => ({ ...f, accountId }));
          }}
        />
        <DateRangeFields
          idPrefix="report"
          {...formRange(form, setForm, (next) => {
            if (next.accountId) apply(next);
          })}
        />
        <ModeField id="report-mode" placeholder="Any mode" {...typed('mode')} />
        <SelectField
          id="report-party-kind"
          label="Party"
          placeholder="Any party"
          options={PARTY_OPTIONS}
          {...typed('partyKind')}
        />
        <ProjectPicker
          companyId={scope.companyId}
          id="report-project"
          label="Project"
          placeholder="Any project"
          emptyOption="Any project"
          value={form.projectId}
          selectedLabel={projectName}
          onChange={(projectId, option) => {
            setProjectName(option?.label);
            setForm((f) => ({ ...f, projectId }));
          }}
        />
        <Field
          id="report-search"
          label="Search"
          hint="Remark, reference or party name"
          maxLength={100}
          {...typed('search')}
        />
      </FilterForm>
      {applied && (
        <div className="mt-6">
          <LoadState
            isLoading={statement.isFetching && !data}
            isError={statement.isError}
            error={statement.error}
            onRetry={statement.refetch}
          >
            {data && (
              <>
                <div className="mb-4 flex flex-wrap gap-2 print:hidden">
                  <button
                    type="button"
                    onClick={() => window.print()}
                    className={styles.btnSecondary}
                  >
                    Print
                  </button>
                  <button type="button" onClick={download} className={styles.btnSecondary}>
                    Download CSV
                  </button>
                  {/* A closed account takes no payments, imported or not. */}
                  {!data.account.closedAt && (
                    <ImportLink kind="payments" accountId={data.account._id} />
                  )}
                </div>
                <StatementView
                  statement={data}
                  list={{ params: list.params, setPage: list.setPage }}
                  entries={{
                    ...statement,
                    data: entriesOf(data),
                    currentData: current && entriesOf(current),
                  }}
                />
              </>
            )}
          </LoadState>
        </div>
      )}
    </ScreenCard>
  );
}
