import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { addUser, companyWithAccount, signUp } from './helpers';
import { useServer } from './fixtures/server';
import { importCalls } from './importCalls';

const server = useServer();

const { send, preview, run } = importCalls(() => server.origin);

const BANK_CSV = [
  'State Bank of India',
  'Account Number,00000012345678901',
  'Statement from 01/04/2026 to 30/04/2026',
  '',
  'Txn Date,Description,Ref No,Withdrawal Amt.,Deposit Amt.,Balance',
  '01/04/2026,Salary credit,REF1,,"1,23,456.50","1,33,456.50"',
  '02/04/2026,Rent for April,REF2,"25,000.00",,"1,08,456.50"',
  '02/04/2026,ATM cash,REF3,"2,000",0.00,"1,06,456.50"',
  '15/04/2026,Electricity — BESCOM,REF4,"1,234.75",,"1,05,221.75"',
].join('\r\n');

async function company(overdraftLimit = 0) {
  const made = await companyWithAccount(server, 'Acme Traders', {
    openingBalance: 10000,
    overdraftLimit,
  });
  return { admin: made.admin, co: made.company, accountId: made.accountId };
}

/** A new admin previews the CSV of `lines` as an import of `kind`: the admin, CSV and preview. */
async function newAdminPreview(kind: string, lines: string[]) {
  const me = await signUp(server);
  const csv = lines.join('\n');
  return { me, csv, p: await preview(me.token, csv, { kind }) };
}

async function statementOf(token: string, accountId: string) {
  const res = await server
    .api(token)
    .get(`/company/statement?accountId=${accountId}&from=2026-04-01&to=2026-04-30&pageSize=100`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('import a bank download into an account', () => {
  it('guesses the header line and columns, imports, and the balance adds up', async () => {
    const { co, accountId } = await company();
    const p = await preview(co.token, BANK_CSV, { kind: 'payments', accountId });
    expect(p.status, p.text).toBe(200);
    expect(p.body.settingsFrom).toBe('guessed');
    expect(p.body.settings).toMatchObject({
      headerRow: 5,
      dateFormat: 'DD/MM/YYYY',
      amountStyle: 'debitCredit',
      dateColumn: 1,
      descriptionColumn: 2,
      debitColumn: 4,
      creditColumn: 5,
    });
    expect(p.body.above).toHaveLength(4);
    expect(p.body.counts).toEqual({ rows: 4, ready: 4, errors: 0, duplicates: 0, skipped: 0 });
    expect(p.body.rows.map((r: { status: string }) => r.status)).toEqual([
      'ready',
      'ready',
      'ready',
      'ready',
    ]);

    const r = await run(co.token, BANK_CSV, p.body.settings);
    expect(r.status).toBe(200);
    expect(r.lines[0]).toEqual({ progress: { done: 0, total: 4 } });
    // 10,000 + 1,23,456.50 - 25,000 - 2,000 - 1,234.75
    expect(r.body).toEqual({
      result: {
        imported: 4,
        duplicatesSkipped: 0,
        duplicatesKept: 0,
        skipped: 0,
        balance: 105221.75,
        from: '2026-04-01',
        to: '2026-04-15',
      },
    });
    const statement = await statementOf(co.token, accountId);
    expect(statement.data).toMatchObject({ openingBalance: 10000, closingBalance: 105221.75 });

    // The same file again: every row is already there, and nothing more is recorded.
    const again = await preview(co.token, BANK_CSV, { kind: 'payments', accountId });
    expect(again.body.settingsFrom).toBe('saved');
    expect(again.body.counts).toMatchObject({ rows: 4, ready: 0, duplicates: 4 });
    const second = await run(co.token, BANK_CSV, again.body.settings);
    expect(second.body.result).toMatchObject({
      imported: 0,
      duplicatesSkipped: 4,
      balance: 105221.75,
    });
  });

  it('refuses the whole file for one bad row, naming its cell, and saves nothing', async () => {
    const { co, accountId } = await company();
    const bad = BANK_CSV.replace('15/04/2026', '31/02/2026');
    const p = await preview(co.token, bad, { kind: 'payments', accountId });
    expect(p.body.counts).toMatchObject({ rows: 4, ready: 3, errors: 1 });
    expect(p.body.problems).toEqual([
      { row: 9, column: 1, message: '"31/02/2026" is not a real date (between 1900 and 2200)' },
    ]);
    const r = await run(co.token, bad, p.body.settings);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(
      /^1 row has errors, so nothing was imported; the first: row 9, column A/,
    );
    expect((await statementOf(co.token, accountId)).data.closingBalance).toBe(10000);
    const [count] = rowsOf<{ n: number }>(
      await server.db.execute(
        sql`select count(*)::int as n from payments where account_id = ${accountId}`,
      ),
    );
    expect(count!.n).toBe(0);
  });
});

describe("a bank download's balance column", () => {
  it('shows a row missing from the file on the row below it, and refuses the import', async () => {
    const { co, accountId } = await company();
    const missing = BANK_CSV.split('\r\n')
      .filter((line) => !line.includes('Rent for April'))
      .join('\r\n');
    const p = await preview(co.token, missing, { kind: 'payments', accountId });
    expect(p.status, p.text).toBe(200);
    expect(p.body.settings.balanceColumn).toBe(6);
    expect(p.body.counts).toMatchObject({ rows: 3, ready: 2, errors: 1 });
    expect(p.body.problems).toEqual([
      {
        row: 7,
        column: 6,
        message: expect.stringMatching(
          /^The balance ₹1,06,456.50 does not follow from the row above \(₹1,33,456.50 less ₹2,000.00 is ₹1,31,456.50\): a row is missing above it/,
        ),
      },
    ]);
    const r = await run(co.token, missing, p.body.settings);
    expect(r.status).toBe(400);
    // Unmapped, the balance is not checked: the person decides.
    const unchecked = await preview(co.token, missing, {
      ...p.body.settings,
      balanceColumn: 0,
    });
    expect(unchecked.body.counts).toMatchObject({ rows: 3, ready: 3, errors: 0 });
  });

  it("reads a bank's .xls that is a web page's table, and SBI's that is tab-separated text", async () => {
    const { co, accountId } = await company();
    const previewXls = (file: string | Buffer) =>
      preview(co.token, file, { kind: 'payments', accountId }, 'application/vnd.ms-excel');
    const cells = (tag: string, row: string[]) =>
      `<tr>${row.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
    const page = [
      '<html><head><style>td { mso-number-format: "\\@"; }</style></head><body><table>',
      cells('td', ['Bank &amp; Co. Statement', '', '', '', '']),
      cells('th', ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance']),
      cells('td', ['02/04/2026', 'NEFT CR-ACME &amp; SONS', '', '1,25,000.00', '1,35,000.00']),
      cells('td', ['03/04/2026', 'UPI-RENT<br>APRIL', '45,000.00', '', '90,000.00']),
      '</table></body></html>',
    ].join('\n');
    const html = await previewXls(page);
    expect(html.status, html.text).toBe(200);
    expect(html.body).toMatchObject({
      fileType: 'html',
      settings: { headerRow: 2, debitColumn: 3, creditColumn: 4, balanceColumn: 5 },
      counts: { rows: 2, ready: 2, errors: 0 },
    });
    expect(html.body.rows.map((r: { cells: string[] }) => r.cells[1])).toEqual([
      'NEFT CR-ACME & SONS',
      'UPI-RENT APRIL',
    ]);

    const sbi = readFileSync(join(import.meta.dirname, '../fixtures/banks/sbi-statement.xls'));
    const text = await previewXls(sbi);
    expect(text.status, text.text).toBe(200);
    expect(text.body).toMatchObject({
      fileType: 'csv',
      settings: { dateFormat: 'DD-MMM-YY', balanceColumn: 7 },
      // The note below the lines is no entry.
      counts: { rows: 9, ready: 8, errors: 0, skipped: 1 },
    });
  });
});

describe('import rules', () => {
  it('imports expenses in YYYY-MM-DD with categories, skipping money in', async () => {
    const { me, csv, p } = await newAdminPreview('expenses', [
      'Date,Particulars,Debit,Credit,Category',
      '2026-04-01,Groceries,"1,200.50",,shopping',
      '2026-04-02,Refund,,300,',
      '2026-04-03,Cinema,450,,Movie',
      '2026-04-04,Auto fare,80,,',
    ]);
    expect(p.body.settings).toMatchObject({
      dateFormat: 'YYYY-MM-DD',
      amountStyle: 'debitCredit',
      categoryColumn: 5,
      category: 'other',
    });
    expect(p.body.counts).toEqual({ rows: 4, ready: 3, errors: 0, duplicates: 0, skipped: 1 });
    expect(p.body.rows[1]).toMatchObject({ status: 'skipped', note: 'Money in, not an expense' });
    const r = await run(me.token, csv, p.body.settings);
    expect(r.body.result).toMatchObject({ imported: 3, skipped: 1 });
    const list = await me.api.get('/expense/getuserallexpenses?sort=date&order=asc');
    expect(
      list.body.data.map((e: { description: string; amount: number; category: string }) => [
        e.description,
        e.amount,
        e.category,
      ]),
    ).toEqual([
      ['Groceries', 1200.5, 'shopping'],
      ['Cinema', 450, 'movie'],
      ['Auto fare', 80, 'other'],
    ]);
    expect(list.body.totalAmount).toBe(1730.5);
  });

  it('imports lends, and keeps rows already there only when asked', async () => {
    const { me, csv, p } = await newAdminPreview('lend', [
      'Name,Email,Amount,Date,Repayment date',
      'Ravi Kumar,ravi@example.com,"5,000",05-Apr-26,05-May-26',
      'Ravi Kumar,ravi@example.com,"5,000",05-Apr-26,05-May-26',
    ]);
    expect(p.body.settings).toMatchObject({
      dateFormat: 'DD-MMM-YY',
      nameColumn: 1,
      emailColumn: 2,
      amountColumn: 3,
      dateColumn: 4,
      dueDateColumn: 5,
    });
    expect((await run(me.token, csv, p.body.settings)).body.result.imported).toBe(2);
    // Two identical rows, two records: both are there now.
    const again = await preview(me.token, csv, { kind: 'lend' });
    expect(again.body.counts).toMatchObject({ ready: 0, duplicates: 2 });
    const kept = await run(me.token, csv, { ...again.body.settings, keepDuplicates: true });
    expect(kept.body.result).toMatchObject({ imported: 2, duplicatesKept: 2 });
    const lends = await me.api.get('/lend/getuseralllends?pageSize=50');
    expect(lends.body.total).toBe(4);
  });

  it('reads a workbook: its sheets, real dates, and a formula refused on its cell', async () => {
    const me = await signUp(server);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Notes').addRow(['nothing here']);
    const sheet = book.addWorksheet('April');
    sheet.addRow(['Date', 'Description', 'Amount']);
    sheet.addRow([new Date(Date.UTC(2026, 3, 5)), 'Tea', 20.5]);
    sheet.addRow([new Date(Date.UTC(2026, 3, 6)), 'Lunch', { formula: '100+20', result: 120 }]);
    sheet.addRow([new Date(Date.UTC(2026, 3, 7)), 'Snacks', 10.125]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const p = await preview(me.token, file, { kind: 'expenses', sheet: 'April' }, xlsx);
    expect(p.status, p.text).toBe(200);
    expect(p.body.fileType).toBe('xlsx');
    expect(p.body.sheets).toEqual(['Notes', 'April']);
    expect(p.body.rows[0]).toMatchObject({ status: 'ready', cells: ['2026-04-05', 'Tea', '20.5'] });
    expect(p.body.problems).toEqual([
      {
        row: 3,
        column: 3,
        message:
          'holds a formula: only values are imported (in Excel, copy the column and paste it as values)',
      },
      { row: 4, column: 3, message: '"10.125" has more than 2 decimals' },
    ]);
    const r = await run(me.token, file, p.body.settings, xlsx);
    expect(r.status).toBe(400);
    expect(r.body.problems).toHaveLength(2);
    expect((await me.api.get('/expense/getuserallexpenses')).body.total).toBe(0);
  });

  it('names the setting that cannot work: a column mapped twice, a column past the last', async () => {
    const me = await signUp(server);
    const csv = 'Date,Description,Amount\n01/04/2026,Tea,20\n';
    const p = await preview(me.token, csv, {
      kind: 'expenses',
      dateColumn: 1,
      descriptionColumn: 1,
      amountColumn: 7,
    });
    expect(p.body.settingProblems).toEqual([
      {
        setting: 'descriptionColumn',
        message: 'Column A is mapped to both Date and Description: choose one column for each',
      },
      { setting: 'amountColumn', message: 'Amount: the file has no column G (its last is C)' },
    ]);
    const r = await run(me.token, csv, { ...p.body.settings });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'descriptionColumn: Column A is mapped to both Date and Description: choose one column for each',
    );
  });

  it('refuses files that are not spreadsheets, or too large, with a message that says what to do', async () => {
    const me = await signUp(server);
    const latin1 = Buffer.from('Date,Description,Amount\n01/04/2026,Caf\xe9,20\n', 'latin1');
    const cases: [Buffer | string, number, RegExp][] = [
      [latin1, 400, /not UTF-8 text .* save it from Excel as "CSV UTF-8"/],
      [Buffer.from('%PDF-1.7 ...'), 400, /PDF, not a spreadsheet/],
      [
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        400,
        /This \.xls file is damaged \(its container cannot be read\)/,
      ],
      [
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]),
        400,
        /not an Excel workbook that can be read/,
      ],
      ['', 400, /The file is empty/],
      [Buffer.alloc(21 * 1024 * 1024, 0x41), 413, /over 20 MB/],
    ];
    for (const [file, status, message] of cases) {
      const res = await send(
        me.token,
        'preview',
        file,
        { kind: 'expenses' },
        'application/octet-stream',
      );
      expect(res.status, res.text).toBe(status);
      expect(JSON.parse(res.text).message).toMatch(message);
    }
    const form = await send(
      me.token,
      'preview',
      'x',
      { kind: 'expenses' },
      'multipart/form-data; boundary=x',
    );
    expect(form.status).toBe(415);
  });

  it('reads UTF-16 text with tabs, as Excel saves "Unicode text"', async () => {
    const me = await signUp(server);
    const text = 'Date\tDescription\tAmount\r\n01/04/2026\tचाय\t20\r\n';
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const p = await preview(me.token, file, { kind: 'expenses' });
    expect(p.body.counts).toMatchObject({ rows: 1, ready: 1 });
    expect(p.body.rows[0].cells).toEqual(['01/04/2026', 'चाय', '20']);
  });

  it("keeps payments to the company's own open accounts", async () => {
    const { admin, co, accountId } = await company();
    const other = await company();
    const csv = 'Date,Description,Amount\n01/04/2026,Fee,-20\n';
    const theirs = await preview(co.token, csv, { kind: 'payments', accountId: other.accountId });
    expect(theirs.status).toBe(404);
    const byAdmin = await preview(admin.token, csv, { kind: 'payments', accountId });
    expect(byAdmin.status).toBe(403);
    const pm = await addUser(server, co.api, 'Priya PM', 'pm');
    expect((await preview(pm.token, csv, { kind: 'payments', accountId })).status).toBe(403);
  });

  it('refuses payments that would take the balance below zero, saving none', async () => {
    const { co, accountId } = await company();
    const csv =
      'Date,Description,Amount\n01/04/2026,Big purchase,"-9,000"\n02/04/2026,Another,"-2,000"\n';
    const p = await preview(co.token, csv, { kind: 'payments', accountId });
    const r = await run(co.token, csv, p.body.settings);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      error: {
        statusCode: 400,
        message:
          "These payments would take the account below zero on 02/04/2026: check the file's debits, or record the missing credits first",
      },
    });
    expect((await statementOf(co.token, accountId)).data.closingBalance).toBe(10000);
  });

  it('takes an overdraft account down to minus its limit, and refuses a file past it', async () => {
    const { co, accountId } = await company(5000);
    const within = 'Date,Description,Amount\n01/04/2026,Supplier,"-14,000"\n';
    const p = await preview(co.token, within, { kind: 'payments', accountId });
    expect((await run(co.token, within, p.body.settings)).body).toMatchObject({
      result: { imported: 1, balance: -4000 },
    });
    const past = 'Date,Description,Amount\n02/04/2026,Another,"-1,000.01"\n';
    const again = await preview(co.token, past, { kind: 'payments', accountId });
    expect((await run(co.token, past, again.body.settings)).body.error).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('below its overdraft limit on 02/04/2026'),
    });
    expect((await statementOf(co.token, accountId)).data.closingBalance).toBe(-4000);
  });

  it("reads HDFC's web-page .xls whole: two-digit years, and its summary skipped", async () => {
    const { company: co, accountId } = await companyWithAccount(server, 'Acme Traders', {
      openingBalance: 50000,
    });
    const file = readFileSync(join(import.meta.dirname, '../fixtures/banks/hdfc-statement.xls'));
    const query = { kind: 'payments', accountId, fileName: 'hdfc-statement.xls' };
    const p = await preview(co.token, file, query, 'application/vnd.ms-excel');
    expect(p.status, p.text).toBe(200);
    expect(p.body.counts).toMatchObject({ ready: 8, errors: 0, skipped: 4 });
    expect(p.body.rows.find((r: { status: string }) => r.status === 'ready').cells[0]).toBe(
      '02/04/26',
    );
    const r = await run(
      co.token,
      file,
      { ...query, ...p.body.settings },
      'application/vnd.ms-excel',
    );
    expect(r.body.result).toMatchObject({ imported: 8, skipped: 4, balance: 131960 });
  });

  it('records a newest-first download oldest first, so each day runs in order', async () => {
    const { admin, co, accountId } = await company();
    const csv = [
      'Date,Narration,Withdrawal,Deposit',
      '03/04/2026,Supplier,"15,000",',
      '02/04/2026,Transfer out,"20,000",',
      '02/04/2026,Client payment,,"30,000"',
      '01/04/2026,Bank charges,100,',
    ].join('\n');
    const p = await preview(co.token, csv, { kind: 'payments', accountId });
    const r = await run(co.token, csv, p.body.settings);
    expect(r.body.result).toMatchObject({ imported: 4, balance: 4900 });
    const entries = (await statementOf(co.token, accountId)).data.entries as {
      remark: string;
      balance: number;
    }[];
    expect(entries.map((e) => [e.remark, e.balance])).toEqual([
      ['Bank charges', 9900],
      ['Client payment', 39900],
      ['Transfer out', 19900],
      ['Supplier', 4900],
    ]);
    // The admin hears of the import once, not of each payment (the account by its last four
    // digits), and it opens the account's statement over the imported days.
    const bell = await admin.api.get('/notifications');
    expect(bell.body.data.map((n: { message: string }) => n.message)).toEqual([
      `4 payments imported on Acme Pvt Ltd (••9012) by Acme Traders: credits ₹30,000.00, debits ₹35,100.00.`,
    ]);
    expect(bell.body.data[0].target).toEqual({
      id: accountId,
      from: '2026-04-01',
      to: '2026-04-03',
      companyId: co.id,
    });
  });
});

describe("an expense import's categories", () => {
  it("takes the owner's own categories in any case, and names an unknown one on its cell", async () => {
    const me = await signUp(server);
    expect((await me.api.post('/category/addcategory', { name: 'Groceries' })).status).toBe(201);
    const csv =
      'Date,Description,Amount,Category\n01/04/2026,Milk,60,groceries\n02/04/2026,Bus,20,Travel\n';
    const p = await preview(me.token, csv, { kind: 'expenses' });
    expect(p.body.problems).toEqual([
      {
        row: 3,
        column: 4,
        message: '"Travel" is not one of your categories (Groceries, movie, other, shopping)',
      },
    ]);
    const fixed = csv.replace('Travel', '');
    const r = await run(me.token, fixed, p.body.settings);
    expect(r.body.result.imported).toBe(2);
    const list = await me.api.get('/expense/getuserallexpenses?sort=date&order=asc');
    expect(list.body.data.map((e: { category: string }) => e.category)).toEqual([
      'Groceries',
      'other',
    ]);
  });
});

describe('optional columns', () => {
  it('leaves a column out when told the file has none (0), whatever the guess', async () => {
    const me = await signUp(server);
    const csv = 'Date,Narration,Txn Type,Debit,Credit,Category\n01/04/2026,Petrol,UPI,500,,Fuel\n';
    const p = await preview(me.token, csv, { kind: 'expenses' });
    // The guess takes the Category column, where "Fuel" is no category of the user's.
    expect(p.body.settings.categoryColumn).toBe(6);
    expect(p.body.counts).toMatchObject({ errors: 1 });
    const without = await preview(me.token, csv, { ...p.body.settings, categoryColumn: 0 });
    expect(without.body.settings.categoryColumn).toBe(0);
    expect(without.body.counts).toMatchObject({ ready: 1, errors: 0 });
    const r = await run(me.token, csv, without.body.settings);
    expect(r.body.result.imported).toBe(1);
    // The next file of the kind starts from the settings as imported: no category column.
    const next = await preview(me.token, csv, { kind: 'expenses' });
    expect(next.body).toMatchObject({ settingsFrom: 'saved', settings: { categoryColumn: 0 } });
  });
});

describe('a long file', () => {
  it('reads every row past the lines the preview looks ahead at', async () => {
    const rows = Array.from(
      { length: 250 },
      (_, i) => `${String((i % 28) + 1).padStart(2, '0')}/03/2026,Item ${i},${i + 1}`,
    );
    const { me, csv, p } = await newAdminPreview('expenses', ['Date,Description,Amount', ...rows]);
    expect(p.body.counts).toMatchObject({ rows: 250, ready: 250 });
    expect(p.body.rows).toHaveLength(100);
    const r = await run(me.token, csv, p.body.settings);
    expect(r.body.result.imported).toBe(250);
    // One progress line before the work, one per 1,000 rows (here the only batch), the result.
    expect(r.lines).toHaveLength(3);
    const list = await me.api.get('/expense/getuserallexpenses');
    expect(list.body).toMatchObject({ total: 250, totalAmount: (250 * 251) / 2 });
  });
});
