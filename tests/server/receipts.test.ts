import { describe, expect, it } from 'vitest';
import { addUser, bankAccountBody, signUp, type Api } from './helpers';
import {
  addClient,
  addProject,
  invoiceRow,
  issueInvoice,
  useReceivingCompany,
} from './receiptsFixtures';

let pm: Api;
let stranger: Api;
let clientId: string;
let projectId: string;

const balanceOf = async (id: string) =>
  (await company.get(`/company/getallbankbyuserid?accountId=${id}`)).body.data[0].balance;
const receiptCount = async () =>
  Number(
    (
      await server.database.query<{ n: string }>(
        'select count(*)::text as n from receipts where company_id = $1',
        [company.id],
      )
    ).rows[0]!.n,
  );
const receipt = (overrides: Record<string, unknown>) =>
  company.post('/receipts', {
    clientId,
    accountId: account.id,
    date: '2026-11-10',
    mode: 'neft',
    reference: 'UTR123',
    ...overrides,
  });

const { server, admin, company, account } = useReceivingCompany('Acme', async (started, made) => {
  const pat = await addUser(started, made.company, 'Pat', 'pm');
  pm = pat.api;
  stranger = (await addUser(started, (await signUp(started)).api, 'Other', 'company')).api;
  clientId = await addClient(started, made.company.id, 'Bharat Traders', {
    gstin: '29AAACB1234C1Z5',
  });
  projectId = await addProject(started, made.company.id, 'Tower', pat.id);
});

/** An invoice to the file's client, issued on `issueDate` with `lines` (see issueInvoice). */
const invoiceOf = (
  issueDate: string,
  lines: [number, number][],
  more: { dueDate?: string; projectId?: string } = {},
) => issueInvoice(server, company.id, clientId, { issueDate, lines, ...more });

/** An invoice's status, and what it has received and had deducted as TDS (paise). */
const settled = async (invoiceId: string) => {
  const row = await invoiceRow(server, invoiceId);
  return [row.status, row.received, row.tds];
};

describe('receipts', () => {
  it('posts one credit with TDS and a part payment, and its reversal restores everything', async () => {
    const invoice = await invoiceOf('2026-11-01', [[18, 10_000_00]], {
      dueDate: '2026-11-16',
      projectId,
    });
    expect(invoice.totalPaise).toBe(11_800_00);
    const made = await receipt({
      amount: 5000.5,
      allocations: [{ invoiceId: invoice.id, amount: 5000.5, tds: 200.25 }],
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      amount: 5000.5,
      tds: 200.25,
      advance: 0,
      reversed: false,
      allocations: [{ invoiceId: invoice.id, invoiceNumber: invoice.number, amount: 5000.5 }],
    });
    expect(await settled(invoice.id)).toEqual(['part_paid', 5000_50, 200_25]);
    expect(await balanceOf(account.id)).toBe(5000.5);
    const november = `/company/statement?accountId=${account.id}&from=2026-11-01&to=2026-11-30`;
    const statement = await company.get(november);
    expect(statement.body.data.closingBalance).toBe(5000.5);
    expect(statement.body.data.entries).toHaveLength(1);
    expect(statement.body.data.entries[0]).toMatchObject({ paymentType: 'credit', amount: 5000.5 });

    const owed = await company.get('/receivables?by=client');
    expect(owed.body.data[0]).toMatchObject({
      _id: clientId,
      invoiced: 11800,
      received: 5000.5,
      tds: 200.25,
      pending: 6599.25,
    });
    const tds = await company.get('/receivables/tds?fy=2026');
    expect(tds.body.data).toEqual([
      expect.objectContaining({ clientId, fy: '2026-27', tds: 200.25, receipts: 1 }),
    ]);

    // The PM of the invoice's project reads the receipt; it changes nothing.
    const seen = await pm.get(`/receipts/${made.body.data._id}`);
    expect(seen.status).toBe(200);
    expect((await pm.get('/receipts')).body.data).toHaveLength(1);
    expect((await pm.post(`/receipts/${made.body.data._id}/reverse`, { version: 1 })).status).toBe(
      403,
    );

    // The credit cannot be reversed alone from the bank statement: the invoices would stay settled.
    const credit = statement.body.data.entries[0]._id as string;
    const alone = await company.post(`/company/payments/${credit}/reverse`, {});
    expect(alone.status).toBe(409);
    expect(alone.body.code).toBe('wrong_state');
    expect(await balanceOf(account.id)).toBe(5000.5);

    const reversed = await company.post(`/receipts/${made.body.data._id}/reverse`, {
      version: made.body.data.version,
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body.data.reversed).toBe(true);
    expect(await settled(invoice.id)).toEqual(['issued', 0, 0]);
    expect(await balanceOf(account.id)).toBe(0);
    const after = await company.get(november);
    expect(after.body.data.closingBalance).toBe(0);
    expect(after.body.data.entries.map((e: { paymentType: string }) => e.paymentType)).toEqual([
      'credit',
      'debit',
    ]);
    expect((await company.get('/receivables')).body.data[0].pending).toBe(11800);
    expect((await company.get('/receivables/tds')).body.data).toEqual([]);
    const again = await company.post(`/receipts/${made.body.data._id}/reverse`, {
      version: reversed.body.data.version,
    });
    expect(again.status).toBe(409);
  });

  it('keeps an excess as an advance and applies it to the next invoice', async () => {
    const first = await invoiceOf('2026-11-02', [[18, 1000_00]]);
    const made = await receipt({
      amount: 1500,
      allocations: [{ invoiceId: first.id, amount: 1180 }],
    });
    expect(made.status).toBe(201);
    expect(made.body.data.advance).toBe(320);
    expect((await invoiceRow(server, first.id)).status).toBe('paid');

    const next = await invoiceOf('2026-11-05', [[18, 500_00]]);
    const tooMuch = await company.post(`/receipts/${made.body.data._id}/apply`, {
      invoiceId: next.id,
      amount: 320.01,
      version: made.body.data.version,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.field).toBe('amount');
    const applied = await company.post(`/receipts/${made.body.data._id}/apply`, {
      invoiceId: next.id,
      amount: 320,
      version: made.body.data.version,
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data.advance).toBe(0);
    expect(applied.body.data.allocations).toHaveLength(2);
    expect(await invoiceRow(server, next.id)).toMatchObject({
      status: 'part_paid',
      received: 320_00,
    });
    // Reversing takes back both allocations.
    await company.post(`/receipts/${made.body.data._id}/reverse`, {
      version: applied.body.data.version,
    });
    expect((await invoiceRow(server, first.id)).status).toBe('issued');
    expect((await invoiceRow(server, next.id)).status).toBe('issued');
  });

  it('refuses more than is pending, naming the field, and saves nothing', async () => {
    const invoice = await invoiceOf('2026-11-03', [[0, 1000_00]]);
    const balance = await balanceOf(account.id);
    const count = await receiptCount();
    const over = await receipt({
      amount: 1000,
      allocations: [{ invoiceId: invoice.id, amount: 900, tds: 100.01 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.field).toBe('allocations.0.amount');
    expect(over.body.message).toContain(invoice.number);
    expect(await balanceOf(account.id)).toBe(balance);
    expect(await receiptCount()).toBe(count);
    expect((await invoiceRow(server, invoice.id)).received).toBe(0);

    const overAmount = await receipt({
      amount: 100,
      allocations: [{ invoiceId: invoice.id, amount: 200 }],
    });
    expect(overAmount.status).toBe(400);
    expect(overAmount.body.field).toBe('amount');
    const cheque = await receipt({ amount: 100, mode: 'cheque', reference: '' });
    expect(cheque.status).toBe(400);
    expect(cheque.body.field).toBe('reference');
    expect(await receiptCount()).toBe(count);
  });

  it('refuses a receipt on a closed account as the ledger refuses a payment', async () => {
    const closedAccount = (
      await company.post(
        '/company/createbank',
        bankAccountBody({ account_no: '5555555555', confirm_no: '5555555555' }),
      )
    ).body.data;
    await company.post(`/company/bankaccounts/${closedAccount._id}/close`, {
      version: closedAccount.version,
    });
    const count = await receiptCount();
    const refused = await receipt({ accountId: closedAccount._id, amount: 10 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'account_closed', field: 'accountId' });
    expect(await receiptCount()).toBe(count);
  });

  it("keeps another company's records not found and an admin's writes refused", async () => {
    const invoice = await invoiceOf('2026-11-04', [[5, 100_00]]);
    const made = await receipt({
      amount: 50,
      allocations: [{ invoiceId: invoice.id, amount: 50 }],
    });
    const id = made.body.data._id;
    const range = 'from=2026-11-01&to=2026-11-30';
    for (const path of [
      `/receipts/${id}`,
      `/receivables/clients/${clientId}/statement?${range}`,
      `/receivables/clients/${clientId}/statement/csv?${range}`,
      `/receivables/clients/${clientId}/statement/pdf?${range}`,
    ]) {
      expect((await stranger.get(path)).status, path).toBe(404);
    }
    for (const [path, body] of [
      [`/receipts/${id}/reverse`, { version: 1 }],
      [`/receipts/${id}/apply`, { invoiceId: invoice.id, amount: 1, version: 1 }],
    ] as const) {
      expect((await stranger.post(path, body)).status, path).toBe(404);
    }
    const theirAccount = (await stranger.post('/company/createbank', bankAccountBody())).body.data;
    const strangersReceipt = await stranger.post('/receipts', {
      clientId,
      accountId: theirAccount._id,
      date: '2026-11-10',
      mode: 'upi',
      amount: 10,
    });
    expect(strangersReceipt.status).toBe(404);
    expect((await stranger.get('/receipts')).body.data).toEqual([]);
    expect((await stranger.get('/receivables')).body.data).toEqual([]);
    for (const path of [
      `/receipts/export?${range}`,
      `/receivables/register/export?${range}`,
      '/receivables/gstr1/b2b?month=2026-11',
      '/receivables/gstr1/b2cs?month=2026-11',
    ]) {
      const csv = await stranger.get(path);
      expect(csv.status, path).toBe(200);
      expect(String(csv.body).trim().split('\r\n'), path).toHaveLength(1);
    }

    // An admin reads its companies' receipts and writes none; the month-end file names the
    // account by the last four digits of its number, the company's by the whole.
    expect((await admin.get(`/receipts/${id}`)).status).toBe(200);
    const adminsCsv = String((await admin.get(`/receipts/export?${range}`)).body);
    expect(adminsCsv).toContain('••9012');
    expect(adminsCsv).not.toContain('123456789012');
    expect(String((await company.get(`/receipts/export?${range}`)).body)).toContain('123456789012');
    expect((await admin.get('/receivables')).status).toBe(200);
    for (const [path, body] of [
      [
        '/receipts',
        { clientId, accountId: account.id, date: '2026-11-10', mode: 'upi', amount: 10 },
      ],
      [`/receipts/${id}/reverse`, { version: 1 }],
      [`/receipts/${id}/apply`, { invoiceId: invoice.id, amount: 1, version: 1 }],
    ] as const) {
      const refused = await admin.post(path, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code).toBe('read_only');
    }
    // A PM reads no receivables, statements or month-end files.
    for (const path of [
      '/receivables',
      '/receivables/tds',
      `/receivables/clients/${clientId}/statement?${range}`,
      `/receivables/register/export?${range}`,
      '/receivables/gstr1/b2b?month=2026-11',
    ]) {
      expect((await pm.get(path)).status, path).toBe(403);
    }
    const pmWrite = await pm.post('/receipts', {
      clientId,
      accountId: account.id,
      date: '2026-11-10',
      mode: 'upi',
      amount: 10,
    });
    expect(pmWrite.status).toBe(403);
  });
});
