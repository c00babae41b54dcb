import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Column } from './DataTable';
import { loadingNewArguments, TotalsPending } from './LoadState';
import { BackIcon, PlusIcon, RefreshIcon, SearchIcon } from './icons';
import { PagedTable, type ListQuery } from './PagedTable';
import type { ListControls } from './useListParams';
import { styles } from './styles';

/** From this many columns a list is wide: compact cells (Project List, All Bank, Lend). */
const WIDE_LIST = 10;

export interface ListScreenProps<T, S extends string = string> {
  /** e.g. 'Expenses List'. */
  title: string;
  /** e.g. 'Add New Expense'; without onAdd (read-only users) there is no button. */
  addLabel?: string;
  onAdd?: () => void;
  searchLabel?: string;
  list: ListControls<S>;
  query: ListQuery<T>;
  columns: ReadonlyArray<Column<T, S>>;
  rowKey: (row: T) => string;
  /** Totals for the filtered rows, shown in the header ('…' while new arguments load). */
  summary?: ReactNode;
  /** Modals of the screen. */
  children?: ReactNode;
}

/** A list screen: back link, title, summary, Refresh, Search, Add New …, table, pagination. */
export function ListScreen<T, S extends string = string>({
  title,
  addLabel,
  onAdd,
  searchLabel = 'Search',
  list,
  query,
  columns,
  rowKey,
  summary,
  children,
}: ListScreenProps<T, S>) {
  const searchId = useId();
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
        <div className="flex flex-wrap gap-2">
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
            <button type="button" onClick={onAdd} className={styles.btnPrimary}>
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
          id={searchId}
          type="search"
          placeholder={searchLabel}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
          className={`${styles.input} pl-9`}
        />
      </div>
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
        />
      </div>
      {children}
    </section>
  );
}
