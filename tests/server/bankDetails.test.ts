import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addUser,
  bankAccountBody,
  clientBody,
  openAccount,
  projectBody,
  type Api,
} from './helpers';
import { useCast } from './fixtures/cast';

/**
 * Payments that say what they were (mode, reference, party, project, category), overdraft
 * and cash-credit limits, vendors, and spending by party and by project.
 */
let clientId: string;
let projectId: string;
let othersVendorId: string;

let accountNumber = 70000000;
const newAccount = (fields: Record<string, unknown> = {}) =>
  openAccount(company, {
    account_no: String(accountNumber++),
    defaultStatus: 'deActive',
    ...fields,
  });
const pay = (accountId: string, fields: Record<string, unknown>) =>
  company.post('/company/addpayment', {
    accountId,
    date: '2026-06-10',
    remark: 'payment',
    paymentType: 'debit',
    ...fields,
  });
/** ₹10 moved from one account of the company to another. */
const sweep = (fromAccountId: string, toAccountId: string, fields: Record<string, unknown> = {}) =>
  company.post('/company/transfer', {
    fromAccountId,
    toAccountId,
    date: '2026-06-11',
    remark: 'sweep',
    amount: 10,
    ...fields,
  });
const accountRow = async (id: string) =>
  (await company.get(`/company/getallbankbyuserid?accountId=${id}`)).body.data[0];

const { server, admin, company, pm, other } = useCast(async (_, cast) => {
  clientId = (
    await cast.company.post(
      '/invoicing/clients',
      clientBody('Coastal Ports', { billingAddress: 'Mumbai' }),
    )
  ).body.data._id;
  projectId = (
    await cast.company.post(
      '/company/createproject',
      projectBody({
        projectName: 'Harbour Wall',
        clientName: 'Coastal Ports',
        duration: '3 months',
        price: 500,
      }),
    )
  ).body.data._id;
  othersVendorId = (await cast.other.post('/vendors', { name: 'Their Supplier' })).body.data._id;
});

describe('vendors', () => {
  it('are the company’s records: listed by name with search, edited at a version, deleted', async () => {
    const made = await company.post('/vendors', {
      name: 'Steel Traders',
      gstin: '27AAPFU0939F1ZV',
      mobile: '98765 43210',
      address: 'Pune',
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Steel Traders', mobile: '+919876543210' });
    await company.post('/vendors', { name: 'Cement House' });
    const dup = await company.post('/vendors', { name: 'steel traders' });
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe('name');

    const list = (await company.get('/vendors?pageSize=10')).body;
    expect(list.data.map((v: any) => v.name)).toEqual(['Cement House', 'Steel Traders']);
    expect(list.total).toBe(2);
    const found = (await company.get('/vendors?search=steel')).body;
    expect(found.data.map((v: any) => v.name)).toEqual(['Steel Traders']);

    const id = made.body.data._id;
    const edited = await company.raw('PUT', `/vendors/${id}`, {
      name: 'Steel Traders Ltd',
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Steel Traders Ltd', version: 2, gstin: null });
    expect((await company.raw('PUT', `/vendors/${id}`, { name: 'Stale', version: 1 })).status).toBe(
      409,
    );
    expect((await company.raw('DELETE', `/vendors/${id}`)).status).toBe(200);
    expect((await company.get(`/vendors/${id}`)).status).toBe(404);
  });

  it("keep to their company: another's is not found, an admin reads and never writes", async () => {
    expect((await company.get(`/vendors/${othersVendorId}`)).status).toBe(404);
    expect(
      (await company.raw('PUT', `/vendors/${othersVendorId}`, { name: 'X', version: 1 })).status,
    ).toBe(404);
    expect((await company.raw('DELETE', `/vendors/${othersVendorId}`)).status).toBe(404);
    expect((await company.get('/vendors?search=Their')).body.data).toEqual([]);

    const mine = (await company.post('/vendors', { name: 'Admin Reads Me' })).body.data;
    const read = await admin.get(`/vendors/${mine._id}`);
    expect(read.status).toBe(200);
    expect((await admin.get('/vendors?search=Admin Reads')).body.total).toBe(1);
    expect((await admin.get(`/vendors/${othersVendorId}`)).status).toBe(404);
    const refused = await admin.post('/vendors', { name: 'By Admin' });
    expect(refused.status).toBe(403);
    expect((await admin.raw('PUT', `/vendors/${mine._id}`, { name: 'Y', version: 1 })).status).toBe(
      403,
    );
    expect((await admin.raw('DELETE', `/vendors/${mine._id}`)).status).toBe(403);
  });
});

describe('payments that say what they were', () => {
  it('round-trip mode, reference, party, project and category, in the list and the statement', async () => {
    const acc = await newAccount({ openingBalance: 10000 });
    const vendor = (await company.post('/vendors', { name: 'Round Trip Supplies' })).body.data;
    const byCheque = await pay(acc._id, {
      amount: 1200,
      mode: 'cheque',
      reference: '004512',
      party: { kind: 'vendor', id: vendor._id },
      projectId,
      category: 'MOVIE',
    });
    expect(byCheque.status).toBe(201);
    expect(byCheque.body.data.payment).toMatchObject({
      mode: 'cheque',
      reference: '004512',
      party: { kind: 'vendor', id: vendor._id, name: 'Round Trip Supplies' },
      project: { _id: projectId, name: 'Harbour Wall' },
      category: 'movie',
    });
    const fromClient = await pay(acc._id, {
      paymentType: 'credit',
      amount: 500,
      mode: 'neft',
      reference: 'UTR123',
      party: { kind: 'client', id: clientId },
    });
    expect(fromClient.body.data.payment.party).toEqual({
      kind: 'client',
      id: clientId,
      name: 'Coastal Ports',
    });
    const toEmployee = await pay(acc._id, {
      amount: 300,
      mode: 'upi',
      party: { kind: 'employee', id: pm.id },
    });
    expect(toEmployee.body.data.payment.party).toMatchObject({ kind: 'employee', name: 'Priya' });
    const toName = await pay(acc._id, {
      amount: 50,
      mode: 'cash',
      party: { kind: 'name', name: 'Tea stall' },
    });
    expect(toName.body.data.payment.party).toEqual({ kind: 'name', id: null, name: 'Tea stall' });
    const plain = await pay(acc._id, { amount: 1 });
    expect(plain.body.data.payment).toMatchObject({
      mode: null,
      reference: null,
      party: null,
      project: null,
      category: null,
    });

    const list = (await company.get(`/company/getpayments?accountId=${acc._id}&pageSize=50`)).body;
    expect(list.total).toBe(5);
    const listed = (query: string) =>
      company
        .get(`/company/getpayments?accountId=${acc._id}&${query}`)
        .then((r) => r.body.data.map((p: any) => p.remark + ':' + p.amount));
    expect(await listed('mode=cheque')).toEqual(['payment:1200']);
    expect(await listed(`partyKind=vendor&partyId=${vendor._id}`)).toEqual(['payment:1200']);
    expect(await listed(`projectId=${projectId}`)).toEqual(['payment:1200']);
    expect(await listed('search=tea')).toEqual(['payment:50']);
    expect(await listed('search=utr123')).toEqual(['payment:500']);
    const filteredList = await company.get(`/company/getpayments?accountId=${acc._id}&mode=upi`);
    expect(filteredList.body.total).toBe(1);

    // A filtered statement keeps its entries, each with the account's own running balance.
    const statement = (
      await company.get(
        `/company/statement?accountId=${acc._id}&from=2026-06-01&to=2026-06-30&mode=neft`,
      )
    ).body.data;
    expect(statement).toMatchObject({
      openingBalance: 10000,
      closingBalance: 10000 - 1200 + 500 - 300 - 50 - 1,
      total: 1,
      matching: { credits: 500, debits: 0 },
    });
    expect(statement.entries.map((e: any) => [e.amount, e.balance, e.reference])).toEqual([
      [500, 10000 - 1200 + 500, 'UTR123'],
    ]);
    const whole = (
      await company.get(`/company/statement?accountId=${acc._id}&from=2026-06-01&to=2026-06-30`)
    ).body.data;
    expect(whole.matching).toBeNull();
    expect(whole.entries[0]).toMatchObject({ mode: 'cheque', project: { name: 'Harbour Wall' } });

    // The CSV writes the details, and a filter's rows only.
    const csv = await company.raw(
      'GET',
      `/company/statement/export?accountId=${acc._id}&from=2026-06-01&to=2026-06-30&partyKind=vendor`,
    );
    expect(String(csv.body).trim().split('\r\n')).toEqual([
      'Date,Remark,Credit,Debit,Balance,Mode,Reference,Party,Project',
      '2026-06-01,Opening balance,,,10000.00',
      '2026-06-10,payment,,1200.00,8800.00,CHEQUE,004512,Round Trip Supplies,Harbour Wall',
      '2026-06-30,Closing balance,0.00,1200.00,8949.00',
    ]);

    // A vendor that payments name stays.
    const inUse = await company.raw('DELETE', `/vendors/${vendor._id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('in_use');
  });

  it('refuses a cheque without its number, naming the field, and records nothing', async () => {
    const acc = await newAccount({ openingBalance: 100 });
    const refused = await pay(acc._id, { amount: 10, mode: 'cheque' });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('reference');
    expect(refused.body.message).toMatch(/reference/);
    const blank = await pay(acc._id, { amount: 10, mode: 'cheque', reference: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.field).toBe('reference');
    expect((await accountRow(acc._id)).balance).toBe(100);
  });

  it("refuses another company's party or project (404) and an unknown category (400)", async () => {
    const acc = await newAccount({ openingBalance: 100 });
    const theirs = await pay(acc._id, { amount: 1, party: { kind: 'vendor', id: othersVendorId } });
    expect(theirs.status).toBe(404);
    const noSuchClient = await pay(acc._id, {
      amount: 1,
      party: { kind: 'client', id: randomUUID() },
    });
    expect(noSuchClient.status).toBe(404);
    const notAnEmployee = await pay(acc._id, {
      amount: 1,
      party: { kind: 'employee', id: randomUUID() },
    });
    expect(notAnEmployee.status).toBe(404);
    expect((await pay(acc._id, { amount: 1, projectId: randomUUID() })).status).toBe(404);
    const category = await pay(acc._id, { amount: 1, category: 'No such category' });
    expect(category.status).toBe(400);
    expect(category.body.field).toBe('category');
    const nameless = await pay(acc._id, { amount: 1, party: { kind: 'name' } });
    expect(nameless.status).toBe(400);
    expect((await accountRow(acc._id)).balance).toBe(100);
  });

  it('a reversal says what its payment said; a transfer carries mode and reference', async () => {
    const acc = await newAccount({ openingBalance: 100 });
    const to = await newAccount();
    const paid = await pay(acc._id, {
      amount: 40,
      mode: 'imps',
      reference: 'R-1',
      party: { kind: 'name', name: 'Plumber' },
    });
    const reversed = await company.post(
      `/company/payments/${paid.body.data.payment._id}/reverse`,
      {},
    );
    expect(reversed.status).toBe(201);
    expect(reversed.body.data.payment).toMatchObject({
      paymentType: 'credit',
      mode: 'imps',
      reference: 'R-1',
      party: { kind: 'name', name: 'Plumber' },
    });
    const moved = await sweep(acc._id, to._id, { mode: 'rtgs', reference: 'UTR9' });
    expect(moved.status).toBe(201);
    expect(moved.body.data.from).toMatchObject({ mode: 'rtgs', reference: 'UTR9' });
    expect(moved.body.data.to).toMatchObject({ mode: 'rtgs', reference: 'UTR9' });
    const chequeTransfer = await company.post('/company/transfer', {
      fromAccountId: acc._id,
      toAccountId: to._id,
      date: '2026-06-11',
      remark: 'sweep',
      amount: 10,
      mode: 'cheque',
    });
    expect(chequeTransfer.status).toBe(400);
    expect(chequeTransfer.body.field).toBe('reference');
  });
});

describe('overdraft and cash-credit accounts', () => {
  it('go down to minus their limit on any date, and no further, under 200 concurrent payments', async () => {
    const acc = await newAccount({ overdraftLimit: 100 });
    expect(acc).toMatchObject({ overdraftLimit: 100, balance: 0 });
    // 200 debits of 1 at once: exactly 100 fit under the limit, whatever their order.
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => pay(acc._id, { amount: 1, date: '2026-06-10' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    const refusals = answers.filter((a) => a.status !== 201);
    expect(refusals.every((a) => a.status === 400 && a.body.code === 'insufficient_balance')).toBe(
      true,
    );
    expect(refusals[0]!.body.message).toMatch(/overdraft limit of 100\.00 on 10\/06\/2026/);
    expect((await accountRow(acc._id)).balance).toBe(-100);
    const s = (
      await company.get(`/company/statement?accountId=${acc._id}&from=2026-01-01&to=2026-12-31`)
    ).body.data;
    expect(s).toMatchObject({ closingBalance: -100, total: 100 });
  });

  it('checks every later date: a backdated debit may not take a later day below the floor', async () => {
    const acc = await newAccount({ overdraftLimit: 50 });
    expect((await pay(acc._id, { amount: 50, date: '2026-06-20' })).status).toBe(201);
    expect(
      (await pay(acc._id, { paymentType: 'credit', amount: 30, date: '2026-06-25' })).status,
    ).toBe(201);
    // On 10/06 there is room (0 → -1), but 20/06 would then be at -51.
    const early = await pay(acc._id, { amount: 1, date: '2026-06-10' });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/on 20\/06\/2026/);
    expect((await pay(acc._id, { amount: 30, date: '2026-06-26' })).status).toBe(201);
    expect((await accountRow(acc._id)).balance).toBe(-50);
  });

  it('refuses a limit below what was drawn on any date (400 naming it), and accepts one that covers it', async () => {
    const acc = await newAccount({ overdraftLimit: 200 });
    await pay(acc._id, { amount: 150, date: '2026-06-01' });
    await pay(acc._id, { paymentType: 'credit', amount: 150, date: '2026-06-05' });
    const row = await accountRow(acc._id);
    expect(row.balance).toBe(0);
    const lower = await company.post('/company/updatebankaccount', {
      _id: acc._id,
      version: row.version,
      overdraftLimit: 100,
    });
    expect(lower.status).toBe(400);
    expect(lower.body.field).toBe('overdraftLimit');
    expect(lower.body.message).toMatch(/150\.00 on 01\/06\/2026/);
    expect((await accountRow(acc._id)).overdraftLimit).toBe(200);
    const enough = await company.post('/company/updatebankaccount', {
      _id: acc._id,
      version: row.version,
      overdraftLimit: 150,
      bank_name: 'State Bank of India',
    });
    expect(enough.status).toBe(200);
    expect(enough.body.data).toMatchObject({
      overdraftLimit: 150,
      bank_name: 'State Bank of India',
    });
    const negative = await company.post('/company/updatebankaccount', {
      _id: acc._id,
      version: enough.body.data.version,
      overdraftLimit: -1,
    });
    expect(negative.status).toBe(400);
    // An account without a limit stays at zero or above.
    const plain = await newAccount();
    const short = await pay(plain._id, { amount: 1 });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/below zero/);
  });
});

describe('spending by party and by project', () => {
  it('sums what was paid and received per party and project over a range, on screen and as CSV', async () => {
    const fresh = await addUser(server, admin, 'Spender', 'company');
    const api = fresh.api;
    const no = '88001122';
    const acc = (
      await api.post(
        '/company/createbank',
        bankAccountBody({ account_no: no, confirm_no: no, openingBalance: 1000 }),
      )
    ).body.data;
    const vendor = (await api.post('/vendors', { name: 'Bricks Co' })).body.data;
    const post = (fields: Record<string, unknown>) =>
      api.post('/company/addpayment', {
        accountId: acc._id,
        date: '2026-05-10',
        remark: 'x',
        paymentType: 'debit',
        ...fields,
      });
    await post({ amount: 100.25, party: { kind: 'vendor', id: vendor._id } });
    await post({ amount: 50, party: { kind: 'vendor', id: vendor._id } });
    await post({ amount: 20, party: { kind: 'name', name: 'Tea Stall' } });
    await post({ amount: 5, party: { kind: 'name', name: 'tea stall' } });
    await post({ amount: 7, paymentType: 'credit', party: { kind: 'name', name: 'Tea Stall' } });
    await post({ amount: 9 });
    const wrong = await post({ amount: 30, party: { kind: 'vendor', id: vendor._id } });
    await api.post(`/company/payments/${wrong.body.data.payment._id}/reverse`, {});
    await post({ amount: 500, date: '2026-07-01', party: { kind: 'vendor', id: vendor._id } });

    const byParty = (await api.get('/company/spending?by=party&from=2026-05-01&to=2026-05-31'))
      .body;
    expect(byParty.data.map((r: any) => [r.kind, r.name, r.paid, r.received, r.payments])).toEqual([
      ['vendor', 'Bricks Co', 150.25, 0, 3],
      ['name', 'Tea Stall', 25, 7, 3],
      [null, 'No party', 9, 0, 1],
    ]);
    expect(byParty).toMatchObject({ total: 3, totalPaid: 184.25, totalReceived: 7 });
    const paged = (
      await api.get('/company/spending?by=party&from=2026-05-01&to=2026-05-31&pageSize=1&page=2')
    ).body;
    expect(paged.data.map((r: any) => r.name)).toEqual(['Tea Stall']);
    expect(paged.total).toBe(3);

    const csv = await api.raw(
      'GET',
      '/company/spending/export?by=party&from=2026-05-01&to=2026-05-31',
    );
    expect(String(csv.body).trim().split('\r\n')).toEqual([
      'Party,Kind,Paid,Received,Payments',
      'Bricks Co,vendor,150.25,0.00,3',
      'Tea Stall,name,25.00,7.00,3',
      'No party,,9.00,0.00,1',
      'Total,,184.25,7.00,',
    ]);
    const backwards = await api.get('/company/spending?by=party&from=2026-06-01&to=2026-05-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.field).toBe('to');
    // The company's admin reads it; another company sees none of it.
    expect(
      (
        await admin.get(
          `/company/spending?by=party&from=2026-05-01&to=2026-05-31&companyId=${fresh.id}`,
        )
      ).body.totalPaid,
    ).toBe(184.25);
    expect(
      (await other.get('/company/spending?by=party&from=2026-05-01&to=2026-05-31')).body.total,
    ).toBe(0);
  });

  it('groups by project', async () => {
    const acc = await newAccount({ openingBalance: 100 });
    await pay(acc._id, { amount: 12, date: '2026-04-02', projectId });
    await pay(acc._id, { amount: 3, date: '2026-04-03' });
    const byProject = (
      await company.get('/company/spending?by=project&from=2026-04-01&to=2026-04-30')
    ).body;
    expect(byProject.data.map((r: any) => [r.kind, r.id, r.name, r.paid])).toEqual([
      ['project', projectId, 'Harbour Wall', 12],
      [null, null, 'No project', 3],
    ]);
  });

  it('show an account number whole to its company only; its admin reads the last four', async () => {
    const acc = await newAccount({ openingBalance: 100 });
    const to = await newAccount();
    const moved = await sweep(acc._id, to._id);
    expect(moved.status).toBe(201);
    const whole = acc.account_no as string;
    const last4 = `••${whole.slice(-4)}`;
    const list = (who: Api, search: string) =>
      who.get(`/company/getallbankbyuserid?search=${search}`).then((r) => r.body.data);
    expect((await list(company, whole))[0].account_no).toBe(whole);
    expect(await list(admin, whole.slice(0, 6))).toEqual([]);
    expect(
      (await list(admin, whole.slice(-4))).map((a: { account_no: string }) => a.account_no),
    ).toContain(last4);
    // Sorted by number, an admin's list follows the four digits it shows.
    await newAccount({ account_no: '1234509999', confirm_no: '1234509999' });
    await newAccount({ account_no: '9999900001', confirm_no: '9999900001' });
    const sorted = (
      await admin.get('/company/getallbankbyuserid?sort=account_no&order=asc&pageSize=100')
    ).body.data.map((a: { account_no: string }) => a.account_no);
    expect(sorted).toEqual([...sorted].sort());
    const statement = (who: Api) =>
      who.get(`/company/statement?accountId=${to._id}&from=2026-06-01&to=2026-06-30`);
    const byAdmin = (await statement(admin)).body.data;
    expect(byAdmin.account.account_no).toBe(`••${(to.account_no as string).slice(-4)}`);
    expect(byAdmin.entries[0].transferAccount.account_no).toBe(last4);
    expect((await statement(company)).body.data.entries[0].transferAccount.account_no).toBe(whole);
    const trail = await admin.get('/audit/getaudit?kind=bank_accounts&pageSize=100');
    const shown = JSON.stringify(trail.body);
    expect(shown).toContain(last4);
    expect(shown).not.toContain(whole);
  });
});
