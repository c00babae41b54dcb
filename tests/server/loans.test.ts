import { describe, expect, it } from 'vitest';
import { loans } from '../../server/db/schema';
import { loanBody, signUp } from './helpers';
import { useServer } from './fixtures/server';
import { expectRowPositionsPageAsNumbers } from './fixtures/rowPositions';

const server = useServer();

const entry = (overrides: Record<string, unknown> = {}) =>
  loanBody({ name: 'Ravi Kumar', amount: 1000, issueDate: '2026-10-01', ...overrides });
const amounts = (rows: { amount: number }[]) => rows.map((r) => r.amount);

describe('lend and borrowed', () => {
  it('keeps each kind apart, with the totals of what the list shows', async () => {
    const me = await signUp(server);
    const lent = await me.api.post('/lend/addlend', entry({ amount: 1500.5 }));
    expect(lent.status).toBe(201);
    expect(lent.body.message).toBe('Lend created successfully');
    expect(lent.body.data).toMatchObject({ amount: 1500.5, repaid: 0, outstanding: 1500.5 });
    await me.api.post(
      '/lend/addlend',
      entry({ amount: 0.25, name: 'Meena', email: 'meena@example.com' }),
    );
    const borrowed = await me.api.post('/borrowed/addborrowed', entry({ amount: 300 }));
    expect(borrowed.body.message).toBe('Borrowed created successfully');

    const lends = await me.api.get('/lend/getuseralllends');
    expect(lends.body).toMatchObject({
      total: 2,
      totalAmount: 1500.75,
      outstandingAmount: 1500.75,
    });
    const borroweds = await me.api.get('/borrowed/getuserallborroweds');
    expect(borroweds.body).toMatchObject({ total: 1, totalAmount: 300 });

    const searched = await me.api.get('/lend/getuseralllends?search=meena');
    expect(searched.body).toMatchObject({ total: 1, totalAmount: 0.25 });
    // Name or email, any case.
    const byEmail = await me.api.get('/lend/getuseralllends?search=MEENA%40EXAMPLE');
    expect(byEmail.body).toMatchObject({ total: 1, totalAmount: 0.25 });

    const id = lent.body.data._id;
    const upd = await me.api.post('/lend/updatelend', entry({ _id: id, version: 1, amount: 2000 }));
    expect(upd.body.message).toBe('Lend updated successfully');
    // A lend is not a borrowed entry: the other kind's calls do not find it.
    expect(
      (await me.api.post('/borrowed/updateborrowed', entry({ _id: id, version: 2 }))).status,
    ).toBe(404);
    expect((await me.api.post('/borrowed/deleteborrowed', { id })).status).toBe(404);

    const del = await me.api.post('/lend/deletelend', { id });
    expect(del.body.message).toBe('Lend deleted successfully');
    expect((await me.api.get('/lend/getuseralllends')).body.totalAmount).toBe(0.25);
  });

  it('counts a search up to 10,000, then says so and leaves the sums out; the pages go on', async () => {
    const me = await signUp(server);
    // 10,050 lends to "Movie Hall" people and 2 to Zubin, straight in SQL.
    await server.database.query(
      `insert into loans (user_id, direction, name, email, amount_paise, issue_date, repayment_date)
         select $1::uuid, 'lend'::loan_direction, 'Movie Hall ' || g, 'hall' || g || '@example.com', 100,
                date '2026-01-01' + (g % 300), date '2026-12-31'
           from generate_series(1, 10050) g
       union all
         select $1::uuid, 'lend'::loan_direction, 'Zubin', 'zubin@example.com', 25050, date '2026-03-01', date '2026-12-31'
           from generate_series(1, 2)`,
      [me.user._id],
    );
    const common = await me.api.get('/lend/getuseralllends?search=movie');
    expect(common.status).toBe(200);
    expect(common.body).toMatchObject({
      total: 10_000,
      totalCapped: true,
      totalAmount: null,
      repaidAmount: null,
      outstandingAmount: null,
    });
    const deep = await me.api.get('/lend/getuseralllends?search=movie&page=503');
    expect(deep.body.data).toHaveLength(10);

    const rare = await me.api.get('/lend/getuseralllends?search=ZUBIN');
    expect(rare.body).toMatchObject({ total: 2, totalAmount: 501, outstandingAmount: 501 });
    expect(rare.body.totalCapped).toBeUndefined();
    // A page of one (the other on page 2) and one exactly full say the same totals.
    for (const size of [1, 2]) {
      const paged = await me.api.get(`/lend/getuseralllends?search=zubin&pageSize=${size}`);
      expect(paged.body).toMatchObject({ total: 2, totalAmount: 501, outstandingAmount: 501 });
    }
    // Without a search, dates included, every entry is counted and summed.
    const all = await me.api.get('/lend/getuseralllends');
    expect(all.body).toMatchObject({ total: 10_052, totalAmount: 10_551 });
    const range = await me.api.get('/lend/getuseralllends?from=2026-01-01&to=2026-12-31');
    expect(range.body).toMatchObject({ total: 10_052, totalAmount: 10_551 });
    expect(range.body.totalCapped).toBeUndefined();
  });

  it('refuses a repayment date before the issue date', async () => {
    const me = await signUp(server);
    const res = await me.api.post(
      '/lend/addlend',
      entry({ issueDate: '2026-10-02', repaymentDate: '2026-10-01' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('repaymentDate must be on or after issueDate');
  });

  it('records partial and whole repayments, never more than is outstanding', async () => {
    const me = await signUp(server);
    const lend = (await me.api.post('/lend/addlend', entry({ amount: 1000 }))).body.data;

    const part = await me.api.post('/lend/addrepayment', {
      loanId: lend._id,
      date: '2026-10-15',
      amount: 400.4,
      remark: 'first part',
    });
    expect(part.status).toBe(201);
    const row = async (today: string) =>
      (await me.api.get(`/lend/getuseralllends?today=${today}`)).body;
    expect((await row('2026-11-01')).data[0]).toMatchObject({
      repaid: 400.4,
      outstanding: 599.6,
      status: 'due',
    });
    expect((await row('2026-12-02')).data[0].status).toBe('overdue');
    expect((await row('2026-12-02')).outstandingAmount).toBe(599.6);

    const tooMuch = await me.api.post('/lend/addrepayment', {
      loanId: lend._id,
      date: '2026-10-16',
      amount: 599.61,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('amount cannot be more than what is outstanding (₹599.60)');

    const shrink = await me.api.post(
      '/lend/updatelend',
      entry({ _id: lend._id, version: 1, amount: 400 }),
    );
    expect(shrink.status).toBe(400);

    await me.api.post('/lend/addrepayment', {
      loanId: lend._id,
      date: '2026-10-20',
      amount: 599.6,
    });
    const settled = (await row('2027-01-01')).data[0];
    expect(settled).toMatchObject({ outstanding: 0, status: 'settled' });

    const list = await me.api.get(`/lend/getrepayments?id=${lend._id}`);
    expect(amounts(list.body.data)).toEqual([400.4, 599.6]);
    await me.api.post('/lend/deleterepayment', { id: list.body.data[0]._id });
    expect((await row('2026-11-01')).data[0]).toMatchObject({ repaid: 599.6, outstanding: 400.4 });
  });

  it('never lets 20 concurrent repayments overpay a lend', async () => {
    const me = await signUp(server);
    const lend = (await me.api.post('/lend/addlend', entry({ amount: 100 }))).body.data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        me.api.post('/lend/addrepayment', { loanId: lend._id, date: '2026-10-02', amount: 10 }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(10);
    const row = (await me.api.get('/lend/getuseralllends')).body.data[0];
    expect(row).toMatchObject({ repaid: 100, outstanding: 0, status: 'settled' });
  });

  it('filters reports on issueDate, inclusive, and exports them as CSV', async () => {
    const me = await signUp(server);
    for (const [day, amount] of [
      ['2026-09-30', 1],
      ['2026-10-01', 2],
      ['2026-10-15', 4],
      ['2026-10-31', 8],
      ['2026-11-01', 16],
    ] as const) {
      await me.api.post(
        '/borrowed/addborrowed',
        entry({ issueDate: day, repaymentDate: '2026-12-31', amount, name: `=cmd ${day}` }),
      );
    }
    const report = await me.api.get('/borrowed/getuserallborroweds?from=2026-10-01&to=2026-10-31');
    expect(report.body.total).toBe(3);
    expect(report.body.totalAmount).toBe(14);

    const oneDay = await me.api.get('/borrowed/getuserallborroweds?from=2026-10-15&to=2026-10-15');
    expect(oneDay.body.totalAmount).toBe(4);

    const backwards = await me.api.get(
      '/borrowed/getuserallborroweds?from=2026-10-31&to=2026-10-01',
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('End date must be on or after the start date');

    const csv = await me.api.raw('GET', '/borrowed/export?from=2026-10-01&to=2026-10-31');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(
      'borrowed-report-2026-10-01-to-2026-10-31.csv',
    );
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe(
      'S.no,Name,Email,Amount,Repaid,Outstanding,Status,IssueDate,RepaymentDate',
    );
    expect(lines).toHaveLength(4);
    // A name that looks like a formula is neutralised for spreadsheets.
    expect(lines[1]).toBe(
      "1,'=cmd 2026-10-01,ravi@example.com,2.00,0.00,2.00,due,2026-10-01,2026-12-31",
    );
  });

  it('exports every row of a long history, in issue-date order, page after page', async () => {
    const me = await signUp(server);
    const day = (i: number) =>
      `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    await server.db.insert(loans).values(
      Array.from({ length: 2100 }, (_, i) => ({
        userId: me.user._id,
        direction: 'lend' as const,
        name: `Person ${i}`,
        email: `p${i}@example.com`,
        amountPaise: 100 + i,
        issueDate: day(i),
        repaymentDate: '2026-12-31',
      })),
    );
    const csv = await me.api.raw('GET', '/lend/export');
    const lines = String(csv.body).trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(2100);
    expect(new Set(lines.map((l) => l.split(',')[1])).size).toBe(2100);
    const dates = lines.map((l) => l.split(',')[7]!);
    expect(dates).toEqual([...dates].sort());
  });

  it('nets each person across lends, borrowings and repayments', async () => {
    const me = await signUp(server);
    const l = (
      await me.api.post(
        '/lend/addlend',
        entry({ amount: 1000, issueDate: '2026-01-01', repaymentDate: '2026-02-01' }),
      )
    ).body.data;
    await me.api.post(
      '/borrowed/addborrowed',
      entry({
        amount: 300,
        email: 'RAVI@example.com',
        issueDate: '2026-01-05',
        repaymentDate: '2026-02-01',
      }),
    );
    await me.api.post('/lend/addrepayment', {
      loanId: l._id,
      date: '2026-01-10',
      amount: 200,
      remark: 'cash',
    });
    await me.api.post(
      '/lend/addlend',
      entry({ name: 'Meena', email: 'meena@example.com', amount: 50 }),
    );

    const people = await me.api.get('/user/getcounterparties');
    expect(people.body.total).toBe(2);
    expect(people.body.data).toEqual([
      {
        _id: expect.any(String),
        name: 'Meena',
        email: 'meena@example.com',
        mobile: null,
        theyOwe: 50,
        iOwe: 0,
        net: 50,
      },
      expect.objectContaining({ name: 'Ravi Kumar', theyOwe: 800, iOwe: 300, net: 500 }),
    ]);
    expect(people.body.netAmount).toBe(550);

    const history = await me.api.get('/user/getcounterparty?email=ravi@example.com');
    expect(history.body.data.balance).toBe(500);
    expect(history.body.data.events.map((e: any) => [e.date, e.kind, e.change, e.balance])).toEqual(
      [
        ['2026-01-01', 'lend', 1000, 1000],
        ['2026-01-05', 'borrowed', -300, 700],
        ['2026-01-10', 'repayment_lend', -200, 500],
      ],
    );
  });

  it("answers 404 for every call on another user's entries", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const lend = (await owner.api.post('/lend/addlend', entry())).body.data;
    const rep = (
      await owner.api.post('/lend/addrepayment', {
        loanId: lend._id,
        date: '2026-10-02',
        amount: 1,
      })
    ).body.data;

    for (const res of [
      await stranger.api.post('/lend/updatelend', entry({ _id: lend._id, version: 1 })),
      await stranger.api.post('/lend/deletelend', { id: lend._id }),
      await stranger.api.post('/lend/addrepayment', {
        loanId: lend._id,
        date: '2026-10-02',
        amount: 1,
      }),
      await stranger.api.get(`/lend/getrepayments?id=${lend._id}`),
      await stranger.api.post('/lend/deleterepayment', { id: rep._id }),
      await stranger.api.post('/user/sendemaillend', { _id: lend._id }),
      await stranger.api.get('/user/getcounterparty?email=ravi@example.com'),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await stranger.api.get('/lend/getuseralllends')).body.total).toBe(0);
    expect((await owner.api.get('/lend/getuseralllends')).body.data[0]).toMatchObject({
      amount: 1000,
      repaid: 1,
    });
  });
});

describe('paging a list by row position', () => {
  it('Next and Previous give the same pages as page numbers, for every sort', async () => {
    const me = await signUp(server);
    // Ties in every sort column, and rows made in the same instant: only the key breaks them.
    await server.database.query(
      `insert into loans (user_id, direction, name, email, amount_paise, issue_date, repayment_date)
         select $1, 'borrowed', (array['Asha', 'asha', 'Ravi'])[1 + g % 3],
                (array['a@example.com', 'b@example.com'])[1 + g % 2], (g % 5) * 1000 + 100,
                date '2026-03-01' + (g % 4), date '2026-06-01' + (g % 3)
           from generate_series(1, 47) g`,
      [me.user._id],
    );
    const list = (query: string) =>
      me.api.get(`/borrowed/getuserallborroweds?pageSize=10&${query}`);
    await expectRowPositionsPageAsNumbers(
      list,
      ['issueDate', 'repaymentDate', 'amount', 'name', 'email', 'createdAt'],
      47,
    );
    const forged = Buffer.from(JSON.stringify(['2026-02-30', 'x'])).toString('base64url');
    const refused = await list(`page=2&after=${forged}`);
    expect(refused.status).toBe(400);
  });
});
