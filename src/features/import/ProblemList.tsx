import { IMPORT_PREVIEW_ROWS } from '../../../contract/imports';
import type { CellProblem, ImportPreview } from './importApi';

/** Where a problem is: 'Row 7, column A “Txn Date”', or just 'Row 7' for a whole row. */
function placeOf(p: CellProblem, columns: ImportPreview['columns']): string {
  const column = p.column === null ? undefined : columns.find((c) => c.column === p.column);
  if (!column) return `Row ${p.row}`;
  const header = column.header.trim();
  return `Row ${p.row}, column ${column.letter}${header ? ` “${header}”` : ''}`;
}

/** The file's problems, in row order, each with where it is. */
export function ProblemList({
  problems,
  columns,
  title = 'Problems in the file',
}: {
  problems: CellProblem[];
  columns: ImportPreview['columns'];
  title?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby="import-problems-title" className="rounded-md bg-red-50 p-3">
      <h3 id="import-problems-title" className="text-sm font-semibold text-red-900">
        {title}
      </h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-red-900">
        {problems.map((p, i) => (
          <li key={i}>
            {placeOf(p, columns)}: {p.message}
          </li>
        ))}
      </ul>
      {/* The server lists at most this many. */}
      {problems.length >= IMPORT_PREVIEW_ROWS && (
        <p className="mt-1 text-sm text-red-900">
          The first {problems.length} are listed; correct them and check the file again to see the
          rest.
        </p>
      )}
    </section>
  );
}
