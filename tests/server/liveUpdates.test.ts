import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { restore } from '../../server/db/backup';
import { openDatabase } from '../../server/db/client';
import { LIMITS, type Limits } from '../../server/services/rateLimits';
import {
  PASSWORD,
  addUser,
  client,
  createScratchDatabase,
  loanBody,
  managedProjectBody,
  openAccount,
  paymentBody,
  signUp,
  startTestServer,
  type Api,
  type TestServer,
} from './helpers';
import { withBackupOf, withNewDatabase } from './fixtures/databases';
import { openStream, type Stream } from '../../support/liveStream';

const expense = (description = 'Team lunch') => ({
  date: '2026-11-20',
  description,
  amount: 120.5,
  category: 'other',
});
const project = (projectManager: string) =>
  managedProjectBody(projectManager, { clientName: 'Acme' });

/** A second sign-in of a user: another device. */
async function secondSession(server: TestServer, email: string, userType: string) {
  const res = await server.api().post('/user/loginuser', { email, password: PASSWORD, userType });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.token as string, api: server.api(res.body.data.token) };
}

/** Waits a little and tells whether any change event arrived meanwhile. */
const quiet = async (streams: Stream[], ms = 300) => {
  const before = streams.map((s) => s.changes().length);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return streams.map((s, i) => s.changes().length - before[i]!);
};

const STREAM_LIMIT = 25;
let server: TestServer;
const open: Stream[] = [];
/** A company (two devices) with its PM, its admin; and another admin with its company. */
let acme: {
  id: string;
  email: string;
  token: string;
  api: Api;
  other: { token: string; api: Api };
};
let pm: { id: string; token: string; api: Api };
let admin: { token: string; api: Api };
let globex: { token: string; api: Api };
let otherAdmin: { token: string; api: Api };

const stream = async (token: string, opts?: Parameters<typeof openStream>[2]) => {
  const s = await openStream(server.origin, token, opts);
  open.push(s);
  return s;
};

beforeAll(async () => {
  server = await startTestServer({
    limits: {
      ...(Object.fromEntries(
        Object.entries(LIMITS).map(([name, limit]) => [name, { ...limit, max: limit.max * 1000 }]),
      ) as Limits),
      streamsPerAccount: { max: STREAM_LIMIT, windowMs: 60_000 },
    },
    live: { heartbeatMs: 150, recheckMs: 300, streamsPerUser: 3 },
  });
  admin = await signUp(server);
  const company = await addUser(server, admin.api, 'Acme', 'company');
  const device = await secondSession(server, company.email, 'company');
  acme = { ...company, other: device };
  pm = await addUser(server, acme.api, 'Priya', 'pm');
  otherAdmin = await signUp(server);
  globex = await addUser(server, otherAdmin.api, 'Globex', 'company');
}, 60_000);

afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  const deadline = Date.now() + 1000;
  while (server.app.changeFeed.size > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
});
afterAll(() => server?.close());

describe('live updates', () => {
  it('says ready at once, then sends a change to the writer’s other sessions within a second, and to nobody else', async () => {
    const mine = await stream(acme.token);
    const writer = await stream(acme.other.token);
    const others = [await stream(admin.token), await stream(pm.token), await stream(globex.token)];
    for (const s of [mine, writer, ...others]) {
      expect(s.status).toBe(200);
      expect(s.header('content-type')).toMatch(/^text\/event-stream/);
      await s.next('ready');
    }

    const sent = Date.now();
    const added = await acme.other.api.post('/expense/addexpense', expense());
    expect(added.status).toBe(201);
    const change = await mine.next('change', 'expense');
    const delay = change.at - sent;
    expect(delay).toBeLessThan(1000);
    console.log(`expense: commit to delivery ${delay} ms`);
    expect(change.data).toEqual({
      tags: ['expense', 'dashboard', 'audit'],
      ids: [added.body.data._id],
    });
    expect(change.id).toMatch(/^[0-9a-z]+-\d+$/);

    // Not the session that made it (it refreshed itself), not its admin, PM or anyone else.
    expect(await quiet([writer, ...others])).toEqual([0, 0, 0, 0]);
  });

  it('sends a company record to the company, its admin and the project’s PM; a bank record not to the PM', async () => {
    const company = await stream(acme.token);
    const device = await stream(acme.other.token);
    const adminStream = await stream(admin.token);
    const pmStream = await stream(pm.token);
    const outsider = await stream(globex.token);
    const outsiderAdmin = await stream(otherAdmin.token);
    for (const s of [company, device, adminStream, pmStream, outsider, outsiderAdmin])
      await s.next('ready');

    const created = await acme.api.post('/company/createproject', project(pm.id));
    expect(created.status).toBe(201);
    for (const s of [device, adminStream])
      expect((await s.next('change', 'project')).data).toEqual({
        tags: ['project', 'dashboard', 'audit'],
        ids: [created.body.data._id],
      });
    // The PM reads its own projects, not the trail.
    expect((await pmStream.next('change', 'project')).data.tags).toEqual(['project', 'dashboard']);

    const account = await openAccount(acme.api, { openingBalance: 100 });
    const paid = await acme.api.post(
      '/company/addpayment',
      paymentBody({
        accountId: account._id,
        date: '2026-11-10',
        remark: 'Fees',
        amount: 250,
      }),
    );
    expect(paid.status).toBe(201);
    for (const s of [device, adminStream]) await s.next('change', 'bank');
    expect(await quiet([company, outsider, outsiderAdmin])).toEqual([0, 0, 0]);
    expect(pmStream.changes().map((e) => e.data.tags)).toEqual([['project', 'dashboard']]);

    // People: a PM reads the company's employees, not its team members.
    const person = (name: string, userType: string) => ({
      name,
      email: `${name.toLowerCase()}.${Date.now()}@example.com`,
      mobile: '9876543210',
      registration_number: `REG-${name}`,
      userType,
    });
    const before = pmStream.changes().length;
    expect((await acme.api.post('/user/createUser', person('Teja', 'team'))).status).toBe(201);
    await adminStream.next('change', 'users');
    const employee = await acme.api.post('/user/createUser', person('Esha', 'employee'));
    expect(employee.status).toBe(201);
    const heard = await pmStream.next('change', 'users', 1000, before);
    expect(heard.data).toEqual({ tags: ['users'], ids: [employee.body.data._id] });
    expect(pmStream.changes()).toHaveLength(before + 1);

    // The PM's own lend is the PM's alone: not its company's, not the admin's.
    const lent = await pm.api.post(
      '/lend/addlend',
      loanBody({ amount: 500, issueDate: '2026-10-01' }),
    );
    expect(lent.status).toBe(201);
    expect(await quiet([device, adminStream, pmStream, outsider])).toEqual([0, 0, 0, 0]);
  });

  it('does not send a payment, a transfer or a reversal back to the session that made it', async () => {
    const writer = await stream(acme.token);
    const device = await stream(acme.other.token);
    const adminStream = await stream(admin.token);
    for (const s of [writer, device, adminStream]) await s.next('ready');

    const open = async (accountNo: string, openingBalance: number) =>
      (await openAccount(acme.api, { account_no: accountNo, openingBalance }))._id;
    const from = await open('500000000001', 1000);
    const to = await open('500000000002', 0);
    const paid = await acme.api.post(
      '/company/addpayment',
      paymentBody({ accountId: from, date: '2026-11-10', remark: 'Fees', amount: 250 }),
    );
    expect(paid.status).toBe(201);
    const moved = await acme.api.post('/company/transfer', {
      fromAccountId: from,
      toAccountId: to,
      date: '2026-11-11',
      remark: 'Float',
      amount: 100,
    });
    expect(moved.status).toBe(201);
    const reversed = await acme.api.post(
      `/company/payments/${paid.body.data.payment._id}/reverse`,
      {},
    );
    expect(reversed.status).toBe(201);

    // The others hear each of them: the payment, both legs of the transfer, the reversal.
    const entryIds = [
      paid.body.data.payment._id,
      moved.body.data.from._id,
      moved.body.data.to._id,
      reversed.body.data.payment._id,
    ];
    const heard = (s: Stream) => new Set(s.changes().flatMap((e) => e.data.ids as string[]));
    for (const s of [device, adminStream])
      await s.until(() => entryIds.every((id) => heard(s).has(id)), 2000, 'every entry');
    // The session that made them, nothing: not the entries, not the accounts' balances.
    await quiet([writer]);
    expect(writer.changes()).toEqual([]);
  });

  it('sends nothing for a write that is rolled back', async () => {
    const s = await stream(acme.other.token);
    await s.next('ready');
    const expenseRow = (description: string) =>
      sql`insert into expenses (user_id, date, description, amount_paise, category)
          values (${acme.id}, '2026-11-20', ${description}, 100, 'other')`;
    await expect(
      server.db.transaction(async (tx) => {
        await tx.execute(expenseRow('never'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await quiet([s])).toEqual([0]);
    // The same write committed is heard.
    await server.db.transaction((tx) => tx.execute(expenseRow('kept')));
    await s.next('change', 'expense');
  });

  it('resumes from a known event id, and resets from an unknown one', async () => {
    const first = await stream(acme.token);
    const ready = await first.next('ready');
    first.close();
    const added = await acme.other.api.post('/expense/addexpense', expense('While away'));

    const resumed = await stream(acme.token, { lastEventId: ready.id });
    expect(resumed.events.length === 0 || resumed.events[0]!.event === 'change').toBe(true);
    const missed = await resumed.next('change', 'expense');
    expect(missed.data.ids).toEqual([added.body.data._id]);
    expect(resumed.events[0]).toBe(missed);
    await resumed.next('ready');

    // The query parameter works like the header.
    const viaQuery = await fetch(`${server.origin}/api/events?lastEventId=${ready.id}`, {
      headers: { authorization: `Bearer ${acme.token}` },
    });
    expect(await viaQuery.text()).toContain(`"ids":["${added.body.data._id}"]`);

    for (const unknown of ['zzzz9-3', `${ready.id!.split('-')[0]}-999999`]) {
      const reset = await stream(acme.token, { lastEventId: unknown });
      expect((await reset.next('ready')).event).toBe('ready');
      expect(reset.events.map((e) => e.event)).toEqual(['reset', 'ready']);
      reset.close();
    }
    // A malformed id in the query is refused; in the header it is ignored.
    expect(
      (
        await fetch(`${server.origin}/api/events?lastEventId=x`, {
          headers: { authorization: `Bearer ${acme.token}` },
        })
      ).status,
    ).toBe(400);
  });

  it('answers without a stream when the client does not ask for one', async () => {
    const res = await fetch(`${server.origin}/api/events`, {
      headers: { authorization: `Bearer ${globex.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await res.text()).toMatch(/^id: [0-9a-z]+-\d+\nevent: ready\ndata: \{\}\n\n$/);
  });

  it('refuses a session-less or ended one with 401', async () => {
    expect((await fetch(`${server.origin}/api/events`)).status).toBe(401);
    const bad = await openStream(server.origin, 'not-a-token');
    expect(bad.status).toBe(401);
  });

  it('sends heartbeats', async () => {
    const s = await stream(globex.token);
    await s.until(() => s.comments.length >= 2, 1000, 'two heartbeats');
  });

  it('caps the open streams per user, and limits how often they are opened, with Retry-After', async () => {
    const someone = await signUp(server);
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await stream(someone.token));
    for (const s of streams) await s.next('ready');
    const over = await openStream(server.origin, someone.token);
    expect(over.status).toBe(429);
    expect(Number(over.header('retry-after'))).toBeGreaterThan(0);
    expect(over.refusal.message).toMatch(/Too many open live connections/);
    for (const s of streams) s.close();
    await streams[0]!.until(
      () => server.app.changeFeed.openCount(someone.user._id) === 0,
      1000,
      'closed',
    );

    // The cap refused one without counting it: 3 counted so far.
    for (let i = 3; i < STREAM_LIMIT; i++) {
      const res = await fetch(`${server.origin}/api/events`, {
        headers: { authorization: `Bearer ${someone.token}` },
      });
      expect(res.status).toBe(200);
      await res.text();
    }
    const limited = await fetch(`${server.origin}/api/events`, {
      headers: { authorization: `Bearer ${someone.token}` },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('ends the stream when its session ends: logout, revoked elsewhere, expired', async () => {
    const loggedOut = await secondSession(server, acme.email, 'company');
    const s = await stream(loggedOut.token);
    await s.next('ready');
    const before = Date.now();
    expect((await loggedOut.api.post('/logout')).status).toBe(200);
    await s.until(() => s.ended, 1000, 'the stream to end at logout');
    console.log(`logout: stream ended after ${Date.now() - before} ms`);
    const again = await openStream(server.origin, loggedOut.token);
    expect(again.status).toBe(401);

    // Signed out from another device (Profile's list of sessions).
    const revoked = await secondSession(server, acme.email, 'company');
    const r = await stream(revoked.token);
    await r.next('ready');
    const { body } = await acme.api.get('/user/sessions');
    const newest = (body.data as { _id: string; signedInAt: string; current: boolean }[])
      .filter((session) => !session.current)
      .sort((x, y) => y.signedInAt.localeCompare(x.signedInAt))[0]!;
    expect((await acme.api.post(`/user/sessions/${newest._id}/end`)).status).toBe(200);
    await r.until(() => r.ended, 1000, 'the revoked session’s stream to end');

    // Expired: found by the periodic check.
    const expiring = await secondSession(server, acme.email, 'company');
    const e = await stream(expiring.token);
    await e.next('ready');
    await server.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${acme.id} and revoked_at is null and created_at = (select max(created_at) from sessions where user_id = ${acme.id})`,
    );
    await e.until(() => e.ended, 1500, 'the expired session’s stream to end');
  });
});

describe('a restore', () => {
  it('tells no one of the rows it copies, and leaves the feed on for what follows', async () => {
    await withBackupOf(server.db, (file) =>
      withNewDatabase(async (copy) => {
        const heard: string[] = [];
        const stop = await copy.listen('ecm_changes', (payload) => heard.push(payload));
        await restore(copy.db, file);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard).toEqual([]);
        await copy.query(
          `insert into expenses (user_id, date, description, amount_paise, category)
         values ($1, '2026-11-20', 'After the restore', 100, 'other')`,
          [acme.id],
        );
        await expect.poll(() => heard.length).toBe(1);
        await stop();
      }),
    );
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two app servers on one PostgreSQL database', () => {
  it('a write through one reaches a stream opened on the other within a second', async () => {
    const scratch = await createScratchDatabase();
    const databases = await Promise.all(
      [0, 1].map(() => openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' })),
    );
    const apps = await Promise.all(
      databases.map((database) =>
        buildApp({ database, logLevel: 'silent', spaRoot: '/nonexistent', limits: LIMITS }),
      ),
    );
    try {
      const origins: string[] = [];
      for (const app of apps) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        origins.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      }
      const viaFirst = { server: { api: (token?: string) => client(origins[0]!, token) } };
      const me = await signUp(viaFirst.server as unknown as TestServer);
      const other = await client(origins[1]!).post('/user/loginuser', {
        email: me.email,
        password: me.password,
        userType: 'admin',
      });
      const s = await openStream(origins[1]!, other.body.data.token);
      await s.next('ready');
      const sent = Date.now();
      const added = await me.api.post('/expense/addexpense', expense());
      expect(added.status).toBe(201);
      const change = await s.next('change', 'expense');
      console.log(`two servers: commit to delivery ${change.at - sent} ms`);
      expect(change.at - sent).toBeLessThan(1000);

      // The listening connection is lost: once it is back, the streams reset (something may
      // have been missed meanwhile) and changes flow again.
      await databases[1]!.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      await s.next('reset', undefined, 5000);
      // Counted before the write: the other server may deliver it before this one answers.
      const before = s.events.length;
      await me.api.post('/expense/addexpense', expense('After the gap'));
      await s.next('change', 'expense', 1000, before);
      s.close();
    } finally {
      for (const app of apps) await app.close();
      await scratch.drop();
    }
  });
});
