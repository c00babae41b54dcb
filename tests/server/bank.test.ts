import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, signUp, startTestServer, type Api, type TestServer } from './helpers';

let server: TestServer;
let admin: Api;
let company: Api;
let stranger: Api;

const account = (overrides: Record<string, unknown> = {}) => ({
  holder_name: 'Acme Pvt Ltd',
  account_no: '123456789012',
  confirm_no: '123456789012',
  branch: 'MG Road',
  ifsc: 'SBIN0001234',
  mobile: '9876543210',
  address: '1 MG Road, Bengaluru',
  defaultStatus: 'deActive',
  ...overrides,
});
const pay = (
  accountId: string,
  paymentType: 'credit' | 'debit',
  amount: number,
  date = '2026-11-10',
) =>
  company.post('/company/addpayment', {
    accountId,
    date,
    remark: `${paymentType} ${amount}`,
    paymentType,
    amount,
  });

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signUp(server)).api;
  company = (await addUser(server, admin, 'Acme', 'company')).api;
  stranger = (await addUser(server, (await signUp(server)).api, 'Other', 'company')).api;
});
afterAll(() => server.close());

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
    });
    expect(upd.status).toBe(200);
    const after = await company.get('/company/getallbankbyuserid?sort=account_no&order=asc');
    expect(after.body.data.map((a: any) => a.defaultStatus)).toEqual(['active', 'deActive']);
    expect(after.body.data[0].branch).toBe('Indiranagar');
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
      (
        await admin.post('/company/addpayment', {
          accountId: mine._id,
          date: '2026-11-01',
          remark: 'x',
          paymentType: 'credit',
          amount: 1,
        })
      ).status,
    ).toBe(403);
    expect(
      (await stranger.post('/company/updatebankaccount', { ...account(), _id: mine._id })).status,
    ).toBe(404);
    expect((await stranger.post('/company/deletebank', { id: mine._id })).status).toBe(404);
    expect(
      (
        await stranger.post('/company/addpayment', {
          accountId: mine._id,
          date: '2026-11-01',
          remark: 'x',
          paymentType: 'credit',
          amount: 1,
        })
      ).status,
    ).toBe(404);
    expect(
      (await stranger.get(`/company/statement?accountId=${mine._id}&from=2026-01-01&to=2026-12-31`))
        .status,
    ).toBe(404);
    expect(
      (await admin.get(`/company/statement?accountId=${mine._id}&from=2026-01-01&to=2026-12-31`))
        .status,
    ).toBe(200);
  });
});

describe('payments and statements', () => {
  it('moves the balance with each payment and refuses an overdraft', async () => {
    const acc = (
      await company.post(
        '/company/createbank',
        account({ account_no: '11112222', confirm_no: '11112222', openingBalance: 100 }),
      )
    ).body.data;
    const credit = await pay(acc._id, 'credit', 50.25);
    expect(credit.status).toBe(201);
    expect(credit.body.data.balance).toBe(150.25);
    const debit = await pay(acc._id, 'debit', 150.25);
    expect(debit.body.data.balance).toBe(0);
    const over = await pay(acc._id, 'debit', 0.01);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Insufficient balance');
    const list = await company.get(`/company/getpayments?accountId=${acc._id}`);
    expect(list.body.total).toBe(2);

    const del = await company.post('/company/deletebank', { id: acc._id });
    expect(del.status).toBe(409);
  });

  it('never loses one of 200 concurrent payments', async () => {
    const acc = (
      await company.post(
        '/company/createbank',
        account({ account_no: '33334444', confirm_no: '33334444', openingBalance: 0 }),
      )
    ).body.data;
    await pay(acc._id, 'credit', 1000);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0 ? pay(acc._id, 'credit', 1.01) : pay(acc._id, 'debit', 0.99),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const [row] = (await company.get('/company/getallbankbyuserid?search=33334444')).body.data;
    expect(row.balance).toBe(1002);
    const s = await company.get(
      `/company/statement?accountId=${acc._id}&from=2026-01-01&to=2026-12-31`,
    );
    expect(s.body.data.closingBalance).toBe(row.balance);
    expect(s.body.data.entries).toHaveLength(201);
  });

  it('states opening, running and closing balances for any range', async () => {
    const acc = (
      await company.post(
        '/company/createbank',
        account({ account_no: '55556666', confirm_no: '55556666', openingBalance: 500 }),
      )
    ).body.data;
    await pay(acc._id, 'credit', 100, '2026-01-15');
    await pay(acc._id, 'debit', 30.5, '2026-02-01');
    await pay(acc._id, 'credit', 10, '2026-02-20');
    await pay(acc._id, 'debit', 5, '2026-03-01');
    const s = (
      await company.get(`/company/statement?accountId=${acc._id}&from=2026-02-01&to=2026-02-28`)
    ).body.data;
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
    const backwards = await company.get(
      `/company/statement?accountId=${acc._id}&from=2026-03-01&to=2026-02-01`,
    );
    expect(backwards.status).toBe(400);

    const csv = await company.raw(
      'GET',
      `/company/statement/export?accountId=${acc._id}&from=2026-02-01&to=2026-02-28`,
    );
    expect(String(csv.body).trim().split('\r\n')).toEqual([
      'Date,Remark,Credit,Debit,Balance',
      '2026-02-01,Opening balance,,,600.00',
      '2026-02-01,debit 30.5,,30.50,569.50',
      '2026-02-20,credit 10,10.00,,579.50',
      '2026-02-28,Closing balance,10.00,30.50,579.50',
    ]);
  });
});
