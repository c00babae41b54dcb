import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { unzipTexts as unzip } from './myDataZip';
import { exportBatch } from '../../server/db/keyset';
import { expenses, loans } from '../../server/db/schema';
import { LIMITS } from '../../server/services/rateLimits';
import {
  addUser,
  bankAccountBody,
  expenseBody,
  loanBody,
  openAccount,
  paymentBody,
  projectBody,
  signUp,
  startTestServer,
  type Api,
} from './helpers';
import { useServer } from './fixtures/server';

/**
 * The CSV downloads and the "export my data" ZIP, over HTTP on a real database: the bytes
 * as a spreadsheet gets them (byte-order mark first), every row exactly once across many
 * batches, only the caller's rows.
 */

const BATCH = 3;

const server = useServer(() => {
  // A few rows then cross many batch boundaries.
  exportBatch.size = BATCH;
});

const BOM = '\uFEFF';

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** The body as UTF-8, with its byte-order mark kept. */
  text: string;
  /** The JSON of a refusal. */
  json?: { success: boolean; message: string };
}

/** GETs a download as bytes (fetch's text() would drop the byte-order mark). */
async function download(token: string, path: string): Promise<Download> {
  const res = await fetch(`${server.origin}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  let json: Download['json'];
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
  return { status: res.status, headers: res.headers, bytes, text, json };
}

/** RFC 4180: rows of fields, quotes undone. The byte-order mark must have been checked off. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  expect(row).toEqual([]);
  return rows;
}

/** A CSV download's rows, after checking its type and byte-order mark. */
function csvRows(d: Download): string[][] {
  expect(d.status, d.text.slice(0, 200)).toBe(200);
  expect(d.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect([...d.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(d.text.startsWith(BOM)).toBe(true);
  return parseCsv(d.text.slice(1));
}

/** Expenses written straight to the table: many rows fast, with chosen amounts in paise. */
async function insertExpenses(
  userId: string,
  rows: { date: string; description: string; amountPaise: number; category?: string }[],
) {
  await server.db.insert(expenses).values(
    rows.map((r, i) => ({
      userId,
      date: r.date,
      description: r.description,
      amountPaise: r.amountPaise,
      category: (r.category ?? 'other') as 'other',
      // Microseconds apart: a keyset that kept only milliseconds would lose rows.
      createdAt: sql`now() - ${i} * interval '1 microsecond'`,
    })),
  );
}

/** Each file's first line, as it reads in the file. */
const EXPENSE_HEADER = 'Date,Description,Category,Amount'.split(',');
const LOAN_HEADER =
  'S.no,Name,Email,Amount,Repaid,Outstanding,Status,IssueDate,RepaymentDate'.split(',');
/** The files of anyone's "export my data" ZIP, in order; a company's has its own after them. */
const OWN_FILES = [
  'profile.csv',
  'expenses.csv',
  'lend.csv',
  'borrowed.csv',
  'repayments.csv',
  'categories.csv',
  'recurring-expenses.csv',
  'khata-people.csv',
  'khata-reminders.csv',
  'lend-reminder-schedules.csv',
  'khata-links.csv',
];
const COMPANY_FILES = ['people.csv', 'projects.csv', 'bank-accounts.csv', 'payments.csv'];

describe('expenses CSV', () => {
  it('starts with a BOM and gives every row exactly, rupees from paise, in the list order', async () => {
    const me = await signUp(server);
    const amounts = [1, 10, 1999, 100, 123456789, 9_999_999_999_999, 30, 5, 70, 2];
    await insertExpenses(
      me.user._id,
      amounts.map((amountPaise, i) => ({
        // Pairs of equal dates: the id decides, also across batch boundaries.
        date: `2026-03-${String(10 + Math.floor(i / 2)).padStart(2, '0')}`,
        description: `Item ${i}`,
        amountPaise,
        category: ['shopping', 'movie', 'other'][i % 3],
      })),
    );
    await me.api.post(
      '/expense/addexpense',
      expenseBody({
        date: '2026-03-20',
        description: 'राम की दुकान, "special" =SUM(A1)',
        amount: 19.99,
        category: 'shopping',
      }),
    );
    await me.api.post(
      '/expense/addexpense',
      expenseBody({
        date: '2026-03-21',
        description: '=HYPERLINK("http://x")',
        amount: 0.07,
        category: 'movie',
      }),
    );

    const d = await download(me.token, '/expense/export');
    expect(d.headers.get('content-disposition')).toBe('attachment; filename="expenses.csv"');
    const rows = csvRows(d);
    expect(rows[0]).toEqual(EXPENSE_HEADER);
    const body = rows.slice(1);
    expect(body).toHaveLength(12);
    // Newest first, as the list opens.
    expect(body[0]).toEqual(['2026-03-21', `'=HYPERLINK("http://x")`, 'movie', '0.07']);
    expect(body[1]).toEqual(['2026-03-20', 'राम की दुकान, "special" =SUM(A1)', 'shopping', '19.99']);
    // Exact to the paisa at every size: 0.01, 0.10, 19.99, 12,34,567.89, the largest amount.
    const byDescription = new Map(body.map((r) => [r[1], r]));
    expect(byDescription.get('Item 0')).toEqual(['2026-03-10', 'Item 0', 'shopping', '0.01']);
    expect(byDescription.get('Item 1')![3]).toBe('0.10');
    expect(byDescription.get('Item 2')![3]).toBe('19.99');
    expect(byDescription.get('Item 4')![3]).toBe('1234567.89');
    expect(byDescription.get('Item 5')![3]).toBe('99999999999.99');
    // The quoting on the wire.
    expect(d.text).toContain('"राम की दुकान, ""special"" =SUM(A1)"');

    // The same rows in the same order as the list shows them, page after page.
    const list = await me.api.get('/expense/getuserallexpenses?pageSize=100');
    expect(body.map((r) => r[0])).toEqual(list.body.data.map((e: { date: string }) => e.date));
    expect(body.map((r) => r[3])).toEqual(
      list.body.data.map((e: { amount: number }) => e.amount.toFixed(2)),
    );
  });

  it("follows the list's search and every sort, both ways, across batches", async () => {
    const me = await signUp(server);
    const words = ['delta', 'Alpha', 'charlie', 'bravo', 'alpha', 'Echo', 'foxtrot', 'bravo'];
    await insertExpenses(
      me.user._id,
      words.map((word, i) => ({
        date: `2026-0${1 + (i % 3)}-15`,
        description: `${word} ${i}`,
        amountPaise: [500, 100, 500, 700, 100, 300, 900, 500][i]!,
        category: ['shopping', 'movie', 'other', 'movie'][i % 4],
      })),
    );
    for (const sort of ['date', 'amount', 'description', 'category', 'createdAt']) {
      for (const order of ['asc', 'desc']) {
        for (const search of ['', 'alpha', 'movie']) {
          const q = `sort=${sort}&order=${order}${search ? `&search=${search}` : ''}`;
          const list = await me.api.get(`/expense/getuserallexpenses?pageSize=100&${q}`);
          const rows = csvRows(await download(me.token, `/expense/export?${q}`)).slice(1);
          expect(
            rows.map((r) => r[1]),
            q,
          ).toEqual(list.body.data.map((e: { description: string }) => e.description));
          if (search === 'alpha') expect(rows).toHaveLength(2);
          if (search === 'movie') expect(rows).toHaveLength(4);
        }
      }
    }
  });

  it('narrows by category and by date range (both days included)', async () => {
    const me = await signUp(server);
    await insertExpenses(
      me.user._id,
      ['2026-04-30', '2026-05-01', '2026-05-15', '2026-05-31', '2026-06-01'].flatMap((date, i) => [
        { date, description: `movie ${i}`, amountPaise: 100 * (i + 1), category: 'movie' },
        { date, description: `shop ${i}`, amountPaise: 1000, category: 'shopping' },
      ]),
    );
    const rows = csvRows(
      await download(
        me.token,
        '/expense/export?category=movie&from=2026-05-01&to=2026-05-31&sort=date&order=asc',
      ),
    );
    expect(rows.slice(1)).toEqual([
      ['2026-05-01', 'movie 1', 'movie', '2.00'],
      ['2026-05-15', 'movie 2', 'movie', '3.00'],
      ['2026-05-31', 'movie 3', 'movie', '4.00'],
    ]);
    const named = await download(me.token, '/expense/export?from=2026-05-01&to=2026-05-31');
    expect(named.headers.get('content-disposition')).toBe(
      'attachment; filename="expenses-2026-05-01-to-2026-05-31.csv"',
    );
    expect(csvRows(named)).toHaveLength(1 + 6);

    const backwards = await download(me.token, '/expense/export?from=2026-05-31&to=2026-05-01');
    expect(backwards.status).toBe(400);
    expect(backwards.json?.message).toBe('End date must be on or after the start date');
    const badCategory = await download(me.token, '/expense/export?category=food');
    expect(badCategory.status).toBe(400);
    expect(badCategory.json?.message).toMatch(/category/);
    const noSession = await fetch(`${server.origin}/api/expense/export`);
    expect(noSession.status).toBe(401);
  });

  it("never holds another user's expenses, whatever the role", async () => {
    const admin = await signUp(server);
    const company = await addUser(server, admin.api, 'Tenant', 'company');
    const pm = await addUser(server, company.api, 'Manager', 'pm');
    const stranger = await signUp(server);
    const mine = { date: '2026-02-02', amount: 1, category: 'other' };
    await admin.api.post('/expense/addexpense', { ...mine, description: 'admin own' });
    await company.api.post('/expense/addexpense', { ...mine, description: 'company own' });
    await pm.api.post('/expense/addexpense', { ...mine, description: 'pm own' });
    await stranger.api.post('/expense/addexpense', { ...mine, description: 'stranger own' });
    for (const [token, own] of [
      [admin.token, 'admin own'],
      [company.token, 'company own'],
      [pm.token, 'pm own'],
      [stranger.token, 'stranger own'],
    ] as const) {
      const rows = csvRows(await download(token, '/expense/export'));
      expect(rows.slice(1).map((r) => r[1])).toEqual([own]);
    }
  });
});

describe('lend and borrowed CSV', () => {
  it('starts with a BOM and gives every entry once, in issue-date order, across batches', async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    const entry = (userId: string, i: number, direction: 'lend' | 'borrowed' = 'lend') => ({
      userId,
      direction,
      name: `Person ${i}`,
      email: `p${i}@example.com`,
      amountPaise: 100_001 + i,
      repaidPaise: i === 3 ? 100_004 : 0,
      issueDate: `2026-01-0${1 + Math.floor((i % 10) / 3)}`,
      repaymentDate: '2099-12-31',
    });
    await server.db
      .insert(loans)
      .values([
        ...Array.from({ length: 10 }, (_, i) => entry(me.user._id, i)),
        entry(me.user._id, 99, 'borrowed'),
        entry(other.user._id, 50),
      ]);
    const rows = csvRows(await download(me.token, '/lend/export'));
    expect(rows[0]).toEqual(LOAN_HEADER);
    const body = rows.slice(1);
    expect(body.map((r) => r[0])).toEqual(Array.from({ length: 10 }, (_, i) => String(i + 1)));
    expect(new Set(body.map((r) => r[1]))).toEqual(
      new Set(Array.from({ length: 10 }, (_, i) => `Person ${i}`)),
    );
    const dates = body.map((r) => r[7]!);
    expect(dates).toEqual([...dates].sort());
    expect(body.find((r) => r[1] === 'Person 3')).toEqual([
      expect.any(String),
      'Person 3',
      'p3@example.com',
      '1000.04',
      '1000.04',
      '0.00',
      'settled',
      '2026-01-02',
      '2099-12-31',
    ]);
    const borrowed = csvRows(await download(me.token, '/borrowed/export')).slice(1);
    expect(borrowed.map((r) => r[1])).toEqual(['Person 99']);
  });
});

describe('statement CSV', () => {
  let admin: Awaited<ReturnType<typeof signUp>>;
  let company: { id: string; token: string; api: Api };
  beforeAll(async () => {
    admin = await signUp(server);
    company = await addUser(server, admin.api, 'Ledger Co', 'company');
  });

  it('streams the entries in order with exact running, opening and closing balances', async () => {
    const acc = await openAccount(company.api, { account_no: '424242424242', openingBalance: 0.3 });
    const pay = (paymentType: 'credit' | 'debit', amount: number, date: string) =>
      company.api.post(
        '/company/addpayment',
        paymentBody({
          accountId: acc._id,
          date,
          remark: `${paymentType} ${amount}`,
          paymentType,
          amount,
        }),
      );
    expect((await pay('credit', 0.1, '2026-06-30')).status).toBe(201); // before the range
    const inRange: ['credit' | 'debit', number, string][] = [
      ['credit', 0.2, '2026-07-01'],
      ['credit', 1000000.01, '2026-07-01'],
      ['debit', 0.3, '2026-07-01'],
      ['credit', 19.99, '2026-07-02'],
      ['debit', 0.01, '2026-07-02'],
      ['debit', 500000, '2026-07-05'],
      ['credit', 7.77, '2026-07-05'],
      ['debit', 0.07, '2026-07-31'],
    ];
    for (const [type, amount, date] of inRange)
      expect((await pay(type, amount, date)).status).toBe(201);
    expect((await pay('credit', 5, '2026-08-01')).status).toBe(201); // after the range

    const path = `accountId=${acc._id}&from=2026-07-01&to=2026-07-31`;
    const d = await download(company.token, `/company/statement/export?${path}`);
    expect(d.headers.get('content-disposition')).toBe(
      'attachment; filename="statement-424242424242-2026-07-01-to-2026-07-31.csv"',
    );
    const rows = csvRows(d);
    expect(rows).toEqual([
      ['Date', 'Remark', 'Credit', 'Debit', 'Balance', 'Mode', 'Reference', 'Party', 'Project'],
      ['2026-07-01', 'Opening balance', '', '', '0.40'],
      ['2026-07-01', 'credit 0.2', '0.20', '', '0.60', '', '', '', ''],
      ['2026-07-01', 'credit 1000000.01', '1000000.01', '', '1000000.61', '', '', '', ''],
      ['2026-07-01', 'debit 0.3', '', '0.30', '1000000.31', '', '', '', ''],
      ['2026-07-02', 'credit 19.99', '19.99', '', '1000020.30', '', '', '', ''],
      ['2026-07-02', 'debit 0.01', '', '0.01', '1000020.29', '', '', '', ''],
      ['2026-07-05', 'debit 500000', '', '500000.00', '500020.29', '', '', '', ''],
      ['2026-07-05', 'credit 7.77', '7.77', '', '500028.06', '', '', '', ''],
      ['2026-07-31', 'debit 0.07', '', '0.07', '500027.99', '', '', '', ''],
      ['2026-07-31', 'Closing balance', '1000027.97', '500000.38', '500027.99'],
    ]);
    // The statement the screen shows agrees, line for line.
    const json = (await company.api.get(`/company/statement?${path}&pageSize=100`)).body.data;
    expect(json.openingBalance.toFixed(2)).toBe(rows[1]![4]);
    expect(json.closingBalance.toFixed(2)).toBe(rows.at(-1)![4]);
    expect(json.entries.map((e: { balance: number }) => e.balance.toFixed(2))).toEqual(
      rows.slice(2, -1).map((r) => r[4]),
    );

    // The admin that made the company reads it too; another tenant does not find it.
    const byAdmin = await download(admin.token, `/company/statement/export?${path}`);
    expect(byAdmin.text).toBe(d.text);
    const stranger = await signUp(server);
    const otherCompany = await addUser(server, stranger.api, 'Elsewhere', 'company');
    for (const token of [stranger.token, otherCompany.token]) {
      const refused = await download(token, `/company/statement/export?${path}`);
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('credit');
    }
    const pm = await addUser(server, company.api, 'Ledger PM', 'pm');
    expect((await download(pm.token, `/company/statement/export?${path}`)).status).toBe(403);
    const backwards = await download(
      company.token,
      `/company/statement/export?accountId=${acc._id}&from=2026-07-31&to=2026-07-01`,
    );
    expect(backwards.status).toBe(400);
  });

  it('states an empty range as its opening and closing balance', async () => {
    const acc = await openAccount(company.api, {
      account_no: '515151515151',
      openingBalance: 12.5,
    });
    const rows = csvRows(
      await download(
        company.token,
        `/company/statement/export?accountId=${acc._id}&from=2026-01-01&to=2026-01-31`,
      ),
    );
    expect(rows.slice(1)).toEqual([
      ['2026-01-01', 'Opening balance', '', '', '12.50'],
      ['2026-01-31', 'Closing balance', '0.00', '0.00', '12.50'],
    ]);
  });
});

describe('export my data (ZIP)', () => {
  it("holds a company's own records as CSV files, and nobody else's", async () => {
    const admin = await signUp(server);
    const acme = await addUser(server, admin.api, 'Acme Exports', 'company');
    const pm = await addUser(server, acme.api, 'Priya Exports', 'pm');
    const rival = await addUser(server, admin.api, 'Rival Exports', 'company');

    await insertExpenses(
      acme.id,
      Array.from({ length: 8 }, (_, i) => ({
        date: `2026-02-0${1 + (i % 5)}`,
        description: `acme expense ${i}`,
        amountPaise: 1001 + i,
      })),
    );
    await rival.api.post(
      '/expense/addexpense',
      expenseBody({ date: '2026-02-01', description: 'rival expense', amount: 1 }),
    );
    await pm.api.post(
      '/expense/addexpense',
      expenseBody({ date: '2026-02-01', description: 'pm expense', amount: 1 }),
    );
    const lend = await acme.api.post(
      '/lend/addlend',
      loanBody({
        name: 'Ravi Kumar',
        amount: 1500.5,
        issueDate: '2026-01-01',
        repaymentDate: '2099-01-01',
      }),
    );
    await acme.api.post('/lend/addrepayment', {
      loanId: lend.body.data._id,
      date: '2026-01-10',
      amount: 500.25,
      remark: 'cash',
    });
    await acme.api.post(
      '/borrowed/addborrowed',
      loanBody({
        name: 'Meena',
        email: 'meena@example.com',
        amount: 99.99,
        issueDate: '2026-01-02',
        repaymentDate: '2099-01-01',
      }),
    );
    await acme.api.post(
      '/company/createproject',
      projectBody({ price: 123456.78, projectManager: pm.id }),
    );
    const accounts = [];
    for (const no of ['111122223333', '444455556666']) {
      const acc = await acme.api.post(
        '/company/createbank',
        bankAccountBody({ account_no: no, confirm_no: no, openingBalance: 100 }),
      );
      accounts.push(acc.body.data._id as string);
    }
    for (let i = 0; i < 4; i++)
      for (const accountId of accounts)
        await acme.api.post(
          '/company/addpayment',
          paymentBody({
            accountId,
            date: `2026-03-0${1 + i}`,
            remark: `pay ${i}`,
            amount: 0.01 + i,
          }),
        );
    await rival.api.post('/company/createbank', bankAccountBody({ openingBalance: 5 }));

    const d = await download(acme.token, '/user/exportmydata/zip');
    expect(d.status).toBe(200);
    expect(d.headers.get('content-type')).toBe('application/zip');
    expect(d.headers.get('content-disposition')).toBe('attachment; filename="my-data.zip"');
    const files = await unzip(d.bytes);
    expect(files.map((f) => f.name)).toEqual([...OWN_FILES, ...COMPANY_FILES]);
    const rowsOf = (name: string) => {
      const file = files.find((f) => f.name === name)!;
      expect(file.text.startsWith(BOM), name).toBe(true);
      return parseCsv(file.text.slice(1));
    };
    expect(rowsOf('profile.csv')[1]!.slice(0, 3)).toEqual(['Acme Exports', acme.email, 'company']);
    const expenseRows = rowsOf('expenses.csv');
    expect(expenseRows[0]).toEqual(EXPENSE_HEADER);
    expect(
      expenseRows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(Array.from({ length: 8 }, (_, i) => `acme expense ${i}`));
    expect(expenseRows.find((r) => r[1] === 'acme expense 7')![3]).toBe('10.08');
    expect(rowsOf('lend.csv')[1]!.slice(1, 6)).toEqual([
      'Ravi Kumar',
      'ravi@example.com',
      '1500.50',
      '500.25',
      '1000.25',
    ]);
    expect(rowsOf('borrowed.csv')[1]![3]).toBe('99.99');
    expect(rowsOf('repayments.csv').slice(1)).toEqual([
      [
        'Lend',
        'Ravi Kumar',
        'ravi@example.com',
        '2026-01-10',
        '500.25',
        'cash',
        lend.body.data._id,
      ],
    ]);
    const people = rowsOf('people.csv');
    expect(people.slice(1).map((r) => r.slice(0, 3))).toEqual([['Priya Exports', pm.email, 'pm']]);
    expect(rowsOf('projects.csv')[1]).toEqual(
      expect.arrayContaining(['Website', '123456.78', 'Priya Exports']),
    );
    const bankRows = rowsOf('bank-accounts.csv').slice(1);
    expect(bankRows.map((r) => [r[1], r[7], r[8]])).toEqual([
      ['111122223333', '100.00', '106.04'],
      ['444455556666', '100.00', '106.04'],
    ]);
    const paymentRows = rowsOf('payments.csv').slice(1);
    expect(paymentRows.map((r) => [r[0], r[1], r[2], r[3]])).toEqual(
      ['111122223333', '444455556666'].flatMap((no) =>
        [0, 1, 2, 3].map((i) => [no, `2026-03-0${1 + i}`, 'Credit', (0.01 + i).toFixed(2)]),
      ),
    );
    // Nobody else's records, and never a sign-in secret.
    const everything = files.map((f) => f.text).join('\n');
    for (const foreign of ['rival expense', 'pm expense', 'Rival Exports', '$argon2'])
      expect(everything).not.toContain(foreign);
  });

  it("holds only a person's own records for an admin or a PM", async () => {
    const admin = await signUp(server);
    await admin.api.post(
      '/expense/addexpense',
      expenseBody({ date: '2026-02-01', description: 'admin lunch', amount: 12.5 }),
    );
    await addUser(server, admin.api, 'Child Company', 'company');
    await admin.api.post('/expense/addrecurring', {
      description: 'Flat rent',
      amount: 25000.5,
      category: 'other',
      schedule: 'monthly',
      day: 5,
      startDate: '2199-01-05',
    });
    const files = await unzip((await download(admin.token, '/user/exportmydata/zip')).bytes);
    expect(files.map((f) => f.name)).toEqual(OWN_FILES);
    expect(parseCsv(files[1]!.text.slice(1)).slice(1)).toEqual([
      ['2026-02-01', 'admin lunch', 'other', '12.50'],
    ]);
    const named = (name: string) => parseCsv(files.find((f) => f.name === name)!.text.slice(1));
    expect(
      named('categories.csv')
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['movie', 'other', 'shopping']);
    expect(named('recurring-expenses.csv')).toEqual([
      'Description,Category,Amount,Schedule,Day,Start,End,Next date,Paused'.split(','),
      ['Flat rent', 'other', '25000.50', 'monthly', '5', '2199-01-05', '', '2199-01-05', 'no'],
    ]);
    expect(parseCsv(files[2]!.text.slice(1))).toEqual([LOAN_HEADER]);
    expect(files.map((f) => f.text).join('\n')).not.toContain('Child Company');
  });
});

describe('the export limit', () => {
  it('refuses downloads past the limit with 429 and Retry-After, across every export', async () => {
    const limited = await startTestServer({ limits: LIMITS });
    try {
      const me = await signUp(limited);
      const get = (path: string) =>
        fetch(`${limited.origin}/api${path}`, { headers: { authorization: `Bearer ${me.token}` } });
      const paths = ['/expense/export', '/user/exportmydata/zip', '/lend/export'];
      for (let i = 0; i < LIMITS.exportsPerAccount.max; i++) {
        const res = await get(paths[i % paths.length]!);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      for (const path of ['/expense/export', '/user/exportmydata/zip']) {
        const refused = await get(path);
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(LIMITS.exportsPerAccount.windowMs / 1000);
        expect(await refused.json()).toMatchObject({
          success: false,
          message: 'Too many downloads. Please try again in a few minutes.',
          code: 'rate_limited',
        });
      }
    } finally {
      await limited.close();
    }
  }, 60_000);
});
