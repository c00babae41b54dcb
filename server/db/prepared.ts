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
  const statements = new WeakMap<DbOrTx, Map<string, Statement<Q>>>();
  return (db, shape) => {
    // Unnamed here: the pg client names it by its text, as any query it is sent.
    if (is(db, PgTransaction)) return build(db, shape).prepare('') as Statement<Q>;
    let ofDb = statements.get(db);
    if (!ofDb) statements.set(db, (ofDb = new Map()));
    const key = keyOf(shape);
    let statement = ofDb.get(key);
    if (!statement) {
      const query = build(db, shape);
      const { sql: text, params } = query.toSQL();
      // The name preparingClient would give it; '' sends it unnamed (a search).
      const name = reusablePlan(text) && params.length > 0 ? statementName(text) : '';
      statement = query.prepare(name) as Statement<Q>;
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
