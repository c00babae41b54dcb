import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import {
  addUser,
  client,
  createScratchDatabase,
  openAccount,
  signUp,
  startTestServer,
} from './helpers';
import { startTcpProxy } from './tcpProxy';
import { provideSourcesTemplate } from '../setup/builtTemplate';

const onPostgres = Boolean(process.env.DATABASE_URL);
// Each server below starts from the sources on a new data folder.
provideSourcesTemplate();
const PASSWORD = 'a fine password';
/**
 * A test here starts server processes from the sources (tsx, a new data folder): ~5 s alone,
 * several times that beside the rest of `npm test` on a loaded 2-core machine.
 */
const SPAWNS = { timeout: 90_000 };

/** A server process on a fresh store: a data folder (PGlite) or a scratch database. */
async function freshStore() {
  const scratch = await createScratchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'ecm-resilience-'));
  return {
    dataDir,
    start: (env?: NodeJS.ProcessEnv) =>
      startServerProcess({ dataDir, databaseUrl: scratch.url, env, keepMemoryLow: false }),
    async drop() {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The servers' `api` for helpers that take a test server: a client of `origin`. */
const at = (origin: string) => ({ api: (token?: string) => client(origin, token) });

async function registerAndLogin(origin: string, email: string) {
  const api = client(origin);
  await api.post('/user/registeruser', {
    name: 'Owner',
    email,
    password: PASSWORD,
    cpassword: PASSWORD,
  });
  const login = await api.post('/user/loginuser', { email, password: PASSWORD, userType: 'admin' });
  expect(login.status).toBe(200);
  return login.body.data.token as string;
}

describe.skipIf(onPostgres)('one data folder, one server', SPAWNS, () => {
  it('refuses a second server on the same DATA_DIR and keeps the first working', async () => {
    const store = await freshStore();
    const first = await store.start();
    try {
      const second = await startServerProcess({
        dataDir: store.dataDir,
        waitUntilReady: false,
        keepMemoryLow: false,
      });
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toContain('Another server');
      expect(second.output()).toContain('is already using the data folder');
      const health = await fetch(`${first.origin}/api/health`);
      expect(health.status).toBe(200);
      const token = await registerAndLogin(first.origin, 'first@example.com');
      expect((await client(first.origin, token).get('/user/profile')).status).toBe(200);
    } finally {
      await first.stop();
      await store.drop();
    }
  });
});

describe('stopping and crashing', SPAWNS, () => {
  it('finishes the calls in flight on SIGTERM, then exits cleanly', async () => {
    const store = await freshStore();
    // At debug level the server logs each request as it arrives, not only once answered.
    const server = await store.start({ LOG_LEVEL: 'debug' });
    try {
      const api = client(server.origin);
      await api.post('/user/registeruser', {
        name: 'A',
        email: 'a@example.com',
        password: PASSWORD,
        cpassword: PASSWORD,
      });
      // Logins are slow on purpose (argon2id): a good load to have in flight.
      const inFlight = Array.from({ length: 8 }, () =>
        api.post('/user/loginuser', {
          email: 'a@example.com',
          password: PASSWORD,
          userType: 'admin',
        }),
      );
      // In flight: the server has taken every one of them in (it logs each as it arrives).
      const received = () =>
        server.output().match(/"url":"\/api\/user\/loginuser"[^\n]*request received/g)?.length ?? 0;
      while (received() < 8) await new Promise((r) => setTimeout(r, 5));
      const code = server.stop();
      const answers = await Promise.all(inFlight);
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(await code).toBe(0);
    } finally {
      await server.stop();
      await store.drop();
    }
  });

  it('loses no acknowledged write, and half-writes no payment, when killed with SIGKILL mid-stream', async () => {
    const store = await freshStore();
    let server: ServerProcess = await store.start();
    try {
      // An admin for the expenses, and its company for the payments.
      const token = await registerAndLogin(server.origin, 'crash@example.com');
      const api = client(server.origin, token);
      const { token: companyToken, api: company } = await addUser(
        at(server.origin),
        api,
        'Acme',
        'company',
      );
      const { _id: accountId } = await openAccount(company, { openingBalance: 1000 });

      const expenses: string[] = [];
      const payments: string[] = [];
      let stop = false;
      const writer = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const remark = `w${n}-${i}`;
          try {
            if (i % 2) {
              const res = await company.post('/company/addpayment', {
                accountId,
                date: '2026-11-01',
                remark,
                paymentType: i % 4 === 1 ? 'credit' : 'debit',
                amount: 0.37,
              });
              if (res.status === 201) payments.push(remark);
            } else {
              const res = await api.post('/expense/addexpense', {
                date: '2026-11-01',
                description: remark,
                amount: 1.01,
                category: 'other',
              });
              if (res.status === 201) expenses.push(remark);
            }
          } catch {
            return; // the server is gone
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      while (expenses.length + payments.length < 60) await new Promise((r) => setTimeout(r, 10));
      server.child.kill('SIGKILL');
      await server.exited;
      stop = true;
      await Promise.all(writers);

      server = await store.start();
      const after = client(server.origin, token);
      const saved = new Set<string>();
      const first = await after.get('/expense/getuserallexpenses?pageSize=100');
      for (let page = 1; page <= Math.ceil(first.body.total / 100); page++) {
        const res = await after.get(`/expense/getuserallexpenses?pageSize=100&page=${page}`);
        for (const e of res.body.data) saved.add(e.description);
      }
      expect(expenses.filter((d) => !saved.has(d))).toEqual([]);
      // Totals still add up to the paisa: every saved row is whole.
      expect(first.body.totalAmount).toBe(Math.round(saved.size * 101) / 100);

      // Every acknowledged payment is there, and the balance is exactly the opening
      // balance plus the payments that exist: none is half-written.
      const companyAfter = client(server.origin, companyToken);
      const statementPage = (page: number) =>
        companyAfter.get(
          `/company/statement?accountId=${accountId}&from=2026-01-01&to=2026-12-31&pageSize=100&page=${page}`,
        );
      const statement = await statementPage(1);
      const remarks = new Set<string>();
      for (let page = 1; page <= Math.ceil(statement.body.data.total / 100); page++) {
        const res = page === 1 ? statement : await statementPage(page);
        for (const e of res.body.data.entries) remarks.add(e.remark);
      }
      expect(payments.filter((r) => !remarks.has(r))).toEqual([]);
      const [row] = (await companyAfter.get('/company/getallbankbyuserid')).body.data;
      expect(statement.body.data.openingBalance).toBe(1000);
      expect(row.balance).toBe(statement.body.data.closingBalance);
    } finally {
      await server.stop();
      await store.drop();
    }
  });
});

describe.skipIf(!onPostgres)('on PostgreSQL', SPAWNS, () => {
  it('answers 503 while the database is unreachable and recovers by itself', async () => {
    const base = new URL(process.env.DATABASE_URL!);
    const proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) });
    const server = await startTestServer({
      connectVia: (url) => {
        const u = new URL(url!);
        u.hostname = '127.0.0.1';
        u.port = String(proxy.port);
        return u.toString();
      },
    });
    try {
      const me = await signUp(server);
      expect((await me.api.get('/expense/getuserallexpenses')).status).toBe(200);

      await proxy.cut();
      const down = await me.api.get('/expense/getuserallexpenses');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        success: false,
        message: 'Service unavailable, please try again',
        code: 'unavailable',
      });
      const health = await fetch(`${server.origin}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ database: 'down' });

      await proxy.restore();
      let back = 0;
      for (let i = 0; i < 50 && back !== 200; i++) {
        await new Promise((r) => setTimeout(r, 200));
        back = (await me.api.get('/expense/getuserallexpenses')).status;
      }
      expect(back).toBe(200);
      await new Promise((r) => setTimeout(r, 2500));
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
      await proxy.cut().catch(() => undefined);
    }
  });

  it('runs two servers on one database: shared sessions, shared logout, no lost payment', async () => {
    const store = await freshStore();
    const [a, b] = await Promise.all([store.start(), store.start()]);
    try {
      const adminToken = await registerAndLogin(a.origin, 'two@example.com');
      const admin = client(b.origin, adminToken);
      expect((await admin.get('/user/profile')).status).toBe(200);
      // Signed in on A, the company's session works on B as well.
      const { token, api: onA } = await addUser(at(a.origin), admin, 'Acme', 'company');
      const onB = client(b.origin, token);
      const { _id: accountId } = await openAccount(onB, { openingBalance: 100 });

      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (i % 2 ? onA : onB).post('/company/addpayment', {
            accountId,
            date: '2026-11-01',
            remark: `p${i}`,
            paymentType: i % 4 < 2 ? 'credit' : 'debit',
            amount: 0.37,
          }),
        ),
      );
      expect(answers.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
      const [row] = (await onA.get('/company/getallbankbyuserid')).body.data;
      expect(row.balance).toBe(100);
      expect((await onB.get(`/company/getpayments?accountId=${accountId}`)).body.total).toBe(200);

      expect((await onB.post('/logout')).status).toBe(200);
      expect((await onA.get('/user/profile')).status).toBe(401);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await store.drop();
    }
  });
});

describe('health', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  it('reports the database up', async () => {
    const res = await fetch(`${server.origin}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: 'ok', database: 'up' });
  });
});
