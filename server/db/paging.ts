import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { calendarDate } from '../../contract/api/fields';
import { COUNT_BOUND } from '../../contract/rules';
import { badRequest } from '../lib/errors';
import { rowAfter } from './keyset';
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

/**
 * A page's rows and its filter's count. A first page short of full holds every match: its
 * count and sums are its own rows' (`own`), and the query that would count them need not run,
 * so a search for one entry is one query over its matches instead of two. Any other page
 * needs the count: it runs beside the rows.
 */
export async function rowsAndCount<R, C>(
  q: PageRequest & KeysetRequest,
  rows: () => Promise<R[]>,
  own: (rows: R[]) => C,
  count: () => Promise<C>,
): Promise<[R[], C]> {
  if (q.after || q.before || q.page !== 1) return Promise.all([rows(), count()]);
  const found = await rows();
  return [found, found.length < q.pageSize ? own(found) : await count()];
}

/** The exact sum of a page's own amounts in paise, as text, as SQL's sum gives it. */
export const sumPaise = (amounts: readonly number[]) =>
  String(amounts.reduce((sum, paise) => sum + BigInt(paise), 0n));

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

/** Where a keyset page starts: after or before the row at a position. */
export interface KeysetRequest {
  after?: string;
  before?: string;
}

/** A row's position in its list: its sort value as PostgreSQL prints it, and its key. */
interface Position {
  value: string;
  key: string;
}

const encodePosition = ({ value, key }: Position) =>
  Buffer.from(JSON.stringify([value, key])).toString('base64url');

const STALE_POSITION = 'This page of the list is out of date: go back to its first page';

/** What a row's key in a position may be: a uuid, or (the audit trail's) a serial number. */
export const positionKeys = {
  uuid: (k: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(k),
  serial: (k: string) => /^[1-9]\d{0,17}$/.test(k),
};

function decodePosition(text: string, isKey: (key: string) => boolean): Position {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      isKey(parsed[1])
    )
      return { value: parsed[0], key: parsed[1] };
  } catch {
    // Not base64url JSON: the same answer as a malformed one.
  }
  throw badRequest(STALE_POSITION);
}

/**
 * What a sort column's value in a position may be. A position comes from the address, so a
 * made-up one must be refused here (400) rather than fail in the database's cast (500).
 */
export type PositionCheck = (value: string) => boolean;

const timestamp =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;
const isDate: PositionCheck = (v) => calendarDate.safeParse(v).success;
export const positionChecks = {
  date: isDate,
  integer: (v: string) => /^-?\d{1,15}$/.test(v),
  /** A timestamp as PostgreSQL prints one (`2026-11-24 01:10:11.123456+00`). */
  timestamp: (v: string): boolean => {
    const m = timestamp.exec(v);
    // An offset PostgreSQL takes: up to 15 hours (a wider one is its error, not a 400).
    const offset = !!m && +m[6]! <= 15 && +(m[7] ?? 0) < 60;
    return offset && isDate(m[1]!) && +m[2]! < 24 && +m[3]! < 60 && +m[4]! < 60;
  },
  text: (v: string) => v.length <= 1000 && !v.includes('\u0000'),
  oneOf: (values: readonly string[]) => (v: string) => values.includes(v),
} satisfies Record<string, PositionCheck | ((...a: never[]) => PositionCheck)>;

/**
 * The position a keyset request starts from (`after`, or `before`: then `reversed`), its value
 * checked with `check`; undefined for a page without one. A made-up position is a 400.
 */
export function requestedPosition(
  q: KeysetRequest,
  check: PositionCheck,
  isKey = positionKeys.uuid,
) {
  const position = q.after ?? q.before;
  if (!position) return undefined;
  const decoded = decodePosition(position, isKey);
  if (!check(decoded.value)) throw badRequest(STALE_POSITION);
  return { ...decoded, reversed: q.before !== undefined };
}

/**
 * What a keyset request changes in a list's query text (a prepared query's shape, see
 * prepared.ts): the sort, the order the rows are read in (reversed for `before`: the nearest
 * rows first), and whether they start from a position.
 */
export interface KeysetShape<S extends string> {
  sort: S;
  readOrder: 'asc' | 'desc';
  from: boolean;
}

/**
 * A keyset page: the rows right after (or before) a position in the list's order, read from
 * the sort order's index as page 1 is, where an offset would walk every row in front. Answers
 * the query's shape (for keysetClauses), the values of its placeholders (none without a
 * position) and whether the rows read need turning back. A made-up position is a 400.
 */
export function keyset<S extends string>(
  q: SortRequest<S> & KeysetRequest,
  checks: Record<S, PositionCheck>,
) {
  const position = requestedPosition(q, checks[q.sort]);
  const reversed = position?.reversed ?? false;
  const readOrder: 'asc' | 'desc' = reversed ? (q.order === 'asc' ? 'desc' : 'asc') : q.order;
  const shape: KeysetShape<S> = { sort: q.sort, readOrder, from: !!position };
  return {
    shape,
    values: position ? { afterValue: position.value, afterKey: position.key } : {},
    reversed,
  };
}

/**
 * A keyset shape's where clause (undefined without a position) and order. The position is
 * read from placeholders `afterValue` and `afterKey` (filled by `keyset`'s values).
 */
export function keysetClauses<S extends string>(
  shape: KeysetShape<S>,
  columns: Record<S, AnyColumn | SQL>,
  key: AnyColumn,
): { where?: SQL; order: SQL[] } {
  const order = sortOrder({ sort: shape.sort, order: shape.readOrder }, columns, key);
  if (!shape.from) return { order };
  // Row comparison: the sort value first, the key breaking ties, as the index is ordered.
  const where = rowAfter(
    columns[shape.sort],
    key,
    null,
    sql.placeholder('afterValue'),
    sql.placeholder('afterKey'),
    shape.readOrder,
  );
  return { where, order };
}

/** The positions of a page's first and last rows, from each row's sort value (as text) and key. */
export function pageCursors(rows: readonly { sortValue: string; id: string | number }[]) {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return null;
  return {
    first: encodePosition({ value: first.sortValue, key: String(first.id) }),
    last: encodePosition({ value: last.sortValue, key: String(last.id) }),
  };
}

/** What a list's page row carries for its position: its sort value as text, and its key. */
type PositionedRow = { sortValue: string; id: string | number };

/** The values of a keyset page's placeholders: its position (if any) and its window. */
export type KeysetValues = {
  afterValue?: string;
  afterKey?: string;
  limit: number;
  offset: number;
};

/**
 * One page of a list paged by number or from a row's position (`keyset`), with its filter's
 * count and sums. `rows` reads the page in the query shape given, from the placeholders'
 * `values`. A search (`bounded`) is counted up to COUNT_BOUND, by its own rows when a first
 * page is short of full (rowsAndCount); past the bound the total is the bound and every sum
 * null, rather than a part passed off as the whole. Any other filter is summed by `totals`
 * (`count` unless given) beside the rows.
 */
export async function keysetListPage<
  S extends string,
  R extends PositionedRow,
  C extends { total: number },
  T,
  X extends object,
>(
  q: SortRequest<S> & KeysetRequest & PageRequest,
  checks: Record<S, PositionCheck>,
  list: {
    rows: (
      shape: { keyset: KeysetShape<S>; offset: boolean },
      values: KeysetValues,
    ) => Promise<R[]>;
    bounded: boolean;
    own: (rows: R[]) => C;
    count: () => Promise<C | undefined>;
    totals?: () => Promise<C | undefined>;
    data: (row: R) => T;
    sums: (summary: C | undefined) => X;
  },
) {
  const page = keyset(q, checks);
  const window = q.after || q.before ? { limit: q.pageSize, offset: 0 } : pageWindow(q);
  const pageRows = () =>
    list.rows({ keyset: page.shape, offset: window.offset > 0 }, { ...page.values, ...window });
  const [rows, summary] = list.bounded
    ? await rowsAndCount<R, C | undefined>(q, pageRows, list.own, list.count)
    : await Promise.all([pageRows(), (list.totals ?? list.count)()]);
  if (page.reversed) rows.reverse();
  const capped = list.bounded && (summary?.total ?? 0) > COUNT_BOUND;
  const sums: { [K in keyof X]: X[K] | null } = list.sums(summary);
  if (capped) for (const k in sums) sums[k] = null;
  return pageAnswer(q, rows.map(list.data), capped ? COUNT_BOUND : summary?.total, {
    ...sums,
    cursors: pageCursors(rows),
    ...(capped ? { totalCapped: true } : {}),
  });
}
