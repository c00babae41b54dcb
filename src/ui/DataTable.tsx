import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
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
  /**
   * The column's part in a row: 'money' is the amount the row is about (an amount, a
   * balance, what is outstanding), kept in view beside the row's actions however the table
   * scrolls, and in bold on a narrow screen's card; 'primary' (a description, a name) opens
   * the card's first line; 'hidden' is left off the card (S.no). Other columns follow
   * on the card under their headings.
   */
  card?: 'primary' | 'money' | 'hidden';
  /**
   * Free text that may be long (a description, a name, an e-mail): it wraps, so that the
   * table fits its width rather than pushing other columns under the pinned ones. `true`
   * breaks anywhere (an e-mail has no spaces); 'words' only between words, for short values
   * a reader takes in whole (a status, a phone number, a duration).
   */
  wrap?: boolean | 'words';
}

/** S.no: the row's number over every page; not on a narrow screen's card. */
export function serialColumn<T, S extends string = string>(): Column<T, S> {
  return { key: 'sno', header: 'S.no', card: 'hidden', render: (_row, n) => n };
}

export interface DataTableProps<T, S extends string = string> {
  caption: string;
  columns: ReadonlyArray<Column<T, S>>;
  rows: readonly T[] | undefined;
  /** A row's key: its `_id` unless given (rows without one must give it). */
  rowKey?: (row: T) => string;
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
  /** Under the empty text: what to do about it (e.g. the list's add button). */
  emptyAction?: ReactNode;
  /**
   * The key of a row of `rows` opened by a link (a notification): marked, and scrolled into
   * view (again when another row is marked).
   */
  markedKey?: string;
  /** Rows above and below the data rows (a statement's opening and closing balances). */
  leadRows?: ReactNode;
  footRows?: ReactNode;
}

// Compact: the wide lists (a dozen columns) fit 1280 px without scrolling sideways.
const CELL_PADDING = { normal: 'px-4 py-3', compact: 'px-1.5 py-2' };

/** How a cell's text wraps (see Column.wrap). */
const WRAP = {
  anywhere: 'min-w-[4.5rem] whitespace-normal [overflow-wrap:anywhere]',
  words: 'whitespace-normal',
  none: 'whitespace-nowrap',
};
const wrapOf = (wrap: Column<unknown>['wrap']) =>
  wrap === 'words' ? WRAP.words : wrap ? WRAP.anywhere : WRAP.none;

/**
 * A badge (a rounded label: a status, "Invite pending") stays one piece on one line, whatever
 * its cell's wrapping: "pendin/g" reads as two words.
 */
const WHOLE_BADGES =
  '[&_td_.rounded-full]:inline-block [&_td_.rounded-full]:whitespace-nowrap [&_td_.rounded-full]:[overflow-wrap:normal]';

/**
 * A heading as the spec writes it ("PaymentStatus", "Reg.No", "Holder_name"), able to break
 * where its words meet: a narrow column then takes two short lines, not the width of the whole word.
 */
function headingOf(header: string): ReactNode {
  const parts = header.split(/(?<=[a-z.])(?=[A-Z])|(?<=_)(?=[a-z])/);
  return parts.length === 1
    ? header
    : parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ));
}
// Sticky creates a stacking context: the cell whose row menu is open goes above the
// others (and above the toasts, like the menu), so the menu is not covered by later rows.
const PINNED =
  'sticky right-0 z-10 shadow-[inset_1px_0_0_theme(colors.gray.200)] has-[[aria-expanded=true]]:z-[10000]';
// The money column stays in view just left of the pinned actions (their width measured).
const PINNED_MONEY = 'sticky z-[9] shadow-[inset_1px_0_0_theme(colors.gray.200)]';

// A row opened by a link: tinted, with a bar at its start (seen without the colour too).
const MARKED_ROW = 'bg-amber-50 shadow-[inset_4px_0_0_theme(colors.amber.600)]';
const MARKED_CELL = 'bg-amber-50';

/** The width of the pinned last column, so that the money column can sit beside it. */
function usePinnedWidth(pinLastColumn: boolean) {
  const lastHeader = useRef<HTMLTableCellElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const th = lastHeader.current;
    if (!pinLastColumn || !th || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(th.offsetWidth));
    observer.observe(th);
    return () => observer.disconnect();
  }, [pinLastColumn]);
  return { lastHeader, width: pinLastColumn ? width : 0 };
}

/** What a cell is on a narrow screen's card (see index.css, `table.cards`). */
function cardRole<T, S extends string>(col: Column<T, S>, actions: boolean) {
  return actions ? 'actions' : col.card;
}

/** A row's `_id`: the key of a row that has one. */
export const idOf = (row: unknown) => (row as { _id: string })._id;

/** A row's key is its `_id`: rows without one must give it (a type error otherwise). */
export type KeyedRows<T> = [T] extends [{ _id: string }]
  ? { rowKey?: (row: T) => string }
  : { rowKey: (row: T) => string };

/** A table from a columns config, with the loading, empty and error states under its header. */
export function DataTable<T, S extends string = string>({
  caption,
  columns,
  rows,
  rowKey = idOf,
  firstRowNumber = 1,
  sort,
  onSort,
  isLoading = false,
  errorMessage,
  onRetry,
  density = 'normal',
  pinLastColumn = false,
  emptyText = 'No data',
  emptyAction,
  markedKey,
  leadRows,
  footRows,
}: DataTableProps<T, S> & KeyedRows<T>) {
  const marked = useRef<HTMLTableRowElement>(null);
  useLayoutEffect(() => {
    if (markedKey !== undefined) marked.current?.scrollIntoView?.({ block: 'center' });
  }, [markedKey]);
  const padding = CELL_PADDING[density];
  const pinned = (index: number) => pinLastColumn && index === columns.length - 1;
  const { lastHeader, width: actionsWidth } = usePinnedWidth(pinLastColumn);
  const moneyStyle: CSSProperties = { right: actionsWidth };
  const pinMoney = (col: Column<T, S>, index: number) => col.card === 'money' && !pinned(index);
  const sortable = onSort !== undefined && columns.some((c) => c.sortKey !== undefined);
  let state: ReactNode = null;
  if (isLoading) state = <Spinner />;
  else if (errorMessage !== undefined)
    state = <ErrorWithRetry message={errorMessage} onRetry={onRetry} />;
  else if (!rows || rows.length === 0)
    state = (
      <div className="flex flex-col items-center gap-3">
        <p className="text-gray-700">{emptyText}</p>
        {emptyAction}
      </div>
    );
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
        {/* Below 640 px each row is a card (index.css); the roles keep it a table for
            assistive technology whatever its display. */}
        <table
          role="table"
          data-density={density}
          className={`cards min-w-full divide-y divide-gray-200 ${WHOLE_BADGES} ${density === 'compact' ? 'text-[13px]' : 'text-sm'}`}
        >
          <caption className="sr-only">{caption}</caption>
          <thead role="rowgroup" className={`bg-gray-50 ${sortable ? '' : 'cards-sr-only'}`}>
            <tr role="row">
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
                    ref={pinned(index) ? lastHeader : undefined}
                    role="columnheader"
                    scope="col"
                    aria-sort={col.sortKey ? (ariaSort ?? 'none') : undefined}
                    data-sortable={col.sortKey && onSort ? '' : undefined}
                    style={pinMoney(col, index) ? moneyStyle : undefined}
                    className={`${padding} ${density === 'compact' ? 'text-xs' : ''} font-semibold text-gray-800 ${align} ${
                      pinned(index) ? `${PINNED} bg-gray-50` : ''
                    } ${pinMoney(col, index) ? `${PINNED_MONEY} bg-gray-50` : ''}`}
                  >
                    {col.sortKey && onSort ? (
                      <button
                        type="button"
                        onClick={() => onSort(col.sortKey!)}
                        // The arrow may go under a narrow column's heading, not widen it.
                        className={`inline-flex flex-wrap items-center gap-x-1 rounded hover:text-indigo-800 ${styles.focus}`}
                      >
                        <span>{headingOf(col.header)}</span>
                        <span aria-hidden="true" className="text-xs text-gray-600">
                          {active ? (sort?.order === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      headingOf(col.header)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody role="rowgroup" className="divide-y divide-gray-100 bg-white">
            {framed && leadRows}
            {!state &&
              rows!.map((row, i) => {
                const key = rowKey(row);
                const isMarked = key === markedKey;
                // The marked row's pinned cells take its colour, or they would show white.
                const cellBg = isMarked ? MARKED_CELL : 'bg-white group-hover:bg-gray-50';
                return (
                  <tr
                    key={key}
                    ref={isMarked ? marked : undefined}
                    role="row"
                    aria-current={isMarked ? 'true' : undefined}
                    className={`group ${isMarked ? MARKED_ROW : 'hover:bg-gray-50'}`}
                  >
                    {columns.map((col, index) => (
                      <td
                        key={col.key}
                        role="cell"
                        data-label={col.header}
                        data-card={cardRole(col, pinned(index))}
                        style={pinMoney(col, index) ? moneyStyle : undefined}
                        className={`${wrapOf(col.wrap)} ${padding} text-gray-900 ${col.align === 'right' ? 'text-right' : ''} ${
                          pinned(index) ? `${PINNED} ${cellBg}` : ''
                        } ${pinMoney(col, index) ? `${PINNED_MONEY} ${cellBg}` : ''}`}
                      >
                        {col.render(row, firstRowNumber + i)}
                      </td>
                    ))}
                  </tr>
                );
              })}
          </tbody>
          {framed && footRows && (
            <tfoot role="rowgroup" className="border-t-2 border-gray-300 font-semibold">
              {footRows}
            </tfoot>
          )}
        </table>
      </div>
      {/* Outside the scrolling table, so it stays in view on a narrow screen. */}
      {state && <div className="border-t border-gray-100 px-4 py-10 text-center">{state}</div>}
    </div>
  );
}
