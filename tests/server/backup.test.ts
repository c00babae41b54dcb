import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../server/db/backup';
import { openDatabase, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { withNewDatabase } from './fixtures/databases';
import {
  addUser,
  bankAccountBody,
  projectBody,
  signUp,
  startTestServer,
  type TestServer,
} from './helpers';

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'ecm-backup-'));

/** A backup of the test server's database, as its lines (one a table's rows each). */
async function backupLines(name: string) {
  const file = join(dir, name);
  await backup(server.db, file);
  return gunzipSync(readFileSync(file)).toString().trimEnd().split('\n');
}

/** `lines` as an older version's backup file, restored into a new database for `check`. */
async function restoreOlder(name: string, lines: string[], check: (db: Db) => Promise<void>) {
  const olderFile = join(dir, name);
  writeFileSync(olderFile, gzipSync(`${lines.join('\n')}\n`));
  await withNewDatabase(async (copy) => {
    await restore(copy.db, olderFile);
    await check(copy.db);
  });
}

beforeAll(async () => {
  server = await startTestServer();
  // A little of everything, through the API.
  const admin = await signUp(server);
  const acmeUser = await addUser(server, admin.api, 'Acme', 'company');
  const acme = acmeUser.api;
  const pm = await addUser(server, acme, 'Priya', 'pm');
  const project = await acme.post(
    '/company/createproject',
    projectBody({ price: 123456.78, projectManager: pm.id }),
  );
  // Edited once: its version (2) comes back as it was.
  await acme.post('/company/updateproject', {
    _id: project.body.data._id,
    version: 1,
    risk: 'low',
  });
  const acc = await acme.post('/company/createbank', bankAccountBody({ openingBalance: 50 }));
  await acme.post('/company/addpayment', {
    accountId: acc.body.data._id,
    date: '2026-11-01',
    remark: 'in',
    paymentType: 'credit',
    amount: 10.1,
  });
  // A reconciliation against the bank's download: one line matched to the payment, one not.
  const statement = await fetch(
    `${server.origin}/api/company/reconciliations?accountId=${acc.body.data._id}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${acmeUser.token}`, 'content-type': 'text/csv' },
      body: 'Date,Narration,Withdrawal,Deposit,Balance\n01/11/2026,in,,10.10,60.10\n02/11/2026,Fee,1.00,,59.10\n',
    },
  );
  expect(statement.status).toBe(201);
  const reconciliation = ((await statement.json()) as { data: { _id: string } }).data._id;
  await acme.post(`/company/reconciliations/${reconciliation}/confirm`, { all: true });
  await acme.post('/company/addrecurringpayment', {
    accountId: acc.body.data._id,
    paymentType: 'debit',
    amount: 20,
    remark: 'Salary',
    schedule: 'monthly',
    day: 1,
    startDate: '2199-01-01',
  });
  for (let i = 0; i < 30; i++) {
    await admin.api.post('/expense/addexpense', {
      date: '2026-11-01',
      description: `e${i} ₹ "quoted"`,
      amount: i + 0.01,
      category: 'other',
    });
  }
  // Categories of its own: one renamed, with an expense in it, and one added.
  const categories = (await admin.api.get('/category/getcategories')).body.data as {
    _id: string;
    name: string;
  }[];
  const movie = categories.find((c) => c.name === 'movie')!;
  await admin.api.post('/category/renamecategory', { _id: movie._id, name: 'Cinema' });
  await admin.api.post('/category/addcategory', { name: 'Rent' });
  // A budget, changed once, that the film below goes over (a notification of it).
  await admin.api.post('/budget/setbudget', { categoryId: movie._id, amount: 2 });
  await admin.api.post('/budget/setbudget', { categoryId: movie._id, amount: 1, version: 1 });
  await admin.api.post('/expense/addexpense', {
    date: '2026-11-02',
    description: 'A film',
    amount: 5,
    category: 'cinema',
  });
  const lend = await admin.api.post('/lend/addlend', {
    name: 'Ravi',
    email: 'ravi@example.com',
    amount: 100,
    issueDate: '2026-10-01',
    repaymentDate: '2026-12-01',
  });
  await admin.api.post('/lend/addrepayment', {
    loanId: lend.body.data._id,
    date: '2026-10-05',
    amount: 40,
  });
  // A reset link (its mail fails on this test server; the link is stored all the same).
  await server.api().post('/user/forgotpassword', { email: admin.email });
  await server.app.background.drain();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function dump(db: Db) {
  const tables = Object.values(schema).filter((v) => is(v, PgTable)) as PgTable[];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const columns = getTableColumns(table);
    const order = columns.id ? [columns.id] : Object.values(columns); // account_days has no id
    out[getTableName(table)] = await db
      .select()
      .from(table)
      .orderBy(...order.map((c) => asc(c)));
  }
  return out;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('backup and restore', () => {
  it('round-trips every table exactly, and refuses to restore over data', async () => {
    const file = join(dir, 'all.ecm.gz');
    // Over an older file that others could read: the backup is this user's alone.
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    // Pages of 2 rows: every table, users in their role order too, spans several pages.
    const counts = await backup(server.db, file, { pageSize: 2 });
    expect(modeOf(file)).toBe(0o600);
    expect(counts.expenses).toBe(31);
    expect(counts.categories).toBe(10);
    expect(counts.budgets).toBe(1);
    expect(counts.audit_log).toBeGreaterThan(30);

    await withNewDatabase(async (copy) => {
      await restore(copy.db, file);
      const [original, restored] = await Promise.all([dump(server.db), dump(copy.db)]);
      // Every table, including the derived totals: not in the file, rebuilt by triggers as
      // payments, expenses and projects come back.
      expect(Object.keys(restored).length).toBe(45);
      for (const derived of ['account_days', 'expense_months', 'project_totals'])
        expect(restored[derived]!.length, derived).toBeGreaterThan(0);
      // Sign-in secrets and rate-limit counts stay behind: a restored install starts with
      // everyone signed out.
      for (const table of ['sessions', 'password_resets', 'rate_limits'])
        expect(original[table]!.length, table).toBeGreaterThan(0);
      // So do pending second factors, e-mail revert links and where categories went (only a
      // minute's undo reads them); the sign-in history and two-factor recovery codes come back.
      expect(restored.sign_ins!.length).toBeGreaterThan(0);
      for (const leftOut of [
        'sessions',
        'password_resets',
        'rate_limits',
        'sign_in_challenges',
        'email_changes',
        'category_moves',
      ]) {
        expect(restored[leftOut], leftOut).toEqual([]);
        delete original[leftOut];
        delete restored[leftOut];
      }
      expect(restored).toEqual(original);

      // Restoring twice is refused: it only goes into an empty database.
      await expect(restore(copy.db, file)).rejects.toThrow('The database is not empty');
    });
  });
});

describe('a backup made by an older version', () => {
  it('restores without its sessions, reset links and login attempts', async () => {
    const lines = await backupLines('current.ecm.gz');
    const sessions = await server.db.select().from(schema.sessions);
    const older = [
      lines[0]!,
      lines[1]!, // the users come first
      JSON.stringify({ table: 'sessions', rows: sessions }),
      JSON.stringify({
        table: 'login_attempts',
        rows: [{ id: 1, email: 'x@example.com', ip: '10.0.0.1', succeeded: false }],
      }),
      ...lines.slice(2),
    ];
    expect(JSON.parse(lines[1]!).table).toBe('users');
    await restoreOlder('older.ecm.gz', older, async (db) => {
      expect(await db.select().from(schema.sessions)).toEqual([]);
      expect((await db.select().from(schema.users)).length).toBeGreaterThan(0);
    });
  });
});

describe('a backup made before categories of their own', () => {
  it('gives every user the starting three and the categories its records name', async () => {
    const lines = (await backupLines('categorised.ecm.gz'))
      // A backup from before categories had budgets neither.
      .filter(
        (line) =>
          !['categories', 'budgets'].includes((JSON.parse(line) as { table?: string }).table ?? ''),
      );
    await restoreOlder('uncategorised.ecm.gz', lines, async (db) => {
      const names = async () =>
        (await db.select().from(schema.categories)).map((c) => `${c.userId} ${c.name}`).sort();
      const users = await db.select().from(schema.users);
      const expected = users.flatMap((u) =>
        ['movie', 'other', 'shopping'].map((name) => `${u.id} ${name}`),
      );
      // The admin's renamed category, named by its expense, is there too; its added one,
      // which nothing named, is not.
      const admin = (await db.select().from(schema.expenses)).find(
        (e) => e.category === 'Cinema',
      )!.userId;
      expect(await names()).toEqual([...expected, `${admin} Cinema`].sort());
      expect((await db.select().from(schema.expenses)).length).toBe(31);
    });
  });
});

describe('a backup made before records had versions', () => {
  it('restores every record at version 1', async () => {
    const file = join(dir, 'versioned.ecm.gz');
    await backup(server.db, file);
    const versioned = ['users', 'expenses', 'loans', 'projects', 'bank_accounts'];
    const lines = gunzipSync(readFileSync(file))
      .toString()
      .trimEnd()
      .split('\n')
      .map((line) => {
        const entry = JSON.parse(line) as { table?: string; rows?: Record<string, unknown>[] };
        if (!entry.table || !versioned.includes(entry.table)) return line;
        for (const row of entry.rows!) delete row.version;
        return JSON.stringify(entry);
      });
    expect((await server.db.select().from(schema.projects))[0]!.version).toBe(2);
    await restoreOlder('unversioned.ecm.gz', lines, async (db) => {
      const [project] = await db.select().from(schema.projects);
      expect(project).toMatchObject({ risk: 'low', version: 1 });
      for (const table of [schema.users, schema.expenses, schema.loans, schema.bankAccounts]) {
        const rows = await db.select().from(table);
        expect(rows.length).toBeGreaterThan(0);
        expect(new Set(rows.map((r) => r.version))).toEqual(new Set([1]));
      }
    });
  });
});

describe('the data folder', () => {
  async function modeAfterOpening(dataDir: string) {
    const database = await openDatabase({ dataDir });
    await database.close();
    return modeOf(dataDir);
  }

  it('is made for this user alone', async () => {
    expect(await modeAfterOpening(join(dir, 'fresh-data'))).toBe(0o700);
  });

  it('is narrowed when others could read it', async () => {
    const older = join(dir, 'older-data');
    mkdirSync(older);
    chmodSync(older, 0o755);
    expect(await modeAfterOpening(older)).toBe(0o700);
  });
});

describe('the migrations', () => {
  it('are each dated after the one before, so an existing install applies every new one', () => {
    // drizzle applies the migrations dated after the newest one a database has: one dated
    // earlier would be skipped on every install that already has the one before it.
    const journal = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'),
        'utf8',
      ),
    ) as { entries: { tag: string; when: number }[] };
    const dates = journal.entries.map((e) => e.when);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(new Set(dates).size).toBe(dates.length);
  });
});
