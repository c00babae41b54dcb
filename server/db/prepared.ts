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
import { is, type SQL } from 'drizzle-orm';
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
  return keptPerShape(build, keyOf, (query, name) => query.prepare(name) as Statement<Q>);
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
    if (is(db, PgTransaction)) return make(build(db, shape), '', db, shape);
    let ofDb = statements.get(db);
    if (!ofDb) statements.set(db, (ofDb = new Map()));
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
  return db._.session.prepareQuery({ sql: text, params }, undefined, name, true, (rows) =>
    (rows as Row[]).map(mapRow),
  ) as unknown as MappedStatement<R>;
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
