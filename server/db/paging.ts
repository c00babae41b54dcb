import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** A page of a list, as every list query takes it (contract's PageQuery). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface SortRequest<S extends string> {
  sort: S;
  order: 'asc' | 'desc';
}

/** How many rows the page skips and how many it holds. */
export const pageWindow = ({ page, pageSize }: PageRequest) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * ORDER BY the chosen column, then the record's key in the same direction: rows with an equal
 * value keep one order, so no row is on two pages or on none.
 */
export function sortOrder<S extends string>(
  q: SortRequest<S>,
  columns: Record<S, AnyColumn | SQL>,
  key: AnyColumn,
): SQL[] {
  const dir = q.order === 'asc' ? asc : desc;
  return [dir(columns[q.sort]), dir(key)];
}

/** Orders a select and cuts out the page (the select must be `.$dynamic()`). */
export function paged<T extends PgSelect>(select: T, q: PageRequest, order: SQL[]): T {
  const { limit, offset } = pageWindow(q);
  return select
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** The number of rows a filter matches, for the page's `total`. */
export const rowCount = () => sql<number>`count(*)::int`;

/**
 * A page's answer: its rows, the filter's row count and the page asked for, then whatever
 * the list adds over the whole filter (its totals).
 */
export function pageAnswer<T, X extends object = object>(
  q: PageRequest,
  data: T[],
  total: number | undefined,
  extra?: X,
) {
  return { data, total: total ?? 0, ...(extra as X), page: q.page, pageSize: q.pageSize };
}
