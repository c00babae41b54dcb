import type { ImportRowStatus } from '../../../contract/imports';
import { columnKey, IMPORT_FIELD_LABELS, IMPORT_FIELDS } from '../../../contract/imports';
import { styles } from '../../ui/styles';
import type { CellProblem, ImportPreview } from './importApi';
import { columnName } from './MappingForm';

const STATUS: Record<ImportRowStatus, { label: string; className: string }> = {
  ready: { label: 'Ready', className: 'bg-green-100 text-green-900' },
  error: { label: 'Error', className: 'bg-red-100 text-red-900' },
  duplicate: { label: 'Already there', className: 'bg-amber-100 text-amber-900' },
  skipped: { label: 'Skipped', className: 'bg-gray-200 text-gray-800' },
};

function StatusBadge({ status }: { status: ImportRowStatus }) {
  const { label, className } = STATUS[status];
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}
    >
      {label}
    </span>
  );
}

const problemId = (row: number, i: number) => `import-row-${row}-problem-${i}`;
const CELL = 'whitespace-nowrap px-3 py-2 align-top';

/** What each column is mapped to, by its number: 3 → 'Debit'. */
function mappedFields(settings: ImportPreview['settings']): Map<number, string> {
  const mapped = new Map<number, string>();
  for (const field of IMPORT_FIELDS) {
    const column = settings[columnKey(field)];
    if (column !== undefined) mapped.set(column, IMPORT_FIELD_LABELS[field]);
  }
  return mapped;
}

/**
 * The first rows of the file as they will be read: each row's status, and each cell with a
 * problem marked (red, its message tied to it and written in the row's status cell).
 */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const { columns, rows, settings, counts } = preview;
  const mapped = mappedFields(settings);
  const caption =
    rows.length < counts.rows
      ? `The first ${rows.length} rows of ${counts.rows.toLocaleString('en-IN')}`
      : 'The rows of the file';
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={`max-h-[32rem] overflow-auto rounded-md border border-gray-200 ${styles.focus}`}
    >
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-gray-50">
          <tr>
            <th scope="col" className={`${CELL} text-left font-semibold text-gray-800`}>
              Row
            </th>
            <th scope="col" className={`${CELL} text-left font-semibold text-gray-800`}>
              Status
            </th>
            {columns.map((c) => (
              <th
                key={c.column}
                scope="col"
                // Said as 'C · Withdrawal Amt., read as Debit' rather than with the arrow.
                aria-label={
                  mapped.has(c.column)
                    ? `${columnName(c)}, read as ${mapped.get(c.column)}`
                    : undefined
                }
                className={`${CELL} text-left font-semibold text-gray-800`}
              >
                {columnName(c)}
                {mapped.has(c.column) && (
                  <span className="block text-xs font-medium text-indigo-800">
                    → {mapped.get(c.column)}
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white">
          {rows.map((row) => (
            <PreviewRow key={row.row} row={row} columns={columns} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PreviewRow({
  row,
  columns,
}: {
  row: ImportPreview['rows'][number];
  columns: ImportPreview['columns'];
}) {
  const letterOf = (column: number | null) =>
    column === null ? undefined : columns.find((c) => c.column === column)?.letter;
  const describe = (p: CellProblem) => {
    const letter = letterOf(p.column);
    return letter ? `${letter}: ${p.message}` : p.message;
  };
  return (
    <tr className={row.status === 'error' ? 'bg-red-50/40' : undefined}>
      <th scope="row" className={`${CELL} text-left font-normal tabular-nums text-gray-700`}>
        {row.row}
      </th>
      <td className="px-3 py-2 align-top">
        <StatusBadge status={row.status} />
        {row.problems.length > 0 && (
          <ul className="mt-1 w-64 space-y-0.5 text-xs text-red-800">
            {row.problems.map((p, i) => (
              <li key={i} id={problemId(row.row, i)}>
                {describe(p)}
              </li>
            ))}
          </ul>
        )}
        {row.note && <p className="mt-1 w-64 text-xs text-gray-700">{row.note}</p>}
      </td>
      {columns.map((c, index) => {
        const problems = row.problems
          .map((p, i) => ({ p, i }))
          .filter(({ p }) => p.column === c.column);
        const bad = problems.length > 0;
        return (
          <td
            key={c.column}
            title={bad ? problems.map(({ p }) => p.message).join('; ') : undefined}
            aria-describedby={
              bad ? problems.map(({ i }) => problemId(row.row, i)).join(' ') : undefined
            }
            data-problem={bad ? '' : undefined}
            className={`${CELL} ${
              bad
                ? 'bg-red-100 font-medium text-red-900 ring-1 ring-inset ring-red-600'
                : 'text-gray-900'
            }`}
          >
            {row.cells[index] ?? ''}
          </td>
        );
      })}
    </tr>
  );
}
