import { describe, expect, it } from 'vitest';
import { notifyOverdueInvoices } from '../../server/services/receivables/overdue';
import { listReceivables } from '../../server/services/receivables/receivables';
import {
  addClient,
  addProject,
  issueInvoice,
  recordReceipt,
  useReceivingCompany,
} from './receiptsFixtures';

let registered: string;
let walkIn: string;
let projectId: string;

const { server, admin, company, account, caller } = useReceivingCompany(
  'Acme',
  async (started, made) => {
    registered = await addClient(started, made.company.id, 'Bharat Traders', {
      gstin: '29AAACB1234C1Z5',
    });
    walkIn = await addClient(started, made.company.id, 'Walk-in Buyer');
    projectId = await addProject(started, made.company.id, 'Tower', null);
  },
);

/** Rupees on the wire as exact paise, so sums compare exactly. */
const paise = (rupees: number) => Math.round(rupees * 100);

describe('receivables', () => {
  it('ages what is pending by due date on a fixed today', async () => {
    const today = '2026-11-26';
    // Due tomorrow, 1, 30, 31, 61, 91 days ago: 100 rupees of taxable at 0 % each.
    const dues = [
      '2026-11-27',
      '2026-11-25',
      '2026-10-27',
      '2026-10-26',
      '2026-09-26',
      '2026-08-27',
    ];
    for (const due of dues) {
      await issueInvoice(server, company.id, walkIn, {
        issueDate: '2026-08-01',
        dueDate: due,
        lines: [[0, 100_00]],
        projectId,
      });
    }
    const answer = await listReceivables(
      server.db,
      caller(),
      { by: 'client', page: 1, pageSize: 20, search: 'walk' },
      today,
    );
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({
      _id: walkIn,
      invoiced: 600,
      pending: 600,
      ageing: { notDue: 100, days1to30: 200, days31to60: 100, days61to90: 100, over90: 100 },
    });
    const byProject = await listReceivables(
      server.db,
      caller(),
      { by: 'project', page: 1, pageSize: 20 },
      today,
    );
    expect(byProject.data[0]).toMatchObject({ _id: projectId, name: 'Tower', pending: 600 });
  });

  it('tells the company once of an invoice that passed its due date unpaid', async () => {
    const late = await addClient(server, company.id, 'Late Payer');
    const overdue = await issueInvoice(server, company.id, late, {
      issueDate: '2021-01-01',
      dueDate: '2021-01-10',
      lines: [[0, 250_00]],
    });
    const notYet = await issueInvoice(server, company.id, late, {
      issueDate: '2021-01-01',
      dueDate: '2199-01-10',
      lines: [[0, 100_00]],
    });
    await notifyOverdueInvoices(server.db, 'Asia/Kolkata');
    await notifyOverdueInvoices(server.db, 'Asia/Kolkata');
    const notices = (await company.get('/notifications?pageSize=100')).body.data.filter(
      (n: { kind: string }) => n.kind === 'invoice_overdue',
    );
    const about = (id: string) => notices.filter((n: { recordId: string }) => n.recordId === id);
    expect(about(overdue.id)).toHaveLength(1);
    expect(about(overdue.id)[0].message).toBe(
      `Invoice ${overdue.number} to Late Payer is overdue: ₹250.00 was due on 10/01/2021.`,
    );
    expect(about(notYet.id)).toHaveLength(0);
  });

  it("writes a client's statement with the right closing, as JSON, CSV and PDF", async () => {
    const invoice = await issueInvoice(server, company.id, registered, {
      issueDate: '2026-10-05',
      dueDate: '2026-10-20',
      lines: [[18, 1000_00]],
      gstin: '29AAACB1234C1Z5',
    });
    await issueInvoice(server, company.id, registered, {
      issueDate: '2026-10-10',
      lines: [[18, 100_00]],
      creditNoteOf: invoice.id,
    });
    await recordReceipt(company, {
      clientId: registered,
      accountId: account.id,
      date: '2026-11-02',
      mode: 'cheque',
      reference: '004512',
      amount: 600,
      allocations: [{ invoiceId: invoice.id, amount: 500, tds: 20 }],
    });
    const statement = await company.get(
      `/receivables/clients/${registered}/statement?from=2026-11-01&to=2026-11-30`,
    );
    // Owed before November: 1180 less the credit note's 118.
    expect(statement.body.data).toMatchObject({
      opening: 1062,
      credits: 620,
      closing: 442,
      lines: [{ date: '2026-11-02', kind: 'receipt', reference: 'CHEQUE 004512', credit: 620 }],
    });
    const csv = await company.get(
      `/receivables/clients/${registered}/statement/csv?from=2026-10-01&to=2026-11-30`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Type,Reference,Debit,Credit,Balance');
    expect(lines[1]).toBe('2026-10-01,Opening balance,,,,0.00');
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe('2026-11-30,Closing balance,,1180.00,738.00,442.00');

    const pdf = await company.get(
      `/receivables/clients/${registered}/statement/pdf?from=2026-10-01&to=2026-11-30`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(String(pdf.body).startsWith('%PDF-')).toBe(true);
    // The receivable agrees: pending 1180 - 118 - 520 = 542, with 100 in advance.
    const owed = await company.get('/receivables?search=bharat');
    expect(owed.body.data[0]).toMatchObject({ pending: 542, advance: 100, credited: 118 });
  });

  it('writes GSTR-1 B2B and B2CS for a month as the offline tool takes them', async () => {
    await issueInvoice(server, company.id, registered, {
      issueDate: '2026-12-03',
      lines: [
        [18, 1000_00],
        [5, 200_00],
      ],
      gstin: '29AAACB1234C1Z5',
    });
    await issueInvoice(server, company.id, walkIn, {
      issueDate: '2026-12-04',
      placeOfSupply: '27',
      inter: true,
      lines: [[18, 300_00]],
    });
    await issueInvoice(server, company.id, walkIn, {
      issueDate: '2026-12-05',
      placeOfSupply: '27',
      inter: true,
      lines: [[18, 200_00]],
    });
    // Inter-state to an unregistered buyer above 1 lakh: B2CL, not B2CS.
    await issueInvoice(server, company.id, walkIn, {
      issueDate: '2026-12-06',
      placeOfSupply: '27',
      inter: true,
      lines: [[18, 200_000_00]],
    });
    const b2b = await company.get('/receivables/gstr1/b2b?month=2026-12');
    expect(b2b.status).toBe(200);
    const b2bLines = String(b2b.body).trim().split('\r\n');
    expect(b2bLines[0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(b2bLines).toHaveLength(3);
    expect(b2bLines[1]).toMatch(
      /^29AAACB1234C1Z5,Bharat Traders,INV\/26-27\/\d+,03-Dec-26,1390\.00,29-Karnataka,N,,Regular B2B,,5\.00,200\.00,0\.00$/,
    );
    expect(b2bLines[2]).toMatch(/,18\.00,1000\.00,0\.00$/);

    const b2cs = await company.get('/receivables/gstr1/b2cs?month=2026-12');
    expect(String(b2cs.body).trim().split('\r\n')).toEqual([
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      'OE,27-Maharashtra,,18.00,500.00,0.00,',
    ]);
    const register = await company.get(
      '/receivables/register/export?from=2026-12-01&to=2026-12-31',
    );
    expect(String(register.body).trim().split('\r\n')).toHaveLength(5);
  });

  it('shows the position on the dashboard straight after a receipt, and per project', async () => {
    const before = (await company.get('/user/getalldata?today=2026-11-26')).body.data.position;
    const invoice = await issueInvoice(server, company.id, walkIn, {
      issueDate: '2026-11-20',
      dueDate: '2026-11-25',
      lines: [[0, 1000_00]],
      projectId,
    });
    const mid = (await company.get('/user/getalldata?today=2026-11-26')).body.data.position;
    expect(paise(mid.receivable)).toBe(paise(before.receivable) + 1000_00);
    expect(paise(mid.overdue)).toBe(paise(before.overdue) + 1000_00);
    expect(paise(mid.invoicedThisMonth)).toBe(paise(before.invoicedThisMonth) + 1000_00);
    expect(mid.recentInvoices[0]).toMatchObject({ _id: invoice.id, total: 1000, pending: 1000 });
    await recordReceipt(company, {
      clientId: walkIn,
      accountId: account.id,
      date: '2026-11-26',
      mode: 'upi',
      reference: 'UPI77',
      amount: 400,
      allocations: [{ invoiceId: invoice.id, amount: 400 }],
    });
    const after = (await company.get('/user/getalldata?today=2026-11-26')).body.data.position;
    expect(paise(after.receivable)).toBe(paise(mid.receivable) - 400_00);
    expect(paise(after.overdue)).toBe(paise(mid.overdue) - 400_00);
    expect(paise(after.receivedThisMonth)).toBe(paise(mid.receivedThisMonth) + 400_00);
    const banked = after.accounts.find((a: { _id: string }) => a._id === account.id);
    expect(banked).toMatchObject({ closed: false });
    expect(paise(banked.balance)).toBe(
      paise(mid.accounts.find((a: { _id: string }) => a._id === account.id).balance) + 400_00,
    );
    expect(paise(after.cash)).toBe(paise(mid.cash) + 400_00);
    // An admin's dashboard sums its companies' receivables; accounts are read per company.
    const audited = (await admin.get('/user/getalldata?today=2026-11-26')).body.data.position;
    expect(audited).toMatchObject({ cash: null, accounts: [] });
    expect(paise(audited.receivable)).toBeGreaterThanOrEqual(paise(after.receivable));
    expect(audited.recentInvoices[0]).toMatchObject({ _id: invoice.id, pending: 600 });
    expect(after.recentInvoices[0]).toMatchObject({ _id: invoice.id, pending: 600 });

    const projects = await company.get(`/company/getcompanyallproject?id=${projectId}`);
    expect(projects.body.data[0].invoicing).toEqual({
      invoiced: 1600,
      received: 400,
      pending: 1200,
    });
  });
});
