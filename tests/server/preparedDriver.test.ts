import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../server/db/client';
import { mapped, prepared, rawQuery, timestampIso } from '../../server/db/prepared';
import { pgErrorCode } from '../../server/lib/pgErrors';
import { createScratchDatabase } from './helpers';

/**
 * A kept statement (server/db/prepared.ts) on PostgreSQL is sent straight to the driver, not
 * through Drizzle's execute. It must answer what Drizzle's own path answers (a transaction
 * still takes it): every type as the services read it, a select mapped as Drizzle maps it,
 * raw rows as objects; each statement logged with its values; a failure wrapped as Drizzle
 * wraps it. On PGlite the same calls hold.
 */
let database: Database;
let logged: [string, unknown[]][] = [];
let drop: () => Promise<void>;

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  label: text('label'),
  at: timestamp('at', { withTimezone: true, mode: 'string' }),
  day: date('day'),
  paise: bigint('paise', { mode: 'number' }),
  done: boolean('done'),
});

beforeAll(async () => {
  const scratch = await createScratchDatabase();
  drop = scratch.drop;
  database = await openDatabase({
    databaseUrl: scratch.url,
    dataDir: 'memory://',
    onQuery: (text, params) => logged.push([text, params]),
  });
  await database.db.execute(sql`
    create table things (id int primary key, label text, at timestamptz, day date, paise bigint,
                         done boolean, price numeric(12, 2), span interval, tags text[],
                         stamps timestamptz[], days date[], prices numeric[])`);
  await database.db.execute(sql`
    insert into things values
      (1, 'one', '2026-11-27 10:11:12.345678+00', '2026-11-27', 123456789012, true, 12.5,
       '1 day 02:03:04', '{a,"b c"}', '{"2026-01-01 00:00:00+00"}', '{2026-01-02}', '{1.25,2}'),
      (2, null, null, null, null, null, null, null, null, null, null, null)`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

const id = sql.placeholder('id');
const bySelect = prepared((db) =>
  db
    .select({
      id: things.id,
      label: things.label,
      at: things.at,
      day: things.day,
      paise: things.paise,
      done: things.done,
      twice: sql<number>`${things.id} * 2`.mapWith(Number),
      price: sql<string>`price`,
    })
    .from(things)
    .where(eq(things.id, id)),
);
const allColumns = sql`select id, label, at, day, paise, done, price, span, tags, stamps, days,
  prices, at::text as at_text, now() - now() as zero from things where id = ${id}`;
const raw = prepared((db) => rawQuery(db, allColumns));
const asArrays = mapped(
  (db) => rawQuery(db, allColumns),
  (row) => [...row],
);

/** The same statement, run by Drizzle's own execute: inside a transaction. */
const throughDrizzle = <T>(run: (db: Database['db']) => Promise<T>) =>
  database.db
    .transaction(async (tx) => {
      throw Object.assign(new Error('rolled back'), { answer: await run(tx as never) });
    })
    .catch((e: { answer?: T }) => {
      if (!('answer' in e)) throw e;
      return e.answer as T;
    });

describe('kept statements on the driver', () => {
  it("answer what Drizzle's own execute answers: a select's mapping, raw rows, arrays", async () => {
    for (const value of [1, 2]) {
      const cases: [string, (db: Database['db']) => Promise<unknown>][] = [
        ['select', (db) => bySelect(db).execute({ id: value })],
        ['raw', async (db) => rowsOf(await raw(db).execute({ id: value }))],
        ['arrays', (db) => asArrays(db).execute({ id: value })],
      ];
      for (const [name, run] of cases) {
        const direct = await run(database.db);
        expect(direct, `${name} ${value}`).toEqual(await throughDrizzle(run));
      }
    }
    // Taken on PostgreSQL (a Drizzle that no longer holds what it reads would leave it unused).
    const sentDirect = Object.hasOwn(raw(database.db), 'execute');
    expect(sentDirect).toBe(database.kind === 'postgres');
    const [one] = await bySelect(database.db).execute({ id: 1 });
    expect(one).toEqual({
      id: 1,
      label: 'one',
      at: '2026-11-27 10:11:12.345678+00',
      day: '2026-11-27',
      paise: 123456789012,
      done: true,
      twice: 2,
      price: '12.50',
    });
  });

  it('log each statement with its values, and fail as Drizzle fails', async () => {
    logged = [];
    await raw(database.db).execute({ id: 2 });
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toBe(raw(database.db).getQuery().sql);
    expect(logged[0]![1]).toEqual([2]);

    const badValue = await raw(database.db)
      .execute({ id: 'two' })
      .catch((e: unknown) => e);
    expect(badValue).toBeInstanceOf(DrizzleQueryError);
    expect(pgErrorCode(badValue)).toBe('22P02');
    await expect(raw(database.db).execute({})).rejects.toThrow(
      'No value for placeholder "id" was provided',
    );
    // The pool is whole after both.
    expect(await bySelect(database.db).execute({ id: 2 })).toHaveLength(1);
  });
});

describe('timestampIso', () => {
  it('writes what toIso writes, for timestamps as PostgreSQL prints them', async () => {
    const printed = rowsOf<{ at: string }>(
      await database.db.execute(
        sql`select (timestamptz '1970-01-01 00:00:00+00' + n * interval '7919 seconds 123457 microseconds')::text as at
              from generate_series(0, 3000) n
            union all select unnest(array['2026-11-27 10:11:12+00', '2026-11-27 10:11:12.5+00',
              '2026-11-27 10:11:12.999999+00', '2026-11-27 10:11:12.1+05:30', '0099-01-01 00:00:00+00'])`,
      ),
    ).map((r) => r.at);
    for (const at of printed) expect(timestampIso(at), at).toBe(new Date(at).toISOString());
  });

  it('leaves text with a separator out of place to Date, which refuses it', () => {
    for (const at of ['2026-11-27X10:11:12+00', '2026-11-27 10.11.12+00', '2026_11-27 10:11:12+00'])
      expect(() => timestampIso(at), at).toThrow(RangeError);
  });

  it('writes what toIso writes, for any instant in UTC', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999 }),
        (when, micros) => {
          const iso = when.toISOString();
          const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(
            /0+$/,
            '',
          );
          const at = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
          expect(timestampIso(at)).toBe(new Date(at).toISOString());
        },
      ),
      { numRuns: 2000 },
    );
  });
});
