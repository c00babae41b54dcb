import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STALE_RECORD_MESSAGE } from '../../contract/rules';
import { rowsOf } from '../../server/db/client';
import { dayIn } from '../../server/lib/timeZone';
import { runDueRecurring } from '../../server/services/recurring';
import { addUser, signUp, whileInsertsRefused, type Api, type TestServer } from './helpers';
import { changesAfterAWhile, withStreams } from './fixtures/streams';
import {
  addTemplate,
  racedTemplates,
  rowCount,
  templatesServer,
  weekdaysBetween,
} from './scheduleHelpers';

let server: TestServer;
templatesServer('recurring_expenses', (started) => (server = started));

/** The test client sends no time zone: the server's default one, Asia/Kolkata. */
const today = () => dayIn('Asia/Kolkata');

const template = (overrides: Record<string, unknown> = {}) => ({
  description: 'Flat rent',
  amount: 25000.5,
  category: 'other',
  schedule: 'monthly',
  day: 31,
  startDate: '2030-01-31',
  ...overrides,
});

const add = (api: Api, overrides: Record<string, unknown> = {}) =>
  addTemplate(api, '/expense/addrecurring', template(overrides));

/** The caller's expenses, oldest first. */
/** The caller's expenses, oldest first: every page of them, with the list's totals. */
async function expensesOf(api: Api) {
  type Page = {
    data: { date: string; description: string; amount: number; category: string }[];
    total: number;
    totalAmount: number;
  };
  const all: Page['data'] = [];
  for (let page = 1; ; page++) {
    const res = await api.get<Page>(
      `/expense/getuserallexpenses?sort=date&order=asc&pageSize=100&page=${page}`,
    );
    expect(res.status).toBe(200);
    all.push(...res.body.data);
    if (all.length >= res.body.total || res.body.data.length === 0)
      return { ...res.body, data: all };
  }
}

const datesOf = async (api: Api) => (await expensesOf(api)).data.map((e) => e.date);

/** Every row of the expenses table (of every user). */
const expenseRows = () => rowCount(server, 'expenses');

describe('recurring expenses over HTTP', () => {
  it('adds, lists, edits only the fields sent, pauses, resumes and deletes', async () => {
    const me = await signUp(server);
    const created = await me.api.post('/expense/addrecurring', template());
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Recurring expense created successfully');
    expect(created.body.created).toBe(0);
    // The template as sent, and its schedule's state.
    expect(created.body.data).toMatchObject({
      ...template(),
      endDate: null,
      nextDate: '2030-01-31',
      lastDate: null,
      paused: false,
      version: 1,
    });
    const id = created.body.data._id;

    const list = await me.api.get('/expense/getrecurring');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, total: 1, page: 1, pageSize: 20 });
    expect(list.body.data[0]._id).toBe(id);

    // Only the amount is sent: the rest stays as it was.
    const amount = await me.api.post('/expense/updaterecurring', {
      _id: id,
      version: 1,
      amount: 26000,
    });
    expect(amount.status).toBe(200);
    expect(amount.body.message).toBe('Recurring expense updated successfully');
    expect(amount.body.data).toMatchObject({
      amount: 26000,
      description: 'Flat rent',
      day: 31,
      nextDate: '2030-01-31',
      version: 2,
    });

    // A stale version changes nothing.
    const stale = await me.api.post('/expense/updaterecurring', {
      _id: id,
      version: 1,
      description: 'Overwritten',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(STALE_RECORD_MESSAGE);

    // A new day moves the next date to the new schedule's first day.
    const day = await me.api.post('/expense/updaterecurring', { _id: id, version: 2, day: 15 });
    expect(day.status).toBe(200);
    expect(day.body.data).toMatchObject({ day: 15, nextDate: '2030-02-15', version: 3 });
    // To weekly on Monday: 2030-02-04 is the first Monday on or after the start date.
    const weekly = await me.api.post('/expense/updaterecurring', {
      _id: id,
      version: 3,
      schedule: 'weekly',
      day: 1,
    });
    expect(weekly.status).toBe(200);
    expect(weekly.body.data).toMatchObject({ schedule: 'weekly', day: 1, nextDate: '2030-02-04' });
    // An end date before the next day: nothing more is due.
    const ended = await me.api.post('/expense/updaterecurring', {
      _id: id,
      version: 4,
      endDate: '2030-02-01',
    });
    expect(ended.body.data).toMatchObject({ endDate: '2030-02-01', nextDate: null, version: 5 });
    const reopened = await me.api.post('/expense/updaterecurring', {
      _id: id,
      version: 5,
      endDate: null,
    });
    expect(reopened.body.data).toMatchObject({ endDate: null, nextDate: '2030-02-04' });

    const paused = await me.api.post('/expense/pauserecurring', { id, version: 6 });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ message: 'Recurring expense paused' });
    expect(paused.body.data).toMatchObject({ paused: true, version: 7 });
    expect((await me.api.post('/expense/pauserecurring', { id, version: 6 })).status).toBe(409);
    const resumed = await me.api.post('/expense/resumerecurring', { id, version: 7 });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ paused: false, nextDate: '2030-02-04', version: 8 });

    const removed = await me.api.post('/expense/deleterecurring', { id });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Recurring expense deleted successfully');
    expect((await me.api.get('/expense/getrecurring')).body.total).toBe(0);
    expect((await me.api.post('/expense/deleterecurring', { id })).status).toBe(404);
  });

  it('searches, sorts and pages on the server', async () => {
    const me = await signUp(server);
    for (let i = 1; i <= 12; i++)
      await add(me.api, {
        description: i % 4 === 0 ? `EMI ${i}` : `Salary ${i}`,
        amount: i,
        day: i,
        startDate: `2031-01-${String(i).padStart(2, '0')}`,
      });
    const first = await me.api.get('/expense/getrecurring?sort=nextDate&order=asc&pageSize=5');
    expect(first.body.total).toBe(12);
    expect(first.body.data.map((r: { nextDate: string }) => r.nextDate)).toEqual([
      '2031-01-01',
      '2031-01-02',
      '2031-01-03',
      '2031-01-04',
      '2031-01-05',
    ]);
    const third = await me.api.get(
      '/expense/getrecurring?sort=amount&order=desc&pageSize=5&page=3',
    );
    expect(third.body.data.map((r: { amount: number }) => r.amount)).toEqual([2, 1]);
    const emi = await me.api.get('/expense/getrecurring?search=emi');
    expect(emi.body.total).toBe(3);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const me = await signUp(server);
    const refused = async (body: Record<string, unknown>, field: RegExp) => {
      const res = await me.api.post('/expense/addrecurring', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(field);
    };
    await refused(template({ day: 32 }), /^day /);
    await refused(template({ day: 0 }), /^day must be from 1 to 31 for a monthly schedule/);
    await refused(template({ schedule: 'weekly', day: 7 }), /^day must be from 0 \(Sunday\)/);
    await refused(template({ schedule: 'yearly' }), /^schedule /);
    await refused(template({ day: 1.5 }), /^day /);
    await refused(template({ endDate: '2030-01-30' }), /^endDate must be on or after startDate/);
    await refused(template({ amount: 1.234 }), /^amount must have at most 2 decimal places/);
    await refused(template({ amount: 0 }), /^amount /);
    await refused(template({ description: '  ' }), /^description /);
    await refused(template({ category: 'rent' }), /^category /);
    await refused(template({ startDate: '2030-02-30' }), /^startDate /);
    await refused(template({ startDate: '2020-01-01' }), /^startDate must be at most a year/);

    // An update is judged with the fields it keeps: weekly with the monthly day 31 is no schedule.
    const t = await add(me.api);
    const update = async (body: Record<string, unknown>, field: RegExp) => {
      const res = await me.api.post('/expense/updaterecurring', {
        _id: t._id,
        version: 1,
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(field);
    };
    await update({ schedule: 'weekly' }, /^day must be from 0 \(Sunday\)/);
    await update({ endDate: '2029-12-31' }, /^endDate must be on or after startDate/);
    await update({ amount: -5 }, /^amount /);
    await update({ startDate: '2001-01-01' }, /^startDate must be at most a year/);
    // Nothing changed meanwhile.
    const [row] = (await me.api.get(`/expense/getrecurring?id=${t._id}`)).body.data;
    expect(row).toMatchObject({ version: 1, schedule: 'monthly', day: 31, endDate: null });
  });

  it("answers 404 for another user's template, whatever the role", async () => {
    const owner = await signUp(server);
    const t = await add(owner.api);
    const stranger = await signUp(server);
    const company = await addUser(server, stranger.api, 'Acme Recurring', 'company');
    for (const api of [stranger.api, company.api]) {
      expect((await api.get(`/expense/getrecurring?id=${t._id}`)).body.total).toBe(0);
      expect((await api.get('/expense/getrecurring')).body.total).toBe(0);
      const calls = [
        api.post('/expense/updaterecurring', { _id: t._id, version: 1, amount: 1 }),
        api.post('/expense/deleterecurring', { id: t._id }),
        api.post('/expense/pauserecurring', { id: t._id, version: 1 }),
        api.post('/expense/resumerecurring', { id: t._id, version: 1 }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Recurring expense not found');
      }
    }
    // Untouched, and a company keeps recurring expenses of its own.
    expect((await owner.api.get('/expense/getrecurring')).body.data[0].version).toBe(1);
    expect((await company.api.post('/expense/addrecurring', template())).status).toBe(201);
    expect((await owner.api.get('/expense/getrecurring')).body.total).toBe(1);
    expect((await server.api().get('/expense/getrecurring')).status).toBe(401);
  });

  it("records a template's days already due at once: today's, with the totals right after", async () => {
    const me = await signUp(server);
    const day = today();
    const res = await me.api.post(
      '/expense/addrecurring',
      template({
        description: 'Maid salary',
        amount: 4500.25,
        day: Number(day.slice(8)),
        startDate: day,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.created).toBe(1);
    expect(res.body.data).toMatchObject({ lastDate: day });
    expect(res.body.data.nextDate > day).toBe(true);
    const list = await expensesOf(me.api);
    expect(list.data).toEqual([
      expect.objectContaining({
        date: day,
        description: 'Maid salary',
        amount: 4500.25,
        category: 'other',
      }),
    ]);
    expect(list.totalAmount).toBe(4500.25);
    const dash = await me.api.get('/user/getalldata');
    expect(dash.body.data.expenses).toEqual({ count: 1, totalAmount: 4500.25 });
    // The job finds nothing more of it today.
    await runDueRecurring(server.db, day);
    expect(await datesOf(me.api)).toEqual([day]);

    // Paused, then resumed: the days in between are skipped, today's is not recorded twice.
    const t = res.body.data;
    const paused = await me.api.post('/expense/pauserecurring', { id: t._id, version: t.version });
    const resumed = await me.api.post('/expense/resumerecurring', {
      id: t._id,
      version: paused.body.data.version,
    });
    expect(resumed.body.created).toBe(0);
    expect(resumed.body.data.nextDate).toBe(t.nextDate);
    expect(await datesOf(me.api)).toEqual([day]);
  });
});

describe('the recurring job', () => {
  it('monthly on the 31st: the last day of February, 28th or 29th, each once', async () => {
    const me = await signUp(server);
    await add(me.api, { startDate: '2031-01-31', endDate: '2031-04-30' });
    const leap = await add(me.api, { description: 'Leap rent', startDate: '2032-01-31' });
    await runDueRecurring(server.db, '2031-03-30');
    expect(await datesOf(me.api)).toEqual(['2031-01-31', '2031-02-28']);
    await runDueRecurring(server.db, '2031-03-31');
    await runDueRecurring(server.db, '2031-03-31');
    expect(await datesOf(me.api)).toEqual(['2031-01-31', '2031-02-28', '2031-03-31']);
    await runDueRecurring(server.db, '2032-05-01');
    const all = (await expensesOf(me.api)).data;
    // April has no 31st and ends the first one; the leap year's February has its 29th.
    expect(all.filter((e) => e.description === 'Flat rent').map((e) => e.date)).toEqual([
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
      '2031-04-30',
    ]);
    expect(all.filter((e) => e.description === 'Leap rent').map((e) => e.date)).toEqual([
      '2032-01-31',
      '2032-02-29',
      '2032-03-31',
      '2032-04-30',
    ]);
    const [rent] = (await me.api.get(`/expense/getrecurring?id=${leap._id}`)).body.data;
    expect(rent).toMatchObject({ lastDate: '2032-04-30', nextDate: '2032-05-31' });
  });

  it('weekly: every Monday, each dated its own day, caught up once after a long downtime', async () => {
    const me = await signUp(server);
    await add(me.api, {
      description: 'Cleaner',
      amount: 700,
      schedule: 'weekly',
      day: 1,
      startDate: '2033-01-01',
    });
    // Down for three months: every Monday of them, once.
    await runDueRecurring(server.db, '2033-03-31');
    const mondays = weekdaysBetween('2033-01-01', '2033-03-31', 1);
    expect(mondays).toHaveLength(13);
    expect(await datesOf(me.api)).toEqual(mondays);
    // Run again, and again the same day: nothing new.
    await runDueRecurring(server.db, '2033-03-31');
    expect(await datesOf(me.api)).toEqual(mondays);
    await runDueRecurring(server.db, '2033-04-15');
    expect(await datesOf(me.api)).toEqual(weekdaysBetween('2033-01-01', '2033-04-15', 1));
    const list = await expensesOf(me.api);
    expect(list.total).toBe(15);
    expect(list.totalAmount).toBe(15 * 700);
    expect((await me.api.get('/user/getalldata')).body.data.expenses).toEqual({
      count: 15,
      totalAmount: 10500,
    });
  });

  it('skips paused templates and never records past the end date', async () => {
    const me = await signUp(server);
    const paused = await add(me.api, { description: 'Gym', startDate: '2034-01-05', day: 5 });
    await me.api.post('/expense/pauserecurring', { id: paused._id, version: 1 });
    await add(me.api, {
      description: 'Loan EMI',
      day: 10,
      startDate: '2034-01-10',
      endDate: '2034-03-10',
    });
    await runDueRecurring(server.db, '2034-12-31');
    expect(await datesOf(me.api)).toEqual(['2034-01-10', '2034-02-10', '2034-03-10']);
  });

  it('two runners at once record each day exactly once', async () => {
    const me = await signUp(server);
    const raced = racedTemplates(2035);
    for (const [i, { fields }] of raced.entries())
      await add(me.api, { description: `Template ${i}`, ...fields });
    const before = await expenseRows();
    const [a, b] = await Promise.all([
      runDueRecurring(server.db, '2035-06-30'),
      runDueRecurring(server.db, '2035-06-30'),
    ]);
    const mine = (await expensesOf(me.api)).data;
    // What both recorded is what the table gained: no day twice, none lost.
    expect(a + b).toBe((await expenseRows()) - before);
    let expected = 0;
    for (const [i, { days }] of raced.entries()) {
      const recorded = mine.filter((e) => e.description === `Template ${i}`).map((e) => e.date);
      expect(recorded, `Template ${i}`).toEqual(days);
      expected += days.length;
    }
    expect(mine).toHaveLength(expected);
  });

  it('records at most its limit in one run; the next run goes on', async () => {
    const me = await signUp(server);
    await add(me.api, {
      schedule: 'weekly',
      day: 3,
      startDate: '2036-01-01',
      endDate: '2036-03-31',
    });
    const wednesdays = weekdaysBetween('2036-01-01', '2036-03-31', 3);
    await runDueRecurring(server.db, '2036-03-31', { limit: 5 });
    expect(await datesOf(me.api)).toEqual(wednesdays.slice(0, 5));
    await runDueRecurring(server.db, '2036-03-31');
    expect(await datesOf(me.api)).toEqual(wednesdays);
  });

  it('a template that fails is rolled back alone and told of; the others are recorded', async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    // A broken template, made so by a rule of the database refusing its expenses.
    await whileInsertsRefused(
      server,
      { table: 'expenses', column: 'description', value: 'Poison' },
      async () => {
        const poison = await add(me.api, {
          description: 'Poison',
          day: 5,
          startDate: '2037-01-05',
        });
        // More templates than one batch claims, due on the same days, behind it and beside it.
        for (let i = 0; i < 12; i++)
          await add(i % 2 ? me.api : other.api, {
            description: `Bill ${i}`,
            day: 5,
            startDate: '2037-01-05',
            endDate: '2037-02-05',
          });
        const told: object[] = [];
        const created = await runDueRecurring(server.db, '2037-02-05', {
          warn: (details) => told.push(details),
        });
        expect(created).toBe(24);
        expect(told).toEqual([expect.objectContaining({ templateId: poison._id })]);
        const mine = (await expensesOf(me.api)).data.map((e) => e.description);
        expect(mine.filter((d) => d === 'Poison')).toEqual([]);
        expect(mine).toHaveLength(12);
        expect((await expensesOf(other.api)).data).toHaveLength(12);
        // Nothing of it moved: once the rule is gone, the next run records its days.
        const [row] = rowsOf<{ next: string }>(
          await server.db.execute(
            sql`select next_date::text as next from recurring_expenses where id = ${poison._id}`,
          ),
        );
        expect(row!.next).toBe('2037-01-05');
      },
    );
    expect(await runDueRecurring(server.db, '2037-02-05')).toBe(2);
    expect((await expensesOf(me.api)).data.filter((e) => e.description === 'Poison')).toHaveLength(
      2,
    );
  });

  it("records in the owner's audit trail and tells its other sessions", async () => {
    const me = await signUp(server);
    const company = await addUser(server, me.api, 'Acme Audit', 'company');
    await add(company.api, { description: 'Office rent', day: 1, startDate: '2037-01-01' });
    // The owner's open tab hears of the expense and of its template's next date; the
    // admin's does not.
    await withStreams(server.origin, [company.token, me.token], async ([owner, admin]) => {
      await runDueRecurring(server.db, '2037-01-01');
      const change = await owner.next('change', 'expense');
      expect(change.data.tags).toEqual(['expense', 'dashboard', 'audit']);
      await owner.next('change', 'recurring');
      expect(await changesAfterAWhile(admin)).toEqual([]);
    });
    const trail = await company.api.get('/audit/getaudit?kind=expenses');
    expect(trail.status).toBe(200);
    const entry = trail.body.data.find(
      (e: { after: { description?: string } | null }) => e.after?.description === 'Office rent',
    );
    expect(entry).toMatchObject({ action: 'create', actorId: company.id });
    // The admin does not read a company's personal records.
    const adminTrail = await me.api.get('/audit/getaudit?kind=expenses');
    expect(
      adminTrail.body.data.some(
        (e: { after: { description?: string } | null }) => e.after?.description === 'Office rent',
      ),
    ).toBe(false);
  });
});
