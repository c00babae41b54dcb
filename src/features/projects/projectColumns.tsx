import type { ReactNode } from 'react';
import { formatDMY } from '../../lib/dates';
import { serialColumn, type Column } from '../../ui/DataTable';
import { Money } from '../../ui/Money';
import { titleColumn } from '../../ui/columns';
import type { Project, ProjectSort } from './projectsApi';
import { StatusHistory } from './StatusHistory';
import { countOf } from '../../ui/countOf';

/** The Project List's columns (spec), shared with the Account Statement. */
export const PROJECT_COLUMNS: ReadonlyArray<Column<Project, ProjectSort>> = [
  serialColumn(),
  { key: 'date', header: 'Date', sortKey: 'date', render: (row) => formatDMY(row.date) },
  {
    key: 'clientName',
    header: 'ClientName',
    sortKey: 'clientName',
    wrap: true,
    render: (row) => row.clientName,
  },
  titleColumn('projectName', 'ProjectName'),
  // Short values read whole: they wrap between words, never inside one ("pendin/g").
  {
    key: 'clientNumber',
    header: 'ClientNumber',
    wrap: 'words',
    render: (row) => row.clientNumber,
  },
  { key: 'duration', header: 'Duration', wrap: 'words', render: (row) => row.duration },
  {
    key: 'paymentStatus',
    header: 'PaymentStatus',
    sortKey: 'paymentStatus',
    wrap: 'words',
    render: (row) => row.paymentStatus,
  },
  {
    key: 'price',
    header: 'Price',
    sortKey: 'price',
    align: 'right',
    card: 'money',
    render: (row) => <Money value={row.price} />,
  },
  {
    // Beside the spec's columns: what the project's issued invoices came to.
    key: 'invoicing',
    header: 'Invoiced',
    align: 'right',
    // Each figure on a line of its own, its label above it when the column is narrow.
    wrap: 'words',
    render: (row) =>
      row.invoicing ? (
        // Right-aligned by its cell in the table; on a phone's card, left as its heading.
        <span className="block">
          <Money value={row.invoicing.invoiced} className="whitespace-nowrap" />
          <span className="block text-xs text-gray-700">
            received <Money value={row.invoicing.received} className="whitespace-nowrap" />
          </span>
          <span className="block text-xs text-gray-700">
            pending <Money value={row.invoicing.pending} className="whitespace-nowrap" />
          </span>
        </span>
      ) : (
        '—'
      ),
  },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    wrap: 'words',
    render: (row) => row.status || '#',
  },
  {
    key: 'projectManager',
    header: 'ProjectManager',
    wrap: true,
    render: (row) => row.projectManager || '—',
  },
];

/** The sorts the project lists offer: their columns' own. */
export const PROJECT_SORTS: readonly ProjectSort[] = PROJECT_COLUMNS.flatMap((c) =>
  c.sortKey ? [c.sortKey] : [],
);

/** "Total Price: ₹… · N projects" for the filtered rows. */
export function ProjectTotals({
  page,
}: {
  page: { total: number; totalAmount: number } | undefined;
}): ReactNode {
  if (!page) return null;
  return (
    <>
      Total Price: <Money value={page.totalAmount} className="font-semibold text-gray-900" /> ·{' '}
      {countOf(page.total, 'project')}
    </>
  );
}

/**
 * A project for Data Details: the PM's id is not for people; its status history closes the
 * details (who changed which status when).
 */
export function projectDetails(project: Project): object {
  return {
    ...Object.fromEntries(Object.entries(project).filter(([key]) => key !== 'projectManagerId')),
    statusHistory: project._id,
  };
}

export const projectDetailsRender = {
  price: (v: unknown) => <Money value={v as number} />,
  statusHistory: (id: unknown) => <StatusHistory projectId={id as string} />,
};
