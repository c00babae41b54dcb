import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { dmyOfIso, todayLocalISO } from '../../lib/today';
import { usePeriod } from '../../ui/PeriodPicker';
import { selectUser } from '../../session/sessionSlice';
import { DataTable, type Column } from '../../ui/DataTable';
import { nameColumn } from '../../ui/columns';
import { LoadState } from '../../ui/LoadState';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import {
  dashboardQuery,
  useGetDashboardQuery,
  type DashboardData,
  type LoanFigures,
  type RecentEntry,
} from './dashboardApi';
import { BudgetsCard } from './BudgetsCard';
import { CompanyPosition } from './CompanyPosition';
import { ExpensesChart } from './ExpensesChart';
import { formatPercent } from './percent';
import { buildExpenseSeries } from './expenseSeries';
import { PeriodSummary } from './PeriodSummary';

interface StatCardProps {
  label: string;
  value: ReactNode;
  link?: { to: string; label: string };
  /** What the figure counts, said on its face. */
  note?: string;
}

function StatCard({ label, value, link, note }: StatCardProps) {
  return (
    // Compact on a phone: two to a row, so the figures above them stay in view.
    <div className={`${styles.card} p-3 sm:p-5`}>
      <p className="text-xs font-medium text-gray-700 sm:text-sm">{label}</p>
      <p className="mt-1 break-words text-base font-bold tracking-tight text-gray-900 sm:mt-2 sm:text-2xl sm:tracking-normal">
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-gray-700">{note}</p>}
      {link && (
        <Link
          to={link.to}
          className={`${styles.link} mt-2 inline-block text-xs sm:mt-3 sm:text-sm`}
        >
          {link.label}
        </Link>
      )}
    </div>
  );
}

const KIND_LABELS: Record<RecentEntry['kind'], string> = {
  expense: 'Expense',
  lend: 'Lend',
  borrowed: 'Borrowed',
};

const RECENT_COLUMNS: ReadonlyArray<Column<RecentEntry>> = [
  { key: 'kind', header: 'Type', render: (row) => KIND_LABELS[row.kind] },
  nameColumn('label', 'Description'),
  { key: 'date', header: 'Date', render: (row) => row.date },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    card: 'money',
    render: (row) => <Money value={row.amount} />,
  },
];

type RecentInvoice = NonNullable<DashboardData['position']>['recentInvoices'][number];

const INVOICE_COLUMNS: ReadonlyArray<Column<RecentInvoice>> = [
  {
    key: 'number',
    header: 'Invoice',
    card: 'primary',
    render: (row) => (
      <Link to={`/app/invoices?invoice=${encodeURIComponent(row._id)}`} className={styles.link}>
        {row.number}
      </Link>
    ),
  },
  { key: 'clientName', header: 'Client', wrap: true, render: (row) => row.clientName },
  { key: 'date', header: 'Date', render: (row) => dmyOfIso(row.date) },
  {
    key: 'total',
    header: 'Amount',
    align: 'right',
    card: 'money',
    render: (row) => <Money value={row.total} />,
  },
  {
    key: 'pending',
    header: 'Pending',
    align: 'right',
    render: (row) => <Money value={row.pending} />,
  },
];

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`${styles.card} p-5`}>
      <h3 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function CustomerPanel({
  lend,
  borrowed,
  repaidPercent,
}: {
  lend: LoanFigures;
  borrowed: LoanFigures;
  repaidPercent: number | null;
}) {
  const shown = formatPercent(repaidPercent);
  const width = repaidPercent === null ? 0 : Math.min(100, Math.max(0, repaidPercent));
  const rows: Array<[string, ReactNode]> = [
    ['Owed to you (lend outstanding)', <Money key="lo" value={lend.outstandingAmount} />],
    ['You owe (borrowed outstanding)', <Money key="bo" value={borrowed.outstandingAmount} />],
    ['Overdue lends', lend.overdueCount],
    ['Overdue borrowings', borrowed.overdueCount],
  ];
  return (
    <Panel title="Customer">
      <p className="text-sm text-gray-700">Lent money repaid</p>
      <p className="text-3xl font-bold text-gray-900">{shown}</p>
      <div aria-hidden="true" className="mt-2 h-2 rounded-full bg-gray-200">
        <div className="h-2 rounded-full bg-indigo-600" style={{ width: `${width}%` }} />
      </div>
      <dl className="mt-4 divide-y divide-gray-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 py-2">
            <dt className="text-gray-700">{label}</dt>
            <dd className="font-semibold text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** An admin's way in to its companies from the dashboard (the menu has Company List too). */
function CompaniesCard() {
  return (
    <div className={`${styles.card} mb-4 flex flex-wrap items-center justify-between gap-3 p-5`}>
      <div>
        <p className="text-lg font-semibold text-gray-900">Companies</p>
        <p className="text-sm text-gray-700">
          The companies you created, with their people, projects, bank accounts and statements.
        </p>
      </div>
      <Link to="/app/company" className={styles.btnPrimary}>
        Company List
      </Link>
    </div>
  );
}

/** The cards, the recent entries, the customer panel and the chart of one answer. */
function Figures({
  figures,
  today,
  isCompany,
}: {
  figures: DashboardData;
  today: string;
  isCompany: boolean;
}) {
  const { expenses, lend, borrowed, expensesByMonth } = figures;
  const series = useMemo(
    () => buildExpenseSeries(expensesByMonth, today),
    [expensesByMonth, today],
  );
  /** The latest expenses and loans, under `title`. */
  const latestEntries = (title: string) => (
    <Panel title={title}>
      <DataTable
        caption={title}
        columns={RECENT_COLUMNS}
        rows={figures.recent}
        rowKey={(row) => `${row.kind}-${row._id}`}
      />
    </Panel>
  );
  return (
    <>
      {figures.position && <CompanyPosition position={figures.position} />}
      <h3 className="mb-2 text-sm font-semibold text-gray-800">
        All time <span className="font-normal text-gray-700">· every date</span>
      </h3>
      <div className="grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Expenses"
          value={expenses.count}
          link={{ to: '/app/expenses', label: 'View expenses' }}
        />
        <StatCard label="Lend" value={lend.count} link={{ to: '/app/lend', label: 'View lend' }} />
        <StatCard
          label="Borrowed"
          value={borrowed.count}
          link={{ to: '/app/borrowed', label: 'View borrowed' }}
        />
        <StatCard
          label="Total Turnover"
          value={figures.totalTurnoverLength}
          note="Projects, counted"
        />
        <StatCard label="Total Expenses" value={<Money value={expenses.totalAmount} />} />
        <StatCard label="Total Lend" value={<Money value={lend.totalAmount} />} />
        <StatCard label="Total Borrowed" value={<Money value={borrowed.totalAmount} />} />
        <StatCard
          label="Total Turnover Amount"
          value={<Money value={figures.totalTurnoverAmount} />}
          note="The projects' prices added up: what they are worth, not money received"
        />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {isCompany && figures.position ? (
            // A company's real invoices, the latest issued first; its own latest expenses and
            // loans follow. An admin's and a PM's Recent Invoices stay their latest entries.
            <div className="grid gap-4">
              <Panel title="Recent Invoices">
                <DataTable
                  caption="Recent Invoices"
                  columns={INVOICE_COLUMNS}
                  rows={figures.position.recentInvoices}
                />
              </Panel>
              {latestEntries('Latest entries')}
            </div>
          ) : (
            latestEntries('Recent Invoices')
          )}
        </div>
        <CustomerPanel lend={lend} borrowed={borrowed} repaidPercent={figures.lentRepaidPercent} />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <Panel title="Expenses by category">
            <ExpensesChart series={series} />
          </Panel>
        </div>
        <BudgetsCard />
      </div>
    </>
  );
}

export default function DashboardScreen() {
  const role = useAppSelector(selectUser)?.role;
  const isAdmin = role === 'admin';
  const today = todayLocalISO();
  const { period, setPeriod } = usePeriod();
  // `period` is never null here: the dashboard offers months and ranges, not every date.
  const shown = period ?? { from: today, to: today };
  const { data, currentData, isLoading, isError, error, refetch } = useGetDashboardQuery(
    dashboardQuery(shown),
  );
  // A store update renders at once and in one piece: the all-time figures, tables and chart,
  // most of the screen, render just after it instead, in slices with the browser free in
  // between. The period's figures above them do not wait.
  const answer = useDeferredValue(data);

  return (
    <section aria-labelledby="dashboard-overview">
      <h2 id="dashboard-overview" className="sr-only">
        Overview
      </h2>
      {isAdmin && <CompaniesCard />}
      <LoadState isLoading={isLoading} isError={isError} error={error} onRetry={refetch}>
        {data && (
          <PeriodSummary
            period={shown}
            // Only this period's: the last one's figures never stand under the new name.
            figures={currentData?.data.period}
            onChange={(next) => next && setPeriod(next)}
          />
        )}
        {answer && <Figures figures={answer.data} today={today} isCompany={role === 'company'} />}
      </LoadState>
    </section>
  );
}
