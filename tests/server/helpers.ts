import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp, type AppOptions } from '../../server/app';
import { openDatabase, type Database, type QueryLogger } from '../../server/db/client';
import type { Mailer } from '../../server/mail/mailer';
import { LIMITS, type Limits } from '../../server/services/rateLimits';

const LOOSE_LIMITS = Object.fromEntries(
  Object.entries(LIMITS).map(([name, limit]) => [name, { ...limit, max: limit.max * 1000 }]),
) as Limits;

/** Tests that send mail say where to; any other send is a mistake in the test. */
const refusingMailer: Mailer = {
  kind: 'smtp',
  send: async () => {
    throw new Error('this test server has no mail server');
  },
};

/**
 * A real server on a fresh database for one test file: PGlite in memory by default, or a
 * scratch database created (and dropped after) on the PostgreSQL of DATABASE_URL.
 */
/**
 * With DATABASE_URL: a fresh database on that server, dropped by `drop()`. Without it:
 * no URL (the caller uses PGlite) and nothing to drop.
 */
export async function createScratchDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { url: undefined, drop: async () => {} };
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestServer(
  opts: {
    onQuery?: QueryLogger;
    smtpUrl?: string;
    mailer?: Mailer;
    connectVia?: (url: string | undefined) => string | undefined;
    /** Receives every log line, at every level (silent without it). */
    logStream?: { write(line: string): void };
    /** The rate limits; by default LIMITS with a thousand times the calls, so that tests
     * may sign up and log in freely. Tests of the limits pass LIMITS. */
    limits?: Limits;
    /** Proxies whose X-Forwarded-For is believed (tests pose as many addresses so). */
    trustProxy?: string[];
    /** The live streams' timings and cap (tests of them shorten the timings). */
    live?: AppOptions['live'];
    /** How long a request body may stall (tests of it shorten the timings). */
    bodyTimings?: AppOptions['bodyTimings'];
  } = {},
) {
  const scratch = await createScratchDatabase();
  const database: Database = await openDatabase({
    databaseUrl: opts.connectVia ? opts.connectVia(scratch.url) : scratch.url,
    dataDir: 'memory://',
    onQuery: opts.onQuery,
  });
  const app = await buildApp({
    database,
    logLevel: opts.logStream ? 'trace' : 'silent',
    logStream: opts.logStream,
    spaRoot: '/nonexistent',
    publicUrl: 'http://app.example',
    mailer: opts.mailer ?? (opts.smtpUrl ? undefined : refusingMailer),
    limits: opts.limits ?? LOOSE_LIMITS,
    trustProxy: opts.trustProxy,
    smtpUrl: opts.smtpUrl,
    live: opts.live,
    bodyTimings: opts.bodyTimings,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    app,
    db: database.db,
    database,
    origin,
    api: (token?: string, headers?: Record<string, string>) => client(origin, token, headers),
    async close() {
      await app.close();
      await scratch.drop();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny HTTP client speaking the API's JSON, as the SPA does. */
export function client(origin: string, token?: string, extraHeaders: Record<string, string> = {}) {
  async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${origin}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
    raw: call,
  };
}

let counter = 0;
/** Registers an admin with a unique e-mail and logs it in. */
export async function signUp(server: TestServer, overrides: { name?: string } = {}) {
  const email = `user${++counter}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const name = overrides.name ?? `User ${counter}`;
  const reg = await server.api().post('/user/registeruser', {
    name,
    email,
    password,
    cpassword: password,
  });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const login = await server.api().post('/user/loginuser', { email, password, userType: 'admin' });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const token: string = login.body.data.token;
  return { email, password, name, token, user: login.body.data.user, api: server.api(token) };
}

export const PASSWORD = 'a fine password';
/** The password a creator sets for a new person, who changes it to PASSWORD. */
export const FIRST_PASSWORD = 'a first password';
export type Api = ReturnType<typeof client>;

/**
 * `creator` makes a user (an admin its company, a company its PM), who then logs in:
 * its id, e-mail and an API client with its session.
 */
export async function addUser(
  server: Pick<TestServer, 'api'>,
  creator: Api,
  name: string,
  userType: 'company' | 'pm',
) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${randomBytes(3).toString('hex')}@example.com`;
  const created = await creator.post('/user/createUser', {
    name,
    email,
    password: FIRST_PASSWORD,
    mobile: '9876543210',
    registration_number: `REG-${name}`,
    userType,
  });
  if (created.status !== 201) throw new Error(`createUser failed: ${JSON.stringify(created.body)}`);
  const login = await server.api().post('/user/loginuser', {
    email,
    password: FIRST_PASSWORD,
    userType,
  });
  const token: string = login.body.data.token;
  // A password someone else chose is changed at the first sign-in, as the person would.
  const changed = await server.api(token).post('/user/updatepassword', {
    currentPassword: FIRST_PASSWORD,
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
  });
  if (changed.status !== 200)
    throw new Error(`password change failed: ${JSON.stringify(changed.body)}`);
  return { id: created.body.data._id as string, email, token, api: server.api(token) };
}

/** A valid `createbank` body; tests override the fields they are about. */
export const bankAccountBody = (overrides: Record<string, unknown> = {}) => ({
  holder_name: 'Acme Pvt Ltd',
  account_no: '123456789012',
  confirm_no: '123456789012',
  branch: 'MG Road',
  ifsc: 'SBIN0001234',
  mobile: '9876543210',
  address: '1 MG Road, Bengaluru',
  ...overrides,
});

/**
 * A bank account `api`'s company opens (`bankAccountBody` with `fields`, the number confirmed;
 * 201 checked): the account as the answer gives it.
 */
export async function openAccount(api: Api, fields: Record<string, unknown> = {}) {
  // The number typed twice, as the form asks, unless the test types it otherwise.
  const confirm = { confirm_no: fields.account_no ?? bankAccountBody().confirm_no };
  const res = await api.post('/company/createbank', bankAccountBody({ ...confirm, ...fields }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; [field: string]: any };
}

/** A new admin's company `name` with a bank account opened with `account` (see openAccount). */
export async function companyWithAccount(
  server: TestServer,
  name: string,
  account: Record<string, unknown> = {},
) {
  const admin = await signUp(server);
  const company = await addUser(server, admin.api, name, 'company');
  const opened = await openAccount(company.api, account);
  return { admin, company, account: opened, accountId: opened._id };
}

/** A valid `addpayment` body into `accountId`; tests override the fields they are about. */
export const paymentBody = (overrides: { accountId: string } & Record<string, unknown>) => ({
  date: '2026-11-01',
  remark: 'x',
  paymentType: 'credit',
  amount: 10,
  ...overrides,
});

/** A valid `addexpense` body; tests override the fields they are about. */
export const expenseBody = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-11-01',
  description: 'Spent',
  amount: 10,
  category: 'other',
  ...overrides,
});

/** A valid `addlend` or `addborrowed` body (by e-mail); tests override the fields they are about. */
export const loanBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ravi',
  email: 'ravi@example.com',
  amount: 10,
  issueDate: '2026-11-01',
  repaymentDate: '2026-12-01',
  ...overrides,
});

/**
 * An expense of `amount` rupees in `category` on `date`, added as `api`'s caller (201 checked):
 * the expense as the answer gives it.
 */
export async function addExpense(api: Api, category: string, amount = 10, date = '2026-11-20') {
  const res = await api.post('/expense/addexpense', {
    date,
    description: `${category} ${amount}`,
    amount,
    category,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; category: string; version: number };
}

/** A valid `createproject` body (no project manager); tests override the fields they are about. */
export const projectBody = (overrides: Record<string, unknown> = {}) => ({
  projectName: 'Website',
  clientName: 'Client',
  clientNumber: '1',
  duration: '1 month',
  price: 1000,
  paymentStatus: 'pending',
  ...overrides,
});

/** A valid body for adding an invoicing client, in Maharashtra (state 27) unless overridden. */
export const clientBody = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  stateCode: '27',
  billingAddress: 'Pune',
  ...overrides,
});

/** A `createproject` body as the company's form sends it: with a PM, its statuses not set yet. */
export const managedProjectBody = (
  projectManager: string,
  overrides: Record<string, unknown> = {},
) =>
  projectBody({
    clientNumber: '9876543210',
    duration: '3 months',
    price: 1500,
    status: '',
    risk: 'low',
    statusByPm: '',
    projectManager,
    ...overrides,
  });

/**
 * Runs `body` while the database refuses every insert into `table` whose `column` is
 * `value`, raising `errcode` (an ordinary error by default; '40P01' stands in for a deadlock
 * the database broke): a broken row or a failing rule, on demand. The rule goes afterwards.
 */
export async function whileInsertsRefused<T>(
  server: TestServer,
  refused: { table: string; column: string; value: string; errcode?: string },
  body: () => Promise<T>,
): Promise<T> {
  const { table, column, value, errcode = 'P0001' } = refused;
  const name = `refuse_for_test_${table}`;
  await server.database.query(`
    create function ${name}() returns trigger language plpgsql as $$
    begin
      if new.${column} = ${`'${value.replaceAll("'", "''")}'`} then
        raise exception 'refused for the test' using errcode = '${errcode}';
      end if;
      return new;
    end $$`);
  await server.database.query(
    `create trigger ${name} before insert on ${table} for each row execute function ${name}()`,
  );
  try {
    return await body();
  } finally {
    await server.database.query(`drop trigger ${name} on ${table}`);
    await server.database.query(`drop function ${name}()`);
  }
}
