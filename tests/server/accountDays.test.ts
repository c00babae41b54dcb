import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../server/db/client';
import { createScratchDatabase } from './helpers';

/**
 * account_days keeps, per account and day, the day's credits, debits, entry count and lowest
 * running balance, and ledger_post checks a backdated debit against those lows. A posting
 * folds its own entries into its day's figures without reading the day's other entries; these
 * figures must equal what the entries themselves say after every kind of write: postings in
 * order, several in one statement, rows restored with older numbers among a day's entries,
 * an entry changed in place or moved to another day, and entries deleted.
 */
let database: Database;
let drop: () => Promise<void>;

const COMPANY = '00000000-0000-4000-8000-0000000000c1';
const ACCOUNTS = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];

const run = (query: SQL) => database.db.execute(query);

beforeAll(async () => {
  const scratch = await createScratchDatabase();
  drop = scratch.drop;
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  await run(sql`select set_config('app.actor', ${COMPANY}, false),
                       set_config('app.tenant', ${COMPANY}, false)`);
  // New entries are numbered from 1,000, below which restored ones are given numbers.
  await run(sql`select setval(pg_get_serial_sequence('payments', 'seq'), 1000)`);
  await run(sql`insert into users (id, name, email, role)
                values (${COMPANY}, 'Co', 'days@example.com', 'company')`);
  for (const id of ACCOUNTS)
    await run(sql`insert into bank_accounts
                    (id, company_id, holder_name, account_no, branch, ifsc, mobile, address)
                  values (${id}, ${COMPANY}, 'Main', ${id.slice(-4)}, 'Branch', 'IFSC0000001',
                          '9999999999', 'Addr')`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

type Day = { account: string; date: string; credits: string; debits: string; low: string };

/** The kept figures of every day that has entries, or figures left over without them. */
const kept = async () =>
  rowsOf<Day>(
    await run(sql`select account_id as account, date::text, credits_paise::text as credits,
                         debits_paise::text as debits, low_paise::text as low
                    from account_days
                   where entries > 0 or credits_paise <> 0 or debits_paise <> 0 or low_paise <> 0
                   order by 1, 2`),
  );

/** The same figures worked out from the entries, in their order within each day. */
const fromEntries = async () =>
  rowsOf<Day>(
    await run(sql`select account_id as account, date::text,
                         coalesce(sum(amount_paise) filter (where type = 'credit'), 0)::text as credits,
                         coalesce(sum(amount_paise) filter (where type = 'debit'), 0)::text as debits,
                         least(0, min(running))::text as low
                    from (select account_id, date, type, amount_paise,
                                 sum(case when type = 'credit' then amount_paise else -amount_paise end)
                                   over (partition by account_id, date order by seq) as running
                            from payments) e
                   group by 1, 2 order by 1, 2`),
  );

const entry = (account: string, date: string, type: 'credit' | 'debit', amount: number) =>
  sql`(${account}, ${COMPANY}, ${date}, 'entry', ${type}, ${amount})`;

const insert = (...rows: SQL[]) =>
  run(sql`insert into payments (account_id, company_id, date, remark, type, amount_paise)
          values ${sql.join(rows, sql`, `)}`);

/**
 * A small deterministic generator (Lehmer's, exact in doubles), so a failure is the same on
 * every run: `next(n)` is 0 to n - 1.
 */
function numbers(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 48271) % 2147483647;
    return Math.floor((x / 2147483647) * n);
  };
}

describe("a day's kept figures", () => {
  it('follow entries posted one after another, the day turning negative and back', async () => {
    const [a] = ACCOUNTS as [string];
    // Debits first: the running balance of 1 November dips to -700 and ends at +300, so a
    // later debit of 400 makes the day's low -700 still, and one of 1,100 makes it -800.
    for (const [type, amount] of [
      ['debit', 500],
      ['debit', 200],
      ['credit', 1_000],
      ['debit', 400],
      ['debit', 700],
    ] as const)
      await insert(entry(a, '2026-11-01', type, amount));
    expect(await kept()).toEqual(await fromEntries());
    expect((await kept()).find((d) => d.date === '2026-11-01')?.low).toBe('-800');
  });

  it('follow many entries in one statement across days and accounts', async () => {
    const next = numbers(7);
    const seen = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const rows = Array.from({ length: 1 + next(6) }, () => {
        const account = ACCOUNTS[next(2)]!;
        const date = `2026-11-0${1 + next(4)}`;
        const type = next(2) ? 'credit' : 'debit';
        seen.add(account).add(date).add(type);
        return entry(account, date, type, 1 + next(5_000));
      });
      await insert(...rows);
      expect(await kept()).toEqual(await fromEntries());
    }
    // The statements mixed both accounts, four days, credits and debits.
    expect(seen).toEqual(
      new Set([
        ...ACCOUNTS,
        '2026-11-01',
        '2026-11-02',
        '2026-11-03',
        '2026-11-04',
        'credit',
        'debit',
      ]),
    );
  });

  it('are worked out again when restored rows carry older numbers than the day already has', async () => {
    const [a] = ACCOUNTS as [string];
    // Two entries numbered before every other of 2 November: a debit that now comes first
    // lowers the day's low though it is written last.
    await run(sql`insert into payments (account_id, company_id, date, remark, type, amount_paise, seq)
                  values (${a}, ${COMPANY}, '2026-11-02', 'restored', 'debit', 90000, 1),
                         (${a}, ${COMPANY}, '2026-11-02', 'restored', 'credit', 90000, 2)`);
    expect(await kept()).toEqual(await fromEntries());
    expect(
      Number((await kept()).find((d) => d.account === a && d.date === '2026-11-02')?.low),
    ).toBeLessThanOrEqual(-90_000);
  });

  it('follow an entry changed in place, moved to another day, or deleted', async () => {
    const [a] = ACCOUNTS as [string];
    const middle = rowsOf<{ id: string }>(
      await run(sql`select id from payments where account_id = ${a} and date = '2026-11-01'
                     order by seq offset 1 limit 1`),
    )[0]!.id;
    await run(sql`update payments set amount_paise = 5000 where id = ${middle}`);
    expect(await kept()).toEqual(await fromEntries());
    // A credit in the middle of its day, changed in place: the day's net without it is below
    // the day's true low, so only working the day out again gets the low right.
    await run(sql`update payments set remark = 'edited'
                   where account_id = ${a} and date = '2026-11-01' and type = 'credit'
                     and amount_paise = 1000`);
    expect(await kept()).toEqual(await fromEntries());
    await run(sql`update payments set date = '2026-11-03' where id = ${middle}`);
    expect(await kept()).toEqual(await fromEntries());
    await run(sql`delete from payments where remark = 'restored'`);
    expect(await kept()).toEqual(await fromEntries());
  });
});
