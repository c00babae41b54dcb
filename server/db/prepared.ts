/**
 * Hot queries, built once.
 *
 * Drizzle turns a query builder into SQL text on every call, and for the queries that every
 * request runs (the session lookup, a list's page and totals, the dashboard) that building
 * took more of the server's CPU than anything else. A query made with `prepared` is built the
 * first time a database runs it and kept; a call then only fills in its placeholders.
 *
 * Use it for any query that a frequent call runs. Write the query as usual, with
 * `sql.placeholder('name')` wherever a value of the call goes, and give the values to
 * `execute`:
 *
 *   const expenseById = prepared((db) =>
 *     db.select().from(expenses).where(eq(expenses.id, sql.placeholder('id'))),
 *   );
 *   const [row] = await expenseById(db).execute({ id });
 *
 * - Every value of the call goes in a placeholder: a value written into the builder is
 *   frozen into the statement, for every later caller too.
 * - A query whose text depends on the call (a sort, a filter given or not) is one statement
 *   per shape: `preparedShapes(keyOf, (db, shape) => ...)`, where the shape holds only what
 *   changes the text and `keyOf` names it. Raw SQL: `rawQuery(db, sql\`...\`)`.
 * - On PostgreSQL a statement is named by its text's hash, as every query is (see
 *   `preparingClient` in client.ts); a query marked PLANNED_PER_CALL (a search) is still built
 *   once but sent unnamed, so it is planned for its values each time.
 * - A prepared query belongs to the database it was made from: in a transaction the query is
 *   built for that call (as without `prepared`), with the same text and values.
 * - On the hottest calls, `mapRows` maps each row, read as an array in the order of the
 *   query's columns (`columnsOf` names the places), to what the caller wants, instead of
 *   Drizzle's generic mapping (which asks every column of every row for its decoder, a few
 *   per cent of a list call). The driver's values come as they are: dates and timestamps as
 *   text, bigint and numeric as text on PostgreSQL, so the mapper converts what it uses.
 */
import { DrizzleQueryError, entityKind, is, Param, Placeholder, type SQL } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import { NoopCache } from 'drizzle-orm/cache/core';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { reusablePlan, statementName } from './statementName';

/** What `prepared` takes from a query builder (a select, an update… or a `rawQuery`). */
export interface Preparable {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
}
export type Statement<Q extends Preparable> = ReturnType<Q['prepare']>;
/** A statement whose rows are mapped by hand (`mapRows`). */
export interface MappedStatement<R> {
  execute(placeholders?: Record<string, unknown>): Promise<R[]>;
}
/** What `mapRows` maps: one row's values, in the order of the query's columns. */
export type Row = readonly unknown[];

/** The statement of a query that has one shape, made for each database on first use. */
export function prepared<Q extends Preparable>(
  build: (db: DbOrTx) => Q,
): (db: DbOrTx) => Statement<Q> {
  const byShape = preparedShapes(() => '', build);
  return (db) => byShape(db, undefined);
}

/**
 * How many shapes of one query each database keeps. The app's lists have a few dozen; past
 * this (made-up combinations) a shape is built for its call, as without `prepared`, so that
 * no caller can fill the memory.
 */
export const MAX_SHAPES = 500;

/**
 * The statement of a query for one of its shapes, made for each database and shape on first
 * use. `keyOf` names a shape: two shapes with one name must build the same text.
 */
export function preparedShapes<S, Q extends Preparable>(
  keyOf: (shape: S) => string,
  build: (db: DbOrTx, shape: S) => Q,
): (db: DbOrTx, shape: S) => Statement<Q> {
  return keptPerShape(build, keyOf, (query, name, db) =>
    direct(query.prepare(name) as Statement<Q>, db),
  );
}

/**
 * What `make` makes of a shape's query (built once), kept per database and shape; `make` is
 * given the statement's name. In a transaction it is made for the call, unnamed (the pg client
 * names it by its text, as any query it is sent).
 */
function keptPerShape<S, Q extends Preparable, T>(
  build: (db: DbOrTx, shape: S) => Q,
  keyOf: (shape: S) => string,
  make: (query: Q, name: string, db: DbOrTx, shape: S) => T,
): (db: DbOrTx, shape: S) => T {
  const statements = new WeakMap<DbOrTx, Map<string, T>>();
  return (db, shape) => {
    // Only databases are kept: one found is not a transaction, and is not asked again.
    let ofDb = statements.get(db);
    if (!ofDb) {
      if (is(db, PgTransaction)) return make(build(db, shape), '', db, shape);
      statements.set(db, (ofDb = new Map()));
    }
    const key = keyOf(shape);
    let statement = ofDb.get(key);
    if (!statement) {
      const query = build(db, shape);
      const { sql: text, params } = query.toSQL();
      // The name preparingClient would give it; '' sends it unnamed (a search).
      const name = reusablePlan(text) && params.length > 0 ? statementName(text) : '';
      statement = make(query, name, db, shape);
      if (ofDb.size < MAX_SHAPES) ofDb.set(key, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/** Raw SQL (what `db.execute` takes) as a query `prepared` can keep; its answer is `{ rows }`. */
export function rawQuery(db: DbOrTx, query: SQL) {
  return {
    toSQL: () => dialect.sqlToQuery(query),
    prepare: (name: string) =>
      db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false),
  };
}

/** The statement of a query made by `build`, mapped by `mapRow`; on `db`'s session. */
function mappedStatement<R>(
  db: DbOrTx,
  query: Preparable,
  name: string,
  mapRow: (row: Row) => R,
): MappedStatement<R> {
  const { sql: text, params } = query.toSQL();
  return direct(
    db._.session.prepareQuery({ sql: text, params }, undefined, name, true, (rows) =>
      (rows as Row[]).map(mapRow),
    ) as unknown as MappedStatement<R>,
    db,
  );
}

/**
 * What Drizzle's node-postgres statement holds (private in its types): the pool, the text and
 * its parameters (values and placeholders), the logger, and how its rows are mapped.
 */
interface NodePgStatement {
  client: { query(config: object, values: unknown[]): Promise<{ rows: unknown[] }> };
  queryString: string;
  params: unknown[];
  logger: { logQuery(text: string, params: unknown[]): void };
  fields?: unknown[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
  rawQueryConfig: { name?: string; types: TypeParsers };
  cache: unknown;
}
interface TypeParsers {
  getTypeParser(oid: number, format?: string): (value: string) => unknown;
}

/** Drizzle's own mapping of a select's rows (untyped in its declarations). */
const { mapResultRow } = drizzleUtils as unknown as {
  mapResultRow(fields: unknown[], row: unknown[], joins?: Record<string, boolean>): unknown;
};

/** The types Drizzle's node-postgres driver keeps as PostgreSQL prints them: dates,
 * timestamps, intervals, numeric and their arrays. */
const AS_PRINTED = new Set([1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182]);
const asPrinted = (value: string) => value;

/**
 * A pooled statement on PostgreSQL, executed straight on the driver: what Drizzle's
 * `execute` does (placeholders filled, the query logged, sent under its name, the rows
 * mapped, an error wrapped in DrizzleQueryError), without its per-call tracing spans, cache
 * check and three async steps, which cost more than the mapping on the hottest calls. Any
 * other statement (PGlite's, a transaction's, one with a cache) is left as it is.
 */
function direct<S extends { execute(values?: Record<string, unknown>): Promise<unknown> }>(
  statement: S,
  db: DbOrTx,
): S {
  const kind = (statement.constructor as { [entityKind]?: string })[entityKind];
  if (kind !== 'NodePgPreparedQuery' || is(db, PgTransaction)) return statement;
  const s = statement as unknown as NodePgStatement;
  // Drizzle's no-op cache (the app's: it configures none) runs a query as it is.
  if (!is(s.cache, NoopCache) || typeof s.client?.query !== 'function') return statement;
  const fill = placeholderFiller(s.params);
  const drizzleTypes = s.rawQueryConfig.types;
  const types: TypeParsers = {
    getTypeParser: (oid, format) =>
      AS_PRINTED.has(oid) ? asPrinted : drizzleTypes.getTypeParser(oid, format),
  };
  const arrays = !!(s.fields || s.customResultMapper);
  const config = {
    name: s.rawQueryConfig.name,
    text: s.queryString,
    types,
    ...(arrays ? { rowMode: 'array' } : {}),
  };
  const { client, logger } = s;
  statement.execute = async (values: Record<string, unknown> = {}) => {
    const params = fill(values);
    logger.logQuery(config.text, params);
    let result: { rows: unknown[] };
    try {
      result = await client.query(config, params);
    } catch (error) {
      throw new DrizzleQueryError(config.text, params, error as Error);
    }
    if (s.customResultMapper) return s.customResultMapper(result.rows as unknown[][]);
    if (s.fields) {
      const { fields, joinsNotNullableMap } = s;
      return (result.rows as unknown[][]).map((row) =>
        mapResultRow(fields, row, joinsNotNullableMap),
      );
    }
    return result;
  };
  return statement;
}

/**
 * Fills a statement's parameters from a call's values, as Drizzle's fillPlaceholders does
 * (the same error for a missing one), with where each placeholder goes worked out once.
 */
function placeholderFiller(params: readonly unknown[]) {
  const slots = params.map((p) => {
    if (is(p, Placeholder)) return { name: p.name as string };
    if (is(p, Param) && is(p.value, Placeholder))
      return { name: p.value.name as string, encoder: p.encoder };
    return { value: p };
  });
  return (values: Record<string, unknown>) => {
    const filled = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (slot.name === undefined) {
        filled[i] = slot.value;
        continue;
      }
      if (!(slot.name in values))
        throw new Error(`No value for placeholder "${slot.name}" was provided`);
      const value = values[slot.name];
      filled[i] = slot.encoder ? slot.encoder.mapToDriverValue(value) : value;
    }
    return filled;
  };
}

/**
 * `preparedShapes`, with each row read as an array and mapped by `mapRow` (see above). The
 * mapper may depend on the shape, as the query's columns do: `mapRow(shape)` gives it.
 */
export function mappedShapes<S, R>(
  keyOf: (shape: S) => string,
  build: (db: DbOrTx, shape: S) => Preparable,
  mapRow: (shape: S) => (row: Row) => R,
): (db: DbOrTx, shape: S) => MappedStatement<R> {
  return keptPerShape(build, keyOf, (query, name, db, shape) =>
    mappedStatement(db, query, name, mapRow(shape)),
  );
}

/** `prepared`, with each row read as an array and mapped by `mapRow` (see above). */
export function mapped<R>(
  build: (db: DbOrTx) => Preparable,
  mapRow: (row: Row) => R,
): (db: DbOrTx) => MappedStatement<R> {
  const byShape = mappedShapes(
    () => '',
    (db) => build(db),
    () => mapRow,
  );
  return (db) => byShape(db, undefined);
}

/**
 * Where each of a selection's fields comes in a row read as an array: Drizzle lists a
 * select's columns in the order of its fields object (a table's columns in their order).
 */
export function columnsOf<F extends Record<string, unknown>>(
  fields: F,
): { [K in keyof F]: number } {
  return Object.fromEntries(Object.keys(fields).map((key, i) => [key, i])) as {
    [K in keyof F]: number;
  };
}

/** Where a timestamp as PostgreSQL prints it in UTC has its digits: `YYYY-MM-DD HH:MM:SS`. */
const DIGIT_AT = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
/** Where it has its separators, and which (as character codes, as the digits are read). */
const SEPARATOR_AT: ReadonlyArray<readonly [number, number]> = [
  [4, 45], // -
  [7, 45],
  [10, 32], // space
  [13, 58], // :
  [16, 58],
];
const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * A timestamp with time zone as PostgreSQL prints it in UTC, from year 1000 on:
 * `YYYY-MM-DD HH:MM:SS`, then `.` and 1 to 6 digits or nothing, then `+00`.
 */
function isUtcTimestamp(text: string): boolean {
  const end = text.length - 3;
  if (end !== 19 && (end < 21 || end > 26)) return false;
  if (text.charCodeAt(0) === 48 || text.charCodeAt(end) !== 43) return false;
  if (text.charCodeAt(end + 1) !== 48 || text.charCodeAt(end + 2) !== 48) return false;
  for (const at of DIGIT_AT) if (!isDigit(text.charCodeAt(at))) return false;
  for (const [at, separator] of SEPARATOR_AT) if (text.charCodeAt(at) !== separator) return false;
  if (end === 19) return true;
  if (text.charCodeAt(19) !== 46) return false;
  for (let at = 20; at < end; at++) if (!isDigit(text.charCodeAt(at))) return false;
  return true;
}

/**
 * A timestamp as the driver gives it (PostgreSQL's text) in ISO 8601 with milliseconds, as
 * `toIso` (lib/dates.ts) writes it: rewritten as text when it is in UTC, as a session prints
 * it by default, rather than parsed into a Date (a few µs a row on a page), and read by
 * character: a regular expression's match and groups would be most of what a page's rows
 * allocate beyond their values. Any other (an offset, an early year) goes through a Date.
 */
export function timestampIso(text: string): string {
  if (!isUtcTimestamp(text)) return new Date(text).toISOString();
  const day = text.slice(0, 10);
  // `HH:MM:SS.mmm` when the fraction has 3 digits or more; else padded with zeros.
  if (text.length >= 26) return `${day}T${text.slice(11, 23)}Z`;
  const fraction = text.length > 22 ? text.slice(20, text.length - 3) : '';
  return `${day}T${text.slice(11, 19)}.${fraction.padEnd(3, '0')}Z`;
}
