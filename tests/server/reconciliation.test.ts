import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { companyWithAccount, paymentBody, signUp } from './helpers';
import { useServer } from './fixtures/server';

const server = useServer();

const FIXTURES = join(import.meta.dirname, '../fixtures/banks');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/** Sends a file as the body of a reconciliation call, as the SPA does. */
async function send(
  token: string,
  path: 'preview' | '',
  file: string | Buffer,
  query: Record<string, string>,
  type = 'application/octet-stream',
) {
  const res = await fetch(
    `${server.origin}/api/company/reconciliations${path ? `/${path}` : ''}?${new URLSearchParams(query)}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: typeof file === 'string' ? file : new Uint8Array(file),
    },
  );
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

let accountNo = 100000000000;
/** A company with an account opened at ₹50,000, and its entries of April as its books have them. */
async function company(entries = true) {
  const account = { openingBalance: 50000, account_no: String(++accountNo) };
  const made = await companyWithAccount(server, 'Acme Traders', account);
  const { admin, company: co, accountId } = made;
  const pay = async (date: string, remark: string, paymentType: string, amount: number) => {
    const res = await co.api.post(
      '/company/addpayment',
      paymentBody({ accountId, date, remark, paymentType, amount }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.payment._id as string;
  };
  const ids: Record<string, string> = {};
  if (entries) {
    // The books: four of the statement's lines, a day or two apart and in other words, and a
    // petty-cash entry the bank never saw.
    ids.rent = await pay('2026-04-01', 'Office rent April - Sharma Properties', 'debit', 45000);
    ids.acme = await pay('2026-04-02', 'Payment from Acme Clients for INV 2041', 'credit', 125000);
    ids.power = await pay('2026-04-05', 'Electricity bill BESCOM', 'debit', 2360);
    ids.globex = await pay('2026-04-14', 'Cheque 000123 from Globex', 'credit', 18000);
    ids.petty = await pay('2026-04-12', 'Petty cash', 'debit', 999);
  }
  return { admin, co, accountId, ids, pay };
}

const BANKS: [string, string, string][] = [
  ['HDFC', 'hdfc-statement.xls', 'html'],
  ['HDFC', 'hdfc-delimited.txt', 'csv'],
  ['ICICI', 'icici-statement.xlsx', 'xlsx'],
  ['SBI', 'sbi-statement.xls', 'csv'],
  ['Axis', 'axis-statement.csv', 'csv'],
  ['Kotak', 'kotak-statement.csv', 'csv'],
];

type Line = { _id: string; status: string; description: string; amount: number; row: number };

async function linesOf(api: Awaited<ReturnType<typeof company>>['co']['api'], id: string) {
  const res = await api.get(`/company/reconciliations/${id}/lines?pageSize=100`);
  expect(res.status).toBe(200);
  return res.body.data as Line[];
}

describe('reconciling an account against each bank’s download', () => {
  it.each(BANKS)(
    '%s (%s): matches, creates and ignores lines and ends at a zero difference',
    async (bank, file, fileType) => {
      const { co, accountId, ids } = await company();
      const preview = await send(co.token, 'preview', fixture(file), { accountId });
      expect(preview.status, preview.text).toBe(200);
      expect(preview.body.data).toMatchObject({
        bank,
        fileType,
        from: '2026-04-02',
        to: '2026-04-20',
        lineCount: 8,
        totalCredits: 148000,
        totalDebits: 66040,
        breaks: [],
        balances: {
          statementOpening: 50000,
          statementClosing: 131960,
          // The rent is a day before the statement's first line in the books.
          ledgerOpening: 5000,
          openingDifference: 45000,
          // 50,000 + 1,25,000 + 18,000 − 45,000 − 2,360 − 999
          ledgerClosing: 144641,
          closingDifference: -12681,
        },
      });
      // Nothing is saved by a preview.
      const none = await co.api.get(`/company/reconciliations?accountId=${accountId}`);
      expect(none.body.total).toBe(0);

      const created = await send(co.token, '', fixture(file), { accountId, fileName: file });
      expect(created.status, created.text).toBe(201);
      const rec = created.body.data;
      expect(rec.counts).toEqual({
        unmatched: 4,
        suggested: 4,
        matched: 0,
        created: 0,
        ignored: 0,
      });
      expect(rec.unmatchedEntries).toBe(1);
      const id = rec._id as string;

      let lines = await linesOf(co.api, id);
      expect(lines.map((l) => l.status)).toEqual([
        'suggested',
        'suggested',
        'suggested',
        'unmatched',
        'unmatched',
        'unmatched',
        'suggested',
        'unmatched',
      ]);
      const entries = lines.map((l) => (l as unknown as { entry: { _id: string } | null }).entry);
      expect(entries.map((e) => e?._id ?? null)).toEqual([
        ids.acme,
        ids.rent,
        ids.power,
        null,
        null,
        null,
        ids.globex,
        null,
      ]);
      const unmatched = await co.api.get(`/company/reconciliations/${id}/entries`);
      expect(unmatched.body.data.map((e: { remark: string }) => e.remark)).toEqual(['Petty cash']);

      const confirmed = await co.api.post(`/company/reconciliations/${id}/confirm`, { all: true });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data.changed).toBe(4);

      // The failed transfer and its return cancel out: set aside.
      const [failed, returned] = [lines[4]!, lines[5]!];
      const ignored = await co.api.post(`/company/reconciliations/${id}/ignore`, {
        lineIds: [failed._id, returned._id],
      });
      expect(ignored.body.data.changed).toBe(2);

      for (const line of [lines[3]!, lines[7]!]) {
        const made = await co.api.post(
          `/company/reconciliations/${id}/lines/${line._id}/create`,
          {},
        );
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        expect(made.body.data.status).toBe('created');
        expect(made.body.data.entry).toMatchObject({ amount: line.amount, paymentType: 'debit' });
      }

      // The petty cash never left the bank: reversed in the books.
      const reversed = await co.api.post(`/company/payments/${ids.petty}/reverse`, {});
      expect(reversed.status).toBe(201);

      const done = await co.api.get(`/company/reconciliations/${id}`);
      expect(done.body.data.counts).toEqual({
        unmatched: 0,
        suggested: 0,
        matched: 4,
        created: 2,
        ignored: 2,
      });
      expect(done.body.data.unmatchedEntries).toBe(0);
      // Reconciled, the rent counts in the statement's period, as the bank has it.
      expect(done.body.data.balances).toMatchObject({
        statementOpening: 50000,
        ledgerOpening: 50000,
        statementClosing: 131960,
        ledgerClosing: 131960,
        openingDifference: 0,
        closingDifference: 0,
      });
      lines = await linesOf(co.api, id);
      expect(lines.every((l) => l.status !== 'unmatched')).toBe(true);
    },
  );

  it('a missing row shows as a break in the balances and as a difference', async () => {
    const { co, accountId } = await company();
    const full = fixture('axis-statement.csv').toString('utf8');
    const missing = full
      .split('\r\n')
      .filter((line) => !line.includes('KAVERI STATIONERS'))
      .join('\r\n');
    const preview = await send(co.token, 'preview', missing, { accountId });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.breaks).toHaveLength(1);
    expect(preview.body.data.breaks[0].message).toMatch(/Row 11: the balance ₹1,10,140.00 is not/);

    const created = await send(co.token, '', missing, { accountId });
    const id = created.body.data._id as string;
    expect(created.body.data.breaks).toBe(1);
    await co.api.post(`/company/reconciliations/${id}/confirm`, { all: true });
    const lines = await linesOf(co.api, id);
    const broken = lines.find(
      (l) => (l as unknown as { balanceBreak: string | null }).balanceBreak,
    );
    expect(broken?.description).toMatch(/RAJ TRADERS-ADVANCE/);
    const open = lines.filter((l) => l.status === 'unmatched');
    await co.api.post(`/company/reconciliations/${id}/ignore`, {
      lineIds: open.filter((l) => /RAJ/.test(l.description)).map((l) => l._id),
    });
    for (const line of open.filter((l) => !/RAJ/.test(l.description)))
      await co.api.post(`/company/reconciliations/${id}/lines/${line._id}/create`, {});
    const done = await co.api.get(`/company/reconciliations/${id}`);
    // The ₹12,500 the file left out is what the books and the statement differ by, less
    // the petty cash still in the books.
    expect(done.body.data.balances.closingDifference).toBe(-12500 + 999);
  });

  it('a wrong amount shows on its line', async () => {
    const { co, accountId } = await company(false);
    const wrong = fixture('axis-statement.csv')
      .toString('utf8')
      .replace('BESCOM ELECTRICITY-BLR0412,2360.00', 'BESCOM ELECTRICITY-BLR0412,2630.00');
    const preview = await send(co.token, 'preview', wrong, { accountId });
    expect(preview.body.data.breaks).toEqual([
      {
        row: 10,
        message: expect.stringMatching(
          /the balance ₹1,27,640.00 is not ₹1,30,000.00 less ₹2,630.00/,
        ),
      },
    ]);
  });
});

describe('a new entry from a line', () => {
  it('takes its party and category from the account’s earlier entry most like it', async () => {
    const { co, accountId } = await company(false);
    const earlier = await co.api.post(
      '/company/addpayment',
      paymentBody({
        accountId,
        date: '2026-03-10',
        remark: 'Printer paper, Kaveri Stationers',
        paymentType: 'debit',
        amount: 800,
        party: { kind: 'name', name: 'Kaveri Stationers' },
        category: 'shopping',
      }),
    );
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(201);
    const created = await send(co.token, '', fixture('axis-statement.csv'), { accountId });
    const id = created.body.data._id as string;
    const lines = await linesOf(co.api, id);
    const kaveri = lines.find((l) => /KAVERI/.test(l.description))!;
    const amazon = lines.find((l) => /AMAZON/.test(l.description))!;
    const made = await co.api.post(`/company/reconciliations/${id}/lines/${kaveri._id}/create`, {});
    expect(made.status).toBe(201);
    expect(made.body.data.entry).toMatchObject({
      date: '2026-04-08',
      amount: 12500,
      partyName: 'Kaveri Stationers',
      category: 'shopping',
    });
    const plain = await co.api.post(`/company/reconciliations/${id}/lines/${amazon._id}/create`, {
      remark: 'Office supplies',
    });
    expect(plain.body.data.entry).toMatchObject({
      remark: 'Office supplies',
      partyName: null,
      category: null,
    });
    // One entry per line: a second click is refused.
    const again = await co.api.post(
      `/company/reconciliations/${id}/lines/${kaveri._id}/create`,
      {},
    );
    expect(again.status).toBe(409);
  });
});

describe('a reconciled entry', () => {
  it('cannot be reversed until its line is undone (409, reconciled)', async () => {
    const { co, accountId, ids } = await company();
    const created = await send(co.token, '', fixture('axis-statement.csv'), { accountId });
    const id = created.body.data._id as string;
    await co.api.post(`/company/reconciliations/${id}/confirm`, { all: true });
    // The lists mark it, so that Payment Mode offers no Reverse for it.
    const reconciledOf = async () => {
      const listed = await co.api.get(`/company/getpayments?accountId=${accountId}&pageSize=20`);
      const statement = await co.api.get(
        `/company/statement?accountId=${accountId}&from=2026-04-01&to=2026-04-30`,
      );
      const marks = (rows: { _id: string; reconciled: boolean }[]) =>
        Object.fromEntries(rows.map((p) => [p._id, p.reconciled]));
      return { listed: marks(listed.body.data), statement: marks(statement.body.data.entries) };
    };
    const marked = await reconciledOf();
    for (const shown of [marked.listed, marked.statement])
      expect(shown).toMatchObject({ [ids.rent!]: true, [ids.petty!]: false });
    const refused = await co.api.post(`/company/payments/${ids.rent}/reverse`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'reconciled' });
    expect(refused.body.message).toMatch(/reconciled/);

    const rentLine = (await linesOf(co.api, id)).find((l) => /SHARMA/.test(l.description))!;
    const undone = await co.api.post(`/company/reconciliations/${id}/lines/${rentLine._id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.data.status).toBe('unmatched');
    expect((await reconciledOf()).listed[ids.rent!]).toBe(false);
    const reversed = await co.api.post(`/company/payments/${ids.rent}/reverse`, {});
    expect(reversed.status).toBe(201);
    // The reversed entry is no longer one to match.
    const again = await co.api.post(`/company/reconciliations/${id}/suggest`);
    expect(again.status).toBe(200);
    const after = (await linesOf(co.api, id)).find((l) => l._id === rentLine._id)!;
    expect(after.status).toBe('unmatched');
  });

  it('is refused by the database itself, whatever path the reversal takes', async () => {
    const { co, accountId, ids } = await company();
    const created = await send(co.token, '', fixture('kotak-statement.csv'), { accountId });
    await co.api.post(`/company/reconciliations/${created.body.data._id}/confirm`, { all: true });
    await expect(
      server.database.query(
        `insert into payments (account_id, company_id, date, remark, type, amount_paise, reverses_id)
         select account_id, company_id, date, 'x', 'credit', amount_paise, id from payments
          where id = '${ids.power}'`,
      ),
    ).rejects.toThrow(/reconciled entry cannot be reversed/);
  });
});

/** A workbook of these parts (an empty workbook and content types unless given), zipped. */
async function zipped(given: Record<string, Buffer>) {
  const parts = {
    '[Content_Types].xml': Buffer.from('<Types/>'),
    'xl/workbook.xml': Buffer.from('<workbook/>'),
    ...given,
  };
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(parts)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('files that are not a statement', () => {
  it('are refused with a 400 saying why, and nothing is saved', async () => {
    const { co, accountId } = await company(false);
    const cases: [string | Buffer, RegExp][] = [
      [
        Buffer.concat([
          Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
          Buffer.alloc(600),
        ]),
        /This \.xls file is damaged .*save it as \.xlsx or CSV/,
      ],
      ['Date,Narration,Amount\n01/04/2026,Tea,10\n', /names a date, the amounts and the balance/],
      [Buffer.from([0x44, 0x61, 0x74, 0x65, 0x0a, 0xff, 0xfe, 0x41]), /not UTF-8/],
      [
        'Date,Narration,Withdrawal,Deposit,Balance\n01/04/2026,Tea,=1+2,,100\n',
        /Row 2: the withdrawal .*formula/,
      ],
      [
        'Date,Narration,Withdrawal,Deposit,Balance\n01/04/2026,Tea,10,20,100\n',
        /Row 2 has both a withdrawal and a deposit/,
      ],
      ['Date,Narration,Withdrawal,Deposit,Balance\n', /no lines below its headers/],
    ];
    for (const [file, message] of cases) {
      const res = await send(co.token, '', file, { accountId });
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('invalid_file');
      expect(res.body.message).toMatch(message);
    }
    const list = await co.api.get(`/company/reconciliations?accountId=${accountId}`);
    expect(list.body.total).toBe(0);
  });

  it('a million blank rows, a file over the size limit or a zip bomb is refused within bounds', async () => {
    const { co, accountId } = await company(false);
    const blank = `Date,Narration,Withdrawal,Deposit,Balance\n${'\n'.repeat(300_000)}`;
    const started = Date.now();
    const res = await send(co.token, 'preview', blank, { accountId });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/more than 2,01,000 lines/);
    expect(Date.now() - started).toBeLessThan(10_000);

    // The same as a workbook: a statement's headers, then a million empty rows, 2.4 MB zipped.
    const HEADERS = ['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'];
    const rows = Array.from({ length: 1_000_000 }, (_, i) => `<row r="${i + 2}"/>`).join('');
    const sheet = Buffer.from(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
        `<row r="1">${HEADERS.map((h, i) => `<c r="${'ABCDE'[i]}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('')}</row>` +
        `${rows}</sheetData></worksheet>`,
    );
    const book = await zipped({
      'xl/workbook.xml': Buffer.from(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
          '<sheets><sheet name="Statement" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': Buffer.from(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="http://schemas.' +
          'openxmlformats.org/officeDocument/2006/relationships/worksheet"/></Relationships>',
      ),
      'xl/worksheets/sheet1.xml': sheet,
    });
    const sheetStarted = Date.now();
    const blankBook = await send(co.token, 'preview', book, { accountId });
    expect(blankBook.status, blankBook.text).toBe(400);
    expect(blankBook.body.message).toMatch(/more than 2,01,000 lines/);
    expect(Date.now() - sheetStarted).toBeLessThan(10_000);

    const big = await send(co.token, 'preview', Buffer.alloc(21 * 1024 * 1024, 0x41), {
      accountId,
    });
    expect(big.status).toBe(413);

    // A 100 KB workbook whose text unpacks to 100 MB.
    const huge = Buffer.alloc(100 * 1024 * 1024, 'a');
    huge.write('<sst><si><t>', 0);
    const bomb = await zipped({ 'xl/sharedStrings.xml': huge });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const refused = await send(co.token, '', bomb, { accountId });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^The workbook unpacks to more than 160 MB/);
    const list = await co.api.get(`/company/reconciliations?accountId=${accountId}`);
    expect(list.body.total).toBe(0);
  });
});

describe('who may reconcile', () => {
  it('another company’s reconciliation is not found; its admin reads it, never writes', async () => {
    const { admin, co, accountId } = await company();
    const created = await send(co.token, '', fixture('sbi-statement.xls'), { accountId });
    const id = created.body.data._id as string;

    const other = await company(false);
    expect((await other.co.api.get(`/company/reconciliations/${id}`)).status).toBe(404);
    expect((await other.co.api.get(`/company/reconciliations/${id}/lines`)).status).toBe(404);
    expect(
      (await other.co.api.post(`/company/reconciliations/${id}/confirm`, { all: true })).status,
    ).toBe(404);
    const theirs = await send(other.co.token, 'preview', fixture('sbi-statement.xls'), {
      accountId,
    });
    expect(theirs.status).toBe(404);
    expect((await other.co.api.get(`/company/reconciliations?accountId=${accountId}`)).status).toBe(
      404,
    );

    const read = await admin.api.get(`/company/reconciliations/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.bank).toBe('SBI');
    expect(
      (await admin.api.get(`/company/reconciliations?accountId=${accountId}`)).body.total,
    ).toBe(1);
    const write = await admin.api.post(`/company/reconciliations/${id}/confirm`, { all: true });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('read_only');
    const upload = await send(admin.token, '', fixture('sbi-statement.xls'), { accountId });
    expect(upload.status).toBe(403);
    // Someone else's admin sees nothing of it.
    const stranger = await signUp(server);
    expect((await stranger.api.get(`/company/reconciliations/${id}`)).status).toBe(404);
  });
});
