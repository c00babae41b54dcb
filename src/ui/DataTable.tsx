import type { ReactNode } from 'react';
import type { SortOrder } from '../api/types';
import { ErrorWithRetry } from './LoadState';
import { Spinner } from './Spinner';
import { styles } from './styles';

export interface Column<T, S extends string = string> {
  /** Unique per table. */
  key: string;
  header: string;
  render: (row: T, rowNumber: number) => ReactNode;
  /** The server's `sort` value; makes the header a sort button. */
  sortKey?: S;
  align?: 'left' | 'right';
}

export interface DataTableProps<T, S extends string = string> {
  caption: string;
  columns: ReadonlyArray<Column<T, S>>;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** S.no of the first row (continues across pages). */
  firstRowNumber?: number;
  sort?: { sort: string; order: SortOrder };
  onSort?: (sortKey: S) => void;
  isLoading?: boolean;
  /** Set when the load failed: shows the message and a Retry button. */
  errorMessage?: string;
  onRetry?: () => void;
  /** compact: smaller padding and text, for wide lists (10 and more columns). */
  density?: 'normal' | 'compact';
  /**
   * Keeps the last column (the row actions) in view at the right edge while the table
   * scrolls sideways, on a background so the scrolled cells do not show through.
   */
  pinLastColumn?: boolean;
  /** Said when there are no rows; 'No data' unless given. */
  emptyText?: string;
  /** Rows above and below the data rows (a statement's opening and closing balances). */
  leadRows?: ReactNode;
  footRows?: ReactNode;
}

const CELL_PADDING = { normal: 'px-4 py-3', compact: 'px-2.5 py-2' };
// Sticky creates a stacking context: the cell whose row menu is open goes above the
// others (and above the toasts, like the menu), so the menu is not covered by later rows.
const PINNED =
  'sticky right-0 z-10 shadow-[inset_1px_0_0_theme(colors.gray.200)] has-[[aria-expanded=true]]:z-[10000]';

/** A table from a columns config, with the loading, empty and error states under its header. */
export function DataTable<T, S extends string = string>({
  caption,
  columns,
  rows,
  rowKey,
  firstRowNumber = 1,
  sort,
  onSort,
  isLoading = false,
  errorMessage,
  onRetry,
  density = 'normal',
  pinLastColumn = false,
  emptyText = 'No data',
  leadRows,
  footRows,
}: DataTableProps<T, S>) {
  const padding = CELL_PADDING[density];
  const pinned = (index: number) => pinLastColumn && index === columns.length - 1;
  let state: ReactNode = null;
  if (isLoading) state = <Spinner />;
  else if (errorMessage !== undefined)
    state = <ErrorWithRetry message={errorMessage} onRetry={onRetry} />;
  else if (!rows || rows.length === 0) state = <p className="text-gray-700">{emptyText}</p>;
  // Around no rows the lead and foot rows still say something (an opening equal to the
  // closing balance); around a spinner or an error they would say something stale.
  const framed = rows !== undefined && !isLoading && errorMessage === undefined;

  return (
    <div>
      {/* Focusable, so a keyboard can scroll a table wider than the screen (even one
          with no buttons in it, e.g. empty). */}
      <div
        className={`overflow-x-auto rounded ${styles.focus}`}
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <table
          data-density={density}
          className={`min-w-full divide-y divide-gray-200 ${density === 'compact' ? 'text-[13px]' : 'text-sm'}`}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-50">
            <tr>
              {columns.map((col, index) => {
                const active = col.sortKey !== undefined && sort?.sort === col.sortKey;
                const ariaSort = active
                  ? sort?.order === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : undefined;
                const align = col.align === 'right' ? 'text-right' : 'text-left';
                return (
                  <th
                    key={col.key}
                    scope="col"
                    aria-sort={col.sortKey ? (ariaSort ?? 'none') : undefined}
                    className={`whitespace-nowrap ${padding} font-semibold text-gray-800 ${align} ${
                      pinned(index) ? `${PINNED} bg-gray-50` : ''
                    }`}
                  >
                    {col.sortKey && onSort ? (
                      <button
                        type="button"
                        onClick={() => onSort(col.sortKey!)}
                        className={`inline-flex items-center gap-1 rounded hover:text-indigo-800 ${styles.focus}`}
                      >
                        {col.header}
                        <span aria-hidden="true" className="text-xs text-gray-600">
                          {active ? (sort?.order === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      col.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white">
            {framed && leadRows}
            {!state &&
              rows!.map((row, i) => (
                <tr key={rowKey(row)} className="group hover:bg-gray-50">
                  {columns.map((col, index) => (
                    <td
                      key={col.key}
                      className={`whitespace-nowrap ${padding} text-gray-900 ${col.align === 'right' ? 'text-right' : ''} ${
                        pinned(index) ? `${PINNED} bg-white group-hover:bg-gray-50` : ''
                      }`}
                    >
                      {col.render(row, firstRowNumber + i)}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
          {framed && footRows && (
            <tfoot className="border-t-2 border-gray-300 font-semibold">{footRows}</tfoot>
          )}
        </table>
      </div>
      {/* Outside the scrolling table, so it stays in view on a narrow screen. */}
      {state && <div className="border-t border-gray-100 px-4 py-10 text-center">{state}</div>}
    </div>
  );
}
