import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database, type DbOrTx } from '../../server/db/client';
import { MAX_SHAPES, prepared, preparedShapes, rawQuery } from '../../server/db/prepared';
import { PLANNED_PER_CALL, statementName } from '../../server/db/statementName';
import { pgErrorCode } from '../../server/lib/pgErrors';
import { createScratchDatabase } from './helpers';

/**
 * Both drivers send parameterised queries as named prepared statements (PGlite's through
 * our own protocol calls). What the services rely on must still hold: isolation from an open
 * transaction, errors with their codes, a usable session after an error, typed rows. Hot
 * queries are built once per database and shape (prepared.ts): a call fills in the
 * placeholders, a transaction builds its own, and a search is still sent unnamed.
 */
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const scratch = await createScratchDatabase();
  drop = scratch.drop;
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  await database.db.execute(
    sql`create table scratch (id int primary key, label text not null unique, seen date)`,
  );
});
afterAll(async () => {
  await database.close();
  await drop();
});

const count = async (label: string) =>
  Number(
    rowsOf<{ n: string | number }>(
      await database.db.execute(sql`select count(*) as n from scratch where label = ${label}`),
    )[0]!.n,
  );

describe('named prepared statements', () => {
  it('never let a query see rows of a transaction that is still open and then rolls back', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((r) => (inserted = r));
    const tx = database.db
      .transaction(async (t) => {
        await t.execute(sql`insert into scratch (id, label) values (${1}, ${'uncommitted'})`);
        inserted();
        await new Promise((r) => setTimeout(r, 50));
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    await insertedYet;
    expect(await count('uncommitted')).toBe(0);
    expect(await tx).toBe('roll back');
    expect(await count('uncommitted')).toBe(0);
  });

  it('keeps working when a statement was first prepared inside a rolled-back transaction', async () => {
    const first = await database.db
      .transaction(async (t) => {
        await t.execute(sql`insert into scratch (id, label) values (${2}, ${'two'})`);
        const rows = rowsOf(await t.execute(sql`select id from scratch where id > ${1}`));
        throw new Error(`saw ${rows.length}`);
      })
      .catch((e: Error) => e.message);
    expect(first).toBe('saw 1');
    await database.db.execute(sql`insert into scratch (id, label) values (${3}, ${'three'})`);
    expect(rowsOf(await database.db.execute(sql`select id from scratch where id > ${1}`))).toEqual([
      { id: 3 },
    ]);
  });

  it('reports a broken rule with its code, and the next query still runs', async () => {
    const error = await database.db
      .execute(sql`insert into scratch (id, label) values (${4}, ${'three'})`)
      .catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe('23505');
    const syntax = await database.db
      .execute(sql`select id frm scratch where id = ${3}`)
      .catch((e: unknown) => e);
    expect(pgErrorCode(syntax)).toBe('42601');
    expect(await count('three')).toBe(1);
  });

  it('returns typed rows, nulls and dates as the services expect', async () => {
    await database.db.execute(
      sql`update scratch set seen = ${'2026-11-22'}::date where label = ${'three'}`,
    );
    const rows = rowsOf(
      await database.db.execute(
        sql`select id, label, seen::text as seen, id > ${0} as positive, null::int as nothing
            from scratch where label = ${'three'}`,
      ),
    );
    expect(rows).toEqual([
      { id: 3, label: 'three', seen: '2026-11-22', positive: true, nothing: null },
    ]);
  });
});

/** A query with two shapes that counts how often it is built. */
function counted() {
  const builds: string[] = [];
  const labels = preparedShapes(
    (s: { from: boolean }) => String(s.from),
    (db, s) => {
      builds.push(String(s.from));
      return rawQuery(
        db,
        sql`select label from labels where id ${s.from ? sql`>=` : sql`<=`} ${sql.placeholder('id')} order by id`,
      );
    },
  );
  return { builds, labels };
}
const labelsOf = (result: unknown) =>
  (result as { rows: { label: string }[] }).rows.map((r) => r.label);

describe('prepared queries (server/db/prepared.ts)', () => {
  beforeAll(async () => {
    await database.db.execute(sql`create table labels (id int primary key, label text not null)`);
    await database.db.execute(sql`insert into labels values (1, 'one'), (2, 'two'), (3, 'three')`);
  });

  it('are built once per shape, and answer each call for its own values', async () => {
    const { builds, labels } = counted();
    const db = database.db;
    expect(labelsOf(await labels(db, { from: true }).execute({ id: 2 }))).toEqual(['two', 'three']);
    expect(labelsOf(await labels(db, { from: true }).execute({ id: 3 }))).toEqual(['three']);
    expect(labelsOf(await labels(db, { from: false }).execute({ id: 2 }))).toEqual(['one', 'two']);
    const both = await Promise.all([
      labels(db, { from: true }).execute({ id: 1 }),
      labels(db, { from: false }).execute({ id: 1 }),
    ]);
    expect(both.map(labelsOf)).toEqual([['one', 'two', 'three'], ['one']]);
    expect(builds).toEqual(['true', 'false']);
  });

  it('keep a bounded number of shapes per database; past it, a shape is built per call', async () => {
    const builds: number[] = [];
    const numbered = preparedShapes(String, (db, n: number) => {
      builds.push(n);
      return rawQuery(db, sql`select ${sql.raw(String(n))} + ${sql.placeholder('x')}::int as sum`);
    });
    for (let round = 0; round < 2; round++)
      for (let n = 0; n <= MAX_SHAPES; n++) await numbered(database.db, n).execute({ x: 1 });
    expect(builds.length).toBe(MAX_SHAPES + 2);
    expect(builds.slice(-2)).toEqual([MAX_SHAPES, MAX_SHAPES]);
    const result = await numbered(database.db, MAX_SHAPES).execute({ x: 2 });
    expect((result as { rows: { sum: number }[] }).rows).toEqual([{ sum: MAX_SHAPES + 2 }]);
  });

  it('are built for each call in a transaction, and see its writes', async () => {
    const { builds, labels } = counted();
    const seen = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into labels values (4, 'four')`);
        const rows = labelsOf(await labels(tx, { from: true }).execute({ id: 3 }));
        const again = labelsOf(await labels(tx, { from: true }).execute({ id: 4 }));
        throw new Error(JSON.stringify([rows, again]));
      })
      .catch((e: Error) => e.message);
    expect(JSON.parse(seen)).toEqual([['three', 'four'], ['four']]);
    expect(builds).toEqual(['true', 'true']);
    // Rolled back: the database's own statement never saw the row.
    expect(labelsOf(await labels(database.db, { from: true }).execute({ id: 3 }))).toEqual([
      'three',
    ]);
  });

  it('are named by their text on the connection, and a search is sent unnamed', async () => {
    // The statement lists the connection's named statements while it runs: its own is there.
    const listing = (mark: string) =>
      prepared((db: DbOrTx) =>
        rawQuery(
          db,
          sql`select name from pg_prepared_statements where ${sql.placeholder('one')}::int = 1 ${sql.raw(mark)}`,
        ),
      );
    for (const [mark, named] of [
      ['/* listing */', true],
      [PLANNED_PER_CALL, false],
    ] as const) {
      const statement = listing(mark)(database.db);
      const result = (await statement.execute({ one: 1 })) as { rows: { name: string }[] };
      const name = statementName(statement.getQuery().sql);
      expect(result.rows.map((r) => r.name).includes(name)).toBe(named);
    }
  });
});
