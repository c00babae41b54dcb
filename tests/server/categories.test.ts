import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { addExpense, addUser, expenseBody, signUp, type Api } from './helpers';
import { useServer } from './fixtures/server';

const server = useServer();

interface Category {
  _id: string;
  name: string;
  expenses: number;
  totalAmount: number;
  recurring: number;
}

async function categoriesOf(api: Api) {
  const res = await api.get<{ data: Category[] }>('/category/getcategories');
  expect(res.status).toBe(200);
  return res.body.data;
}

async function categoryNamed(api: Api, name: string) {
  const found = (await categoriesOf(api)).find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found;
}

const addRecurring = async (api: Api, category: string) => {
  const res = await api.post('/expense/addrecurring', {
    description: 'Rent',
    amount: 100,
    category,
    schedule: 'monthly',
    day: 1,
    startDate: '2199-01-01',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; category: string };
};

const rename = (api: Api, id: string, name: string) =>
  api.post('/category/renamecategory', { _id: id, name });
const merge = (api: Api, id: string, into: string) =>
  api.post('/category/mergecategory', { _id: id, into });
/** The dashboard's figures on 30 November 2026. */
const november = async (api: Api) => (await api.get('/user/getalldata?today=2026-11-30')).body.data;

/**
 * A new user with these expenses ([category, rupees, date]) and a recurring expense in
 * `recurringIn`: the user, that template and the dashboard before anything is renamed.
 */
async function spender(recurringIn: string, expenses: [string, number, string][]) {
  const me = await signUp(server);
  for (const [category, amount, date] of expenses) await addExpense(me.api, category, amount, date);
  const template = await addRecurring(me.api, recurringIn);
  return { me, template, before: await november(me.api) };
}

/** The list's expenses of every page, with its totals. */
async function expensesOf(api: Api, query = '') {
  const res = await api.get(`/expense/getuserallexpenses?pageSize=100${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: { category: string }[]; total: number; totalAmount: number };
}

/** expense_months as the triggers keep it, against the expenses themselves. */
async function monthsMatchExpenses() {
  const kept = rowsOf<Record<string, unknown>>(
    await server.db.execute(sql`
      select user_id, month::text as month, category, entries, amount_paise::text as paise
        from expense_months where entries <> 0 order by 1, 2, 3`),
  );
  const counted = rowsOf<Record<string, unknown>>(
    await server.db.execute(sql`
      select user_id, date_trunc('month', date)::date::text as month, category,
             count(*)::int as entries, sum(amount_paise)::text as paise
        from expenses group by 1, 2, 3 order by 1, 2, 3`),
  );
  expect(kept).toEqual(counted);
}

describe('categories', () => {
  it('starts every new user, of every role, with shopping, movie and other', async () => {
    const admin = await signUp(server);
    const company = await addUser(server, admin.api, 'Acme', 'company');
    const pm = await addUser(server, company.api, 'Priya', 'pm');
    for (const api of [admin.api, company.api, pm.api]) {
      const list = await categoriesOf(api);
      expect(list.map((c) => c.name)).toEqual(['movie', 'other', 'shopping']);
      expect(list.every((c) => c.expenses === 0 && c.totalAmount === 0)).toBe(true);
    }
  });

  it('adds a category that expenses may then use, with counts and totals', async () => {
    const me = await signUp(server);
    const added = await me.api.post('/category/addcategory', { name: '  Groceries ' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      success: true,
      message: 'Category added',
      data: { name: 'Groceries', expenses: 0, totalAmount: 0, recurring: 0 },
    });
    // Any case names it; the expense keeps the name as the category has it.
    expect((await addExpense(me.api, 'groceries', 12.5)).category).toBe('Groceries');
    await addExpense(me.api, 'GROCERIES', 0.25);
    await addRecurring(me.api, 'Groceries');
    expect(await categoryNamed(me.api, 'Groceries')).toMatchObject({
      expenses: 2,
      totalAmount: 12.75,
      recurring: 1,
    });
    // The list filters by it, with the filter's total.
    const list = await expensesOf(me.api, '&category=groceries');
    expect(list.total).toBe(2);
    expect(list.totalAmount).toBe(12.75);
  });

  it('refuses blank, too long and taken names readably', async () => {
    const me = await signUp(server);
    const cases: [unknown, number, string][] = [
      ['   ', 400, 'name is required'],
      ['x'.repeat(51), 400, 'name must be at most 50 characters'],
      [undefined, 400, 'name is required'],
      ['Shopping', 409, 'You have a category named "shopping" already'],
    ];
    for (const [name, status, message] of cases) {
      const res = await me.api.post('/category/addcategory', { name });
      expect(res.status, String(name)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect((await me.api.post('/category/addcategory', { name: 'x'.repeat(50) })).status).toBe(201);
    const movie = await categoryNamed(me.api, 'movie');
    const taken = await rename(me.api, movie._id, 'OTHER');
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('You have a category named "other" already');
  });

  it('renames a category: every expense, month and recurring expense moves with it', async () => {
    const { me, template, before } = await spender('shopping', [
      ['shopping', 10, '2026-10-05'],
      ['shopping', 20, '2026-11-05'],
      ['movie', 5, '2026-11-06'],
    ]);

    const shopping = await categoryNamed(me.api, 'shopping');
    const renamed = await rename(me.api, shopping._id, 'Groceries');
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      _id: shopping._id,
      name: 'Groceries',
      expenses: 2,
      totalAmount: 30,
      recurring: 1,
    });

    const list = await expensesOf(me.api, '&sort=date&order=asc');
    expect(list.data.map((e) => e.category)).toEqual(['Groceries', 'Groceries', 'movie']);
    expect(list.totalAmount).toBe(35);
    const after = await november(me.api);
    expect(after.expenses).toEqual(before.expenses);
    expect(after.expensesByMonth).toEqual([
      { month: '2026-10', category: 'Groceries', amount: 10 },
      { month: '2026-11', category: 'Groceries', amount: 20 },
      { month: '2026-11', category: 'movie', amount: 5 },
    ]);
    const recurring = await me.api.get(`/expense/getrecurring?id=${template._id}`);
    expect(recurring.body.data[0].category).toBe('Groceries');
    // The old name is no longer one of the caller's.
    const old = await me.api.post(
      '/expense/addexpense',
      expenseBody({ description: 'x', amount: 1, category: 'shopping' }),
    );
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(
      'category must be one of your categories: Groceries, movie, other',
    );
    // A change of case only is a rename too.
    const cased = await rename(me.api, shopping._id, 'GROCERIES');
    expect(cased.body.data.name).toBe('GROCERIES');
    await monthsMatchExpenses();
  });

  it('merges one category into another: expenses, months and recurring expenses move', async () => {
    const { me, template, before } = await spender('movie', [
      ['movie', 5, '2026-09-01'],
      ['movie', 7, '2026-11-01'],
      ['other', 3, '2026-11-02'],
    ]);
    const movie = await categoryNamed(me.api, 'movie');
    const other = await categoryNamed(me.api, 'other');

    const merged = await merge(me.api, movie._id, other._id);
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({
      name: 'other',
      expenses: 3,
      totalAmount: 15,
      recurring: 1,
    });
    expect((await categoriesOf(me.api)).map((c) => c.name)).toEqual(['other', 'shopping']);
    const list = await expensesOf(me.api);
    expect(list.data.every((e) => e.category === 'other')).toBe(true);
    const after = await november(me.api);
    expect(after.expenses).toEqual(before.expenses);
    expect(after.expensesByMonth).toEqual([
      { month: '2026-09', category: 'other', amount: 5 },
      { month: '2026-11', category: 'other', amount: 10 },
    ]);
    const recurring = await me.api.get(`/expense/getrecurring?id=${template._id}`);
    expect(recurring.body.data[0].category).toBe('other');

    const again = await merge(me.api, movie._id, other._id);
    expect(again.status).toBe(404);
    const itself = await merge(me.api, other._id, other._id);
    expect(itself.status).toBe(400);
    await monthsMatchExpenses();
  });

  it('refuses to delete a category in use, saying what uses it; deletes an unused one', async () => {
    const me = await signUp(server);
    await addExpense(me.api, 'movie');
    await addExpense(me.api, 'movie');
    await addRecurring(me.api, 'other');
    const movie = await categoryNamed(me.api, 'movie');
    const used = await me.api.post('/category/deletecategory', { id: movie._id });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('2 expenses use it: merge it into another category instead');
    const other = await categoryNamed(me.api, 'other');
    const recurring = await me.api.post('/category/deletecategory', { id: other._id });
    expect(recurring.body.message).toBe(
      '1 recurring expense uses it: merge it into another category instead',
    );

    // An expense deleted leaves an empty month behind, which does not hold the category.
    const shopping = await categoryNamed(me.api, 'shopping');
    const lone = await addExpense(me.api, 'shopping');
    await me.api.post('/expense/deleteexpense', { id: lone._id });
    const removed = await me.api.post('/category/deletecategory', { id: shopping._id });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Category deleted');
    expect((await categoriesOf(me.api)).map((c) => c.name)).toEqual(['movie', 'other']);
  });

  it('keeps at least one category', async () => {
    const me = await signUp(server);
    const [first, second, third] = await categoriesOf(me.api);
    for (const c of [first!, second!])
      expect((await me.api.post('/category/deletecategory', { id: c._id })).status).toBe(200);
    const last = await me.api.post('/category/deletecategory', { id: third!._id });
    expect(last.status).toBe(409);
    expect(last.body.message).toMatch(/Keep at least one category/);
  });

  it("keeps another user's categories invisible and unusable", async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    await other.api.post('/category/addcategory', { name: 'Secret stuff' });
    const theirs = await categoryNamed(other.api, 'Secret stuff');
    const mine = await categoryNamed(me.api, 'other');

    expect((await categoriesOf(me.api)).some((c) => c.name === 'Secret stuff')).toBe(false);
    const used = await me.api.post(
      '/expense/addexpense',
      expenseBody({ description: 'x', amount: 1, category: 'Secret stuff' }),
    );
    expect(used.status).toBe(400);
    const filtered = await me.api.get('/expense/getuserallexpenses?category=Secret%20stuff');
    expect(filtered.status).toBe(400);
    const exported = await me.api.get('/expense/export?category=Secret%20stuff');
    expect(exported.status).toBe(400);
    for (const [path, body] of [
      ['/category/renamecategory', { _id: theirs._id, name: 'Mine now' }],
      ['/category/mergecategory', { _id: theirs._id, into: mine._id }],
      ['/category/mergecategory', { _id: mine._id, into: theirs._id }],
      ['/category/deletecategory', { id: theirs._id }],
    ] as const) {
      const res = await me.api.post(path, body);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Category not found');
    }
    expect((await categoryNamed(other.api, 'Secret stuff')).name).toBe('Secret stuff');
    expect((await categoriesOf(me.api)).map((c) => c.name)).toEqual(['movie', 'other', 'shopping']);
  });

  it('asks for a session', async () => {
    expect((await server.api().get('/category/getcategories')).status).toBe(401);
    expect((await server.api().post('/category/addcategory', { name: 'x' })).status).toBe(401);
  });

  it('keeps the months exact through edits and deletes of many rows at once', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    // Two expenses in each of three months and categories, so a statement moves groups of rows.
    const rows: [string, number, string][] = [
      ['shopping', 100, '2026-09-05'],
      ['shopping', 250.5, '2026-09-20'],
      ['movie', 75, '2026-10-31'],
      ['movie', 20, '2026-10-02'],
      ['other', 12.25, '2026-11-15'],
      ['other', 300, '2026-11-30'],
    ];
    for (const [category, amount, date] of rows) await addExpense(a.api, category, amount, date);
    await addExpense(b.api, 'other', 40, '2026-11-02');
    await monthsMatchExpenses();
    const count = async (api: Api) =>
      (await api.get('/expense/getuserallexpenses')).body.total as number;
    // The user who added an expense last, after all of a's: b.
    const [owner, other] = rowsOf<{ id: string }>(
      await server.db.execute(
        sql`(select user_id as id, 1 as n from expenses where date = '2026-09-05' order by created_at desc limit 1)
            union all
            (select user_id, 2 from expenses order by created_at desc limit 1) order by n`,
      ),
    ).map((r) => r.id);
    expect(other).not.toBe(owner);
    // An amount alone, on every row of a; then a month's rows into another month, dearer.
    await server.db.execute(
      sql`update expenses set amount_paise = amount_paise + 1 where user_id = ${owner}::uuid`,
    );
    await monthsMatchExpenses();
    await server.db.execute(
      sql`update expenses set date = date - 40, amount_paise = amount_paise * 2
           where user_id = ${owner}::uuid and category = 'movie'`,
    );
    await monthsMatchExpenses();
    // A month's rows given to another user, who has the same categories.
    await server.db.execute(
      sql`update expenses set user_id = ${other}::uuid
           where user_id = ${owner}::uuid and category = 'shopping'`,
    );
    await monthsMatchExpenses();
    expect([await count(a.api), await count(b.api)]).toEqual([4, 3]);
    // One delete across months, categories and both users.
    await server.db.execute(
      sql`delete from expenses where user_id in (${owner}::uuid, ${other}::uuid)`,
    );
    await monthsMatchExpenses();
    expect([await count(a.api), await count(b.api)]).toEqual([0, 0]);
  });

  it('loses no expense when two tabs merge at once', async () => {
    const me = await signUp(server);
    for (let i = 0; i < 20; i++) await addExpense(me.api, i % 2 ? 'movie' : 'shopping', i + 1);
    const before = (await me.api.get('/user/getalldata')).body.data.expenses;
    const { _id: movie } = await categoryNamed(me.api, 'movie');
    const { _id: shopping } = await categoryNamed(me.api, 'shopping');
    const { _id: other } = await categoryNamed(me.api, 'other');
    // The same merge twice, and a merge of its target elsewhere, all at once.
    const answers = await Promise.all([
      me.api.post('/category/mergecategory', { _id: movie, into: shopping }),
      me.api.post('/category/mergecategory', { _id: movie, into: shopping }),
      me.api.post('/category/mergecategory', { _id: shopping, into: other }),
      addExpense(me.api, 'movie', 100).catch(() => undefined),
    ]);
    for (const res of answers.slice(0, 3))
      expect([200, 404]).toContain((res as { status: number }).status);
    const after = (await me.api.get('/user/getalldata')).body.data.expenses;
    const list = await expensesOf(me.api);
    const names = new Set((await categoriesOf(me.api)).map((c) => c.name));
    // Every expense is in a category that exists, and none went missing.
    expect(list.data.every((e) => names.has(e.category))).toBe(true);
    expect(list.total).toBe(after.count);
    expect(after.count === before.count || after.count === before.count + 1).toBe(true);
    await monthsMatchExpenses();
  });
});
