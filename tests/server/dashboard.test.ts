import { describe, expect, it } from 'vitest';
import { expenseBody, loanBody, signUp } from './helpers';
import { useServer } from './fixtures/server';

const server = useServer();

describe('dashboard', () => {
  it('shows zeros for a new user', async () => {
    const me = await signUp(server);
    const { data } = (await me.api.get('/user/getalldata')).body;
    expect(data.expenses).toEqual({ count: 0, totalAmount: 0 });
    expect(data.lend).toEqual({ count: 0, totalAmount: 0, outstandingAmount: 0, overdueCount: 0 });
    expect(data.lentRepaidPercent).toBeNull();
    expect(data.recent).toEqual([]);
    expect(data.expensesByMonth).toEqual([]);
  });

  it('counts, sums and groups the user’s own entries, straight after each edit', async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    await other.api.post(
      '/expense/addexpense',
      expenseBody({ description: 'x', amount: 999, category: 'movie' }),
    );

    const add = (date: string, amount: number, category: string) =>
      me.api.post(
        '/expense/addexpense',
        expenseBody({ date, description: `${category} ${date}`, amount, category }),
      );
    await add('2025-11-30', 1, 'other'); // older than 12 months: not in the chart
    await add('2025-12-01', 2.5, 'movie');
    await add('2026-11-10', 10.25, 'shopping');
    await add('2026-11-12', 5, 'shopping');
    const lend = (
      await me.api.post(
        '/lend/addlend',
        loanBody({ amount: 300, issueDate: '2026-10-01', repaymentDate: '2026-11-01' }),
      )
    ).body.data;
    await me.api.post('/lend/addrepayment', { loanId: lend._id, date: '2026-10-05', amount: 100 });
    await me.api.post(
      '/borrowed/addborrowed',
      loanBody({
        name: 'Meena',
        email: 'meena@example.com',
        amount: 50.5,
        repaymentDate: '2026-12-31',
      }),
    );

    const { data } = (await me.api.get('/user/getalldata?today=2026-11-22')).body;
    expect(data.expenses).toEqual({ count: 4, totalAmount: 18.75 });
    expect(data.lend).toEqual({
      count: 1,
      totalAmount: 300,
      outstandingAmount: 200,
      overdueCount: 1,
    });
    expect(data.borrowed).toEqual({
      count: 1,
      totalAmount: 50.5,
      outstandingAmount: 50.5,
      overdueCount: 0,
    });
    expect(data.lentRepaidPercent).toBe(33.33);
    expect(data.recent.map((r: any) => [r.kind, r.label])).toEqual([
      ['borrowed', 'Meena'],
      ['lend', 'Ravi'],
      ['expense', 'shopping 2026-11-12'],
      ['expense', 'shopping 2026-11-10'],
      ['expense', 'movie 2025-12-01'],
    ]);
    expect(data.expensesByMonth).toEqual([
      { month: '2025-12', category: 'movie', amount: 2.5 },
      { month: '2026-11', category: 'shopping', amount: 15.25 },
    ]);

    // Edits show at once: December's movie moves to March, the 5 rupees go, and an expense
    // dated later this month counts in the totals but is not in the chart yet.
    const mine = (await me.api.get('/expense/getuserallexpenses?pageSize=100')).body.data;
    const byLabel = (label: string) => mine.find((e: any) => e.description === label)._id;
    await me.api.post('/expense/updateexpense', {
      _id: byLabel('movie 2025-12-01'),
      version: 1,
      date: '2026-03-15',
      description: 'movie moved',
      amount: 2.5,
      category: 'movie',
    });
    await me.api.post('/expense/deleteexpense', { id: byLabel('shopping 2026-11-12') });
    await add('2026-11-28', 7, 'shopping');
    const after = (await me.api.get('/user/getalldata?today=2026-11-22')).body.data;
    expect(after.expenses).toEqual({ count: 4, totalAmount: 20.75 });
    expect(after.expensesByMonth).toEqual([
      { month: '2026-03', category: 'movie', amount: 2.5 },
      { month: '2026-11', category: 'shopping', amount: 10.25 },
    ]);
    const list = (await me.api.get('/expense/getuserallexpenses')).body;
    expect([list.total, list.totalAmount]).toEqual([4, 20.75]);
  });
});
