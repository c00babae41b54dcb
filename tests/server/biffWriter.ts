import CFB from 'cfb';

/**
 * Writes small Excel 97–2003 (.xls, BIFF8) workbooks for tests: one sheet of text and
 * numbers (a Date is written as a number with a date format), in a compound file by `cfb`.
 * Options let a test write the damaged or hostile files the reader must refuse.
 */

export type XlsCell = string | number | Date | null;

export interface XlsOptions {
  /** The most bytes a shared-strings record holds before a CONTINUE (to split strings). */
  sstChunk?: number;
  /** Records written into the sheet after its cells (raw type and data). */
  extraSheetRecords?: Buffer[];
  /** Records written into the globals after BOF (e.g. FILEPASS). */
  extraGlobalRecords?: Buffer[];
  /** Cuts the workbook stream to this many bytes. */
  truncateTo?: number;
  /** Adds this to every shared-string index a cell refers to. */
  sstIndexShift?: number;
  /** Write text as 16-bit characters. */
  wide?: boolean;
}

export function record(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

const bof = (kind: number) =>
  record(0x0809, Buffer.concat([u16(0x0600), u16(kind), u16(0x0dbb), u16(0x07cc), u32(0), u32(6)]));
const eof = () => record(0x000a, Buffer.alloc(0));

/** Characters of a string, 8-bit when it fits (and `wide` is off), else UTF-16LE. */
function chars(text: string, wide: boolean): { flags: number; bytes: Buffer } {
  const narrow = !wide && [...text].every((c) => c.charCodeAt(0) < 256);
  return narrow
    ? { flags: 0, bytes: Buffer.from(text, 'latin1') }
    : { flags: 1, bytes: Buffer.from(text, 'utf16le') };
}

/** The SST and its CONTINUE records: a string split across one restarts with a flags byte. */
function sst(strings: string[], chunk: number, wide: boolean): Buffer {
  const records: Buffer[] = [];
  let current: Buffer[] = [u32(strings.length), u32(strings.length)];
  let size = 8;
  const flush = (type: number) => {
    records.push(record(type, Buffer.concat(current)));
    current = [];
    size = 0;
  };
  let type = 0x00fc;
  for (const text of strings) {
    const { flags, bytes } = chars(text, wide);
    const width = flags ? 2 : 1;
    if (size + 3 + width > chunk) {
      flush(type);
      type = 0x003c;
    }
    current.push(u16(text.length), Buffer.from([flags]));
    size += 3;
    let at = 0;
    while (at < bytes.length) {
      const room = Math.floor((chunk - size) / width) * width;
      const part = bytes.subarray(at, at + Math.max(room, 0));
      current.push(part);
      size += part.length;
      at += part.length;
      if (at < bytes.length) {
        flush(type);
        type = 0x003c;
        current.push(Buffer.from([flags]));
        size = 1;
      }
    }
  }
  flush(type);
  return Buffer.concat(records);
}

/** A workbook of one sheet named `name` holding `rows`, as the bytes of an .xls file. */
export function writeXls(rows: XlsCell[][], options: XlsOptions = {}, name = 'Sheet1'): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const cells: Buffer[] = [];
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value === null) return;
      const at = Buffer.concat([u16(r), u16(c)]);
      if (typeof value === 'string') {
        if (!index.has(value)) index.set(value, strings.push(value) - 1);
        const i = index.get(value)! + (options.sstIndexShift ?? 0);
        cells.push(record(0x00fd, Buffer.concat([at, u16(15), u32(i)])));
      } else {
        const serial = value instanceof Date ? value.getTime() / 86_400_000 + 25569 : value;
        const number = Buffer.alloc(8);
        number.writeDoubleLE(serial);
        cells.push(
          record(0x0203, Buffer.concat([at, u16(value instanceof Date ? 16 : 15), number])),
        );
      }
    }),
  );
  // 16 XFs: 0–15 general (15 the default cell format), and 16 showing a custom date format.
  const xf = (format: number) =>
    record(0x00e0, Buffer.concat([u16(0), u16(format), Buffer.alloc(16)]));
  const format = (() => {
    const { flags, bytes } = chars('dd/mm/yyyy', false);
    return record(0x041e, Buffer.concat([u16(164), u16(10), Buffer.from([flags]), bytes]));
  })();
  const sheetName = chars(name, false);
  const boundSheet = (offset: number) =>
    record(
      0x0085,
      Buffer.concat([
        u32(offset),
        Buffer.from([0, 0, name.length, sheetName.flags]),
        sheetName.bytes,
      ]),
    );
  const head = Buffer.concat([
    bof(0x0005),
    ...(options.extraGlobalRecords ?? []),
    format,
    ...Array.from({ length: 16 }, () => xf(0)),
    xf(164),
  ]);
  const tail = Buffer.concat([
    sst(strings, options.sstChunk ?? 8224, options.wide ?? false),
    eof(),
  ]);
  const offset = head.length + boundSheet(0).length + tail.length;
  const sheet = Buffer.concat([bof(0x0010), ...cells, ...(options.extraSheetRecords ?? []), eof()]);
  let stream = Buffer.concat([head, boundSheet(offset), tail, sheet]);
  if (options.truncateTo !== undefined) stream = stream.subarray(0, options.truncateTo);
  return compoundFile(stream);
}

/** A compound file holding `stream` as its "Workbook". */
export function compoundFile(stream: Buffer): Buffer {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'Workbook', stream);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/**
 * An HDFC-style statement of April 2026, the same as hdfc-statement.xls (the web-page kind):
 * its preamble, header line, eight transactions with dates as date cells and amounts as
 * numbers, and the summary after them (its figures text, as the bank writes them). It opens at ₹50,000 and closes at ₹1,31,960.
 */
export function hdfcStatementRows(): XlsCell[][] {
  const d = (day: number) => new Date(Date.UTC(2026, 3, day));
  const stars: XlsCell[] = Array.from({ length: 7 }, () => '********');
  const line = (
    day: number,
    narration: string,
    ref: string,
    withdrawal: number | null,
    deposit: number | null,
    balance: number,
  ): XlsCell[] => [d(day), narration, ref, d(day), withdrawal, deposit, balance];
  return [
    ['HDFC BANK Ltd.'],
    ['Page No .: 1'],
    ['M/S. ACME TRADERS', null, null, null, 'Account Branch : KORAMANGALA'],
    ['12, 4TH CROSS, KORAMANGALA', null, null, null, 'Account No : 50100123456789'],
    ['BENGALURU 560034', null, null, null, 'IFSC : HDFC0000053'],
    ['Statement From : 01/04/26 To : 30/04/26'],
    [],
    [
      'Date',
      'Narration',
      'Chq./Ref.No.',
      'Value Dt',
      'Withdrawal Amt.',
      'Deposit Amt.',
      'Closing Balance',
    ],
    stars,
    line(
      2,
      'NEFT CR-ICIC0000104-ACME CLIENTS PVT LTD-INV 2041',
      'N092261234567',
      null,
      125000,
      175000,
    ),
    line(
      3,
      'UPI-SHARMA PROPERTIES-sharmaprop@okhdfc-RENT APRIL',
      '0000409312345678',
      45000,
      null,
      130000,
    ),
    line(5, 'ACH D- BESCOM ELECTRICITY-BLR0412', 'ACH0412', 2360, null, 127640),
    line(
      8,
      'IMPS-409823456789-KAVERI STATIONERS-PRINTER PAPER',
      '0000409823456789',
      12500,
      null,
      115140,
    ),
    line(10, 'NEFT DR-SBIN0001234-RAJ TRADERS-ADVANCE', 'N100263456789', 5000, null, 110140),
    line(10, 'NEFT RETURN-RAJ TRADERS-ACCOUNT CLOSED', 'N100263456789', null, 5000, 115140),
    line(15, 'CHQ DEP-000123-GLOBEX LTD-MICR CLG', '0000000000000123', null, 18000, 133140),
    line(20, 'POS 4521XXXXXXXX1234 AMAZON PAY INDIA', 'POS2004', 1180, null, 131960),
    stars,
    ['STATEMENT SUMMARY :-'],
    ['Opening Balance', 'Dr Count', 'Cr Count', 'Debits', 'Credits', 'Closing Bal'],
    ['50000.00', '5', '3', '66040.00', '148000.00', '131960.00'],
    ['Generated On: 01-May-2026 10:02:11'],
  ];
}
