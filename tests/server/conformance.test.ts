import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { createParser } from 'eventsource-parser';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract/api/endpoints';
import { IMPORT_MAX_BYTES } from '../../contract/imports';
import { z } from 'zod';
import type { MailMessage } from '../../server/mail/mailer';
import {
  PASSWORD,
  addUser,
  bankAccountBody,
  signUp,
  startTestServer,
  type TestServer,
} from './helpers';
import {
  ajv,
  breakagesOf,
  inputsOf,
  problemsOf,
  validator,
  type Input,
  type JsonSchema,
  type Shape,
} from './openapiInputs';

/**
 * The server against its own OpenAPI document (/api/docs/json). For every operation and every
 * role, inputs are generated from the document's schemas: those it accepts get the declared
 * success (or the 401/403/404 the role or a missing record calls for), those it refuses get a
 * 4xx, nothing gets a 5xx, and every answer's status, media type, headers and body are the ones
 * the document declares for that operation. The rules the document can only state in words (a
 * confirmation repeating a password, dates in order, ids of real records) are applied to the
 * generated inputs by `SPECS` below, one entry per operation.
 */

type SignedIn = 'admin' | 'company' | 'pm';
type Role = SignedIn | 'anonymous';
const SIGNED_IN: SignedIn[] = ['admin', 'company', 'pm'];
/** The order the areas run in; every operation's first tag must be one of them. */
const AREAS = [
  'health',
  'auth',
  'profile',
  'people',
  'projects',
  'bank',
  'invoicing',
  'expenses',
  'lend',
  'borrowed',
  'dashboard',
  'audit',
  'live',
  'import',
  'reconciliation',
] as const;

/** CONFORMANCE_SEED=n tries other inputs; CONFORMANCE_RUNS=k makes k times as many. */
const SEED = Number(process.env.CONFORMANCE_SEED ?? 20261123);
const TIMES = Math.max(1, Number(process.env.CONFORMANCE_RUNS ?? 1));
/** Generated inputs per operation and role: accepted ones, missing records, broken ones. */
const RUNS = { valid: 5, absent: 2 * TIMES, invalid: 4 * TIMES, refused: 2 * TIMES };

interface Operation {
  id: string;
  method: string;
  path: string;
  tags: string[];
  summary?: string;
  shape: Shape;
  /** The media types of a body that is a file, not JSON (an import's). */
  upload?: string[];
  successStatus: string;
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }>; headers?: object }
  >;
}

interface Call {
  role: Role;
  /** The role may call the operation, so a valid input gets its success. */
  allowed: boolean;
  /** Keep the generated ids: the records named do not exist. */
  absent: boolean;
  input: Input & { token?: string };
  /** The file an upload operation sends; a small CSV of expenses unless a fix chooses one. */
  file?: { type: string; payload: string };
}

interface Spec {
  /** The roles an accepted input succeeds for (the others get 403); 'public': no session. */
  allow: 'public' | SignedIn[];
  /**
   * Makes an input the document accepts one that the rules of the operation's description
   * accept too: real ids, current versions, confirmations, dates in order. Unless `absent`.
   */
  fix?: (call: Call) => unknown;
  /** What a call naming records that do not exist answers. */
  absent?: number;
  /** Fewer accepted inputs, for calls that hash passwords or send mail. */
  runs?: number;
  /** Called with each successful call, to follow what it changed (a new password...). */
  after?: (call: Call, answer: any) => void;
}

let server: TestServer;
const outbox: MailMessage[] = [];
let doc: any;
let operations: Operation[] = [];

/** The signed-in users, with what they change about themselves during the test. */
const who = {} as Record<SignedIn, { token: string; password: string; id: string }>;
/** Records the calls name, made in beforeAll (and fresh ones by the specs that use them up). */
const fx = {} as {
  loginAccount: { email: string; password: string };
  resetAccount: string;
  employee: string;
  victimCompany: string;
  project: string;
  pmProject: string;
  accountA: string;
  accountB: string;
  accountForUpdates: string;
  /** The account recurring payments go to, and a template on it. */
  recurringAccount: string;
  recurringPayment: string;
  /** The company's client and an issued invoice on the PM's project, and a draft. */
  client: string;
  invoice: string;
  draft: string;
  /** A receipt of the client, 0.01 of it on the PM's project's invoice. */
  receipt: string;
  own: Record<SignedIn, { expense: string; recurring: string; lend: string; borrowed: string }>;
};
const COUNTERPARTY = 'ravi.counterparty@example.com';
/** A file every import reads: one expense, its columns as the import guesses them. */
const EXPENSES_CSV = {
  type: 'text/csv',
  payload: 'Date,Description,Amount\n01/04/2026,Tea,20.50\n',
};

// --- Calls -------------------------------------------------------------------------------

interface Answer {
  status: number;
  type: string;
  text: string;
  headers: Record<string, unknown>;
  json?: any;
}

const send = (method: string, url: string, token?: string, body?: unknown) =>
  sendRaw(
    method,
    url,
    token,
    body === undefined ? undefined : { type: 'application/json', payload: JSON.stringify(body) },
  );

async function sendRaw(
  method: string,
  url: string,
  token?: string,
  body?: { type: string; payload: string },
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = body.type;
  const res = await server.app.inject({
    method: method as 'GET',
    url,
    headers,
    payload: body?.payload,
  });
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    /* a CSV, or not JSON at all: the checks say so */
  }
  return { status: res.statusCode, type, text: res.body, headers: res.headers, json };
}

/** A call made to set a test up, which must succeed. */
async function must(role: SignedIn | undefined, method: string, path: string, body?: unknown) {
  const res = await send(method, `/api${path}`, role && who[role].token, body);
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${res.text}`);
  return res.json;
}

let unique = 0;
/** The e-mail made unique (a call that stores it refuses one in use), still a valid one. */
function uniqueEmail(email: unknown) {
  const candidate = `u${++unique}.${String(email)}`;
  return candidate.length <= 254 && z.email().safeParse(candidate).success
    ? candidate
    : `u${unique}@example.com`;
}

/**
 * A recurring expense's rules in words: the day is one of its schedule's (1–31 monthly, 0–6
 * weekly; day 1 fits both, for a schedule sent alone), the start at most a year back (an
 * older one is moved to a far one, which records nothing at once), the end on or after it.
 */
function fixRecurring(b: Record<string, any>) {
  if (b.day !== undefined) b.schedule ??= 'monthly';
  if (b.schedule !== undefined && b.day === undefined) b.day = 1;
  if (typeof b.day === 'number' && Number.isInteger(b.day))
    b.day = b.schedule === 'weekly' ? Math.abs(b.day) % 7 : 1 + (Math.abs(b.day) % 31);
  if (b.startDate !== undefined || b.endDate !== undefined) {
    const yearAgo = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    if (typeof b.startDate !== 'string' || b.startDate < yearAgo) b.startDate = '2199-01-01';
    if (b.endDate === undefined) b.endDate = null;
    if (typeof b.endDate === 'string' && b.endDate < b.startDate) b.endDate = b.startDate;
  }
}

/** Any name is a category to the document; the server takes only the caller's own. */
const ownCategory = (o: Record<string, unknown> | undefined) => {
  if (o && typeof o.category === 'string') o.category = 'other';
};

/** A name no category of the caller has yet (the document's name, made unique). */
const freshName = (name: unknown) => `n${++unique} ${String(name)}`.slice(0, 50);

const orderDates = (o: Record<string, unknown> | undefined, from: string, to: string) => {
  if (o && typeof o[from] === 'string' && typeof o[to] === 'string' && o[from] > o[to])
    [o[from], o[to]] = [o[to], o[from]];
};

// --- Records --------------------------------------------------------------------------------

const make = {
  category: async (role: SignedIn) =>
    (await must(role, 'POST', '/category/addcategory', { name: `Fixture ${++unique}` })).data
      ._id as string,
  budget: async (role: SignedIn) =>
    (
      await must(role, 'POST', '/budget/setbudget', {
        categoryId: await make.category(role),
        amount: 100,
      })
    ).data._id as string,
  recurring: async (role: SignedIn) =>
    (
      await must(role, 'POST', '/expense/addrecurring', {
        description: 'Fixture rent',
        amount: 12.5,
        category: 'other',
        schedule: 'monthly',
        day: 1,
        startDate: '2199-01-01',
      })
    ).data._id as string,
  recurringPayment: async () =>
    (
      await must('company', 'POST', '/company/addrecurringpayment', {
        accountId: fx.recurringAccount,
        paymentType: 'credit',
        amount: 12.5,
        remark: 'Fixture salary',
        schedule: 'monthly',
        day: 1,
        startDate: '2199-01-01',
      })
    ).data._id as string,
  expense: async (role: SignedIn) =>
    (
      await must(role, 'POST', '/expense/addexpense', {
        date: '2026-01-15',
        description: 'Fixture expense',
        amount: 12.5,
        category: 'other',
      })
    ).data._id as string,
  loan: async (role: SignedIn, direction: 'lend' | 'borrowed', email = COUNTERPARTY) =>
    (
      await must(role, 'POST', `/${direction}/add${direction}`, {
        name: 'Ravi',
        email,
        amount: 99999999999.99,
        issueDate: '1900-01-01',
        repaymentDate: '2200-12-31',
      })
    ).data._id as string,
  repayment: async (role: SignedIn, direction: 'lend' | 'borrowed') => {
    const loanId = await make.loan(role, direction);
    return (
      await must(role, 'POST', `/${direction}/addrepayment`, {
        loanId,
        date: '2026-01-15',
        amount: 1,
      })
    ).data._id as string;
  },
  project: async (projectManager: string | null = null) =>
    (
      await must('company', 'POST', '/company/createproject', {
        projectName: 'Fixture project',
        clientName: 'Client',
        clientNumber: '1',
        duration: '1 month',
        price: 1000,
        paymentStatus: 'pending',
        projectManager,
      })
    ).data._id as string,
  account: async (openingBalance = 0) => {
    const number = String(100_000_000 + ++unique);
    return (
      await must(
        'company',
        'POST',
        '/company/createbank',
        bankAccountBody({ account_no: number, confirm_no: number, openingBalance }),
      )
    ).data._id as string;
  },
  credit: async (accountId: string, amount: number) =>
    (
      await must('company', 'POST', '/company/addpayment', {
        accountId,
        date: '1900-01-01',
        remark: 'Fixture credit',
        paymentType: 'credit',
        amount,
      })
    ).data.payment._id as string,
  person: async (creator: 'admin' | 'company', userType: 'company' | 'employee') =>
    (
      await must(creator, 'POST', '/user/createUser', {
        name: 'Fixture person',
        email: `person${++unique}@example.com`,
        password: PASSWORD,
        mobile: '9876543210',
        registration_number: 'REG-1',
        userType,
      })
    ).data._id as string,
};

/** The version a record is at now, read as its owner reads it. */
const versionOf = {
  recurring: async (role: SignedIn, id: string) =>
    (await must(role, 'GET', `/expense/getrecurring?id=${id}`)).data[0].version,
  recurringPayment: async (id: string) =>
    (await must('company', 'GET', `/company/getrecurringpayments?id=${id}`)).data[0].version,
  self: async (role: SignedIn) => (await must(role, 'GET', '/user/profile')).data.version,
  expense: async (role: SignedIn, id: string) =>
    (await must(role, 'GET', `/expense/getuserallexpenses?id=${id}`)).data[0].version,
  loan: async (role: SignedIn, direction: 'lend' | 'borrowed', id: string) =>
    (
      await must(
        role,
        'GET',
        `/${direction}/${direction === 'lend' ? 'getuseralllends' : 'getuserallborroweds'}?id=${id}`,
      )
    ).data[0].version,
  project: async (id: string) =>
    (await must('company', 'GET', `/company/getcompanyallproject?id=${id}`)).data[0].version,
  account: async (id: string) =>
    (await must('company', 'GET', `/company/getallbankbyuserid?accountId=${id}`)).data[0].version,
  employee: async (id: string) =>
    (await must('company', 'GET', `/company/getcompanyallemployee?id=${id}`)).data[0].version,
};

/** A fresh reset link's token for the account kept for resets, from the mail it gets. */
async function resetToken() {
  const from = outbox.length;
  await must(undefined, 'POST', '/user/forgotpassword', { email: fx.resetAccount });
  for (let i = 0; i < 200; i++) {
    const mail = outbox.slice(from).find((m) => m.to === fx.resetAccount);
    const token = mail?.text.match(/token=([\w-]+)/)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no reset e-mail');
}

/** A fresh admin, signed in, for calls that change how it signs in. */
async function freshAdmin() {
  const email = `fresh${++unique}@example.com`;
  const password = 'a fresh password';
  await must(undefined, 'POST', '/user/registeruser', {
    name: 'Fresh admin',
    email,
    password,
    cpassword: password,
  });
  const login = await must(undefined, 'POST', '/user/loginuser', {
    email,
    password,
    userType: 'admin',
  });
  return { email, password, token: login.data.token as string };
}

/** A fresh admin with two-factor sign-in on, and its recovery codes. */
async function twoFactorAdmin() {
  const admin = await freshAdmin();
  const setup = await send('POST', '/api/user/two-factor/setup', admin.token, {
    password: admin.password,
  });
  const code = new TOTP({ secret: Secret.fromBase32(setup.json.data.secret) }).generate();
  const on = await send('POST', '/api/user/two-factor/confirm', admin.token, { code });
  if (on.status !== 200) throw new Error(`two-factor set-up failed: ${on.text}`);
  return { ...admin, recoveryCodes: on.json.data.recoveryCodes as string[] };
}

/** The token of a link mailed to `to` since the `from`th mail, waited for. */
async function mailedToken(to: string, from: number, page: string) {
  const pattern = new RegExp(`${page}\\?token=([\\w-]+)`);
  for (let i = 0; i < 200; i++) {
    const mail = outbox.slice(from).find((m) => m.to === to);
    const token = mail?.text.match(pattern)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no ${page} e-mail`);
}

/** A fresh admin that asked to sign in with a new e-mail, and the token mailed there. */
async function confirmToken() {
  const admin = await freshAdmin();
  const from = outbox.length;
  const profile = await send('GET', '/api/user/profile', admin.token);
  const moved = `moved.${admin.email}`;
  await send('POST', '/api/user/updateprofile', admin.token, {
    version: profile.json.data.version,
    email: moved,
    currentPassword: admin.password,
  });
  return { admin, token: await mailedToken(moved, from, 'confirm-email') };
}

/** The token of the link a changed e-mail sends to the old address. */
async function revertToken() {
  const { admin, token } = await confirmToken();
  const from = outbox.length;
  await must(undefined, 'POST', '/user/email/confirm', { token });
  return mailedToken(admin.email, from, 'revert-email');
}

/**
 * An edit of one's own details (updateprofile, updatecompany, updateadmin): at the current
 * version, and a new e-mail (which must be free) with the account's password.
 */
async function ownEdit(c: Call) {
  const b = body(c);
  if (b.email !== undefined) b.email = uniqueEmail(b.email);
  if (c.role === 'anonymous') return;
  b.version = await versionOf.self(c.role);
  if (b.email !== undefined || b.currentPassword !== undefined)
    b.currentPassword = who[c.role].password;
}

/** A fresh admin's calls: for a role's valid input to act on an account of its own. */
const asFresh = (c: Call, admin: { token: string }) => {
  if (c.role !== 'anonymous') c.input.token = admin.token;
};

/** A fresh company (by the admin) or PM (by the company) awaiting its invite, and its token. */
async function invitee(creator: 'admin' | 'company') {
  const email = `invitee${++unique}@example.com`;
  const created = await must(creator, 'POST', '/user/createUser', {
    name: 'Fixture invitee',
    email,
    mobile: '9876543210',
    registration_number: 'REG-1',
    userType: creator === 'admin' ? 'company' : 'pm',
  });
  const token = outbox
    .filter((m) => m.to === email)
    .at(-1)
    ?.text.match(/token=([\w-]+)/)?.[1];
  if (!token) throw new Error('no invite e-mail');
  return { id: created.data._id as string, token };
}

/** The signed-in role a call acts as; a refused role acts on the records of an allowed one. */
const actor = (call: Call, fallback: SignedIn): SignedIn =>
  call.role === 'anonymous' ? fallback : call.role;

// --- What each operation needs beyond its schemas ------------------------------------------

const body = (call: Call) => call.input.body as Record<string, any>;
/** Names the record `id` in an edit's body (under `key`), with the version it has now. */
async function asRead(call: Call, id: string, version: Promise<number>, key = '_id') {
  body(call)[key] = id;
  body(call).version = await version;
}

type Cursors = { first: string; last: string } | null;
/**
 * A page position is one the list gave, for the same order: `firstPage` (fetched only when the
 * call asks for a position) gives its first page's cursors, and its last row is the position.
 */
async function givenPosition(c: Call, firstPage: () => Promise<Cursors>) {
  const q = c.input.query as Record<string, unknown>;
  const asked = q.after !== undefined ? 'after' : q.before !== undefined ? 'before' : undefined;
  delete q.after;
  delete q.before;
  if (!asked || c.absent) return;
  const cursors = await firstPage();
  if (cursors) q[asked] = cursors.last;
}
/** The sort and order of a list call, as a query for its first page. */
const orderOf = (q: Record<string, unknown>, sort: string) =>
  new URLSearchParams({ sort: String(q.sort ?? sort), order: String(q.order ?? 'desc') });

/** The id of a record a call names, found (or made) for that call. */
type RecordOf = (c: Call) => string | Promise<string>;
/** Where a call names its record: its body's `key`, its path's `id` or its query's `key`. */
const inBody =
  (key = 'id') =>
  (c: Call, id: string) =>
    void (body(c)[key] = id);
const inPath = (c: Call, id: string) => void (c.input.path.id = id);
const inQuery =
  (key = 'id') =>
  (c: Call, id: string) =>
    void (c.input.query[key] = id);
type Naming = { runs?: number; prepare?: (c: Call) => void; absent?: number };
/**
 * A call on one record (a record that does not exist: `absent`, 404 unless told). `prepare`
 * first makes the body one the operation accepts, for every call; then, unless the call is
 * `absent`, `name` names the record.
 */
function naming(
  allow: Spec['allow'],
  name: (c: Call) => Promise<void>,
  { runs, prepare, absent = 404 }: Naming = {},
): Spec {
  return {
    allow,
    absent,
    runs,
    fix: async (c) => {
      prepare?.(c);
      if (!c.absent) await name(c);
    },
  };
}
/** A call on the record `id` gives, which `put` names (see `naming`). */
function onRecord(
  allow: Spec['allow'],
  id: RecordOf,
  put: (c: Call, id: string) => void = inBody(),
  options: Naming = {},
): Spec {
  return naming(allow, async (c) => put(c, await id(c)), options);
}
/** A fresh record of the caller's (the company's for a call with no session). */
const freshOwn =
  (made: (role: SignedIn) => Promise<string>): RecordOf =>
  (c) =>
    made(actor(c, 'company'));
/**
 * A call on records of the caller's (the company's for a call with no session) that `put`
 * makes and names (a record that does not exist: 404).
 */
function ofOwn(put: (c: Call, role: SignedIn) => Promise<void>): Spec {
  return naming(SIGNED_IN, (c) => put(c, actor(c, 'company')));
}
/** A record of the caller's it has just deleted (posting `deletePath`), named `id` in the body. */
const justDeleted = (made: (role: SignedIn) => Promise<string>, deletePath: string) =>
  ofOwn(async (c, role) => {
    const id = await made(role);
    await must(role, 'POST', deletePath, { id });
    body(c).id = id;
  });
/** A fresh record for a caller allowed to change it; the fixture's for one refused first. */
const freshIfAllowed =
  (made: () => Promise<string>, fixture: () => string): RecordOf =>
  (c) =>
    c.allowed ? made() : fixture();

/** A record an edit names and the version it has now. */
type Current = (c: Call) => [id: string, version: Promise<number>];
type FixtureId = {
  [K in keyof typeof fx]: (typeof fx)[K] extends string ? K : never;
}[keyof typeof fx];
/** A record made in beforeAll, at its current version. */
const fixtureAt =
  (name: FixtureId, version: (id: string) => Promise<number>): Current =>
  () => [fx[name], version(fx[name])];
const recurringPaymentAt = fixtureAt('recurringPayment', versionOf.recurringPayment);
/** The caller's own expense or recurring expense made in beforeAll, at its current version. */
const ownAt =
  (kind: 'expense' | 'recurring'): Current =>
  (c) => {
    const role = actor(c, 'company');
    const id = fx.own[role][kind];
    return [id, versionOf[kind](role, id)];
  };
/**
 * An edit of a record at the version it has now, named under `key` (a record that does not
 * exist: 404). `prepare` first makes the body one the operation accepts, for every call.
 */
function editOf(
  allow: Spec['allow'],
  current: Current,
  { key = '_id', prepare }: { key?: string; prepare?: (c: Call) => void } = {},
): Spec {
  return naming(
    allow,
    (c) => {
      const [id, version] = current(c);
      return asRead(c, id, version, key);
    },
    { prepare },
  );
}

/**
 * A change of the record `record` gives, named in the path, with the body fields it gives (its
 * version, where the call is to get that far; a record that does not exist: 404). `prepare`
 * first makes the body one the operation accepts, for every call.
 */
function inPathAt(
  allow: Spec['allow'],
  record: (c: Call) => Promise<{ id: string; body?: Record<string, unknown> }>,
  prepare?: (c: Call) => void,
): Spec {
  return naming(
    allow,
    async (c) => {
      const { id, body: fields } = await record(c);
      c.input.path.id = id;
      Object.assign(body(c), fields);
    },
    { prepare },
  );
}

function loanSpecs(direction: 'lend' | 'borrowed'): Record<string, Spec> {
  const noun = direction === 'lend' ? 'Lend' : 'Borrowed';
  const loan = freshOwn((role) => make.loan(role, direction));
  return {
    [`list${noun}`]: {
      allow: SIGNED_IN,
      fix: async (c) => {
        const q = c.input.query as Record<string, unknown>;
        orderDates(q, 'from', 'to');
        const list = direction === 'lend' ? 'getuseralllends' : 'getuserallborroweds';
        await givenPosition(
          c,
          async () =>
            (
              await must(
                actor(c, 'company'),
                'GET',
                `/${direction}/${list}?${orderOf(q, 'issueDate')}`,
              )
            ).cursors,
        );
      },
    },
    [`export${noun}`]: {
      allow: SIGNED_IN,
      runs: 2,
      fix: (c) => orderDates(c.input.query, 'from', 'to'),
    },
    [`add${noun}`]: {
      allow: SIGNED_IN,
      fix: (c) => {
        orderDates(body(c), 'issueDate', 'repaymentDate');
        // A mobile number or an e-mail address names the person.
        const b = body(c);
        if (!String(b.mobile ?? '').trim() && !String(b.email ?? '').trim()) b.email = COUNTERPARTY;
      },
    },
    [`update${noun}`]: {
      allow: SIGNED_IN,
      absent: 404,
      fix: async (c) => {
        // The dates kept count too: the one not sent is set to the widest.
        const b = body(c);
        if (b.issueDate !== undefined || b.repaymentDate !== undefined) {
          b.issueDate ??= '1900-01-01';
          b.repaymentDate ??= '2200-12-31';
          orderDates(b, 'issueDate', 'repaymentDate');
        }
        if (c.absent) return;
        const role = actor(c, 'company');
        b._id = fx.own[role][direction];
        b.version = await versionOf.loan(role, direction, b._id);
      },
    },
    [`delete${noun}`]: onRecord(SIGNED_IN, loan),
    [`restore${noun}`]: justDeleted(
      (role) => make.loan(role, direction),
      `/${direction}/delete${direction}`,
    ),
    [`listRepaymentsOf${noun}`]: onRecord(
      SIGNED_IN,
      (c) => fx.own[actor(c, 'company')][direction],
      inQuery(),
    ),
    // A fresh entry of the largest amount, issued on the first day there is: any valid
    // repayment fits it.
    [`addRepaymentTo${noun}`]: onRecord(SIGNED_IN, loan, inBody('loanId')),
    [`deleteRepaymentOf${noun}`]: onRecord(
      SIGNED_IN,
      freshOwn((role) => make.repayment(role, direction)),
    ),
  };
}

/**
 * A payment's generated details as ones the company's records allow: no party, project or
 * category (generated ids are nobody's), and a cheque's number.
 */
function paymentDetails(b: Record<string, any>) {
  delete b.party;
  delete b.projectId;
  delete b.category;
  if (b.mode === 'cheque' && !String(b.reference ?? '').trim()) b.reference = '000123';
}

/** A fresh vendor of the company's. */
const vendor = async () =>
  (await must('company', 'POST', '/vendors', { name: `Vendor ${++unique}` })).data._id as string;
/** A vendor's generated fields as a valid vendor: a fresh name, no GSTIN, e-mail or mobile. */
const vendorBody = (b: Record<string, any>) => {
  b.name = freshName(b.name);
  delete b.gstin;
  delete b.email;
  delete b.mobile;
};

/** Invoicing: a fixed profile, clients with plain fields, small drafts dated alike. */
const INVOICE_DATE = '2200-12-31';
const smallLine = {
  description: 'Fixture line',
  sacHsn: '9983',
  quantity: 1,
  rate: 10,
  gstRate: 18,
};
const invoicing = {
  client: async () =>
    (
      await must('company', 'POST', '/invoicing/clients', {
        name: `Client ${++unique}`,
        stateCode: '27',
        billingAddress: 'Pune',
        email: 'client@example.com',
      })
    ).data._id as string,
  draft: async (projectId: string | null = null) =>
    (
      await must('company', 'POST', '/invoices', {
        clientId: fx.client,
        projectId,
        issueDate: INVOICE_DATE,
        lines: [smallLine],
      })
    ).data as { _id: string; version: number },
  issued: async (projectId: string | null = null) => {
    const draft = await invoicing.draft(projectId);
    return (await must('company', 'POST', `/invoices/${draft._id}/issue`, { version: 1 })).data
      ._id as string;
  },
  version: async (id: string) => (await must('company', 'GET', `/invoices/${id}`)).data.version,
  link: async () =>
    (await must('company', 'POST', `/invoices/${fx.invoice}/links`, {})).data as {
      _id: string;
      url: string;
    },
  /** A client's generated fields as a valid client: no GSTIN, e-mail or mobile to check. */
  clientBody: (b: Record<string, any>) => {
    b.name = freshName(b.name);
    delete b.gstin;
    delete b.email;
    delete b.mobile;
  },
  /** A draft's generated fields as a valid draft of the company's. */
  draftBody: (b: Record<string, any>) => {
    b.clientId = fx.client;
    b.projectId = null;
    b.issueDate = INVOICE_DATE;
    if (b.exportUnderLut) b.placeOfSupply = '96';
    b.lines = (b.lines as Record<string, any>[]).map((l) => ({
      ...l,
      quantity: 1,
      rate: Math.min(l.rate, 1000),
      discountAmount: undefined,
      discountPercent: undefined,
    }));
  },
};

function invoicingSpecs(): Record<string, Spec> {
  const issuedOrFixture = async (c: Call) => (c.allowed ? invoicing.issued() : fx.invoice);
  const invoice = () => fx.invoice;
  const draft = freshIfAllowed(
    async () => (await invoicing.draft())._id,
    () => fx.draft,
  );
  /**
   * A company's change of the invoice `id` gives, named in the path, at the version it has now
   * (one that does not exist: 404). `prepare` first makes the body one the operation accepts.
   */
  const atVersion = (id: RecordOf, prepare?: (c: Call) => void) =>
    inPathAt(
      ['company'],
      async (c) => {
        const at = await id(c);
        return { id: at, body: { version: await invoicing.version(at) } };
      },
      prepare,
    );
  return {
    getInvoiceProfile: { allow: ['admin', 'company'] },
    saveInvoiceProfile: {
      allow: ['company'],
      fix: async (c) => {
        const current = (await must('company', 'GET', '/invoicing/profile')).data;
        Object.assign(body(c), {
          stateCode: '27',
          gstin: '27AAPFU0939F1ZV',
          pan: undefined,
          bankAccountId: fx.accountA,
          upiId: 'acme@okhdfcbank',
          invoicePrefix: 'INV',
          creditNotePrefix: 'CN',
          version: current?.version,
        });
      },
    },
    listInvoiceClients: { allow: ['admin', 'company'] },
    getInvoiceClient: onRecord(['admin', 'company'], () => fx.client, inPath),
    addInvoiceClient: { allow: ['company'], fix: (c) => invoicing.clientBody(body(c)) },
    updateInvoiceClient: inPathAt(
      ['company'],
      async () => ({ id: await invoicing.client(), body: { version: 1 } }),
      (c) => void invoicing.clientBody(body(c)),
    ),
    deleteInvoiceClient: onRecord(
      ['company'],
      freshIfAllowed(invoicing.client, () => fx.client),
      inPath,
    ),
    listInvoices: {
      allow: SIGNED_IN,
      fix: async (c) => {
        const q = c.input.query as Record<string, unknown>;
        orderDates(q, 'from', 'to');
        await givenPosition(
          c,
          async () =>
            (await must(actor(c, 'company'), 'GET', `/invoices?order=${String(q.order ?? 'desc')}`))
              .cursors,
        );
      },
    },
    getInvoice: onRecord(SIGNED_IN, invoice, inPath),
    addInvoice: { allow: ['company'], fix: (c) => invoicing.draftBody(body(c)) },
    updateInvoice: atVersion(
      () => fx.draft,
      (c) => void invoicing.draftBody(body(c)),
    ),
    deleteInvoice: onRecord(['company'], draft, inPath),
    issueInvoice: atVersion(draft),
    cancelInvoice: atVersion(issuedOrFixture, (c) => void (body(c).issueDate = INVOICE_DATE)),
    addCreditNote: {
      allow: ['company'],
      absent: 404,
      fix: async (c) => {
        Object.assign(body(c), { issueDate: INVOICE_DATE, lines: [{ ...smallLine, rate: 1 }] });
        if (!c.absent) body(c).invoiceId = await issuedOrFixture(c);
      },
    },
    invoicePdf: onRecord(SIGNED_IN, invoice, inPath, { runs: 1 }),
    emailInvoice: onRecord(['company'], invoice, inPath, { runs: 1 }),
    createInvoiceLink: onRecord(['company'], invoice, inPath),
    listInvoiceLinks: onRecord(['admin', 'company'], invoice, inPath),
    revokeInvoiceLink: {
      allow: ['company'],
      absent: 404,
      fix: async (c) => {
        if (c.absent) return;
        c.input.path.id = fx.invoice;
        c.input.path.linkId = (await invoicing.link())._id;
      },
    },
    publicInvoicePdf: {
      allow: 'public',
      absent: 404,
      runs: 1,
      fix: async (c) => {
        if (!c.absent) c.input.path.token = (await invoicing.link()).url.split('/').pop()!;
      },
    },
  };
}

/**
 * The khata: a fresh person of the caller's (a new mobile number each), one owing a rupee
 * when a call needs something open, and a statement link of theirs.
 */
/** A bank's download of two lines: the file every reconciliation call that takes one sends. */
const STATEMENT_CSV = {
  type: 'text/csv',
  payload: [
    'Date,Narration,Withdrawal,Deposit,Balance',
    '02/04/2026,Fixture rent,100.00,,9900.00',
    '03/04/2026,Fixture sale,,50.00,9950.00',
  ].join('\n'),
};

function reconciliationSpecs(): Record<string, Spec> {
  /** A new reconciliation of a new account of the company's, and its lines' ids. */
  const reconciliation = async () => {
    const accountId = await make.account(10_000);
    const res = await sendRaw(
      'POST',
      `/api/company/reconciliations?accountId=${accountId}`,
      who.company.token,
      STATEMENT_CSV,
    );
    if (res.status !== 201) throw new Error(`reconciliation -> ${res.status} ${res.text}`);
    const id = res.json.data._id as string;
    const lines = (await must('company', 'GET', `/company/reconciliations/${id}/lines`)).data as {
      _id: string;
    }[];
    return { id, accountId, lines: lines.map((l) => l._id) };
  };
  let shared: ReturnType<typeof reconciliation> | undefined;
  const one = () => (shared ??= reconciliation());
  const onFile: Spec = {
    allow: ['company'],
    absent: 404,
    fix: async (c) => {
      c.file = STATEMENT_CSV;
      if (!c.absent) c.input.query.accountId = (await one()).accountId;
    },
  };
  const read = (path: (c: Call, r: Awaited<ReturnType<typeof reconciliation>>) => void) => ({
    absent: 404,
    fix: async (c: Call) => {
      if (!c.absent) path(c, await one());
    },
  });
  const ofReconciliation = read((c, r) => (c.input.path.id = r.id));
  return {
    previewReconciliation: onFile,
    createReconciliation: onFile,
    listReconciliations: {
      allow: ['admin', 'company'],
      fix: async (c) => {
        c.input.query.accountId = (await one()).accountId;
      },
    },
    getReconciliation: { allow: ['admin', 'company'], ...ofReconciliation },
    listReconciliationLines: { allow: ['admin', 'company'], ...ofReconciliation },
    listUnmatchedEntries: { allow: ['admin', 'company'], ...ofReconciliation },
    suggestReconciliationMatches: { allow: ['company'], ...ofReconciliation },
    confirmReconciliationMatches: { allow: ['company'], ...ofReconciliation },
    ignoreReconciliationLines: { allow: ['company'], ...ofReconciliation },
    // A line of a reconciliation of its own each time, and no category (the generated one is
    // none of the company's: 400).
    createEntryFromLine: {
      allow: ['company'],
      absent: 404,
      fix: async (c) => {
        delete body(c).category;
        if (c.absent) return;
        const r = await reconciliation();
        Object.assign(c.input.path, { id: r.id, lineId: r.lines[0] });
      },
    },
    undoReconciliationLine: {
      allow: ['company'],
      ...read((c, r) => Object.assign(c.input.path, { id: r.id, lineId: r.lines[1] })),
    },
    deleteReconciliation: onRecord(['company'], async () => (await reconciliation()).id, inPath),
  };
}

function khataSpecs(): Record<string, Spec> {
  const mobile = () => `9${String(++unique).padStart(9, '0')}`;
  const person = async (role: SignedIn, owing = false) => {
    const id = (
      await must(role, 'POST', '/khata/people', { name: 'Khata person', mobile: mobile() })
    ).data._id as string;
    if (owing)
      await must(role, 'POST', `/khata/people/${id}/entries`, {
        type: 'gave',
        amount: 1,
        date: '1900-01-01',
      });
    return id;
  };
  const link = async (role: SignedIn, id: string) =>
    (await must(role, 'POST', `/khata/people/${id}/links`, {})).data as {
      _id: string;
      url: string;
    };
  const ofPerson =
    (owing = false) =>
    async (c: Call) => {
      if (!c.absent) c.input.path.id = await person(actor(c, 'company'), owing);
    };
  const statement: Spec = {
    allow: 'public',
    absent: 404,
    runs: 1,
    fix: async (c) => {
      if (c.absent) return;
      c.input.path.token = (await link('company', await person('company', true))).url
        .split('/')
        .pop()!;
    },
  };
  return {
    addKhataPerson: {
      allow: SIGNED_IN,
      fix: (c) => {
        body(c).mobile = mobile();
      },
    },
    getKhataLedger: { allow: SIGNED_IN, absent: 404, fix: ofPerson() },
    updateKhataPerson: {
      allow: SIGNED_IN,
      absent: 404,
      fix: async (c) => {
        body(c).mobile = mobile();
        body(c).version = 1;
        await ofPerson()(c);
      },
    },
    addKhataEntry: {
      allow: SIGNED_IN,
      absent: 404,
      fix: async (c) => {
        // Reminders on schedule need a due date: the entry's own date at the least.
        if (body(c).autoRemind && !body(c).dueDate) body(c).dueDate = body(c).date;
        orderDates(body(c), 'date', 'dueDate');
        await ofPerson()(c);
      },
    },
    settleKhataPerson: { allow: SIGNED_IN, absent: 404, fix: ofPerson(true) },
    recordKhataReminder: { allow: SIGNED_IN, absent: 404, fix: ofPerson(true) },
    listKhataLinks: { allow: SIGNED_IN, absent: 404, fix: ofPerson() },
    createKhataLink: { allow: SIGNED_IN, absent: 404, fix: ofPerson() },
    revokeKhataLink: ofOwn(async (c, role) => {
      const id = await person(role);
      c.input.path.id = id;
      c.input.path.linkId = (await link(role, id))._id;
    }),
    getUpiSettings: { allow: SIGNED_IN },
    saveUpiSettings: { allow: SIGNED_IN },
    publicKhataStatement: statement,
    publicKhataStatementPdf: statement,
  };
}

/** Receipts and receivables: a receipt of the company's client into account A, dated alike. */
function receivableSpecs(): Record<string, Spec> {
  const receipt = async () =>
    (
      await must('company', 'POST', '/receipts', {
        clientId: fx.client,
        accountId: fx.accountA,
        date: INVOICE_DATE,
        mode: 'neft',
        reference: 'UTR1',
        amount: 1,
      })
    ).data as { _id: string; version: number };
  const readers: SignedIn[] = ['admin', 'company'];
  /** A statement of the company's client (an admin narrowing to that company). */
  const statement: Spec = {
    allow: readers,
    absent: 404,
    fix: (c) => {
      const q = c.input.query as Record<string, unknown>;
      orderDates(q, 'from', 'to');
      if (q.companyId !== undefined) q.companyId = who.company.id;
      if (!c.absent) c.input.path.id = fx.client;
    },
  };
  const ranged: Spec = { allow: readers, fix: (c) => orderDates(c.input.query, 'from', 'to') };
  return {
    listReceipts: { allow: SIGNED_IN, fix: (c) => orderDates(c.input.query, 'from', 'to') },
    receiptsCsv: ranged,
    getReceipt: onRecord(SIGNED_IN, () => fx.receipt, inPath),
    addReceipt: {
      allow: ['company'],
      fix: (c) =>
        Object.assign(body(c), {
          clientId: fx.client,
          accountId: fx.accountA,
          date: INVOICE_DATE,
          mode: 'neft',
          reference: 'UTR1',
          amount: Math.min(Number(body(c).amount) || 1, 1000),
          allocations: [],
        }),
    },
    applyAdvance: inPathAt(['company'], async (c) => {
      if (!c.allowed) return { id: fx.receipt };
      const made = await receipt();
      return {
        id: made._id,
        body: { invoiceId: await invoicing.issued(), amount: 0.01, version: made.version },
      };
    }),
    reverseReceipt: inPathAt(['company'], async (c) => {
      const made = c.allowed ? await receipt() : { _id: fx.receipt, version: 1 };
      return { id: made._id, body: { version: made.version } };
    }),
    listReceivables: { allow: readers },
    tdsByClient: { allow: readers },
    clientStatement: statement,
    clientStatementCsv: statement,
    clientStatementPdf: { ...statement, runs: 1 },
    invoiceRegisterCsv: ranged,
    gstr1B2bCsv: { allow: readers },
    gstr1B2csCsv: { allow: readers },
  };
}

/** A link's token from a mail: one that does not exist is refused 400. */
const byToken = { runs: 2, absent: 400 };
/** A new session of the role's (its profile's e-mail and its password), as its token. */
async function signInAgain(role: SignedIn) {
  const { email } = (await must(role, 'GET', '/user/profile')).data;
  const login = await must(undefined, 'POST', '/user/loginuser', {
    email,
    password: who[role].password,
    userType: role,
  });
  return login.data.token as string;
}
/** On a fresh account with two-factor sign-in on: its password and a recovery code. */
const withTwoFactor: Spec = {
  allow: SIGNED_IN,
  runs: 2,
  fix: async (c) => {
    if (c.role === 'anonymous') return;
    const admin = await twoFactorAdmin();
    Object.assign(body(c), { password: admin.password, code: admin.recoveryCodes[0] });
    asFresh(c, admin);
  },
};

const SPECS: Record<string, Spec> = {
  health: { allow: 'public' },

  registerAdmin: {
    allow: 'public',
    runs: 3,
    fix: (c) => {
      body(c).email = uniqueEmail(body(c).email);
      body(c).cpassword = body(c).password;
    },
  },
  login: {
    allow: 'public',
    runs: 3,
    absent: 401,
    fix: (c) => {
      if (c.absent) return;
      Object.assign(body(c), { ...fx.loginAccount, userType: 'admin' });
    },
  },
  forgotPassword: { allow: 'public', runs: 3 },
  resetPassword: onRecord('public', resetToken, inBody('token'), {
    ...byToken,
    prepare: (c) => void (body(c).cpassword = body(c).password),
  }),

  acceptInvite: onRecord('public', async () => (await invitee('admin')).token, inBody('token'), {
    ...byToken,
    prepare: (c) => void (body(c).cpassword = body(c).password),
  }),

  logout: {
    allow: SIGNED_IN,
    runs: 2,
    // A session of its own to end, for the role's.
    fix: async (c) => {
      if (c.role !== 'anonymous') c.input.token = await signInAgain(c.role);
    },
  },
  loginWithCode: {
    allow: 'public',
    runs: 2,
    absent: 401,
    // A real challenge, answered with one of the account's recovery codes (each works once).
    fix: async (c) => {
      if (c.absent) return;
      const admin = await twoFactorAdmin();
      const first = await must(undefined, 'POST', '/user/loginuser', {
        email: admin.email,
        password: admin.password,
        userType: 'admin',
      });
      Object.assign(body(c), { challenge: first.data.challenge, code: admin.recoveryCodes[0] });
    },
  },
  confirmEmail: onRecord(
    'public',
    async () => (await confirmToken()).token,
    inBody('token'),
    byToken,
  ),
  revertEmail: onRecord('public', revertToken, inBody('token'), byToken),
  listSessions: { allow: SIGNED_IN },
  listSignIns: { allow: SIGNED_IN },
  getTwoFactor: { allow: SIGNED_IN },
  endSession: {
    allow: SIGNED_IN,
    runs: 2,
    absent: 404,
    // Another session of the role's own to end.
    fix: async (c) => {
      if (c.role === 'anonymous' || c.absent) return;
      await signInAgain(c.role);
      const sessions = (await must(c.role, 'GET', '/user/sessions')).data as {
        _id: string;
        current: boolean;
      }[];
      c.input.path.id = sessions.find((s) => !s.current)!._id;
    },
  },
  endOtherSessions: { allow: SIGNED_IN, runs: 2 },
  startTwoFactor: {
    allow: SIGNED_IN,
    runs: 2,
    fix: (c) => {
      if (c.role !== 'anonymous') body(c).password = who[c.role].password;
    },
  },
  confirmTwoFactor: {
    allow: SIGNED_IN,
    runs: 2,
    // On a fresh account: turning it on for the test's own users would change their sign-in.
    fix: async (c) => {
      if (c.role === 'anonymous') return;
      const admin = await freshAdmin();
      const setup = await send('POST', '/api/user/two-factor/setup', admin.token, {
        password: admin.password,
      });
      body(c).code = new TOTP({ secret: Secret.fromBase32(setup.json.data.secret) }).generate();
      asFresh(c, admin);
    },
  },
  disableTwoFactor: withTwoFactor,
  newRecoveryCodes: withTwoFactor,
  setTwoFactorPolicy: {
    allow: ['company'],
    // Never required: the test's PM must keep working without a second factor.
    fix: (c) => {
      body(c).required = false;
    },
  },
  getProfile: { allow: SIGNED_IN },
  exportMyData: { allow: SIGNED_IN, runs: 2 },
  exportMyDataZip: { allow: SIGNED_IN, runs: 2 },
  updateProfile: { allow: SIGNED_IN, fix: ownEdit },
  updatePassword: {
    allow: SIGNED_IN,
    runs: 2,
    fix: (c) => {
      if (c.role !== 'anonymous') body(c).currentPassword = who[c.role].password;
      body(c).confirmPassword = body(c).newPassword;
    },
    after: (c) => {
      if (c.role !== 'anonymous') who[c.role].password = body(c).newPassword;
    },
  },

  createUser: {
    allow: ['admin', 'company'],
    runs: 3,
    fix: (c) => {
      const b = body(c);
      b.email = uniqueEmail(b.email);
      if (c.role === 'admin') b.userType = 'company';
      else if (b.userType === 'company') b.userType = 'employee';
    },
  },
  resendInvite: onRecord(
    ['admin', 'company'],
    async (c) => (await invitee(c.role === 'admin' ? 'admin' : 'company')).id,
    inPath,
    { runs: 2 },
  ),
  editUser: editOf(['company'], fixtureAt('employee', versionOf.employee), {
    prepare: (c) => {
      if (body(c).email !== undefined) body(c).email = uniqueEmail(body(c).email);
    },
  }),
  editCompany: {
    allow: ['admin'],
    absent: 404,
    fix: async (c) => {
      if (body(c).email !== undefined) body(c).email = uniqueEmail(body(c).email);
      if (c.absent) return;
      body(c)._id = fx.victimCompany;
      const [company] = (
        await must('admin', 'GET', `/user/getadminallcompany?id=${fx.victimCompany}`)
      ).data;
      body(c).version = company.version;
      // A company signs in with its e-mail: only it changes that, so only its own is sent.
      if (body(c).email !== undefined) body(c).email = company.email;
    },
  },
  setUserStatus: onRecord(
    ['admin', 'company'],
    (c) => (c.role === 'admin' ? fx.victimCompany : fx.employee),
    inPath,
  ),
  deleteUser: onRecord(
    ['company'],
    freshIfAllowed(
      () => make.person('company', 'employee'),
      () => fx.employee,
    ),
    inPath,
    { runs: 3 },
  ),
  ...Object.fromEntries(
    (['admin', 'company'] as const).map((as) => [
      as === 'admin' ? 'updateAdmin' : 'updateCompany',
      {
        allow: [as],
        fix: ownEdit,
      } satisfies Spec,
    ]),
  ),
  listCompanies: { allow: ['admin'] },
  listPms: { allow: ['admin', 'company'] },
  listTls: { allow: SIGNED_IN },
  listEmployees: { allow: SIGNED_IN },
  listTeam: { allow: ['admin', 'company'] },
  listOthers: { allow: ['admin', 'company'] },

  listProjects: { allow: SIGNED_IN, fix: (c) => orderDates(c.input.query, 'from', 'to') },
  createProject: {
    allow: ['company'],
    fix: (c) => {
      if (body(c).projectManager) body(c).projectManager = who.pm.id;
      if (body(c).clientId) body(c).clientId = fx.client;
    },
  },
  updateProject: editOf(['company'], fixtureAt('project', versionOf.project), {
    prepare: (c) => {
      if (body(c).projectManager) body(c).projectManager = who.pm.id;
      if (body(c).clientId) body(c).clientId = fx.client;
    },
  }),
  deleteProject: onRecord(
    ['company'],
    freshIfAllowed(make.project, () => fx.project),
  ),
  restoreProject: {
    allow: ['company'],
    absent: 404,
    // A project the company has just deleted (the others are refused before any lookup).
    fix: async (c) => {
      if (c.absent) return;
      const id = await make.project();
      await must('company', 'POST', '/company/deleteproject', { id });
      body(c).id = id;
    },
  },
  // The fixture project is the company's (its admin's) and its PM's.
  projectStatusHistory: onRecord(SIGNED_IN, () => fx.project, inQuery()),
  projectSuggestions: { allow: SIGNED_IN },
  updateProjectStatusByPm: editOf(['pm'], fixtureAt('pmProject', versionOf.project)),

  listBankAccounts: { allow: ['admin', 'company'] },
  createBankAccount: {
    allow: ['company'],
    fix: (c) => {
      body(c).confirm_no = body(c).account_no;
    },
  },
  updateBankAccount: editOf(['company'], fixtureAt('accountForUpdates', versionOf.account)),
  deleteBankAccount: onRecord(
    ['company'],
    freshIfAllowed(
      () => make.account(),
      () => fx.accountA,
    ),
  ),
  // A fresh account each time: the accounts payments go to stay open.
  closeBankAccount: inPathAt(['company'], async (c) => ({
    id: c.allowed ? await make.account() : fx.accountForUpdates,
    body: { version: 1 },
  })),
  // An account the company has just closed.
  reopenBankAccount: inPathAt(['company'], async (c) => {
    if (!c.allowed) return { id: fx.accountForUpdates };
    const id = await make.account();
    await must('company', 'POST', `/company/bankaccounts/${id}/close`, { version: 1 });
    return { id, body: { version: 2 } };
  }),
  recordPayment: {
    allow: ['company'],
    absent: 404,
    // A debit is covered by a credit of as much on the first day there is. The party,
    // project and category named are none of the company's (404, 400): left out.
    fix: async (c) => {
      paymentDetails(body(c));
      if (c.absent) return;
      body(c).accountId = fx.accountA;
      if (c.allowed && body(c).paymentType === 'debit')
        await make.credit(fx.accountA, body(c).amount);
    },
  },
  transferBetweenAccounts: {
    allow: ['company'],
    absent: 404,
    fix: async (c) => {
      // Two different accounts, even two that do not exist.
      if (body(c).fromAccountId === body(c).toAccountId) body(c).toAccountId = randomUUID();
      paymentDetails(body(c));
      if (c.absent) return;
      Object.assign(body(c), { fromAccountId: fx.accountA, toAccountId: fx.accountB });
      if (c.allowed) await make.credit(fx.accountA, body(c).amount);
    },
  },
  // A fresh credit on the first day there is: any later day may reverse it.
  reversePayment: onRecord(['company'], () => make.credit(fx.accountA, 10), inPath),
  listPayments: onRecord(['admin', 'company'], () => fx.accountA, inQuery('accountId')),
  ...Object.fromEntries(
    ['bankStatement', 'bankStatementCsv'].map((id) => [
      id,
      {
        allow: ['admin', 'company'],
        absent: 404,
        runs: id === 'bankStatementCsv' ? 2 : undefined,
        fix: async (c: Call) => {
          const q = c.input.query as Record<string, string>;
          orderDates(q, 'from', 'to');
          if (!c.absent) q.accountId = fx.accountA;
          // A position the statement gave (read as the company that owns the account): its first
          // page's last entry.
          await givenPosition(
            c,
            async () =>
              (
                await must(
                  'company',
                  'GET',
                  `/company/statement?${new URLSearchParams({ accountId: q.accountId!, from: q.from!, to: q.to! })}`,
                )
              ).data.cursors,
          );
        },
      } satisfies Spec,
    ]),
  ),

  ...Object.fromEntries(
    ['spending', 'spendingCsv'].map((id) => [
      id,
      {
        allow: ['admin', 'company'],
        runs: id === 'spendingCsv' ? 2 : undefined,
        fix: (c: Call) => orderDates(c.input.query as Record<string, string>, 'from', 'to'),
      } satisfies Spec,
    ]),
  ),
  listVendors: { allow: ['admin', 'company'] },
  getVendor: onRecord(['admin', 'company'], vendor, inPath),
  addVendor: { allow: ['company'], fix: (c) => vendorBody(body(c)) },
  updateVendor: inPathAt(
    ['company'],
    async () => ({ id: await vendor(), body: { version: 1 } }),
    (c) => void vendorBody(body(c)),
  ),
  deleteVendor: onRecord(['company'], vendor, inPath),

  listRecurringPayments: { allow: ['admin', 'company'] },
  addRecurringPayment: {
    allow: ['company'],
    absent: 404,
    // The company's account; days already due are posted or, short of money, skipped.
    fix: (c) => {
      fixRecurring(body(c));
      if (!c.absent) body(c).accountId = fx.recurringAccount;
    },
  },
  updateRecurringPayment: editOf(['company'], recurringPaymentAt, {
    prepare: (c) => {
      fixRecurring(body(c));
      if (!c.absent && body(c).accountId !== undefined) body(c).accountId = fx.recurringAccount;
    },
  }),
  deleteRecurringPayment: onRecord(
    ['company'],
    freshIfAllowed(make.recurringPayment, () => fx.recurringPayment),
  ),
  pauseRecurringPayment: editOf(['company'], recurringPaymentAt, { key: 'id' }),
  resumeRecurringPayment: editOf(['company'], recurringPaymentAt, { key: 'id' }),

  listExpenses: {
    allow: SIGNED_IN,
    fix: async (c) => {
      const q = c.input.query as Record<string, unknown>;
      ownCategory(q);
      orderDates(q, 'from', 'to');
      await givenPosition(
        c,
        async () =>
          (
            await must(
              actor(c, 'company'),
              'GET',
              `/expense/getuserallexpenses?${orderOf(q, 'date')}`,
            )
          ).cursors,
      );
    },
  },
  expenseCategoryReport: {
    allow: SIGNED_IN,
    fix: (c) => orderDates(c.input.query, 'from', 'to'),
  },
  exportExpenses: {
    allow: SIGNED_IN,
    runs: 2,
    fix: (c) => {
      orderDates(c.input.query, 'from', 'to');
      ownCategory(c.input.query);
    },
  },
  addExpense: { allow: SIGNED_IN, fix: (c) => ownCategory(body(c)) },
  updateExpense: editOf(SIGNED_IN, ownAt('expense'), { prepare: (c) => ownCategory(body(c)) }),
  deleteExpense: onRecord(SIGNED_IN, freshOwn(make.expense)),
  restoreExpense: justDeleted(make.expense, '/expense/deleteexpense'),

  listRecurring: { allow: SIGNED_IN },
  addRecurring: {
    allow: SIGNED_IN,
    fix: (c) => {
      fixRecurring(body(c));
      ownCategory(body(c));
    },
  },
  updateRecurring: editOf(SIGNED_IN, ownAt('recurring'), {
    prepare: (c) => {
      fixRecurring(body(c));
      ownCategory(body(c));
    },
  }),
  deleteRecurring: onRecord(SIGNED_IN, freshOwn(make.recurring)),
  pauseRecurring: editOf(SIGNED_IN, ownAt('recurring'), { key: 'id' }),
  resumeRecurring: editOf(SIGNED_IN, ownAt('recurring'), { key: 'id' }),

  listCategories: { allow: SIGNED_IN },
  addCategory: { allow: SIGNED_IN, fix: (c) => void (body(c).name = freshName(body(c).name)) },
  renameCategory: onRecord(SIGNED_IN, freshOwn(make.category), inBody('_id'), {
    prepare: (c) => void (body(c).name = freshName(body(c).name)),
  }),
  mergeCategory: ofOwn(async (c, role) => {
    body(c)._id = await make.category(role);
    body(c).into = await make.category(role);
  }),
  deleteCategory: onRecord(SIGNED_IN, freshOwn(make.category)),
  listBudgets: { allow: SIGNED_IN },
  // A fresh category: its first budget, or (with a version) a change of one made here.
  setBudget: ofOwn(async (c, role) => {
    const categoryId = await make.category(role);
    body(c).categoryId = categoryId;
    if (body(c).version === undefined) return;
    await must(role, 'POST', '/budget/setbudget', { categoryId, amount: 1 });
    body(c).version = 1;
  }),
  deleteBudget: onRecord(SIGNED_IN, freshOwn(make.budget)),

  ...loanSpecs('lend'),
  ...loanSpecs('borrowed'),
  sendLendReminder: onRecord(SIGNED_IN, (c) => fx.own[actor(c, 'company')].lend, inBody('_id'), {
    runs: 2,
  }),
  listCounterparties: { allow: SIGNED_IN },
  counterpartyHistory: {
    allow: SIGNED_IN,
    absent: 404,
    fix: (c) => {
      if (!c.absent) c.input.query.email = COUNTERPARTY;
    },
  },

  dashboard: {
    allow: SIGNED_IN,
    // A range is both ends, in order.
    fix: (c) => {
      const q = c.input.query as Record<string, unknown>;
      if (q.from === undefined) delete q.to;
      else if (q.to === undefined) q.to = q.from;
      orderDates(q, 'from', 'to');
    },
  },
  listAudit: {
    allow: ['admin', 'company'],
    fix: async (c) => {
      orderDates(c.input.query, 'from', 'to');
      await givenPosition(
        c,
        // Read as a company (one with a trail), whoever the call is from: a position is a
        // position, and the call's own scope decides what comes after it.
        async () => (await must('company', 'GET', '/audit/getaudit')).cursors,
      );
    },
  },
  // Without Accept: text/event-stream it answers what a stream would send first, and ends.
  streamEvents: { allow: ['admin', 'company', 'pm'] },
  listNotifications: { allow: ['admin', 'company', 'pm'] },
  previewImport: {
    allow: SIGNED_IN,
    runs: 3,
    // Payments are the company's, into an account of its own; anyone imports the others.
    fix: async (c) => {
      const q = c.input.query;
      if (q.kind !== 'payments') return;
      if (c.role === 'company') q.accountId = await make.account();
      else q.kind = 'expenses';
    },
  },
  runImport: {
    allow: SIGNED_IN,
    runs: 2,
    // Settings that read the file's one expense, as a preview would have answered them.
    fix: (c) => {
      c.input.query = {
        keepDuplicates: c.input.query.keepDuplicates,
        kind: 'expenses',
        headerRow: 1,
        dateFormat: 'DD/MM/YYYY',
        amountStyle: 'single',
        dateColumn: 1,
        descriptionColumn: 2,
        amountColumn: 3,
        category: 'other',
      };
    },
  },
  countUnreadNotifications: { allow: ['admin', 'company', 'pm'] },
  markNotificationsRead: { allow: ['admin', 'company', 'pm'] },
  ...invoicingSpecs(),
  ...receivableSpecs(),
  ...khataSpecs(),
  ...reconciliationSpecs(),
};

// --- The document ----------------------------------------------------------------------

/** The document with every `$ref` replaced by what it names (it has no cycles). */
function inline(value: unknown, root: any): any {
  if (Array.isArray(value)) return value.map((v) => inline(v, root));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: string }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce((node: any, key) => node?.[key], root);
    return inline(target, root);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inline(v, root)]));
}

function operationsOf(document: any): Operation[] {
  const resolved = inline(document, document);
  return Object.entries(resolved.paths as Record<string, Record<string, any>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, op]): Operation => {
        const parameters = (op.parameters ?? []) as {
          in: string;
          name: string;
          required?: boolean;
          schema: JsonSchema;
        }[];
        return {
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          tags: op.tags ?? [],
          summary: op.summary,
          responses: op.responses,
          successStatus: Object.keys(op.responses).find((s) => s.startsWith('2')) ?? '?',
          upload: op.requestBody?.content?.['application/json']
            ? undefined
            : Object.keys(op.requestBody?.content ?? {}).filter(Boolean),
          shape: {
            path: parameters.filter((p) => p.in === 'path'),
            query: parameters
              .filter((p) => p.in === 'query')
              .map((p) => ({ name: p.name, schema: p.schema, required: !!p.required })),
            body: op.requestBody?.content?.['application/json']?.schema,
          },
        };
      }),
  );
}

function urlOf(op: Operation, input: Input) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(input.path[name])),
  );
  const query = new URLSearchParams(
    Object.entries(input.query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}

/** What is wrong with an answer, measured against the document's entry for the operation. */
function answerProblems(op: Operation, res: Answer): string[] {
  if (res.status >= 500) return [`a ${res.status}`];
  const declared = op.responses[String(res.status)];
  if (!declared)
    return [
      `status ${res.status}, which the document does not declare (it declares ${Object.keys(op.responses).join(', ')})`,
    ];
  const media = declared.content?.[res.type];
  if (!media)
    return [
      `status ${res.status} as ${res.type || 'no content type'}, but the document declares ${Object.keys(declared.content ?? {}).join(', ') || 'no content'}`,
    ];
  const problems: string[] = [];
  // A stream of JSON lines is checked line by line, each against the schema of an event.
  const values =
    res.type === 'application/x-ndjson'
      ? res.text
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            try {
              return JSON.parse(line) as unknown;
            } catch {
              return undefined;
            }
          })
      : [res.type.endsWith('json') ? res.json : res.text];
  for (const value of values) {
    if (value === undefined) {
      problems.push(`a ${res.type} answer that does not parse`);
      continue;
    }
    const validate = validator(media.schema);
    if (!validate(value))
      problems.push(
        `an answer that does not match the document's schema for ${res.status}: ${ajv.errorsText(validate.errors, { dataVar: 'answer' })}`,
      );
  }
  for (const header of Object.keys(declared.headers ?? {}))
    if (res.headers[header.toLowerCase()] === undefined)
      problems.push(`no ${header} header, which the document declares for ${res.status}`);
  return problems;
}

// --- The runs --------------------------------------------------------------------------

let seedOffset = 0;
const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number) =>
  numRuns > 0 ? fc.sample(arbitrary, { numRuns, seed: SEED + ++seedOffset }) : [];

/** Every role's calls to one operation; what went wrong, in words. */
async function exercise(op: Operation): Promise<string[]> {
  const spec = SPECS[op.id]!;
  const roles: Role[] = spec.allow === 'public' ? ['anonymous'] : ['anonymous', ...SIGNED_IN];
  const inputs = inputsOf(op.shape);
  const breakages = breakagesOf(op.shape);
  const failures: string[] = [];

  for (const role of roles) {
    const allowed = spec.allow === 'public' || (role !== 'anonymous' && spec.allow.includes(role));
    const needsSession = spec.allow !== 'public' && role === 'anonymous';
    const refusal = needsSession ? 401 : allowed ? undefined : 403;
    const token = role === 'anonymous' ? undefined : who[role].token;

    const attempt = async (
      kind: 'valid' | 'absent' | 'invalid',
      generated: Input,
      expected: (status: number) => string | undefined,
      breakage?: (input: Input) => Input,
    ) => {
      const call: Call = {
        role,
        allowed,
        absent: kind !== 'valid',
        input: structuredClone(generated),
      };
      const label = `${op.method} ${op.path} (${op.id}) as ${role}, ${kind} input`;
      try {
        if (!needsSession) await spec.fix?.(call);
      } catch (error) {
        failures.push(`${label}: setting it up failed: ${(error as Error).message}`);
        return;
      }
      let input: Input & { token?: string } = call.input;
      if (breakage) {
        input = { ...breakage(input), token: input.token };
        // A breakage the document would still accept would prove nothing.
        if (problemsOf(op.shape, input).length === 0) return;
      } else {
        const problems = problemsOf(op.shape, input);
        if (problems.length > 0) {
          failures.push(`${label}: the test's fix broke the input: ${problems.join('; ')}`);
          return;
        }
      }
      const res = op.upload?.length
        ? await sendRaw(
            op.method,
            urlOf(op, input),
            input.token ?? token,
            call.file ?? EXPENSES_CSV,
          )
        : await send(op.method, urlOf(op, input), input.token ?? token, input.body);
      // CONFORMANCE_LOG=1 prints every call, to see what the test sends.
      if (process.env.CONFORMANCE_LOG)
        console.log(`${label}: ${urlOf(op, input)} ${JSON.stringify(input.body)} -> ${res.status}`);
      const problems = [...answerProblems(op, res)];
      const wrong = expected(res.status);
      if (wrong) problems.unshift(wrong);
      if (problems.length > 0)
        failures.push(
          `${label}: ${problems.join('; ')}\n    sent ${urlOf(op, input)} ${JSON.stringify(input.body)?.slice(0, 300) ?? ''}\n    got ${res.status} ${res.json === undefined ? JSON.stringify(res.text.slice(0, 200)) : res.text.slice(0, 300)}`,
        );
      else if (kind === 'valid' && res.status < 300) spec.after?.(call, res.json);
    };
    const exactly = (want: number | string) => (status: number) =>
      String(status) === String(want) ? undefined : `expected ${want}, got ${status}`;

    const validRuns = needsSession ? 1 : allowed ? (spec.runs ?? RUNS.valid) * TIMES : RUNS.refused;
    for (const input of sample(inputs, validRuns))
      await attempt('valid', input, exactly(refusal ?? op.successStatus));

    if (spec.absent && allowed)
      for (const input of sample(inputs, RUNS.absent))
        await attempt('absent', input, exactly(spec.absent));

    if (breakages.length > 0) {
      const invalidRuns = needsSession ? 1 : allowed ? RUNS.invalid : RUNS.refused;
      const broken = fc.tuple(inputs, fc.constantFrom(...breakages));
      for (const [input, breakage] of sample(broken, invalidRuns))
        await attempt(
          'invalid',
          input,
          (status) =>
            status === (needsSession ? 401 : 400)
              ? undefined
              : `expected ${needsSession ? 401 : 400} for ${breakage.what}, got ${status}`,
          breakage.apply,
        );
    }
  }
  return failures;
}

// --- The test ----------------------------------------------------------------------------

/** Fails with every problem found, one to a line (a diff of the list would say each twice). */
function report(failures: string[], title = 'Answers that differ from the document') {
  if (failures.length > 0) expect.fail(`${title}:\n${failures.join('\n')}`);
}

beforeAll(async () => {
  server = await startTestServer({
    mailer: { kind: 'smtp', send: async (message) => void outbox.push(message) },
  });
  const admin = await signUp(server);
  who.admin = { token: admin.token, password: admin.password, id: admin.user._id };
  const company = await addUser(server, admin.api, 'Acme', 'company');
  who.company = { token: company.token, password: PASSWORD, id: company.id };
  const pm = await addUser(server, company.api, 'Priya', 'pm');
  who.pm = { token: pm.token, password: PASSWORD, id: pm.id };

  const loginAccount = await signUp(server);
  const resetAccount = await signUp(server);
  fx.loginAccount = { email: loginAccount.email, password: loginAccount.password };
  fx.resetAccount = resetAccount.email;
  fx.employee = await make.person('company', 'employee');
  fx.victimCompany = await make.person('admin', 'company');
  fx.project = await make.project(who.pm.id);
  fx.pmProject = await make.project(who.pm.id);
  fx.accountA = await make.account(1000);
  fx.accountB = await make.account();
  fx.accountForUpdates = await make.account();
  fx.recurringAccount = await make.account();
  fx.recurringPayment = await make.recurringPayment();
  await must('company', 'PUT', '/invoicing/profile', {
    legalName: 'Acme Traders',
    address: 'Mumbai',
    stateCode: '27',
    gstin: '27AAPFU0939F1ZV',
  });
  fx.client = await invoicing.client();
  fx.invoice = await invoicing.issued(fx.pmProject);
  fx.draft = (await invoicing.draft(fx.pmProject))._id;
  fx.receipt = (
    await must('company', 'POST', '/receipts', {
      clientId: fx.client,
      accountId: fx.accountA,
      date: INVOICE_DATE,
      mode: 'upi',
      reference: 'UPI1',
      amount: 1,
      allocations: [{ invoiceId: fx.invoice, amount: 0.01 }],
    })
  ).data._id;
  fx.own = {} as typeof fx.own;
  for (const role of SIGNED_IN)
    fx.own[role] = {
      expense: await make.expense(role),
      recurring: await make.recurring(role),
      lend: await make.loan(role, 'lend'),
      borrowed: await make.loan(role, 'borrowed'),
    };

  const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = res.json();
  operations = operationsOf(doc);
}, 120_000);
afterAll(() => server?.close());

describe('the OpenAPI document', () => {
  it('describes every operation: summary, tag, servers, answers with the error envelope', () => {
    expect(doc.openapi).toMatch(/^3\.2\./);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const problems: string[] = [];
    const ids = new Set<string>();
    const defined = new Set((doc.tags ?? []).map((tag: { name: string }) => tag.name));
    for (const op of operations) {
      const where = `${op.method} ${op.path}`;
      if (!op.id || ids.has(op.id)) problems.push(`${where}: no unique operationId`);
      ids.add(op.id);
      if (!op.summary) problems.push(`${where}: no summary`);
      for (const tag of op.tags)
        if (!defined.has(tag)) problems.push(`${where}: tag ${tag} is not in the document's tags`);
      if (!AREAS.includes(op.tags[0] as (typeof AREAS)[number]))
        problems.push(`${where}: tag ${op.tags[0]} is not one of ${AREAS.join(', ')}`);
      if (!SPECS[op.id]) problems.push(`${where}: the conformance test has no spec for ${op.id}`);
      for (const [status, response] of Object.entries(op.responses)) {
        if (!response.description || response.description === 'Default Response')
          problems.push(`${where} ${status}: no description`);
        if (Number(status) >= 400 && !response.content?.['application/json'])
          problems.push(`${where} ${status}: not the JSON error envelope`);
      }
      if (!Object.keys(op.responses).some((s) => s.startsWith('4')))
        problems.push(`${where}: no 4xx`);
    }
    for (const id of Object.keys(SPECS))
      if (!ids.has(id)) problems.push(`spec ${id} names no operation of the document`);
    report(problems, 'What the document or this test lacks');
    // Every refusal is the one envelope; an import refused for its rows adds their problems.
    for (const op of Object.values(doc.paths as Record<string, Record<string, any>>).flatMap(
      (methods) => Object.values(methods),
    ))
      for (const [status, response] of Object.entries(op.responses as Record<string, any>))
        if (Number(status) >= 400 && op.operationId !== 'health')
          expect(response.content['application/json'].schema).toEqual({
            $ref: `#/components/schemas/${op.operationId === 'runImport' && status === '400' ? 'ImportRefusal' : 'ErrorResponse'}`,
          });
  });

  it("lists every call of the contract's endpoint table, under its operationId", () => {
    for (const [id, entry] of Object.entries(ENDPOINTS)) {
      const path = `/api${entry.path.replace(/:(\w+)/g, '{$1}')}`;
      expect(doc.paths[path]?.[entry.method.toLowerCase()]?.operationId, `${id}`).toBe(id);
      if ('download' in entry) {
        const ok = doc.paths[path][entry.method.toLowerCase()].responses['200'];
        expect(Object.keys(ok.content), id).toEqual([entry.download.type]);
      }
    }
  });
});

describe('the server answers as its document says', () => {
  it('refuses a NUL anywhere, a body over 64 KB and a body that is not JSON, as declared', async () => {
    const failures: string[] = [];
    const big = { type: 'application/json', payload: JSON.stringify({ x: 'x'.repeat(70_000) }) };
    const xml = { type: 'application/xml', payload: '<expense/>' };
    const bigFile = { type: 'text/csv', payload: 'x'.repeat(IMPORT_MAX_BYTES + 1) };
    for (const op of operations) {
      // With a session, so that the body is read: each is refused before the call does anything.
      const token = SPECS[op.id]?.allow === 'public' ? undefined : who.company.token;
      const path = op.path.replace(/\{\w+\}/g, '00000000-0000-0000-0000-000000000000');
      const tries: [string, number, typeof big | undefined][] = [
        [`${path}?note=a%00b`, 400, undefined],
      ];
      // GET has no body: Fastify does not read one. A file's limit is the file's own.
      if (op.method !== 'GET')
        tries.push([path, 413, op.upload?.length ? bigFile : big], [path, 415, xml]);
      for (const [url, want, body] of tries) {
        const res = await sendRaw(op.method, url, token, body);
        const problems = answerProblems(op, res);
        if (res.status !== want) problems.unshift(`expected ${want}, got ${res.status}`);
        if (problems.length > 0)
          failures.push(
            `${op.method} ${url} (${op.id}) ${body?.type ?? ''}: ${problems.join('; ')}`,
          );
      }
    }
    report(failures);
  });

  it('answers a method no operation of a path takes (QUERY included) 405, naming the ones it does', async () => {
    const failures: string[] = [];
    const methodsOf = new Map<string, string[]>();
    for (const op of operations)
      methodsOf.set(op.path, [...(methodsOf.get(op.path) ?? []), op.method]);
    for (const [template, methods] of methodsOf) {
      const path = template.replace(/\{\w+\}/g, '00000000-0000-0000-0000-000000000000');
      for (const method of ['QUERY', 'PROPFIND', 'PUT'].filter((m) => !methods.includes(m))) {
        const res = await sendRaw(method, path, who.company.token, undefined);
        const allow = String(res.headers.allow ?? '').split(', ');
        if (res.status !== 405 || !methods.every((m) => allow.includes(m)))
          failures.push(`${method} ${path}: ${res.status}, Allow: ${allow.join(', ')}`);
      }
    }
    report(failures);
  });

  it("sends live events as the stream's item schema describes them, ready and reset included", async () => {
    const op = operations.find((o) => o.id === 'streamEvents')!;
    const itemSchema: JsonSchema = (op.responses as any)['200'].content['text/event-stream']
      .itemSchema;
    expect(itemSchema).toBeDefined();
    const check = validator(itemSchema);
    const events: { event?: string; id?: string; data: unknown }[] = [];
    const parser = createParser({
      onEvent: (e) => events.push({ event: e.event, id: e.id, data: JSON.parse(e.data) }),
    });
    // Without Accept: text/event-stream the answer is what the stream sends first: `ready`,
    // after a `reset` for a position this server cannot resume from.
    for (const query of ['', '?lastEventId=zzzz-1']) {
      const res = await sendRaw('GET', `/api/events${query}`, who.company.token);
      expect(res.status).toBe(200);
      parser.feed(res.text);
    }
    expect(events.map((e) => e.event)).toEqual(['ready', 'reset', 'ready']);
    for (const event of events) expect(check(event), JSON.stringify(check.errors)).toBe(true);
  });

  it.each(AREAS)(
    '%s',
    async (area) => {
      // An operation without a spec is named by the first test, and not called blindly here.
      const mine = operations.filter((op) => op.tags[0] === area && SPECS[op.id]);
      expect(mine.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const op of mine) {
        const found = await exercise(op);
        failures.push(...found.slice(0, 3));
        if (found.length > 3) failures.push(`… and ${found.length - 3} more for ${op.id}`);
      }
      report(failures);
    },
    120_000,
  );
});
