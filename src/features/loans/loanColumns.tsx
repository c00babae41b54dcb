import type { LoanStatus } from '../../../contract/enums';
import { formatYMD } from '../../lib/dates';
import { serialColumn, type Column } from '../../ui/DataTable';
import { Money } from '../../ui/Money';
import type { Loan, LoanSort } from './loansApi';
import { titleColumn } from '../../ui/columns';

const BADGE: Record<LoanStatus, { label: string; className: string }> = {
  due: { label: 'Due', className: 'bg-amber-100 text-amber-900 ring-amber-300' },
  overdue: { label: 'Overdue', className: 'bg-red-100 text-red-900 ring-red-300' },
  settled: { label: 'Settled', className: 'bg-green-100 text-green-900 ring-green-300' },
};

/** The status as a word (never colour alone). */
export function StatusBadge({ status }: { status: LoanStatus }) {
  const badge = BADGE[status];
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${badge.className}`}
    >
      {badge.label}
    </span>
  );
}

const money = (key: 'amount' | 'repaid' | 'outstanding', header: string, sortable = false) =>
  ({
    key,
    header,
    align: 'right',
    sortKey: sortable ? (key as LoanSort) : undefined,
    // What is still owed is what the row is about: always in view.
    card: key === 'outstanding' ? 'money' : undefined,
    render: (row) => <Money value={row[key]} />,
  }) satisfies Column<Loan, LoanSort>;

/**
 * The columns of All Lend / All Borrowed and of both reports (the lists add Actions): the
 * status before the money, so that what is outstanding sits beside the row's actions. What
 * was repaid is the amount less that (Show and Repayments say it), so the row fits a
 * laptop's width whole.
 */
export const LOAN_COLUMNS: ReadonlyArray<Column<Loan, LoanSort>> = [
  serialColumn(),
  titleColumn('name', 'Name'),
  { key: 'email', header: 'Email', sortKey: 'email', wrap: true, render: (row) => row.email },
  money('amount', 'Amount', true),
  {
    key: 'issueDate',
    header: 'IssueDate',
    sortKey: 'issueDate',
    render: (row) => formatYMD(row.issueDate),
  },
  {
    key: 'repaymentDate',
    header: 'RepaymentDate',
    sortKey: 'repaymentDate',
    render: (row) => formatYMD(row.repaymentDate),
  },
  { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} /> },
  money('outstanding', 'Outstanding'),
];

/** The sorts the loan lists and reports offer: their columns' own. */
export const LOAN_SORTS: readonly LoanSort[] = LOAN_COLUMNS.flatMap((c) =>
  c.sortKey ? [c.sortKey] : [],
);

/** Data Details of a loan: money in rupees, dates as YYYY-MM-DD, status as its word. */
export const LOAN_DETAILS = {
  labels: { issueDate: 'IssueDate', repaymentDate: 'RepaymentDate' },
  render: {
    amount: (v: unknown) => <Money value={v as number} />,
    repaid: (v: unknown) => <Money value={v as number} />,
    outstanding: (v: unknown) => <Money value={v as number} />,
    issueDate: (v: unknown) => formatYMD(v as string),
    repaymentDate: (v: unknown) => formatYMD(v as string),
    status: (v: unknown) => <StatusBadge status={v as LoanStatus} />,
  },
};
