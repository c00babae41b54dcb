import { useEffect } from 'react';
import type { SortOrder } from '../api/types';
import { loadErrorMessage } from '../api/errors';
import { DataTable, idOf, type DataTableProps, type KeyedRows } from './DataTable';
import { Pagination } from './Pagination';
import type { PagePosition } from './useListParams';

/** One page of a server-side list: its rows and the filter's row count over every page. */
export interface ListPage<T> {
  data: readonly T[];
  total: number;
  /** More rows match than were counted: `total` is a floor, and more pages follow. */
  totalCapped?: boolean;
  /** Where the page's first and last rows are (long lists): Previous and Next start there. */
  cursors?: { first: string; last: string } | null;
}

/** The part of an RTK Query list hook result a paged table reads. */
export interface ListQuery<T> {
  data?: ListPage<T>;
  /** The data for the current arguments only (undefined while new arguments load). */
  currentData?: ListPage<T>;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** Where the list is: the page asked for, its size and (when sortable) its order. */
export interface PageControls<S extends string = string> {
  params: { page: number; pageSize: number; sort?: S; order?: SortOrder };
  /** Goes to a page; `from`, a neighbour's row position, finds it without counting rows. */
  setPage: (page: number, from?: PagePosition) => void;
  /** Makes the columns with a sortKey sort buttons. */
  sortBy?: (sort: S) => void;
}

export interface PagedTableProps<T, S extends string = string> extends Omit<
  DataTableProps<T, S>,
  'rows' | 'firstRowNumber' | 'sort' | 'onSort' | 'isLoading' | 'errorMessage' | 'onRetry'
> {
  list: PageControls<S>;
  query: ListQuery<T>;
}

/**
 * A server-paged list: the table with its loading, empty and error states, S.no continuing
 * across pages, sortable headers, and Previous / Page X of Y / Next. Every list screen and
 * report shows its rows through it.
 */
export function PagedTable<T, S extends string = string>({
  list,
  query,
  rowKey = idOf,
  ...table
}: PagedTableProps<T, S> & KeyedRows<T>) {
  const { params, setPage, sortBy } = list;
  const current = query.currentData;
  // After deleting the last row of the last page, step back to the page that still exists.
  const lastPage = current ? Math.max(1, Math.ceil(current.total / params.pageSize)) : 1;
  // Past a capped count the rows tell where the list ends: a short page is the last.
  const capped = !!current?.totalCapped;
  const beyondRows = capped && current!.data.length === 0 && params.page > 1;
  useEffect(() => {
    if (!current) return;
    if (capped ? beyondRows : params.page > lastPage) setPage(lastPage);
  }, [current, capped, beyondRows, params.page, lastPage, setPage]);

  // The next or previous page, when this one says where its rows are: found from that row
  // (a keyset page) rather than by skipping every row in front. Page 1 needs neither.
  const goTo = (next: number) => {
    const cursors = current?.cursors;
    if (!cursors || next <= 1) return setPage(next);
    if (next === params.page + 1) return setPage(next, { after: cursors.last });
    if (next === params.page - 1) return setPage(next, { before: cursors.first });
    setPage(next);
  };

  const { sort, order } = params;
  return (
    <>
      <DataTable
        {...table}
        rowKey={rowKey}
        rows={query.data?.data}
        firstRowNumber={(params.page - 1) * params.pageSize + 1}
        sort={sort && order ? { sort, order } : undefined}
        onSort={sortBy}
        isLoading={query.isLoading || (query.isFetching && !current)}
        errorMessage={query.isError ? loadErrorMessage(query.error) : undefined}
        onRetry={() => void query.refetch()}
      />
      {query.data && query.data.total > 0 && (
        <div className="print:hidden">
          <Pagination
            page={params.page}
            pageSize={params.pageSize}
            total={query.data.total}
            capped={query.data.totalCapped}
            hasNext={query.data.data.length === params.pageSize}
            onPageChange={goTo}
          />
        </div>
      )}
    </>
  );
}
