import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListParams, SortOrder } from '../api/types';
import { OPEN_PARAM } from './notificationTargets';

export const PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/** A change to the address's query: a value sets its key, null (or '') removes it. */
export type UrlPatch = Readonly<Record<string, string | null>>;

/**
 * The page's query string as state: what a list or report shows lives in the address, so
 * that a reload, Back, a second tab and a shared link show the same view. Writes replace
 * the history entry (Back leaves the screen, and finds it as it was left) and compose
 * within one event: two patches in a row both apply.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const patch = useCallback(
    (changes: UrlPatch) => {
      const next = new URLSearchParams(latest.current);
      // A row position, and the row a link opened, belong to the page they were on: any other
      // page, search, filter or order drops them (the opened row is then not looked for).
      if ('page' in changes) for (const key of PAGE_BOUND_KEYS) next.delete(key);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, patch] as const;
}

/**
 * A list's query within the scope's company (an admin's choice; left out when none is): the
 * search (left out when empty), the page and the order.
 */
export const scopedListArgs = (
  companyId: string,
  { search, page, pageSize, order }: ListParams,
) => ({ companyId: companyId || undefined, search: search || undefined, page, pageSize, order });

/** The keys a list keeps in the address. */
const KEYS = { search: 'q', page: 'page', sort: 'sort', order: 'order' } as const;

/** A keyset page's start: right after, or right before, a row of the list (its position). */
export interface PagePosition {
  after?: string;
  before?: string;
}
const POSITION_KEYS = ['after', 'before'] as const;
const PAGE_BOUND_KEYS = [...POSITION_KEYS, OPEN_PARAM] as const;
/** What a position in the address may look like (the contract's pattern). */
const POSITION = /^[A-Za-z0-9_-]{1,400}$/;

export interface ListControls<S extends string = string> {
  /** What the list query is called with. */
  params: ListParams<S>;
  /** What the search box shows (sent to the server after a short pause). */
  searchText: string;
  setSearchText: (text: string) => void;
  setPage: (page: number, from?: PagePosition) => void;
  /** Click on a sortable header: same column flips the order, another starts ascending. */
  sortBy: (sort: S) => void;
  /** Empties the search at once (no pause), back to page 1. */
  clearSearch: () => void;
}

export interface ListParamsOptions<S extends string> {
  /** The sorts the list offers; another one in the address is ignored. */
  sorts?: readonly S[];
}

const positiveInt = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
};

/**
 * Server-side search (debounced, back to page 1), sort and pagination of a list, kept in
 * the address (`q`, `sort`, `order`, `page`; defaults left out).
 */
export function useListParams<S extends string>(
  initialSort: S,
  initialOrder: SortOrder = 'desc',
  { sorts }: ListParamsOptions<S> = {},
): ListControls<S> {
  const [url, patchUrl] = useUrlParams();
  const urlSearch = (url.get(KEYS.search) ?? '').trim().slice(0, 100);
  const urlSort = url.get(KEYS.sort);
  const sort =
    urlSort !== null && urlSort !== '' && (!sorts || (sorts as readonly string[]).includes(urlSort))
      ? (urlSort as S)
      : initialSort;
  const urlOrder = url.get(KEYS.order);
  const order: SortOrder = urlOrder === 'asc' || urlOrder === 'desc' ? urlOrder : initialOrder;
  const page = positiveInt(url.get(KEYS.page));
  // A position only with a page past the first, and only one of the two.
  const position = (key: (typeof POSITION_KEYS)[number]) => {
    const value = url.get(key);
    return page > 1 && value !== null && POSITION.test(value) ? value : undefined;
  };
  const after = position('after');
  const before = after ? undefined : position('before');

  const [searchText, setSearchText] = useState(urlSearch);
  // The address changed by itself (Back, a link): the box shows its search.
  const [shownSearch, setShownSearch] = useState(urlSearch);
  if (shownSearch !== urlSearch) {
    setShownSearch(urlSearch);
    if (searchText.trim() !== urlSearch) setSearchText(urlSearch);
  }

  useEffect(() => {
    const search = searchText.trim();
    if (search === urlSearch) return;
    const timer = setTimeout(
      () => patchUrl({ [KEYS.search]: search, [KEYS.page]: null }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, urlSearch, patchUrl]);

  const setPage = useCallback(
    (next: number, from: PagePosition = {}) =>
      patchUrl({
        [KEYS.page]: next > 1 ? String(next) : null,
        after: next > 1 ? (from.after ?? null) : null,
        before: next > 1 ? (from.before ?? null) : null,
      }),
    [patchUrl],
  );
  const sortBy = useCallback(
    (next: S) => {
      const nextOrder: SortOrder = sort === next && order === 'asc' ? 'desc' : 'asc';
      patchUrl({
        [KEYS.sort]: next === initialSort ? null : next,
        [KEYS.order]: nextOrder === initialOrder && next === initialSort ? null : nextOrder,
        [KEYS.page]: null,
      });
    },
    [patchUrl, sort, order, initialSort, initialOrder],
  );

  const clearSearch = useCallback(() => {
    setSearchText('');
    patchUrl({ [KEYS.search]: null, [KEYS.page]: null });
  }, [patchUrl]);

  const params = useMemo(
    () => ({
      search: urlSearch,
      page,
      pageSize: PAGE_SIZE,
      sort,
      order,
      ...(after ? { after } : before ? { before } : {}),
    }),
    [urlSearch, page, sort, order, after, before],
  );
  return { params, searchText, setSearchText, setPage, sortBy, clearSearch };
}

/**
 * A screen's filters (a date range, a type, an account…) kept in the address by name:
 * `values` has each key's value there, or its default. `set` changes some at once.
 */
export function useUrlFilters<K extends string>(defaults: Readonly<Record<K, string>>) {
  const [url, patchUrl] = useUrlParams();
  const keys = Object.keys(defaults) as K[];
  const signature = keys.map((k) => `${k}=${url.get(k) ?? ''}`).join('&');
  const values = useMemo(
    () => Object.fromEntries(keys.map((k) => [k, url.get(k) ?? defaults[k]])) as Record<K, string>,
    // The values change when the address's values of these keys do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [signature],
  );
  const set = useCallback(
    (changes: Partial<Record<K, string>>, extra: UrlPatch = {}) =>
      patchUrl({
        ...Object.fromEntries(
          Object.entries(changes).map(([k, v]) => [
            k,
            v === defaults[k as K] ? null : (v as string),
          ]),
        ),
        ...extra,
      }),
    // defaults are constants of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [patchUrl],
  );
  return [values, set] as const;
}
