import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyWithAccount, signUp } from './helpers';
import { useServer } from './fixtures/server';
import { hdfcStatementRows, record, writeXls, type XlsCell } from './biffWriter';
import { importCalls } from './importCalls';

const server = useServer();

const { preview, run } = importCalls(() => server.origin);
const XLS = 'application/vnd.ms-excel';
const HDFC = readFileSync(join(import.meta.dirname, '../fixtures/banks/hdfc.xls'));

/** A company with an account opened at ₹50,000, the statement's opening balance. */
async function company() {
  const { company: co, accountId } = await companyWithAccount(server, 'Acme Traders', {
    openingBalance: 50000,
  });
  return { co, accountId };
}

/** Sends a statement to a reconciliation call (a preview, or one to keep), as the SPA does. */
async function reconcile(token: string, preview: boolean, file: Buffer, accountId: string) {
  const query = new URLSearchParams({ accountId, fileName: 'hdfc.xls' });
  const path = preview ? '/preview' : '';
  const res = await fetch(`${server.origin}/api/company/reconciliations${path}?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(file),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

describe('an Excel 97–2003 (.xls) bank download', () => {
  it('is the generated fixture, byte for byte', () => {
    expect(writeXls(hdfcStatementRows(), {}, 'Statement').equals(HDFC)).toBe(true);
  });

  it('imports into an account: its rows, dates and amounts, and the balance adds up', async () => {
    const { co, accountId } = await company();
    // The bank's summary below the lines is skipped, each row saying why.
    const file = HDFC;
    const p = await preview(co.token, file, { kind: 'payments', accountId }, XLS);
    expect(p.status, p.text).toBe(200);
    expect(p.body).toMatchObject({
      fileType: 'xlsx',
      settings: {
        headerRow: 8,
        dateColumn: 1,
        descriptionColumn: 2,
        debitColumn: 5,
        creditColumn: 6,
        balanceColumn: 7,
      },
      counts: { rows: 12, ready: 8, errors: 0, duplicates: 0, skipped: 4 },
    });
    expect(p.body.rows[0].cells.slice(0, 7)).toEqual([
      '2026-04-02',
      'NEFT CR-ICIC0000104-ACME CLIENTS PVT LTD-INV 2041',
      'N092261234567',
      '2026-04-02',
      '',
      '125000',
      '175000',
    ]);
    const r = await run(co.token, file, p.body.settings, XLS);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 50,000 + 1,25,000 − 45,000 − 2,360 − 12,500 − 5,000 + 5,000 + 18,000 − 1,180
    expect(r.body.result).toMatchObject({
      imported: 8,
      balance: 131960,
      from: '2026-04-02',
      to: '2026-04-20',
    });
    const statement = await co.api.get(
      `/company/statement?accountId=${accountId}&from=2026-04-01&to=2026-04-30&pageSize=100`,
    );
    expect(statement.body.data).toMatchObject({ openingBalance: 50000, closingBalance: 131960 });
  });

  it('reconciles an account to a zero difference', async () => {
    const { co, accountId } = await company();
    const p = await reconcile(co.token, true, HDFC, accountId);
    expect(p.status, p.text).toBe(200);
    const { bank, from, to, lineCount, totalCredits, totalDebits, breaks } = p.body.data;
    expect([bank, from, to, lineCount, breaks]).toEqual([
      'HDFC',
      '2026-04-02',
      '2026-04-20',
      8,
      [],
    ]);
    // 50,000 + 1,48,000 − 66,040: the bank's own summary.
    expect([totalCredits, totalDebits, p.body.data.balances.statementClosing]).toEqual([
      148000, 66040, 131960,
    ]);
    const created = await reconcile(co.token, false, HDFC, accountId);
    expect(created.status, created.text).toBe(201);
    const id = created.body.data._id as string;
    const lines = await co.api.get(`/company/reconciliations/${id}/lines?pageSize=100`);
    expect(lines.body.data).toHaveLength(8);
    // The books are empty: each line becomes an entry, and the books then match the bank.
    for (const line of lines.body.data as { _id: string }[]) {
      const made = await co.api.post(`/company/reconciliations/${id}/lines/${line._id}/create`, {});
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const done = await co.api.get(`/company/reconciliations/${id}`);
    const { openingDifference, closingDifference, ledgerClosing } = done.body.data.balances;
    expect({ openingDifference, closingDifference, ledgerClosing }).toEqual({
      openingDifference: 0,
      closingDifference: 0,
      ledgerClosing: 131960,
    });
  });

  it('reads a shared string split across records whole, in 8- and 16-bit characters', async () => {
    const me = await signUp(server);
    const long = 'Payment to Sharma Properties for the office rent of April ₹ — '.repeat(3).trim();
    const rows: XlsCell[][] = [
      ['Date', 'Particulars', 'Debit', 'Credit'],
      [new Date(Date.UTC(2026, 3, 1)), long, 1200.5, null],
      [new Date(Date.UTC(2026, 3, 2)), 'Cafe '.repeat(40).trim(), 80, null],
    ];
    for (const wide of [false, true]) {
      const file = writeXls(rows, { sstChunk: 37, wide });
      const p = await preview(me.token, file, { kind: 'expenses' }, XLS);
      expect(p.status, p.text).toBe(200);
      expect(p.body.rows.map((r: { cells: string[] }) => r.cells[1])).toEqual([
        long,
        'Cafe '.repeat(40).trim(),
      ]);
      expect(p.body.rows.map((r: { cells: string[] }) => r.cells[0])).toEqual([
        '2026-04-01',
        '2026-04-02',
      ]);
    }
  });
});

describe('the cells of an .xls', () => {
  /** A record's cell position and format, then its value's bytes. */
  const cell = (type: number, row: number, col: number, xf: number, ...value: Buffer[]) => {
    const at = Buffer.alloc(6);
    [row, col, xf].forEach((n, i) => at.writeUInt16LE(n, i * 2));
    return record(type, Buffer.concat([at, ...value]));
  };
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return b;
  };
  /** An RK number: an integer, or hundredths of one. */
  const rk = (n: number, hundredths = false) => u32((n << 2) | 2 | (hundredths ? 1 : 0));
  const text = (t: string) => {
    const b = Buffer.alloc(3);
    b.writeUInt16LE(t.length);
    return Buffer.concat([b, Buffer.from(t, 'latin1')]);
  };
  const APRIL_1 = 46113; // the serial day of 1 April 2026, shown with the date format (XF 16)

  it('come out as text, numbers and dates; a formula is refused as in an .xlsx', async () => {
    const me = await signUp(server);
    const formulaResult = Buffer.alloc(14);
    formulaResult.writeDoubleLE(99, 0);
    const textResult = Buffer.alloc(14);
    textResult.writeUInt16LE(0xffff, 6);
    const mulrk = Buffer.alloc(4);
    mulrk.writeUInt16LE(1);
    mulrk.writeUInt16LE(2, 2);
    const file = writeXls([['Date', 'Particulars', 'Amount']], {
      extraSheetRecords: [
        cell(0x027e, 1, 0, 16, rk(APRIL_1)),
        cell(0x0204, 1, 1, 15, text('Tea at the café')),
        // MULRK: row, first column, then (format, number) pairs, then the last column.
        record(
          0x00bd,
          Buffer.concat([
            mulrk,
            Buffer.from([15, 0]),
            rk(1250, true),
            Buffer.from([15, 0]),
            rk(7),
            Buffer.from([3, 0]),
          ]),
        ),
        cell(0x027e, 2, 0, 16, rk(APRIL_1 + 1)),
        cell(0x0205, 2, 1, 15, Buffer.from([1, 0])),
        cell(0x0006, 2, 2, 15, formulaResult),
        // A formula whose result is text: the text follows in a STRING record.
        cell(0x027e, 3, 0, 16, rk(APRIL_1 + 2)),
        cell(0x0006, 3, 1, 15, textResult),
        record(0x0207, text('Rent')),
        cell(0x027e, 3, 2, 15, rk(5)),
      ],
    });
    const p = await preview(me.token, file, { kind: 'expenses' }, XLS);
    expect(p.status, p.text).toBe(200);
    expect(p.body.rows.map((r: { cells: string[] }) => r.cells)).toEqual([
      ['2026-04-01', 'Tea at the café', '12.5', '7'],
      ['2026-04-02', 'true', '=99', ''],
      ['2026-04-03', '=Rent', '5', ''],
    ]);
    expect(p.body.problems).toEqual([
      { row: 3, column: 3, message: expect.stringMatching(/^holds a formula: only values/) },
      { row: 4, column: 2, message: expect.stringMatching(/^holds a formula: only values/) },
    ]);
  });
});

describe('a damaged or crafted .xls', () => {
  it('is refused with a 400 that says why, quickly', async () => {
    const me = await signUp(server);
    const rows = hdfcStatementRows();
    const full = writeXls(rows);
    const dimensions = Buffer.alloc(14);
    dimensions.writeUInt32LE(0, 0);
    dimensions.writeUInt32LE(0xffffffff, 4);
    dimensions.writeUInt16LE(7, 10);
    const cases: [Buffer, RegExp][] = [
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), /damaged \(its container/],
      [writeXls(rows, { truncateTo: 2000 }), /damaged \(a record runs past the end/],
      [writeXls(rows, { sstIndexShift: 1000 }), /damaged \(a cell refers to text 1001 of/],
      [
        writeXls(rows, { extraSheetRecords: [record(0x0200, dimensions)] }),
        /damaged \(it says its sheet has 4,29,49,67,295 rows/,
      ],
      [
        writeXls(rows, { extraGlobalRecords: [record(0x002f, Buffer.alloc(54))] }),
        /password-protected/,
      ],
      [
        writeXls([['Date', 'Amount'], [], ['x', 1]], {
          extraSheetRecords: [record(0x00fd, Buffer.from([0, 0, 0, 0, 15, 0, 0, 0, 0, 0]))],
        }),
        /damaged \(its rows are out of order/,
      ],
    ];
    expect(full.length).toBeGreaterThan(2000);
    for (const [file, message] of cases) {
      const started = Date.now();
      const p = await preview(me.token, file, { kind: 'expenses' }, XLS);
      expect(p.status, p.text).toBe(400);
      expect(p.body.message).toMatch(message);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('whose sector chain loops is refused, and the server goes on answering', async () => {
    const me = await signUp(server);
    const rows = hdfcStatementRows();
    const file = Buffer.from(writeXls([...rows, ...rows, ...rows, ...rows]));
    // The workbook's chain made to run S+1 → S → S+1 → … in the allocation table.
    const sector = 1 << file.readUInt16LE(0x1e);
    const table = (file.readInt32LE(0x4c) + 1) * sector;
    const directory = (file.readInt32LE(0x30) + 1) * sector;
    const entry = [0, 1, 2, 3]
      .map((i) => directory + i * 128)
      .find((e) => file.subarray(e, e + 16).toString('utf16le') === 'Workbook')!;
    const start = file.readInt32LE(entry + 116);
    file.writeInt32LE(start + 1, entry + 116);
    file.writeInt32LE(start, table + (start + 1) * 4);
    const started = Date.now();
    const p = await preview(me.token, file, { kind: 'expenses' }, XLS);
    expect(p.status, p.text).toBe(400);
    expect(p.body.message).toMatch(/damaged \(its container/);
    expect(Date.now() - started).toBeLessThan(7000);
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
  });

  it('of 100,000 empty cells is read through in bounded time', async () => {
    const me = await signUp(server);
    const blanks: Buffer[] = [];
    for (let i = 0; i < 100_000; i++) {
      const at = Buffer.alloc(6);
      at.writeUInt16LE(1 + (i >> 1), 0);
      at.writeUInt16LE(i & 1, 2);
      at.writeUInt16LE(15, 4);
      blanks.push(record(0x0201, at));
    }
    const file = writeXls([['Date', 'Particulars', 'Amount']], { extraSheetRecords: blanks });
    const started = Date.now();
    const p = await preview(me.token, file, { kind: 'expenses' }, XLS);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(p.status, p.text).toBe(200);
    expect(p.body.counts).toMatchObject({ rows: 0, ready: 0 });
  });
});
