import { useEffect, useId, useRef, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { idOf, type Column } from './DataTable';
import { loadingNewArguments, TotalsPending } from './LoadState';
import { BackIcon, PlusIcon, RefreshIcon, SearchIcon } from './icons';
import { PagedTable, type ListQuery } from './PagedTable';
import { OPEN_PARAM } from './notificationTargets';
import { useUrlParams, type ListControls } from './useListParams';
import { styles } from './styles';

/** From this many columns a list is wide: compact cells (Project List, All Bank, Lend, people). */
const WIDE_LIST = 9;

interface ListScreenBase<T, S extends string> {
  /** e.g. 'Expenses List'. */
  title: string;
  /** e.g. 'Add New Expense'; without onAdd (read-only users) there is no button. */
  addLabel?: string;
  onAdd?: () => void;
  searchLabel?: string;
  list: ListControls<S>;
  query: ListQuery<T>;
  columns: ReadonlyArray<Column<T, S>>;
  /** Totals for the filtered rows, shown in the header ('…' while new arguments load). */
  summary?: ReactNode;
  /**
   * What an empty list says under 'No data': what the list is for and how to start it,
   * e.g. "Record what you spend." with the button "Add your first expense" (when one may add).
   */
  empty?: { hint: string; action?: string };
  /** Modals of the screen. */
  children?: ReactNode;
  /** More buttons of the header, before Refresh (e.g. Export CSV). */
  actions?: ReactNode;
}

export interface ListScreenProps<T, S extends string = string> extends ListScreenBase<T, S> {
  /** A row's key: its `_id` unless given (rows without one must give it). */
  rowKey?: (row: T) => string;
}

/** A list screen: back link, title, summary, Refresh, Search, Add New …, table, pagination. */
export function ListScreen<T extends { _id: string }, S extends string = string>(
  props: ListScreenProps<T, S>,
): ReactElement;
/** A list of rows without an `_id`: the list gives each row's key (a type error otherwise). */
export function ListScreen<T, S extends string = string>(
  props: ListScreenProps<T, S> & { rowKey: (row: T) => string },
): ReactElement;
export function ListScreen<T, S extends string = string>({
  title,
  addLabel,
  onAdd,
  searchLabel = 'Search',
  list,
  query,
  columns,
  rowKey = idOf,
  summary,
  empty,
  children,
  actions,
}: ListScreenProps<T, S>) {
  const searchId = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  useAddShortcut(onAdd && addLabel ? onAdd : undefined);
  const opened = useOpenedRow(query, rowKey);
  const searched = list.params.search !== '';
  const emptyAction = searched ? (
    <div className="flex flex-col items-center gap-2 text-sm text-gray-700">
      <p>Nothing matches “{list.params.search}”.</p>
      <button
        type="button"
        className={styles.btnSecondary}
        onClick={() => {
          list.clearSearch();
          searchBox.current?.focus();
        }}
      >
        Clear search
      </button>
    </div>
  ) : (
    empty && (
      <div className="flex flex-col items-center gap-2 text-sm text-gray-700">
        <p>{empty.hint}</p>
        {onAdd && empty.action && (
          <button type="button" onClick={onAdd} className={styles.btnPrimary}>
            <PlusIcon className="h-4 w-4" />
            {empty.action}
          </button>
        )}
      </div>
    )
  );
  return (
    <section aria-labelledby={`${searchId}-title`} className={`${styles.card} p-4 sm:p-6`}>
      <Link to="/app/dashboard" className={`${styles.link} inline-flex items-center gap-1 text-sm`}>
        <BackIcon className="h-4 w-4" /> Back to Dashboard
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${searchId}-title`} className="text-xl font-semibold text-gray-900">
            {title}
          </h2>
          {/* The previous search's totals are never shown as the new search's. */}
          {summary && (
            <div className="mt-1 text-sm text-gray-700">
              {loadingNewArguments(query) ? <TotalsPending /> : summary}
            </div>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <button
            type="button"
            onClick={() => query.refetch()}
            aria-busy={query.isFetching}
            className={styles.btnSecondary}
          >
            <RefreshIcon className={`h-4 w-4 ${query.isFetching ? 'animate-spin' : ''}`} />
            Refresh
          </button>
          {onAdd && addLabel && (
            <button
              type="button"
              onClick={onAdd}
              aria-keyshortcuts="n"
              title="Shortcut: n"
              className={styles.btnPrimary}
            >
              <PlusIcon className="h-4 w-4" />
              {addLabel}
            </button>
          )}
        </div>
      </div>
      <div className="relative mt-4 max-w-sm">
        <label htmlFor={searchId} className="sr-only">
          {searchLabel}
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-600" />
        <input
          ref={searchBox}
          id={searchId}
          type="search"
          placeholder={searchLabel}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
          className={`${styles.input} pl-9`}
        />
      </div>
      {opened.missing && (
        <div
          role="status"
          className="mt-4 flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-gray-900"
        >
          <p>
            The record you opened is not in this list: it has been deleted, or is on another page.
          </p>
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              opened.close();
              list.clearSearch();
            }}
          >
            Show the whole list
          </button>
        </div>
      )}
      <div className="mt-4">
        <PagedTable
          caption={title}
          columns={columns}
          rowKey={rowKey}
          list={list}
          query={query}
          density={columns.length >= WIDE_LIST ? 'compact' : 'normal'}
          // The row actions are the last column of every list: always within reach.
          pinLastColumn
          emptyAction={emptyAction}
          markedKey={opened.shown ? opened.key : undefined}
        />
      </div>
      {children}
    </section>
  );
}

/**
 * The row a link opened (`?open=` its key, as a notification links to it): `shown` when the
 * loaded page has it (the table marks it), `missing` when the page loaded without it.
 */
function useOpenedRow<T>(query: ListQuery<T>, rowKey: (row: T) => string) {
  const [url, patchUrl] = useUrlParams();
  const key = url.get(OPEN_PARAM) ?? undefined;
  const rows = query.currentData?.data;
  const shown = key !== undefined && !!rows?.some((row) => rowKey(row) === key);
  return {
    key,
    shown,
    missing: key !== undefined && !!rows && !shown,
    close: () => patchUrl({ [OPEN_PARAM]: null }),
  };
}

/** Whether a key press was aimed at something that takes text or is inside a dialog. */
function typingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="dialog"], [role="combobox"]')) return true;
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/** `n` (no modifier, not while typing or in a dialog) opens the list's add dialog. */
function useAddShortcut(onAdd: (() => void) | undefined) {
  const latest = useRef(onAdd);
  useEffect(() => {
    latest.current = onAdd;
  });
  const enabled = onAdd !== undefined;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'n' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || event.repeat || typingOrInDialog(event.target)) return;
      event.preventDefault();
      latest.current?.();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
