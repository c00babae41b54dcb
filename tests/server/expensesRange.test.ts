import { describe, expect, it } from 'vitest';
import { loanBody, signUp, type Api, type TestServer } from './helpers';
import { useServer } from './fixtures/server';

let server: TestServer;
let me: Api;
useServer(async (started) => {
  server = started;
  me = (await signUp(server)).api;
  const add = (date: string, amount: number, category: string, description = 'Spent') =>
    me.post('/expense/addexpense', { date, amount, category, description });
  // October (whole), November (part), a day in December, and one long before.
  await add('2026-10-01', 100.1, 'other');
  await add('2026-10-31', 50, 'movie');
  await add('2026-11-01', 0.1, 'other', 'Chai');
  await add('2026-11-15', 0.2, 'other', 'Biscuits');
  await add('2026-11-30', 1000, 'shopping');
  await add('2026-12-01', 7, 'other');
  await add('2025-01-10', 12345678.99, 'shopping');
});

const list = (query: string) => me.get(`/expense/getuserallexpenses?${query}`);
const report = (query: string) => me.get(`/expense/categoryreport?${query}`);

describe('expenses of a month or range of days', () => {
  it('lists only the days of the range, with the total of the range summed to the paisa', async () => {
    const november = await list('from=2026-11-01&to=2026-11-30');
    expect(november.status).toBe(200);
    expect(november.body.data.map((e: { date: string }) => e.date)).toEqual([
      '2026-11-30',
      '2026-11-15',
      '2026-11-01',
    ]);
    expect(november.body.total).toBe(3);
    expect(november.body.totalAmount).toBe(1000.3);

    // A page of one still totals the whole range.
    const page = await list('from=2026-11-01&to=2026-11-30&pageSize=1&page=2');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.total).toBe(3);
    expect(page.body.totalAmount).toBe(1000.3);

    // With a category, and with a search, the range still holds.
    const others = await list('from=2026-11-01&to=2026-11-30&category=OTHER');
    expect(others.body.total).toBe(2);
    expect(others.body.totalAmount).toBe(0.3);
    const chai = await list('from=2026-10-01&to=2026-12-31&search=chai');
    expect(chai.body.data.map((e: { description: string }) => e.description)).toEqual(['Chai']);

    // Open at one end.
    const since = await list('from=2026-11-15');
    expect(since.body.total).toBe(3);
    expect(since.body.totalAmount).toBe(1007.2);
    const until = await list('to=2025-12-31');
    expect(until.body.totalAmount).toBe(12345678.99);
  });

  it('refuses a range that ends before it starts, and a day that is not one, naming the field', async () => {
    const backwards = await list('from=2026-11-30&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.field).toBe('to');
    const bad = await report('from=2026-02-30&to=2026-03-01');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('from');
    const missing = await report('from=2026-02-01');
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('to');
  });

  it('sums each category over the range, whole months and part months alike, largest first', async () => {
    // 15 Oct to 15 Nov: part of October, part of November.
    const part = await report('from=2026-10-15&to=2026-11-15');
    expect(part.status).toBe(200);
    expect(part.body.data).toEqual([
      { category: 'movie', count: 1, amount: 50 },
      { category: 'other', count: 2, amount: 0.3 },
    ]);
    expect(part.body).toMatchObject({ from: '2026-10-15', to: '2026-11-15', count: 3 });
    expect(part.body.totalAmount).toBe(50.3);

    // Whole months (from the kept monthly totals) and a day beyond them.
    const months = await report('from=2026-10-01&to=2026-12-01');
    expect(months.body.data).toEqual([
      { category: 'shopping', count: 1, amount: 1000 },
      { category: 'other', count: 4, amount: 107.4 },
      { category: 'movie', count: 1, amount: 50 },
    ]);
    expect(months.body.count).toBe(6);
    expect(months.body.totalAmount).toBe(1157.4);

    // Years: exact past a float's cents.
    const all = await report('from=2000-01-01&to=2100-12-31');
    expect(all.body.totalAmount).toBe(12346836.39);
    expect(all.body.data[0]).toEqual({ category: 'shopping', count: 2, amount: 12346678.99 });

    const none = await report('from=2027-01-01&to=2027-01-31');
    expect(none.body).toMatchObject({ data: [], count: 0, totalAmount: 0 });
  });

  it("keeps to the caller's own expenses", async () => {
    const other = (await signUp(server)).api;
    const theirs = await other.get('/expense/categoryreport?from=2000-01-01&to=2100-12-31');
    expect(theirs.body).toMatchObject({ data: [], count: 0, totalAmount: 0 });
    const listed = await other.get('/expense/getuserallexpenses?from=2026-11-01&to=2026-11-30');
    expect(listed.body).toMatchObject({ total: 0, totalAmount: 0 });
  });

  it("gives the dashboard a range's figures beside the all-time ones", async () => {
    await me.post(
      '/lend/addlend',
      loanBody({
        name: 'Asha',
        email: 'asha@example.com',
        amount: 500,
        issueDate: '2026-11-10',
        repaymentDate: '2026-12-10',
      }),
    );
    const dash = await me.get('/user/getalldata?today=2026-11-20&from=2026-11-01&to=2026-11-30');
    expect(dash.status).toBe(200);
    expect(dash.body.data.expenses).toEqual({ count: 7, totalAmount: 12346836.39 });
    expect(dash.body.data.period).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      expenses: { count: 3, totalAmount: 1000.3 },
      lend: { count: 1, totalAmount: 500 },
      borrowed: { count: 0, totalAmount: 0 },
      byCategory: [
        { category: 'shopping', amount: 1000 },
        { category: 'other', amount: 0.3 },
      ],
    });
    const without = await me.get('/user/getalldata?today=2026-11-20');
    expect(without.body.data.period).toBeUndefined();
    const half = await me.get('/user/getalldata?from=2026-11-01');
    expect(half.status).toBe(400);
    expect(half.body.field).toBe('to');
  });
});
