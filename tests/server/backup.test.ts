import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../server/db/backup';
import { openDatabase, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import {
  addUser,
  bankAccountBody,
  createScratchDatabase,
  signUp,
  startTestServer,
  type TestServer,
} from './helpers';

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'ecm-backup-'));

beforeAll(async () => {
  server = await startTestServer();
  // A little of everything, through the API.
  const admin = await signUp(server);
  const acme = (await addUser(server, admin.api, 'Acme', 'company')).api;
  const pm = await addUser(server, acme, 'Priya', 'pm');
  await acme.post('/company/createproject', {
    projectName: 'Website',
    clientName: 'Client',
    clientNumber: '1',
    duration: '1 month',
    price: 123456.78,
    paymentStatus: 'pending',
    projectManager: pm.id,
  });
  const acc = await acme.post('/company/createbank', bankAccountBody({ openingBalance: 50 }));
  await acme.post('/company/addpayment', {
    accountId: acc.body.data._id,
    date: '2026-11-01',
    remark: 'in',
    paymentType: 'credit',
    amount: 10.1,
  });
  for (let i = 0; i < 30; i++) {
    await admin.api.post('/expense/addexpense', {
      date: '2026-11-01',
      description: `e${i} ₹ "quoted"`,
      amount: i + 0.01,
      category: 'other',
    });
  }
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

describe('backup and restore', () => {
  it('round-trips every table exactly, and refuses to restore over data', async () => {
    const file = join(dir, 'all.ecm.gz');
    // Pages of 2 rows: every table, users in their role order too, spans several pages.
    const counts = await backup(server.db, file, { pageSize: 2 });
    expect(counts.expenses).toBe(30);
    expect(counts.audit_log).toBeGreaterThan(30);

    const scratch = await createScratchDatabase();
    const copy = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    try {
      await restore(copy.db, file);
      const [original, restored] = await Promise.all([dump(server.db), dump(copy.db)]);
      // Every table, including the derived totals: not in the file, rebuilt by triggers as
      // payments, expenses and projects come back.
      expect(Object.keys(restored).length).toBe(14);
      for (const derived of ['account_days', 'expense_months', 'project_totals'])
        expect(restored[derived]!.length, derived).toBeGreaterThan(0);
      expect(restored).toEqual(original);

      // Restoring twice is refused: it only goes into an empty database.
      await expect(restore(copy.db, file)).rejects.toThrow('The database is not empty');
    } finally {
      await copy.close();
      await scratch.drop();
    }
  });
});
