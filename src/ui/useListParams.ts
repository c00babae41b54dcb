import { useCallback, useEffect, useState } from 'react';
import type { ListParams, SortOrder } from '../api/types';

export const PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListControls<S extends string = string> {
  /** What the list query is called with. */
  params: ListParams<S>;
  /** What the search box shows (sent to the server after a short pause). */
  searchText: string;
  setSearchText: (text: string) => void;
  setPage: (page: number) => void;
  /** Click on a sortable header: same column flips the order, another starts ascending. */
  sortBy: (sort: S) => void;
}

/** Server-side search (debounced, back to page 1), sort and pagination state of a list. */
export function useListParams<S extends string>(
  initialSort: S,
  initialOrder: SortOrder = 'desc',
): ListControls<S> {
  const [searchText, setSearchText] = useState('');
  const [params, setParams] = useState<ListParams<S>>({
    search: '',
    page: 1,
    pageSize: PAGE_SIZE,
    sort: initialSort,
    order: initialOrder,
  });

  useEffect(() => {
    const search = searchText.trim();
    const timer = setTimeout(() => {
      setParams((p) => (p.search === search ? p : { ...p, search, page: 1 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const setPage = useCallback((page: number) => setParams((p) => ({ ...p, page })), []);
  const sortBy = useCallback(
    (sort: S) =>
      setParams((p) => ({
        ...p,
        sort,
        order: p.sort === sort && p.order === 'asc' ? 'desc' : 'asc',
        page: 1,
      })),
    [],
  );
  return { params, searchText, setSearchText, setPage, sortBy };
}
