import { describe, expect, it } from 'vitest';
import { bankAccountBody, openAccount, paymentBody, type Api } from './helpers';
import { useCast } from './fixtures/cast';

const { server, admin, company, other: stranger } = useCast();

const account = (overrides: Record<string, unknown> = {}) =>
  bankAccountBody({ defaultStatus: 'deActive', ...overrides });
const pay = (
  accountId: string,
  paymentType: 'credit' | 'debit',
  amount: number,
  date = '2026-11-10',
) =>
  company.post(
    '/company/addpayment',
    paymentBody({ accountId, date, remark: `${paymentType} ${amount}`, paymentType, amount }),
  );

/** A fresh account of the company with this number and opening balance. */
const newAccount = (accountNo: string, openingBalance: number) =>
  openAccount(company, { account_no: accountNo, openingBalance, defaultStatus: 'deActive' });

/** The statement call's path: an account over [from, to], `more` adding page params. */
const statementPath = (accountId: string, from: string, to: string, more = '') =>
  `/company/statement?accountId=${accountId}&from=${from}&to=${to}${more}`;

describe('bank accounts', () => {
  it('creates accounts with checked fields and at most one default', async () => {
    const mismatch = await company.post(
      '/company/createbank',
      account({ confirm_no: '123456789013' }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Account numbers do not match');
    const badIfsc = await company.post('/company/createbank', account({ ifsc: 'SBIN1234567' }));
    expect(badIfsc.status).toBe(400);
    expect(badIfsc.body.message).toMatch(/^ifsc must be 4 letters, a 0/);

    const first = await company.post(
      '/company/createbank',
      account({ defaultStatus: 'active', openingBalance: 1000.5, ifsc: 'sbin0001234' }),
    );
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      ifsc: 'SBIN0001234',
      balance: 1000.5,
      defaultStatus: 'active',
    });
    const second = await company.post(
      '/company/createbank',
      account({ account_no: '999999999', confirm_no: '999999999', defaultStatus: 'active' }),
    );
    expect(second.status).toBe(201);
    const dup = await company.post('/company/createbank', account());
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('You already have an account with this account number');

    const list = await company.get('/company/getallbankbyuserid?sort=account_no&order=asc');
    expect(list.body.data.map((a: any) => [a.account_no, a.defaultStatus])).toEqual([
      ['123456789012', 'deActive'],
      ['999999999', 'active'],
    ]);

    const upd = await company.post('/company/updatebankaccount', {
      ...account({ defaultStatus: 'active', branch: 'Indiranagar' }),
      _id: first.body.data._id,
      // Made deActive by the second account, the first has moved on to version 2.
      version: 2,
    });
    expect(upd.status).toBe(200);
    const after = await company.get('/company/getallbankbyuserid?sort=account_no&order=asc');
    expect(after.body.data.map((a: any) => a.defaultStatus)).toEqual(['active', 'deActive']);
    expect(after.body.data[0].branch).toBe('Indiranagar');
  });

  it('accountId narrows the list to that account, for those who may read it only', async () => {
    const [first, second] = (await company.get('/company/getallbankbyuserid')).body.data;
    const only = (await company.get(`/company/getallbankbyuserid?accountId=${second._id}`)).body;
    expect([only.total, only.data.map((a: any) => a._id)]).toEqual([1, [second._id]]);
    const byAdmin = (await admin.get(`/company/getallbankbyuserid?accountId=${first._id}`)).body;
    expect(byAdmin.data.map((a: any) => a._id)).toEqual([first._id]);
    const byStranger = await stranger.get(`/company/getallbankbyuserid?accountId=${first._id}`);
    expect([byStranger.status, byStranger.body.total]).toEqual([200, 0]);
    expect((await company.get('/company/getallbankbyuserid?accountId=nope')).status).toBe(400);
  });

  it('excludeId leaves one account out, as Transfer asks for the account money goes to', async () => {
    const all = (await company.get('/company/getallbankbyuserid')).body;
    const [from] = all.data;
    const others = (
      await company.get(`/company/getallbankbyuserid?state=open&excludeId=${from._id}`)
    ).body;
    expect(others.total).toBe(all.total - 1);
    expect(others.data.map((a: any) => a._id)).not.toContain(from._id);
    expect((await company.get('/company/getallbankbyuserid?excludeId=nope')).status).toBe(400);
  });

  it('lets the admin read but not write, and a stranger neither', async () => {
    const mine = (await company.get('/company/getallbankbyuserid')).body.data[0];
    expect((await admin.get('/company/getallbankbyuserid')).body.total).toBe(2);
    expect((await stranger.get('/company/getallbankbyuserid')).body.total).toBe(0);
    const byAdmin = await admin.post(
      '/company/createbank',
      account({ account_no: '55555555', confirm_no: '55555555' }),
    );
    expect(byAdmin.status).toBe(403);
    expect(
      (await admin.post('/company/addpayment', paymentBody({ accountId: mine._id, amount: 1 })))
        .status,
    ).toBe(403);
    expect(
      (
        await stranger.post('/company/updatebankaccount', {
          ...account(),
          _id: mine._id,
          version: mine.version,
        })
      ).status,
    ).toBe(404);
    expect((await stranger.post('/company/deletebank', { id: mine._id })).status).toBe(404);
    expect(
      (await stranger.post('/company/addpayment', paymentBody({ accountId: mine._id, amount: 1 })))
        .status,
    ).toBe(404);
    expect((await stranger.get(statementPath(mine._id, '2026-01-01', '2026-12-31'))).status).toBe(
      404,
    );
    expect((await admin.get(statementPath(mine._id, '2026-01-01', '2026-12-31'))).status).toBe(200);
    const payments = `/company/getpayments?accountId=${mine._id}`;
    expect((await stranger.get(payments)).status).toBe(404);
    expect((await admin.get(payments)).body).toMatchObject({ total: 0, data: [] });
  });

  // 19.99 * 100 is 1998.9999999999998: an exact float comparison refused it. The SPA's form
  // sends these (tests/unit/bank.test.tsx); the server takes them and gives them back as sent.
  it('takes opening balances of 19.99, 1.10 and 0.29 and gives them back exactly', async () => {
    for (const [accountNo, openingBalance] of [
      ['1999000019', 19.99],
      ['1100000011', 1.1],
      ['2900000029', 0.29],
    ] as const) {
      const created = await company.post(
        '/company/createbank',
        account({ account_no: accountNo, confirm_no: accountNo, openingBalance }),
      );
      expect(created.status, accountNo).toBe(201);
      expect(created.body.data).toMatchObject({ openingBalance, balance: openingBalance });

      const listed = await company.get(`/company/getallbankbyuserid?search=${accountNo}`);
      expect(listed.body.data).toHaveLength(1);
      expect(listed.body.data[0]).toMatchObject({ openingBalance, balance: openingBalance });
      expect(listed.body.totalAmount).toBe(openingBalance);

      const s = await company.get(statementPath(created.body.data._id, '2026-01-01', '2026-12-31'));
      expect(s.body.data).toMatchObject({ openingBalance, closingBalance: openingBalance });
    }
  });
});

describe('payments and statements', () => {
  it('moves the balance with each payment and refuses an overdraft', async () => {
    const acc = await newAccount('11112222', 100);
    const credit = await pay(acc._id, 'credit', 50.25);
    expect(credit.status).toBe(201);
    expect(credit.body.data.balance).toBe(150.25);
    const debit = await pay(acc._id, 'debit', 150.25);
    expect(debit.body.data.balance).toBe(0);
    const over = await pay(acc._id, 'debit', 0.01);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      'Insufficient balance: this debit would take the account below zero on 10/11/2026',
    );
    const list = await company.get(`/company/getpayments?accountId=${acc._id}`);
    expect(list.body.total).toBe(2);

    const del = await company.post('/company/deletebank', { id: acc._id });
    expect(del.status).toBe(409);
  });

  it('never loses one of 200 concurrent payments', async () => {
    const acc = await newAccount('33334444', 0);
    await pay(acc._id, 'credit', 1000);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0 ? pay(acc._id, 'credit', 1.01) : pay(acc._id, 'debit', 0.99),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const [row] = (await company.get('/company/getallbankbyuserid?search=33334444')).body.data;
    expect(row.balance).toBe(1002);
    const s = await company.get(statementPath(acc._id, '2026-01-01', '2026-12-31'));
    expect(s.body.data.closingBalance).toBe(row.balance);
    expect(s.body.data.total).toBe(201);
    expect(s.body.data).toMatchObject({ page: 1, pageSize: 20 });
    expect(s.body.data.entries).toHaveLength(20);
  });

  it('states opening, running and closing balances for any range', async () => {
    const acc = await newAccount('55556666', 500);
    await pay(acc._id, 'credit', 100, '2026-01-15');
    await pay(acc._id, 'debit', 30.5, '2026-02-01');
    await pay(acc._id, 'credit', 10, '2026-02-20');
    await pay(acc._id, 'debit', 5, '2026-03-01');
    const s = (await company.get(statementPath(acc._id, '2026-02-01', '2026-02-28'))).body.data;
    expect(s).toMatchObject({
      openingBalance: 600,
      totalCredits: 10,
      totalDebits: 30.5,
      closingBalance: 579.5,
    });
    expect(s.entries.map((e: any) => [e.date, e.paymentType, e.amount, e.balance])).toEqual([
      ['2026-02-01', 'debit', 30.5, 569.5],
      ['2026-02-20', 'credit', 10, 579.5],
    ]);
    const backwards = await company.get(statementPath(acc._id, '2026-03-01', '2026-02-01'));
    expect(backwards.status).toBe(400);

    const csv = await company.raw(
      'GET',
      `/company/statement/export?accountId=${acc._id}&from=2026-02-01&to=2026-02-28`,
    );
    expect(String(csv.body).trim().split('\r\n')).toEqual([
      'Date,Remark,Credit,Debit,Balance,Mode,Reference,Party,Project',
      '2026-02-01,Opening balance,,,600.00',
      '2026-02-01,debit 30.5,,30.50,569.50,,,,',
      '2026-02-20,credit 10,10.00,,579.50,,,,',
      '2026-02-28,Closing balance,10.00,30.50,579.50',
    ]);
  });

  it('pages the entries: whole-range figures on every page, running balances continuous', async () => {
    const acc = await newAccount('77778888', 1000);
    await pay(acc._id, 'credit', 999, '2026-03-31'); // before the range: in the opening
    const amounts: ['credit' | 'debit', number, string][] = [
      ['credit', 100, '2026-04-01'],
      ['debit', 20.5, '2026-04-01'],
      ['credit', 3.25, '2026-04-02'],
      ['debit', 40, '2026-04-05'],
      ['credit', 7, '2026-04-05'],
      ['debit', 1.01, '2026-04-09'],
      ['credit', 50, '2026-04-30'],
    ];
    for (const [type, amount, date] of amounts) await pay(acc._id, type, amount, date);
    await pay(acc._id, 'debit', 5, '2026-05-01'); // after the range: nowhere
    const url = (query: string) => statementPath(acc._id, '2026-04-01', '2026-04-30', query);
    const figures = {
      openingBalance: 1999,
      totalCredits: 160.25,
      totalDebits: 61.51,
      closingBalance: 2097.74,
      total: 7,
    };

    const all = (await company.get(url('&pageSize=100'))).body.data;
    expect(all).toMatchObject({ ...figures, page: 1, pageSize: 100 });
    expect(all.entries).toHaveLength(7);

    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await company.get(url(`&page=${page}&pageSize=3`));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ...figures, page, pageSize: 3 });
      pages.push(res.body.data.entries);
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const joined = pages.flat();
    expect(joined).toEqual(all.entries);
    expect(joined.map((e: any) => [e.date, e.paymentType, e.amount])).toEqual(
      amounts.map(([type, amount, date]) => [date, type, amount]),
    );
    // Each balance is the previous one ± its amount, across page boundaries too.
    let balance = figures.openingBalance;
    for (const e of joined) {
      balance =
        Math.round((balance + (e.paymentType === 'credit' ? e.amount : -e.amount)) * 100) / 100;
      expect(e.balance).toBe(balance);
    }
    expect(balance).toBe(figures.closingBalance);
    expect(pages.map((p) => [p[0].balance, p.at(-1).balance])).toEqual([
      [2099, 2081.75],
      [2041.75, 2047.74], // 2081.75 − 40: on from where page 1 ended
      [2097.74, 2097.74],
    ]);

    const past = await company.get(url('&page=4&pageSize=3'));
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ ...figures, page: 4, pageSize: 3, entries: [] });

    const empty = (await company.get(statementPath(acc._id, '2026-06-01', '2026-06-30'))).body.data;
    // A range without payments: opening = closing = everything before it (1,000 + 999 + the
    // range's 98.74 − May's 5).
    expect(empty).toMatchObject({ total: 0, entries: [], totalCredits: 0, totalDebits: 0 });
    expect([empty.openingBalance, empty.closingBalance]).toEqual([2092.74, 2092.74]);

    for (const [query, message] of [
      ['&page=0', 'page must be at least 1'],
      ['&page=abc', 'page must be a number'],
      ['&page=1.5', 'page must be a whole number'],
      ['&pageSize=101', 'pageSize must be at most 100'],
      ['&pageSize=0', 'pageSize must be at least 1'],
    ]) {
      const res = await company.get(url(query!));
      expect(res.status, query).toBe(400);
      const field = message!.split(' ')[0];
      expect(res.body).toEqual({ success: false, message, code: 'validation', field });
    }
  });

  it('Next and Previous from an entry give the same pages and balances as page numbers', async () => {
    const acc = await newAccount('77779999', 500);
    await pay(acc._id, 'credit', 40, '2026-06-30'); // before the range: in the opening
    // Recorded out of date order (backdated entries), several on a day.
    const recorded: ['credit' | 'debit', number, string][] = [
      ['credit', 100, '2026-07-09'],
      ['credit', 10.5, '2026-07-01'],
      ['debit', 3.25, '2026-07-09'],
      ['credit', 7, '2026-07-03'],
      ['debit', 20, '2026-07-01'],
      ['credit', 1.01, '2026-07-09'],
      ['credit', 60, '2026-07-03'],
      ['debit', 2, '2026-07-20'],
    ];
    for (const [type, amount, date] of recorded) await pay(acc._id, type, amount, date);
    const url = (query: string) =>
      statementPath(acc._id, '2026-07-01', '2026-07-31', `&pageSize=3${query}`);
    const get = async (query: string) => {
      const res = await company.get(url(query));
      expect(res.status, query).toBe(200);
      return res.body.data;
    };
    const byNumber = [await get('&page=1'), await get('&page=2'), await get('&page=3')];
    expect(byNumber.map((p) => p.entries.length)).toEqual([3, 3, 2]);

    // Forward from page 1, then back from the last page.
    const forward = [byNumber[0]];
    for (const page of [2, 3]) {
      forward.push(await get(`&page=${page}&after=${forward.at(-1).cursors.last}`));
    }
    const back = [forward[2]];
    for (const page of [2, 1]) {
      back.unshift(await get(`&page=${page}&before=${back[0].cursors.first}`));
    }
    for (const pages of [forward, back]) {
      expect(pages.map((p) => p.entries)).toEqual(byNumber.map((p) => p.entries));
      for (const p of pages) {
        expect(p).toMatchObject({ openingBalance: 540, closingBalance: 693.26, total: 8 });
      }
    }
    // Past the last entry: no entries, the figures still there.
    const past = await get(`&page=4&after=${forward[2].cursors.last}`);
    expect(past).toMatchObject({ entries: [], cursors: null, total: 8 });

    const made = Buffer.from(JSON.stringify(['2026-07-01', acc._id])).toString('base64url');
    for (const query of [`&after=${made}`, '&after=abc', `&after=x&before=y`]) {
      const res = await company.get(url(query));
      expect(res.status, query).toBe(400);
    }
  });

  it('sums any range right from the per-day totals, whoever writes the payments', async () => {
    const acc = await newAccount('99990000', 500);
    // Payments recorded out of date order, several on one day, credits and debits.
    const made: ['credit' | 'debit', number, string][] = [];
    for (let i = 0; i < 30; i++) {
      const type = i % 3 === 0 ? 'debit' : 'credit';
      const amount = ((i * 37) % 50) + 1 + 0.25 * (i % 4);
      const date = `2026-0${1 + ((i * 7) % 9)}-${String(1 + ((i * 11) % 28)).padStart(2, '0')}`;
      expect((await pay(acc._id, type, amount, date)).status).toBe(201);
      made.push([type, amount, date]);
    }
    const paise = (rupees: number) => Math.round(rupees * 100);
    const expected = (list: typeof made, from: string, to: string) => {
      const signed = ([type, amount]: (typeof made)[number]) =>
        type === 'credit' ? paise(amount) : -paise(amount);
      const before = list.filter(([, , d]) => d < from).reduce((n, p) => n + signed(p), 0);
      const inRange = list.filter(([, , d]) => d >= from && d <= to);
      const sum = (type: string) =>
        inRange.filter(([t]) => t === type).reduce((n, [, a]) => n + paise(a), 0);
      const opening = paise(500) + before;
      return {
        openingBalance: opening / 100,
        totalCredits: sum('credit') / 100,
        totalDebits: sum('debit') / 100,
        closingBalance: (opening + sum('credit') - sum('debit')) / 100,
        total: inRange.length,
      };
    };
    const ranges = [
      ['2026-01-01', '2026-12-31'],
      ['2026-03-15', '2026-06-10'],
      ['2026-05-01', '2026-05-31'],
      ['2026-08-29', '2026-09-30'],
    ] as const;
    const check = async (list: typeof made) => {
      for (const [from, to] of ranges) {
        const res = await company.get(statementPath(acc._id, from, to));
        expect(res.body.data, `${from}..${to}`).toMatchObject(expected(list, from, to));
      }
    };
    await check(made);

    // An operator deletes one payment in SQL: the day totals follow (a database trigger).
    const [gone] = made.splice(4, 1);
    await server.database.query(
      'delete from payments where id = (select id from payments where account_id = $1 and date = $2 and amount_paise = $3 limit 1)',
      [acc._id, gone![2], paise(gone![1])],
    );
    await check(made);
  });
});

describe('closing an account', () => {
  const close = (api: Api, id: string, version: number) =>
    api.post(`/company/bankaccounts/${id}/close`, { version });
  const reopen = (api: Api, id: string, version: number) =>
    api.post(`/company/bankaccounts/${id}/reopen`, { version });
  const listed = async (id: string) =>
    (await company.get(`/company/getallbankbyuserid?accountId=${id}`)).body.data[0];
  const CLOSED = 'This bank account is closed. Reopen it to record payments.';

  it('keeps the payments, statement and balance, refuses new payments, and reopens', async () => {
    const acc = await newAccount('40400001', 100);
    expect((await pay(acc._id, 'credit', 50)).status).toBe(201);
    const before = (await company.get('/company/getallbankbyuserid')).body;

    const closed = await close(company, acc._id, acc.version);
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe('Bank account closed successfully');
    expect(closed.body.data).toMatchObject({ balance: 150, version: acc.version + 1 });
    expect(Date.parse(closed.body.data.closedAt)).not.toBeNaN();

    // Still listed, with its balance in the total; the state filter finds it.
    const after = (await company.get('/company/getallbankbyuserid')).body;
    expect([after.total, after.totalAmount]).toEqual([before.total, before.totalAmount]);
    expect(await listed(acc._id)).toMatchObject({
      closedAt: closed.body.data.closedAt,
      hasPayments: true,
    });
    const ids = async (state: string) =>
      (await company.get(`/company/getallbankbyuserid?state=${state}&pageSize=100`)).body.data.map(
        (a: any) => a._id,
      );
    expect(await ids('closed')).toEqual([acc._id]);
    expect(await ids('open')).not.toContain(acc._id);
    expect((await company.get('/company/getallbankbyuserid?state=gone')).status).toBe(400);
    const s = (await company.get(statementPath(acc._id, '2026-01-01', '2026-12-31'))).body.data;
    expect(s).toMatchObject({ closingBalance: 150, total: 1 });
    expect(s.account.closedAt).toBe(closed.body.data.closedAt);
    expect((await company.get(`/company/getpayments?accountId=${acc._id}`)).body.total).toBe(1);

    // No new entry of any kind: a payment, a transfer either way, a reversal.
    const refused = await pay(acc._id, 'credit', 10);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CLOSED);
    const other = await newAccount('40400002', 500);
    const into = await company.post('/company/transfer', {
      fromAccountId: other._id,
      toAccountId: acc._id,
      date: '2026-11-10',
      remark: 'Float',
      amount: 10,
    });
    expect(into.status).toBe(400);
    expect(into.body.message).toBe(
      'The account 40400001 of Acme Pvt Ltd is closed. Reopen it to record payments.',
    );
    const [payment] = (await company.get(`/company/getpayments?accountId=${acc._id}`)).body.data;
    const reversal = await company.post(`/company/payments/${payment._id}/reverse`, {});
    expect(reversal.status).toBe(400);
    expect(reversal.body.message).toBe(
      'This bank account is closed. Reopen it to reverse its payments.',
    );
    expect((await listed(acc._id)).balance).toBe(150);
    expect((await listed(other._id)).balance).toBe(500);
    // Closing does not make it deletable: its payments stay.
    expect((await company.post('/company/deletebank', { id: acc._id })).status).toBe(409);

    // Audited as the company's update of the account.
    const trail = (await company.get('/audit/getaudit?kind=bank_accounts')).body.data;
    const audited = trail.find((e: any) => e.recordId === acc._id);
    expect(audited).toMatchObject({ action: 'update', actor: 'Acme' });
    expect(audited.before.closed_at).toBeNull();
    expect(audited.after.closed_at).not.toBeNull();

    const reopened = await reopen(company, acc._id, acc.version + 1);
    expect(reopened.status).toBe(200);
    expect(reopened.body.message).toBe('Bank account reopened successfully');
    expect(reopened.body.data).toMatchObject({ closedAt: null, version: acc.version + 2 });
    const paid = await pay(acc._id, 'credit', 10);
    expect([paid.status, paid.body.data.balance]).toEqual([201, 160]);
  });

  it('lets only the owning company close or reopen, at the version it read', async () => {
    const acc = await newAccount('40400003', 0);
    for (const call of [close, reopen]) {
      const byAdmin = await call(admin, acc._id, acc.version);
      expect([byAdmin.status, byAdmin.body.message]).toEqual([403, 'Admins have read-only access']);
      expect((await call(stranger, acc._id, acc.version)).status).toBe(404);
      expect((await call(company, '00000000-0000-4000-8000-000000000000', 1)).status).toBe(404);
      expect((await call(company, acc._id, acc.version + 5)).status).toBe(409);
    }
    expect((await close(company, 'nope', 1)).status).toBe(400);
    expect((await close(company, acc._id, 0)).status).toBe(400);
    expect((await listed(acc._id)).closedAt).toBeNull();

    // A close made from a copy read before an edit is refused, and changes nothing.
    const edited = await company.post('/company/updatebankaccount', {
      _id: acc._id,
      version: acc.version,
      branch: 'Bandra',
    });
    expect(edited.status).toBe(200);
    const stale = await close(company, acc._id, acc.version);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This record was changed by someone else. Reload to see it.');
    expect(await listed(acc._id)).toMatchObject({ closedAt: null, version: acc.version + 1 });
  });

  it('the default account stops being it when closed; a closed account is never made it', async () => {
    const acc = await newAccount('40400004', 0);
    const made = await company.post('/company/updatebankaccount', {
      _id: acc._id,
      version: acc.version,
      defaultStatus: 'active',
    });
    expect(made.body.data.defaultStatus).toBe('active');
    const closed = await close(company, acc._id, made.body.data.version);
    expect(closed.body.data).toMatchObject({ defaultStatus: 'deActive' });
    const defaults = (await company.get('/company/getallbankbyuserid?defaultStatus=active')).body;
    expect(defaults.total).toBe(0);

    const refused = await company.post('/company/updatebankaccount', {
      _id: acc._id,
      version: closed.body.data.version,
      defaultStatus: 'active',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'This bank account is closed. Reopen it to make it the default account.',
    );
    // Its other fields can still be corrected.
    const renamed = await company.post('/company/updatebankaccount', {
      _id: acc._id,
      version: closed.body.data.version,
      holder_name: 'Acme Pvt Ltd (old)',
      defaultStatus: 'deActive',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ holder_name: 'Acme Pvt Ltd (old)' });
    expect(renamed.body.data.closedAt).toBe(closed.body.data.closedAt);
    // Nor by any other write: the database refuses it.
    await expect(
      server.database.query(`update bank_accounts set default_status = 'active' where id = $1`, [
        acc._id,
      ]),
    ).rejects.toThrow(/bank_accounts_closed_not_default/);

    // Reopened, it may be made the default again.
    const reopened = await reopen(company, acc._id, renamed.body.data.version);
    const again = await company.post('/company/updatebankaccount', {
      _id: acc._id,
      version: reopened.body.data.version,
      defaultStatus: 'active',
    });
    expect([again.status, again.body.data.defaultStatus]).toEqual([200, 'active']);
  });

  it('a payment racing a close is either recorded before it or refused after it', async () => {
    const acc = await newAccount('40400005', 0);
    const [paid, closed] = await Promise.all([
      pay(acc._id, 'credit', 5),
      close(company, acc._id, acc.version),
    ]);
    expect(closed.status).toBe(200);
    const { total } = (await company.get(`/company/getpayments?accountId=${acc._id}`)).body;
    expect(paid.status === 201 ? [1, 5] : [0, 0]).toEqual([total, (await listed(acc._id)).balance]);
    if (paid.status !== 201) expect(paid.body.message).toBe(CLOSED);
  });
});
