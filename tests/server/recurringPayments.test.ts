import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STALE_RECORD_MESSAGE } from '../../contract/rules';
import { runDueRecurringPayments } from '../../server/services/recurringPayments';
import {
  addUser,
  openAccount,
  paymentBody,
  signUp,
  whileInsertsRefused,
  type Api,
  type TestServer,
} from './helpers';
import { withStreams } from './fixtures/streams';
import { addTemplate, racedTemplates, rowCount, templatesServer } from './scheduleHelpers';

let server: TestServer;
templatesServer('recurring_payments', (started) => (server = started));

let accounts = 0;
async function account(api: Api, openingBalance = 0) {
  return (await openAccount(api, { account_no: String(500_000_000 + ++accounts), openingBalance }))
    ._id;
}

const template = (accountId: string, overrides: Record<string, unknown> = {}) => ({
  accountId,
  paymentType: 'debit',
  amount: 400,
  remark: 'Salary: Ravi',
  schedule: 'monthly',
  day: 5,
  startDate: '2030-01-05',
  ...overrides,
});

const add = (api: Api, accountId: string, overrides: Record<string, unknown> = {}) =>
  addTemplate(api, '/company/addrecurringpayment', template(accountId, overrides));

/** An account's payments, oldest first: every page of them. */
async function paymentsOf(api: Api, accountId: string) {
  type Entry = { date: string; amount: number; paymentType: string; remark: string };
  const all: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get(
      `/company/getpayments?accountId=${accountId}&pageSize=100&page=${page}`,
    );
    expect(res.status).toBe(200);
    all.push(...(res.body.data as Entry[]));
    if (all.length >= res.body.total || res.body.data.length === 0) return all.reverse();
  }
}

async function balanceOf(api: Api, accountId: string) {
  const res = await api.get(`/company/getallbankbyuserid?accountId=${accountId}`);
  return res.body.data[0].balance as number;
}

async function one(api: Api, id: string) {
  const res = await api.get(`/company/getrecurringpayments?id=${id}`);
  expect(res.status).toBe(200);
  return res.body.data[0];
}

const paymentRows = () => rowCount(server, 'payments');

/** The job's run on `today` (what it posted and skipped). */
const runOn = (today: string, log?: Parameters<typeof runDueRecurringPayments>[2]) =>
  runDueRecurringPayments(server.db, today, log);

async function setUp() {
  const admin = await signUp(server);
  const company = await addUser(server, admin.api, `Acme ${++accounts}`, 'company');
  return { admin, company };
}

describe('recurring payments over HTTP', () => {
  it('adds, lists, edits, pauses, resumes and deletes; admins read, PMs nothing', async () => {
    const { admin, company } = await setUp();
    const pm = await addUser(server, company.api, 'Priya', 'pm');
    const accountId = await account(company.api, 1000);
    const created = await company.api.post('/company/addrecurringpayment', template(accountId));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Recurring payment created successfully',
      posted: 0,
      skipped: 0,
    });
    // What was sent, as sent, with the account it pays from and the schedule's state.
    expect(created.body.data).toMatchObject({
      ...template(accountId),
      account: { holder_name: 'Acme Pvt Ltd', closed: false },
      endDate: null,
      nextDate: '2030-01-05',
      lastDate: null,
      skipped: 0,
      paused: false,
      version: 1,
    });
    const id = created.body.data._id;

    const list = await company.api.get('/company/getrecurringpayments');
    expect(list.body).toMatchObject({ success: true, total: 1, page: 1, pageSize: 20 });
    expect(list.body.data[0]._id).toBe(id);
    // The admin reads its company's, and changes none of them.
    const adminList = await admin.api.get(`/company/getrecurringpayments?companyId=${company.id}`);
    expect(adminList.body.data.map((t: { _id: string }) => t._id)).toEqual([id]);
    // Its account by the last four digits of the number, the company's whole.
    const whole: string = list.body.data[0].account.account_no;
    expect(whole).toMatch(/^\d{5,}$/);
    expect(adminList.body.data[0].account.account_no).toBe(`••${whole.slice(-4)}`);
    for (const [path, body] of [
      ['/company/addrecurringpayment', template(accountId)],
      ['/company/updaterecurringpayment', { _id: id, version: 1, amount: 1 }],
      ['/company/pauserecurringpayment', { id, version: 1 }],
      ['/company/resumerecurringpayment', { id, version: 1 }],
      ['/company/deleterecurringpayment', { id }],
    ] as const) {
      const asAdmin = await admin.api.post(path, body);
      expect(asAdmin.status, path).toBe(403);
      expect(asAdmin.body.message).toBe('Admins have read-only access');
      expect((await pm.api.post(path, body)).status, path).toBe(403);
    }
    expect((await pm.api.get('/company/getrecurringpayments')).status).toBe(403);

    const edited = await company.api.post('/company/updaterecurringpayment', {
      _id: id,
      version: 1,
      amount: 450,
      day: 7,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      amount: 450,
      day: 7,
      nextDate: '2030-01-07',
      version: 2,
    });
    const stale = await company.api.post('/company/updaterecurringpayment', {
      _id: id,
      version: 1,
      amount: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(STALE_RECORD_MESSAGE);

    const paused = await company.api.post('/company/pauserecurringpayment', { id, version: 2 });
    expect(paused.body.data).toMatchObject({ paused: true, version: 3 });
    expect(
      (await company.api.post('/company/pauserecurringpayment', { id, version: 2 })).status,
    ).toBe(409);
    await runOn('2030-03-31');
    expect(await paymentsOf(company.api, accountId)).toEqual([]);
    const resumed = await company.api.post('/company/resumerecurringpayment', { id, version: 3 });
    expect(resumed.body.data).toMatchObject({ paused: false, nextDate: '2030-01-07', version: 4 });

    const deleted = await company.api.post('/company/deleterecurringpayment', { id });
    expect(deleted.body).toEqual({
      success: true,
      message: 'Recurring payment deleted successfully',
    });
    expect((await company.api.post('/company/deleterecurringpayment', { id })).status).toBe(404);
    expect((await company.api.get('/company/getrecurringpayments')).body.total).toBe(0);
  });

  it("another company's templates and accounts are not found", async () => {
    const { company } = await setUp();
    const { company: other } = await setUp();
    const mine = await account(company.api, 0);
    const theirs = await account(other.api, 0);
    const { _id: id } = await add(company.api, mine);
    expect((await other.api.get('/company/getrecurringpayments')).body.total).toBe(0);
    expect((await other.api.get(`/company/getrecurringpayments?id=${id}`)).body.data).toEqual([]);
    for (const [path, body] of [
      ['/company/updaterecurringpayment', { _id: id, version: 1, amount: 1 }],
      ['/company/pauserecurringpayment', { id, version: 1 }],
      ['/company/resumerecurringpayment', { id, version: 1 }],
      ['/company/deleterecurringpayment', { id }],
    ] as const)
      expect((await other.api.post(path, body)).status, path).toBe(404);
    // Their account, in a new template or an edit.
    expect((await company.api.post('/company/addrecurringpayment', template(theirs))).status).toBe(
      404,
    );
    const moved = await company.api.post('/company/updaterecurringpayment', {
      _id: id,
      version: 1,
      accountId: theirs,
    });
    expect(moved.status).toBe(404);
    expect(
      (await company.api.post('/company/addrecurringpayment', template(randomUUID()))).status,
    ).toBe(404);
  });

  it('an account deleted (one without payments) takes its templates with it', async () => {
    const { company } = await setUp();
    const accountId = await account(company.api, 0);
    await add(company.api, accountId);
    const deleted = await company.api.post('/company/deletebank', { id: accountId });
    expect(deleted.status).toBe(200);
    expect((await company.api.get('/company/getrecurringpayments')).body.total).toBe(0);
  });

  it('posts days already due at once, through the ledger', async () => {
    const { company } = await setUp();
    const accountId = await account(company.api, 0);
    const lastMonth = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const res = await company.api.post(
      '/company/addrecurringpayment',
      template(accountId, {
        paymentType: 'credit',
        amount: 100,
        schedule: 'weekly',
        day: 1,
        startDate: lastMonth,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.posted).toBeGreaterThanOrEqual(5);
    expect(res.body.skipped).toBe(0);
    expect(await paymentsOf(company.api, accountId)).toHaveLength(res.body.posted);
    expect(await balanceOf(company.api, accountId)).toBe(100 * res.body.posted);
  });
});

describe('the recurring payments job', () => {
  it('posts each due day once, dated its own day, and moves the next day on', async () => {
    const { company } = await setUp();
    const accountId = await account(company.api, 0);
    const { _id: id } = await add(company.api, accountId, {
      paymentType: 'credit',
      amount: 250.5,
      remark: 'Rent received',
      day: 31,
      startDate: '2031-01-31',
      endDate: '2031-04-30',
    });
    expect(await runOn('2031-02-28')).toEqual({ posted: 2, skipped: 0 });
    // Run again (a restart, another server): nothing more.
    expect(await runOn('2031-02-28')).toEqual({ posted: 0, skipped: 0 });
    expect(await runOn('2031-12-31')).toEqual({ posted: 2, skipped: 0 });
    const posted = await paymentsOf(company.api, accountId);
    expect(posted.map((p) => p.date)).toEqual([
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
      '2031-04-30',
    ]);
    expect(posted[0]).toMatchObject({
      amount: 250.5,
      paymentType: 'credit',
      remark: 'Rent received',
    });
    expect(await balanceOf(company.api, accountId)).toBe(1002);
    expect(await one(company.api, id)).toMatchObject({ nextDate: null, lastDate: '2031-04-30' });
  });

  it('two runners at once post each day exactly once', async () => {
    const { company } = await setUp();
    const accountId = await account(company.api, 1_000_000);
    const raced = racedTemplates(2032);
    for (const [i, { fields }] of raced.entries())
      await add(company.api, accountId, { remark: `Template ${i}`, ...fields });
    const before = await paymentRows();
    const [a, b] = await Promise.all([runOn('2032-06-30'), runOn('2032-06-30')]);
    expect(a.skipped + b.skipped).toBe(0);
    expect(a.posted + b.posted).toBe((await paymentRows()) - before);
    const posted = await paymentsOf(company.api, accountId);
    for (const [i, { days }] of raced.entries()) {
      const dates = posted.filter((p) => p.remark === `Template ${i}`).map((p) => p.date);
      expect(new Set(dates).size, `Template ${i}`).toBe(dates.length);
      expect(dates.length, `Template ${i}`).toBe(i % 2 ? 26 : 6);
      expect(dates, `Template ${i}`).toEqual(days);
    }
    const debits = posted.reduce((sum, p) => sum + p.amount, 0);
    expect(await balanceOf(company.api, accountId)).toBeCloseTo(1_000_000 - debits, 2);
  });

  it('skips a day the balance does not cover, tells the company, and goes on', async () => {
    const { admin, company } = await setUp();
    const accountId = await account(company.api, 1000);
    const { _id: id } = await add(company.api, accountId, { startDate: '2033-01-05' });
    expect(await runOn('2033-03-31')).toEqual({ posted: 2, skipped: 1 });
    expect((await paymentsOf(company.api, accountId)).map((p) => p.date)).toEqual([
      '2033-01-05',
      '2033-02-05',
    ]);
    expect(await balanceOf(company.api, accountId)).toBe(200);
    expect(await one(company.api, id)).toMatchObject({
      skipped: 1,
      lastSkippedDate: '2033-03-05',
      lastDate: '2033-03-05',
      nextDate: '2033-04-05',
    });
    const told = await company.api.get('/notifications');
    const notice = told.body.data.find(
      (n: { kind: string }) => n.kind === 'recurring_payment_skipped',
    );
    expect(notice.message).toBe(
      'Recurring debit of ₹400.00 (Salary: Ravi) on Acme Pvt Ltd (' +
        notice.message.match(/\((\d+)\)/)[1] +
        ') for 05/03/2033 was skipped: the balance was too low.',
    );
    // The admin is not told.
    const adminTold = await admin.api.get('/notifications');
    expect(
      adminTold.body.data.some((n: { kind: string }) => n.kind === 'recurring_payment_skipped'),
    ).toBe(false);

    // Money arrives; the next day is posted, the skipped one stays skipped.
    await company.api.post(
      '/company/addpayment',
      paymentBody({ accountId, date: '2033-04-01', remark: 'Top-up', amount: 500 }),
    );
    expect(await runOn('2033-04-30')).toEqual({ posted: 1, skipped: 0 });
    expect((await paymentsOf(company.api, accountId)).map((p) => p.date)).toEqual([
      '2033-01-05',
      '2033-02-05',
      '2033-04-01',
      '2033-04-05',
    ]);
  });

  it("posts an account's credits due before its debits due", async () => {
    const { company } = await setUp();
    const accountId = await account(company.api, 0);
    // The debit is added first (the job claims it first) but the credit pays for it.
    await add(company.api, accountId, { amount: 500, day: 1, startDate: '2036-01-01' });
    await add(company.api, accountId, {
      paymentType: 'credit',
      amount: 1000,
      remark: 'Rent received',
      day: 1,
      startDate: '2036-01-01',
    });
    expect(await runOn('2036-03-31')).toEqual({ posted: 6, skipped: 0 });
    expect(await balanceOf(company.api, accountId)).toBe(1500);
  });

  it("a credit that fails holds back its account's debits to the next run; other accounts go on", async () => {
    const { company } = await setUp();
    const [held, other] = [await account(company.api, 0), await account(company.api, 0)];
    const due = { day: 1, startDate: '2037-01-01', endDate: '2037-01-01' };
    const credit = { ...due, paymentType: 'credit', amount: 1000 };
    // A database rule refuses the credit (as a broken row would fail it).
    const refused = { table: 'payments', column: 'remark', value: 'Poison credit' };
    await whileInsertsRefused(server, refused, async () => {
      await add(company.api, held, { ...credit, remark: 'Poison credit' });
      await add(company.api, held, { ...due, amount: 500, remark: 'Rent paid' });
      await add(company.api, other, { ...credit, remark: 'Rent received' });
      await add(company.api, other, { ...due, amount: 500, remark: 'Rent paid' });
      const told: object[] = [];
      expect(
        await runOn('2037-01-31', {
          warn: (details) => told.push(details),
        }),
      ).toEqual({ posted: 2, skipped: 0 });
      expect(told).toHaveLength(2);
      // The debit was neither posted nor skipped for want of the credit's money.
      expect(await paymentsOf(company.api, held)).toEqual([]);
      expect(await balanceOf(company.api, other)).toBe(500);
    });
    expect(await runOn('2037-01-31')).toEqual({ posted: 2, skipped: 0 });
    expect(await balanceOf(company.api, held)).toBe(500);
  });

  it('a debit dated back is refused when a later day would go below zero', async () => {
    const { company } = await setUp();
    const accountId = await account(company.api, 0);
    await company.api.post(
      '/company/addpayment',
      paymentBody({ accountId, date: '2034-01-01', remark: 'Capital', amount: 500 }),
    );
    await company.api.post(
      '/company/addpayment',
      paymentBody({
        accountId,
        date: '2034-03-01',
        remark: 'Supplier',
        paymentType: 'debit',
        amount: 500,
      }),
    );
    await add(company.api, accountId, { startDate: '2034-02-05', endDate: '2034-02-05' });
    // Posted on 5 February it would leave 100 for the debit of 1 March.
    expect(await runOn('2034-03-31')).toEqual({ posted: 0, skipped: 1 });
    expect(await balanceOf(company.api, accountId)).toBe(0);
  });

  it('skips the days of a closed account; a new template on it is refused', async () => {
    const { company } = await setUp();
    const accountId = await account(company.api, 10_000);
    const { _id: id } = await add(company.api, accountId, {
      paymentType: 'credit',
      startDate: '2035-01-05',
    });
    const closed = await company.api.post(`/company/bankaccounts/${accountId}/close`, {
      version: 1,
    });
    expect(closed.status).toBe(200);
    expect(await runOn('2035-02-28')).toEqual({ posted: 0, skipped: 2 });
    expect(await paymentsOf(company.api, accountId)).toEqual([]);
    expect(await one(company.api, id)).toMatchObject({
      skipped: 2,
      nextDate: '2035-03-05',
      account: { closed: true },
    });
    const told = await company.api.get('/notifications');
    const notices = told.body.data.filter(
      (n: { kind: string }) => n.kind === 'recurring_payment_skipped',
    );
    expect(notices).toHaveLength(2);
    expect(notices[0].message).toMatch(/was skipped: the account is closed\.$/);
    const refused = await company.api.post('/company/addrecurringpayment', template(accountId));
    expect(refused.status).toBe(400);
  });

  it("posts in the company's audit trail and tells its and its admin's open tabs", async () => {
    const { admin, company } = await setUp();
    const accountId = await account(company.api, 0);
    await add(company.api, accountId, { paymentType: 'credit', startDate: '2036-01-05' });
    await withStreams(server.origin, [company.token, admin.token], async ([owner, reader]) => {
      await runOn('2036-01-05');
      expect((await owner.next('change', 'bank')).data.tags).toEqual([
        'bank',
        'dashboard',
        'audit',
      ]);
      await owner.next('change', 'recurringPayment');
      await reader.next('change', 'bank');
    });
    const trail = await company.api.get('/audit/getaudit?kind=payments');
    expect(trail.status).toBe(200);
    const entry = trail.body.data.find(
      (e: { after: { remark?: string } | null }) => e.after?.remark === 'Salary: Ravi',
    );
    expect(entry).toMatchObject({ action: 'create', actorId: company.id });
  });
});
