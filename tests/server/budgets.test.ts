import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../contract/headers';
import { restore } from '../../server/db/backup';
import { rowsOf } from '../../server/db/client';
import { dayIn } from '../../server/lib/timeZone';
import { addExpense, addUser, signUp, type Api } from './helpers';
import { withBackupOf, withNewDatabase } from './fixtures/databases';
import { useServer } from './fixtures/server';
import { changesAfterAWhile, withStreams } from './fixtures/streams';

const server = useServer();

interface Budget {
  _id: string;
  categoryId: string;
  category: string;
  amount: number;
  spent: number;
  remaining: number;
  spentPercent: number;
  pace: string;
  version: number;
}

/** Today's month in the zone a call without X-Time-Zone has, and the month after it. */
const today = dayIn(DEFAULT_TIME_ZONE);
const thisMonth = today.slice(0, 7);
const nextMonth = (() => {
  const [y, m] = thisMonth.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
})();

async function categoryId(api: Api, name: string) {
  const res = await api.get<{ data: { _id: string; name: string }[] }>('/category/getcategories');
  const found = res.body.data.find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found._id;
}

async function setBudget(api: Api, body: Record<string, unknown>, status = 200) {
  const res = await api.post('/budget/setbudget', body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res;
}

async function budgetsOf(api: Api, month?: string) {
  const res = await api.get(`/budget/getbudgets${month ? `?month=${month}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { month: string; monthElapsedPercent: number; data: Budget[] };
}

async function budgetNotices(api: Api) {
  const res = await api.get('/notifications?pageSize=100');
  expect(res.status).toBe(200);
  return (res.body.data as { kind: string; message: string; recordId: string }[]).filter(
    (n) => n.kind === 'budget_over',
  );
}

describe('budgets', () => {
  it('sets, lists, changes and removes a budget with its month’s spending', async () => {
    const me = await signUp(server);
    const shopping = await categoryId(me.api, 'shopping');
    expect((await budgetsOf(me.api)).data).toEqual([]);

    const set = await setBudget(me.api, { categoryId: shopping, amount: 5000.5 });
    expect(set.body.data).toMatchObject({
      categoryId: shopping,
      category: 'shopping',
      amount: 5000.5,
      spent: 0,
      remaining: 5000.5,
      version: 1,
    });

    await addExpense(me.api, 'shopping', 1200.25, `${thisMonth}-01`);
    await addExpense(me.api, 'shopping', 300, `${thisMonth}-02`);
    await addExpense(me.api, 'movie', 999, `${thisMonth}-02`);
    await addExpense(me.api, 'shopping', 700, `${nextMonth}-01`);

    const listed = await budgetsOf(me.api);
    expect(listed.month).toBe(thisMonth);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ spent: 1500.25, remaining: 3500.25 });
    expect((await budgetsOf(me.api, nextMonth)).data[0]).toMatchObject({ spent: 700 });

    const changed = await setBudget(me.api, { categoryId: shopping, amount: 1000, version: 1 });
    expect(changed.body.data).toMatchObject({ amount: 1000, remaining: -500.25, version: 2 });
    expect(changed.body.data.pace).toBe('over_budget');

    const removed = await me.api.post('/budget/deletebudget', { id: changed.body.data._id });
    expect(removed.status).toBe(200);
    expect((await budgetsOf(me.api)).data).toEqual([]);
    expect((await me.api.post('/budget/deletebudget', { id: changed.body.data._id })).status).toBe(
      404,
    );
  });

  it('tells the pace from the share of the month gone', async () => {
    const me = await signUp(server);
    await setBudget(me.api, { categoryId: await categoryId(me.api, 'movie'), amount: 1000 });
    await addExpense(me.api, 'movie', 500, '2025-06-10');
    await addExpense(me.api, 'movie', 10, '2199-06-10');
    await addExpense(me.api, 'movie', 1000.01, '2025-07-10');

    // A month gone by: all of it is gone, half the budget spent.
    const past = await budgetsOf(me.api, '2025-06');
    expect(past.monthElapsedPercent).toBe(100);
    expect(past.data[0]).toMatchObject({ spent: 500, spentPercent: 50, pace: 'on_pace' });
    // A month not begun: anything spent is ahead of its pace.
    const later = await budgetsOf(me.api, '2199-06');
    expect(later.monthElapsedPercent).toBe(0);
    expect(later.data[0]).toMatchObject({ spent: 10, pace: 'ahead_of_pace' });
    expect((await budgetsOf(me.api, '2025-07')).data[0]).toMatchObject({
      spentPercent: 100,
      pace: 'over_budget',
      remaining: -0.01,
    });
    // This month: the day of the month over its length.
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
    expect((await budgetsOf(me.api)).monthElapsedPercent).toBe(
      Math.round((d * 10000) / length) / 100,
    );
  });

  it('refuses another user’s category or budget as not found', async () => {
    const me = await signUp(server);
    const other = await addUser(server, me.api, 'Other Co', 'company');
    const theirs = await categoryId(other.api, 'shopping');
    await setBudget(me.api, { categoryId: theirs, amount: 10 }, 404);
    const set = await setBudget(other.api, { categoryId: theirs, amount: 10 });
    await setBudget(me.api, { categoryId: theirs, amount: 20, version: 1 }, 404);
    expect((await me.api.post('/budget/deletebudget', { id: set.body.data._id })).status).toBe(404);
    expect((await budgetsOf(me.api)).data).toEqual([]);
    expect((await budgetsOf(other.api)).data[0]).toMatchObject({ amount: 10 });
  });

  it('refuses a stale version, and a second first budget, with 409', async () => {
    const me = await signUp(server);
    const other = await categoryId(me.api, 'other');
    await setBudget(me.api, { categoryId: other, amount: 100 });
    const again = await setBudget(me.api, { categoryId: other, amount: 200 }, 409);
    expect(again.body.message).toMatch(/has a budget already/);
    await setBudget(me.api, { categoryId: other, amount: 300, version: 1 });
    const stale = await setBudget(me.api, { categoryId: other, amount: 400, version: 1 }, 409);
    expect(stale.body.message).toMatch(/changed/i);
    expect((await budgetsOf(me.api)).data[0]).toMatchObject({ amount: 300, version: 2 });
  });

  it('refuses a bad amount with a message naming it', async () => {
    const me = await signUp(server);
    const other = await categoryId(me.api, 'other');
    for (const [amount, says] of [
      [0, 'must be greater than 0'],
      [-5, 'must be greater than 0'],
      [1.234, 'at most 2 decimal places'],
      ['ten', 'must be a number'],
    ] as const) {
      const res = await setBudget(me.api, { categoryId: other, amount }, 400);
      expect(res.body.message).toMatch('amount');
      expect(res.body.message).toMatch(says);
    }
    const month = await me.api.get('/budget/getbudgets?month=2026-13');
    expect(month.status).toBe(400);
    expect(month.body.message).toMatch(/month/);
  });
});

describe('going over a budget', () => {
  it('notifies once per budget and month, whatever else is spent', async () => {
    const me = await signUp(server);
    const shopping = await categoryId(me.api, 'shopping');
    await setBudget(me.api, { categoryId: shopping, amount: 1000 });
    await addExpense(me.api, 'shopping', 600, `${thisMonth}-01`);
    await addExpense(me.api, 'movie', 5000, `${thisMonth}-01`);
    expect(await budgetNotices(me.api)).toEqual([]);

    await addExpense(me.api, 'shopping', 600, `${thisMonth}-02`);
    const [notice, ...more] = await budgetNotices(me.api);
    expect(more).toEqual([]);
    expect(notice!.message).toMatch(/^Your shopping spending for \w+ \d{4} is ₹1,200\.00, over/);
    expect(notice!.message).toMatch(/budget of ₹1,000\.00\.$/);

    await addExpense(me.api, 'shopping', 50, `${thisMonth}-03`);
    expect(await budgetNotices(me.api)).toHaveLength(1);

    await addExpense(me.api, 'shopping', 1001, `${nextMonth}-01`);
    expect(await budgetNotices(me.api)).toHaveLength(2);
  });

  it('notifies once for an import that goes over', async () => {
    const me = await signUp(server);
    await setBudget(me.api, { categoryId: await categoryId(me.api, 'movie'), amount: 500 });
    const csv = [
      'Date,Description,Amount,Category',
      ...Array.from({ length: 5 }, (_, i) => `${thisMonth}-0${i + 1},Cinema ${i},200,movie`),
    ].join('\n');
    const res = await fetch(
      `${server.origin}/api/import/run?kind=expenses&dateFormat=YYYY-MM-DD&amountStyle=single`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${me.token}`, 'content-type': 'text/csv' },
        body: csv,
      },
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text.trim().split('\n').at(-1)!).result).toMatchObject({ imported: 5 });
    const notices = await budgetNotices(me.api);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toMatch(/₹1,000\.00, over its budget of ₹500\.00/);
  });

  it('notifies for an expense a recurring expense records', async () => {
    const me = await signUp(server);
    await setBudget(me.api, { categoryId: await categoryId(me.api, 'other'), amount: 100 });
    // Due today: recorded as it is added, as the daily job records it.
    const added = await me.api.post('/expense/addrecurring', {
      description: 'Gym',
      amount: 150,
      category: 'other',
      schedule: 'monthly',
      day: Number(today.slice(8)),
      startDate: today,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await budgetNotices(me.api)).toHaveLength(1);
  });

  it('does not notify for a budget set below what was spent, until the month spends more', async () => {
    const me = await signUp(server);
    const other = await categoryId(me.api, 'other');
    await addExpense(me.api, 'other', 800, `${thisMonth}-01`);
    await setBudget(me.api, { categoryId: other, amount: 500 });
    expect(await budgetNotices(me.api)).toEqual([]);
    await addExpense(me.api, 'other', 1, `${thisMonth}-02`);
    expect(await budgetNotices(me.api)).toHaveLength(1);
  });
});

describe('a category merge', () => {
  it('hands a budget to a category without one, adds it to the budget of one that has one, and says so', async () => {
    const me = await signUp(server);
    const [shopping, movie, other] = await Promise.all(
      ['shopping', 'movie', 'other'].map((name) => categoryId(me.api, name)),
    );
    await setBudget(me.api, { categoryId: shopping, amount: 100.25 });
    await setBudget(me.api, { categoryId: movie, amount: 200.5 });
    await setBudget(me.api, { categoryId: other, amount: 300.75 });
    await addExpense(me.api, 'shopping', 50, `${thisMonth}-01`);
    await addExpense(me.api, 'movie', 400, `${thisMonth}-01`);
    // Over movie's budget: its notice.
    expect(await budgetNotices(me.api)).toHaveLength(1);

    const added = await me.api.post('/category/addcategory', { name: 'Travel' });
    expect(added.status).toBe(201);
    const travel = added.body.data._id as string;
    // Into a category without a budget: the budget moves with the expenses.
    let merged = await me.api.post('/category/mergecategory', { _id: shopping, into: travel });
    expect(merged.status).toBe(200);
    expect(merged.body.message).toBe(
      'Categories merged. Its monthly budget of ₹100.25 moved to "Travel".',
    );
    let budgets = (await budgetsOf(me.api)).data;
    expect(budgets.map((b) => [b.category, b.amount, b.spent])).toEqual([
      ['movie', 200.5, 400],
      ['other', 300.75, 0],
      ['Travel', 100.25, 50],
    ]);
    const otherBefore = budgets.find((b) => b.category === 'other')!;

    // Into one with a budget: the two add up, as the spending of both counts against it now.
    merged = await me.api.post('/category/mergecategory', { _id: movie, into: other });
    expect(merged.status).toBe(200);
    expect(merged.body.message).toBe(
      'Categories merged. Its monthly budget of ₹200.50 was added to the ₹300.75 of "other": ₹501.25 a month now.',
    );
    budgets = (await budgetsOf(me.api)).data;
    expect(budgets.map((b) => [b.category, b.amount, b.spent])).toEqual([
      ['other', 501.25, 400],
      ['Travel', 100.25, 50],
    ]);
    const [paise] = rowsOf<{ amount_paise: string | number }>(
      await server.db.execute(sql`select amount_paise from budgets where id = ${otherBefore._id}`),
    );
    expect(Number(paise!.amount_paise)).toBe(50125);
    // A change of its own: a form read before it is stale.
    expect(budgets.find((b) => b.category === 'other')!.version).toBe(otherBefore.version + 1);
    // 400 of 501.25 is not over it (it would be of 300.75): no new notice.
    expect(await budgetNotices(me.api)).toHaveLength(1);

    // Without a budget, the message is as before.
    const fresh = await me.api.post('/category/addcategory', { name: 'Fuel' });
    merged = await me.api.post('/category/mergecategory', {
      _id: fresh.body.data._id,
      into: other,
    });
    expect(merged.body.message).toBe('Categories merged');
  });
});

describe('live updates', () => {
  it('tell the owner’s other sessions of a budget set, and no one else', async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    const login = await server
      .api()
      .post('/user/loginuser', { email: me.email, password: me.password, userType: 'admin' });
    await withStreams(
      server.origin,
      [login.body.data.token, other.token],
      async ([mine, theirs]) => {
        await setBudget(me.api, { categoryId: await categoryId(me.api, 'other'), amount: 10 });
        const change = await mine.next('change', 'budget');
        expect(change.data.tags).toEqual(['budget', 'dashboard']);
        expect(await changesAfterAWhile(theirs)).toEqual([]);
      },
    );
  });
});

describe('a restore', () => {
  it('copies the budgets and tells no one of spending over them', async () => {
    const me = await signUp(server);
    await setBudget(me.api, { categoryId: await categoryId(me.api, 'shopping'), amount: 10 });
    await addExpense(me.api, 'shopping', 20, `${thisMonth}-01`);
    const userId = me.user._id as string;
    // Read and gone: a restore that told of it again would bring it back.
    await server.db.execute(
      sql`delete from notifications where user_id = ${userId} and kind = 'budget_over'`,
    );
    await withBackupOf(server.db, (file) =>
      withNewDatabase(async (copy) => {
        await restore(copy.db, file);
        const kept = rowsOf<{ amount: string; notices: number }>(
          await copy.db.execute(sql`
          select b.amount_paise::text as amount,
                 (select count(*)::int from notifications n
                   where n.user_id = b.user_id and n.kind = 'budget_over') as notices
            from budgets b where b.user_id = ${userId}`),
        );
        expect(kept).toEqual([{ amount: '1000', notices: 0 }]);
      }),
    );
  });
});
