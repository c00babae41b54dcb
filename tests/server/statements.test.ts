import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../server/db/client';
import { pgErrorCode } from '../../server/lib/pgErrors';
import { createScratchDatabase } from './helpers';

/**
 * Both drivers send parameterised queries as named prepared statements (PGlite's through
 * our own protocol calls). What the services rely on must still hold: isolation from an open
 * transaction, errors with their codes, a usable session after an error, typed rows.
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
