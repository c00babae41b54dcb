import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useNamedStatements } from '../../server/db/pgliteStatements';
import { upkeepOnce } from '../../server/db/pgliteUpkeep';

/** PGlite has no autovacuum; the server's upkeep does its work (PostgreSQL has its own). */
let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  useNamedStatements(pg); // as in the server's database thread
  await pg.exec(`create table ledger (id int primary key, amount int not null)`);
});
afterAll(() => pg.close());

const visibleShare = async () =>
  (
    await pg.query<{ share: number }>(
      `select relallvisible::float8 / greatest(relpages, 1) as share from pg_class where relname = 'ledger'`,
    )
  ).rows[0]!.share;

describe.skipIf(process.env.DATABASE_URL)('embedded database upkeep', () => {
  it('vacuums and analyzes a table once enough of it has changed, and then leaves it be', async () => {
    await pg.exec(`insert into ledger select g, g from generate_series(1, 5000) g`);
    await pg.exec(`delete from ledger where id <= 200`);
    expect(await visibleShare()).toBe(0);

    expect(await upkeepOnce(pg)).toEqual(['vacuum (analyze) ledger']);
    // Index-only scans can now skip the rows, and the planner knows the table's size.
    expect(await visibleShare()).toBe(1);
    const { rows } = await pg.query<{ reltuples: number }>(
      `select reltuples::float8 as reltuples from pg_class where relname = 'ledger'`,
    );
    expect(rows[0]!.reltuples).toBe(4800);
    expect(await upkeepOnce(pg)).toEqual([]);

    // A few changes are below autovacuum's thresholds; more are not.
    await pg.exec(`update ledger set amount = amount + 1 where id <= 300`);
    expect(await upkeepOnce(pg)).toEqual([]);
    await pg.exec(`update ledger set amount = amount + 1 where id <= 1500`);
    expect(await upkeepOnce(pg)).toEqual(['vacuum (analyze) ledger']);
  });

  it("follows a table's own autovacuum settings, as PostgreSQL does", async () => {
    await pg.exec(`create table journal (id int primary key)`);
    await pg.exec(`insert into journal select g from generate_series(1, 5000) g`);
    expect(await upkeepOnce(pg)).toEqual(['vacuum (analyze) journal']);

    // 300 inserts into 5,000 rows are below the server's insert threshold (1,000 + 20%)...
    await pg.exec(`insert into journal select g from generate_series(5001, 5300) g`);
    expect(await upkeepOnce(pg)).toEqual([]);
    // ...and above this table's, as the migrations set for payments, expenses and loans.
    await pg.exec(
      `alter table journal set (autovacuum_vacuum_insert_threshold = 100, autovacuum_vacuum_insert_scale_factor = 0)`,
    );
    expect(await upkeepOnce(pg)).toEqual(['vacuum journal']);

    // -1 turns insert vacuums off, and autovacuum_enabled = false turns off all of it.
    await pg.exec(`alter table journal set (autovacuum_vacuum_insert_threshold = -1)`);
    await pg.exec(`insert into journal select g from generate_series(5301, 5500) g`);
    expect(await upkeepOnce(pg)).toEqual([]);
    await pg.exec(`alter table journal set (autovacuum_enabled = false)`);
    await pg.exec(`delete from journal where id <= 4000`);
    expect(await upkeepOnce(pg)).toEqual([]);
    await pg.exec(`alter table journal reset (autovacuum_enabled)`);
    expect(await upkeepOnce(pg)).toEqual(['vacuum (analyze) journal']);
  });
});
