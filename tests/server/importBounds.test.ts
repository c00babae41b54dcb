import { request as httpRequest } from 'node:http';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS_EMBEDDED,
  IMPORT_PREVIEW_CELL_CHARS,
} from '../../contract/imports';
import { companyWithAccount, paymentBody, signUp } from './helpers';
import { useServer } from './fixtures/server';
import { importCalls } from './importCalls';

/** Hostile files and uploads: each is refused within its bounds, and nobody else waits. */

// A stalled body is ended after a second here (20 s in production).
const server = useServer(undefined, {
  bodyTimings: { idleMs: 1_000, graceMs: 1_500, minBytesPerSecond: 4096 },
});

const { preview, run } = importCalls(() => server.origin);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook zip made by hand, its entries as given (stored or compressed). */
async function zipOf(entries: Record<string, string | Buffer>) {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries))
    zip.addBuffer(typeof data === 'string' ? Buffer.from(data) : data, name);
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * An upload that declares `length` bytes, sends `first`, and then nothing more unless told:
 * the answer (status and body) when the server gives one, and a way to go away mid-body.
 */
function stalledUpload(token: string, length: number, first: string) {
  const url = new URL(`${server.origin}/api/import/preview?kind=expenses`);
  const req = httpRequest(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'text/csv',
      'content-length': String(length),
    },
  });
  const answer = new Promise<{ status: number; body: string; closed: boolean }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body, closed: false }));
    });
    req.on('error', () => resolve({ status: 0, body: '', closed: true }));
  });
  req.write(first);
  return { answer, trickle: (text: string) => req.write(text), abort: () => req.destroy() };
}

describe('hostile CSV files', () => {
  it('refuses a line of 20 million commas, and a quote left open, by the length of the line', async () => {
    const me = await signUp(server);
    const commas = await preview(me.token, `Date,Description,Amount\n${','.repeat(20e6)}`, {
      kind: 'expenses',
    });
    expect(commas.status).toBe(400);
    expect(commas.body.message).toBe(
      'Row 2 of the file is longer than 64 KB (a quote left open?): check the file',
    );
    const open = await preview(
      me.token,
      `Date,Description,Amount\n01/04/2026,"Tea,20\n${'01/04/2026,Tea,20\n'.repeat(10_000)}`,
      { kind: 'expenses' },
    );
    expect(open.status).toBe(400);
    expect(open.body.message).toMatch(/^Row 2 of the file is longer than 64 KB/);
  });

  it('refuses a row of more columns than any import needs', async () => {
    const me = await signUp(server);
    const wide = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(',');
    const p = await preview(me.token, `Date,Description,Amount\n${wide}`, { kind: 'expenses' });
    expect(p.status).toBe(400);
    expect(p.body.message).toBe(
      `Row 2 has more than ${IMPORT_MAX_COLUMNS} columns: import a sheet of the columns you need`,
    );
    // Blank cells at the end of a row are nothing: a row of commas after its data is read.
    const trailing = `Date,Description,Amount\n01/04/2026,Tea,20${','.repeat(1000)}`;
    const ok = await preview(me.token, trailing, { kind: 'expenses', dateFormat: 'DD/MM/YYYY' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.counts).toMatchObject({ rows: 1, ready: 1 });
  });

  it('shows a long cell cut short in the preview, and refuses it on its cell', async () => {
    const me = await signUp(server);
    const long = 'x'.repeat(50_000);
    const p = await preview(me.token, `Date,Description,Amount\n01/04/2026,${long},20`, {
      kind: 'expenses',
      dateFormat: 'DD/MM/YYYY',
    });
    expect(p.status, p.text).toBe(200);
    const cell = p.body.rows[0].cells[1] as string;
    expect(cell).toBe(`${'x'.repeat(IMPORT_PREVIEW_CELL_CHARS)}…`);
    expect(p.body.rows[0].status).toBe('error');
    expect(p.body.problems[0]).toMatchObject({ row: 2, column: 2 });
    expect(p.text.length).toBeLessThan(IMPORT_MAX_CELL_CHARS * 4);
  });
});

describe('imports on the embedded database', () => {
  it('takes at most 5,000 rows there, saying why, and more on a PostgreSQL server', async () => {
    const me = await signUp(server);
    const rows = Array.from(
      { length: IMPORT_MAX_ROWS_EMBEDDED + 1 },
      (_, i) => `01/04/2026,Item ${i},1`,
    );
    const csv = ['Date,Description,Amount', ...rows].join('\n');
    const p = await preview(me.token, csv, { kind: 'expenses', dateFormat: 'DD/MM/YYYY' });
    if (server.database.kind === 'pglite') {
      expect(p.status).toBe(400);
      expect(p.body.message).toBe(
        'The file has more than 5,000 rows (row 5002): on the embedded database an import takes at most 5,000, so that nobody waits long for it; split the file into smaller ones',
      );
    } else {
      expect(p.status, p.text).toBe(200);
      expect(p.body.counts).toMatchObject({ rows: IMPORT_MAX_ROWS_EMBEDDED + 1 });
    }
  });
});

describe('hostile workbooks', () => {
  it('refuses a 100 KB workbook whose text unpacks to 100 MB, without holding it', async () => {
    const me = await signUp(server);
    const huge = Buffer.alloc(100 * 1024 * 1024, 'a');
    huge.write('<sst><si><t>', 0);
    const file = await zipOf({
      '[Content_Types].xml': '<Types/>',
      'xl/workbook.xml': '<workbook/>',
      'xl/sharedStrings.xml': huge,
      'xl/worksheets/sheet1.xml': '<worksheet/>',
    });
    expect(file.length).toBeLessThan(200 * 1024);
    const before = process.memoryUsage().rss;
    const p = await preview(me.token, file, { kind: 'expenses' }, XLSX);
    expect(p.status).toBe(400);
    expect(p.body.message).toMatch(
      /^The workbook unpacks to more than 160 MB, or its text to more/,
    );
    // The server runs in this process: the refusal did not inflate the text.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a sheet with a cell far to the right, and reads one within the bounds', async () => {
    const me = await signUp(server);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('April');
    sheet.addRow(['Date', 'Description', 'Amount']);
    sheet.addRow(['01/04/2026', 'Tea', 20]);
    sheet.getCell('XFD2').value = 'far';
    const wide = await preview(
      me.token,
      Buffer.from(await book.xlsx.writeBuffer()),
      { kind: 'expenses' },
      XLSX,
    );
    expect(wide.status).toBe(400);
    expect(wide.body.message).toBe(
      `Row 2 has more than ${IMPORT_MAX_COLUMNS} columns: import a sheet of the columns you need`,
    );
    sheet.getCell('XFD2').value = null;
    const ok = await preview(
      me.token,
      Buffer.from(await book.xlsx.writeBuffer()),
      {
        kind: 'expenses',
        dateFormat: 'DD/MM/YYYY',
      },
      XLSX,
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.counts).toMatchObject({ rows: 1, ready: 1 });
  });

  it('refuses a zip that is not a workbook', async () => {
    const me = await signUp(server);
    const p = await preview(
      me.token,
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]),
      { kind: 'expenses' },
      XLSX,
    );
    expect(p.status).toBe(400);
    expect(p.body.message).toMatch(/^This file is not an Excel workbook that can be read/);
  });
});

describe('stalled and aborted uploads', () => {
  it("leaves another user's preview at 200 while two uploads stall, and ends the stalled ones", async () => {
    const [a, b, other] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    const stalled = [a, b].map((u) => stalledUpload(u.token, 1024 * 1024, 'Date,Desc'));
    const p = await preview(other.token, 'Date,Description,Amount\n01/04/2026,Tea,20', {
      kind: 'expenses',
      dateFormat: 'DD/MM/YYYY',
    });
    expect(p.status, p.text).toBe(200);
    // Nothing more arrives: each is answered 408 within the idle time, and closed.
    for (const s of stalled) {
      const answer = await s.answer;
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body).message).toBe(
        'The request stopped arriving before it was complete. Please try again.',
      );
    }
  });

  it('ends a body that trickles a byte at a time past the grace period', async () => {
    const me = await signUp(server);
    const s = stalledUpload(me.token, 1024 * 1024, 'D');
    const timer = setInterval(() => s.trickle('a'), 300);
    const answer = await s.answer;
    clearInterval(timer);
    expect(answer.status).toBe(408);
  });

  it('ends a form whose JSON stalls, as any other body', async () => {
    const me = await signUp(server);
    const req = httpRequest(new URL(`${server.origin}/api/expense/addexpense`), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${me.token}`,
        'content-type': 'application/json',
        'content-length': '500',
      },
    });
    const status = new Promise<number>((resolve) =>
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      }),
    );
    req.write('{"description":');
    expect(await status).toBe(408);
    req.destroy();
  });

  it('keeps health at database up when a client goes away mid-upload', async () => {
    const me = await signUp(server);
    const s = stalledUpload(me.token, 1024 * 1024, 'Date,Description,Amount\n');
    await new Promise((r) => setTimeout(r, 100));
    s.abort();
    for (let i = 0; i < 20; i++) {
      const health = await server.api().get('/health');
      expect(health.status).toBe(200);
      expect(health.body.database).toBe('up');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});

describe('imported money', () => {
  it('keeps the balance, the statement and its CSV equal to the paisa over 1,000 huge payments', async () => {
    const { company: co, accountId } = await companyWithAccount(server, 'Huge Co', {
      openingBalance: 0,
    });
    const rows = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0
        ? `01/04/2026,in ${i},,"99,999,999,999.99"`
        : `01/04/2026,out ${i},"99,999,999,999.97",`,
    );
    const csv = ['Date,Remark,Debit,Credit', ...rows].join('\n');
    const settings = { kind: 'payments', accountId, dateFormat: 'DD/MM/YYYY' } as const;
    const p = await preview(co.token, csv, settings);
    expect(p.status, p.text).toBe(200);
    expect(p.body.counts).toMatchObject({ rows: 1000, ready: 1000 });
    const done = await run(co.token, csv, p.body.settings);
    expect(done.body.result, JSON.stringify(done.body)).toMatchObject({
      imported: 1000,
      balance: 10,
    });

    const listed = await co.api.get('/company/getallbankbyuserid?pageSize=10');
    expect(listed.body.data.find((a: { _id: string }) => a._id === accountId).balance).toBe(10);
    const statement = await co.api.get(
      `/company/statement?accountId=${accountId}&from=2026-04-01&to=2026-04-30&pageSize=10`,
    );
    expect(statement.body.data.closingBalance).toBe(10);
    const file = await fetch(
      `${server.origin}/api/company/statement/export?accountId=${accountId}&from=2026-04-01&to=2026-04-30`,
      { headers: { authorization: `Bearer ${co.token}` } },
    );
    const lines = (await file.text()).trim().split('\r\n');
    expect(lines.at(-1)).toBe(
      '2026-04-30,Closing balance,49999999999995.00,49999999999985.00,10.00',
    );
    // The account has ₹10.00: a debit of ₹22 is refused, and nothing moves.
    const debit = await co.api.post(
      '/company/addpayment',
      paymentBody({
        accountId,
        date: '2026-04-02',
        remark: 'too much',
        paymentType: 'debit',
        amount: 22,
      }),
    );
    expect(debit.status).toBe(400);
    const after = await co.api.get('/company/getallbankbyuserid?pageSize=10');
    expect(after.body.data.find((a: { _id: string }) => a._id === accountId).balance).toBe(10);
  });
});
