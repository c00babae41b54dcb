import { readFile } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_SHARED_STRINGS_BYTES,
  IMPORT_MAX_UNPACKED_BYTES,
} from '../../contract/imports';
import { badRequest } from '../lib/errors';
import { checkTime, tooManyColumns } from './importBounds';
import type { Cell, SheetRow } from './importFile';

/**
 * A binary workbook of Excel 97–2003 (.xls): a compound file (read by `cfb`) holding a
 * "Workbook" stream of BIFF8 records. No maintained reader of it on npm is safe to run on
 * uploads, so the few records a bank statement uses are read here, every length checked
 * against the stream: the sheet's cells come out as the .xlsx reader gives them (text,
 * numbers, dates as UTC midnight, a formula as one), so the rest of an import is the same.
 * The file is at most IMPORT_MAX_BYTES, rows are at most 65,536 and columns
 * IMPORT_MAX_COLUMNS by the format and by importBounds.ts; only one row is held at a time.
 */

const BOF = 0x0809;
const EOF = 0x000a;
const FILEPASS = 0x002f;
const DATEMODE = 0x0022;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const XF = 0x00e0;
const FORMAT = 0x041e;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const FORMULA = 0x0006;
const STRING = 0x0207;
const BOOLERR = 0x0205;
const BLANK = 0x0201;
const DIMENSIONS = 0x0200;

/** The most rows and columns a sheet of Excel 97–2003 can have. */
const BIFF8_ROWS = 65_536;
const BIFF8_COLUMNS = 256;

/** How many records are read between looks at the clock (and a turn for other calls). */
const RECORDS_PER_TURN = 4096;

const malformed = (what: string) =>
  badRequest(
    `This .xls file is damaged (${what}): open it in Excel, save it as .xlsx or CSV, and import that`,
    { code: 'invalid_file' },
  );

const passwordProtected = () =>
  badRequest(
    'This .xls file is password-protected: open it in Excel, remove the password (or save it as .xlsx or CSV), and import that',
    { code: 'invalid_file' },
  );

interface Sheet {
  name: string;
  offset: number;
}

/** What the workbook's first part (its globals) says: sheets, shared strings, date formats. */
interface Globals {
  sheets: Sheet[];
  strings: string[];
  /** For each XF (cell format) index, whether it shows a number as a date. */
  dateXf: boolean[];
  date1904: boolean;
}

/** One BIFF record, its data a view into the stream. */
interface BiffRecord {
  type: number;
  data: Buffer;
  /** Where the record starts in the stream. */
  at: number;
}

/** The records of the stream from `offset`, each length checked against the stream's end. */
function* records(stream: Buffer, offset: number): Generator<BiffRecord> {
  let pos = offset;
  while (pos + 4 <= stream.length) {
    const type = stream.readUInt16LE(pos);
    const size = stream.readUInt16LE(pos + 2);
    if (pos + 4 + size > stream.length) throw malformed('a record runs past the end of the file');
    yield { type, data: stream.subarray(pos + 4, pos + 4 + size), at: pos };
    pos += 4 + size;
  }
  throw malformed('it ends before its last record');
}

/**
 * cfb reads a compound file in one synchronous call and trusts its sector chains: a file
 * whose chain loops holds the event loop and grows until the process dies (a worker thread's
 * heap limit does not stop that). So it reads in a process of its own, with a small heap and
 * a deadline; whatever goes wrong there is a damaged file here.
 */
const CFB_PATH = createRequire(import.meta.url).resolve('cfb');
const CONTAINER_MS = 5_000;
const NO_WORKBOOK = 3;
const CONTAINER_SCRIPT = `
const CFB = require(process.argv[1]);
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const container = CFB.read(Buffer.concat(chunks), { type: 'buffer' });
  const entry = CFB.find(container, 'Workbook') || CFB.find(container, 'Book');
  if (!entry || !entry.content) process.exit(${NO_WORKBOOK});
  process.stdout.write(Buffer.from(entry.content));
});
`;

function outOfProcess(file: Buffer): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=96', '-e', CONTAINER_SCRIPT, CFB_PATH],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > IMPORT_MAX_UNPACKED_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(file);
    const timer = setTimeout(() => child.kill('SIGKILL'), CONTAINER_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else if (code === NO_WORKBOOK) resolve(undefined);
      else reject(new Error('The container could not be read'));
    });
  });
}

/** The "Workbook" stream of a compound file; 400 when the file is none or holds none. */
async function workbookStream(path: string): Promise<Buffer> {
  const file = await readFile(path);
  let stream: Buffer | undefined;
  try {
    stream = await outOfProcess(file);
  } catch {
    throw malformed('its container cannot be read');
  }
  if (!stream) throw malformed('it holds no workbook');
  if (stream.length > IMPORT_MAX_UNPACKED_BYTES) throw malformed('its workbook is too large');
  return stream;
}

/** Reads a record's data with every read checked against its length. */
class Reader {
  pos = 0;
  constructor(
    private readonly data: Buffer,
    private readonly what: string,
  ) {}
  need(n: number) {
    if (this.pos + n > this.data.length) throw malformed(`a ${this.what} record is cut short`);
  }
  u8() {
    this.need(1);
    return this.data[this.pos++]!;
  }
  u16() {
    this.need(2);
    this.pos += 2;
    return this.data.readUInt16LE(this.pos - 2);
  }
  u32() {
    this.need(4);
    this.pos += 4;
    return this.data.readUInt32LE(this.pos - 4);
  }
  /** `count` characters, one byte each (compressed) or two (UTF-16LE). */
  chars(count: number, wide: boolean) {
    const bytes = wide ? count * 2 : count;
    this.need(bytes);
    const text = this.data.toString(wide ? 'utf16le' : 'latin1', this.pos, this.pos + bytes);
    this.pos += bytes;
    return text;
  }
  /** An XLUnicodeString: its length in 8 or 16 bits, its flags, its characters. */
  text(lengthBytes: 1 | 2) {
    const count = lengthBytes === 1 ? this.u8() : this.u16();
    return this.chars(count, (this.u8() & 1) === 1);
  }
}

/**
 * The shared strings: an SST record and the CONTINUE records after it. A string's
 * characters may run on into the next record, which then begins with a fresh flags byte
 * saying whether the rest are 8 or 16 bits; its header, formatting runs and phonetic data
 * run on without one.
 */
function sharedStrings(parts: Buffer[], deadline: number): string[] {
  let part = 0;
  let pos = 8; // the SST's counts, which are not trusted
  let total = 0;
  const ensure = () => {
    while (part < parts.length && pos >= parts[part]!.length) {
      part++;
      pos = 0;
    }
    if (part >= parts.length) throw malformed('its shared strings are cut short');
  };
  const byte = () => {
    ensure();
    return parts[part]![pos++]!;
  };
  const u16 = () => byte() | (byte() << 8);
  const u32 = () => (u16() + u16() * 0x10000) >>> 0;
  const skip = (n: number) => {
    while (n > 0) {
      ensure();
      const step = Math.min(n, parts[part]!.length - pos);
      pos += step;
      n -= step;
    }
  };
  const strings: string[] = [];
  const first = parts[0]!;
  if (first.length < 8) throw malformed('its shared strings are cut short');
  for (;;) {
    while (part < parts.length && pos >= parts[part]!.length) {
      part++;
      pos = 0;
    }
    if (part >= parts.length) break;
    if ((strings.length & 0xffff) === 0xffff) checkTime(deadline);
    const count = u16();
    const flags = byte();
    let wide = (flags & 1) === 1;
    const runs = flags & 8 ? u16() : 0;
    const extra = flags & 4 ? u32() : 0;
    let text = '';
    let left = count;
    while (left > 0) {
      if (pos >= (parts[part]?.length ?? 0)) {
        part++;
        pos = 0;
        if (part >= parts.length) throw malformed('its shared strings are cut short');
        wide = (parts[part]![pos++]! & 1) === 1;
        continue;
      }
      const buf = parts[part]!;
      const take = Math.min(left, Math.floor((buf.length - pos) / (wide ? 2 : 1)));
      if (take === 0) throw malformed('a shared string is split inside a character');
      if (text.length < IMPORT_MAX_CELL_CHARS)
        text += buf.toString(wide ? 'utf16le' : 'latin1', pos, pos + take * (wide ? 2 : 1));
      pos += take * (wide ? 2 : 1);
      left -= take;
    }
    skip(runs * 4 + extra);
    total += count * (wide ? 2 : 1);
    if (total > IMPORT_MAX_SHARED_STRINGS_BYTES)
      throw badRequest(
        `The workbook's text is more than ${IMPORT_MAX_SHARED_STRINGS_BYTES / 1024 / 1024} MB: save its sheet as CSV, or split it, and import that`,
        { code: 'invalid_file' },
      );
    strings.push(text.length > IMPORT_MAX_CELL_CHARS ? text.slice(0, IMPORT_MAX_CELL_CHARS) : text);
  }
  return strings;
}

/** The built-in number formats that show a date or time. */
const isBuiltInDate = (id: number) => (id >= 14 && id <= 22) || (id >= 45 && id <= 47);

/** As the .xlsx reader (ExcelJS) decides: date letters outside quotes and [brackets]. */
const isDateFormat = (format: string) =>
  /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Reads the workbook's globals, from its first BOF to its EOF. */
async function readGlobals(stream: Buffer, deadline: number): Promise<Globals> {
  const sheets: Sheet[] = [];
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  const sstParts: Buffer[] = [];
  let inSst = false;
  let date1904 = false;
  let count = 0;
  let first = true;
  for (const { type, data } of records(stream, 0)) {
    if (++count % RECORDS_PER_TURN === 0) {
      checkTime(deadline);
      await setImmediate();
    }
    if (first) {
      if (type !== BOF || data.length < 4) throw malformed('it does not start as a workbook');
      if (data.readUInt16LE(0) !== 0x0600)
        throw badRequest(
          'This .xls file is from a version of Excel older than 97: open it in Excel, save it as .xlsx or CSV, and import that',
          { code: 'invalid_file' },
        );
      first = false;
      continue;
    }
    if (type === CONTINUE && inSst) {
      sstParts.push(data);
      continue;
    }
    inSst = false;
    if (type === FILEPASS) throw passwordProtected();
    if (type === EOF) break;
    if (type === DATEMODE && data.length >= 2) date1904 = data.readUInt16LE(0) === 1;
    else if (type === BOUNDSHEET) {
      const r = new Reader(data, 'sheet');
      const offset = r.u32();
      r.u8(); // visibility
      const kind = r.u8();
      const name = r.text(1);
      if (kind === 0) sheets.push({ name, offset });
    } else if (type === SST) {
      if (sstParts.length) throw malformed('it has two tables of shared strings');
      sstParts.push(data);
      inSst = true;
    } else if (type === XF) {
      const r = new Reader(data, 'cell format');
      r.u16(); // font
      xfFormats.push(r.u16());
    } else if (type === FORMAT) {
      const r = new Reader(data, 'format');
      formats.set(r.u16(), r.text(2));
    }
  }
  if (!sheets.length) throw badRequest('The workbook has no sheets', { code: 'invalid_file' });
  const dateXf = xfFormats.map((id) => isBuiltInDate(id) || isDateFormat(formats.get(id) ?? ''));
  return {
    sheets,
    strings: sstParts.length ? sharedStrings(sstParts, deadline) : [],
    dateXf,
    date1904,
  };
}

/** A number as the .xlsx reader gives it: a Date (UTC) when its format shows a date. */
function numberCell(value: number, xf: number, globals: Globals): Cell {
  if (!Number.isFinite(value)) return null;
  if (!globals.dateXf[xf]) return value;
  const date = new Date(Math.round((value - 25569 + (globals.date1904 ? 1462 : 0)) * 86_400_000));
  // A date format on a number no calendar holds: the number, which no date column takes.
  return Number.isNaN(date.getTime()) ? value : date;
}

/** An RK number flagged so is a hundredth of the number it holds (not money in paise). */
const RK_SCALE = 100;

/** An RK number: 30 bits of an integer or of a double's high bits, perhaps over 100. */
function rkNumber(rk: number): number {
  let value: number;
  if (rk & 2) value = rk >> 2;
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = bytes.readDoubleLE(0);
  }
  return rk & 1 ? value / RK_SCALE : value;
}

const ERRORS: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

/** The worksheets of an .xls workbook, in order. */
export async function xlsSheets(path: string, deadline: number): Promise<string[]> {
  const globals = await readGlobals(await workbookStream(path), deadline);
  return globals.sheets.map((sheet) => sheet.name);
}

/** The rows of one worksheet (the first when none is named), each with its number in the sheet. */
export async function* xlsRows(
  path: string,
  deadline: number,
  wanted?: string,
): AsyncGenerator<SheetRow> {
  const stream = await workbookStream(path);
  const globals = await readGlobals(stream, deadline);
  const sheet = wanted ? globals.sheets.find((s) => s.name === wanted) : globals.sheets[0];
  if (!sheet)
    throw badRequest(`The workbook has no sheet named "${wanted}"`, { code: 'invalid_file' });
  if (sheet.offset + 4 > stream.length) throw malformed('a sheet starts past the end of the file');
  if (stream.readUInt16LE(sheet.offset) !== BOF)
    throw malformed('a sheet does not start where it says');

  let current = -1;
  let cells: Cell[] = [];
  /** A formula whose text result comes in the STRING record after it. */
  let pendingText: { col: number } | undefined;
  const ready: SheetRow[] = [];
  const put = (row: number, col: number, value: Cell) => {
    if (row < current) throw malformed('its rows are out of order');
    if (row > current) {
      if (current >= 0) ready.push({ row: current + 1, cells });
      current = row;
      cells = [];
    }
    if (col >= IMPORT_MAX_COLUMNS) {
      if (value === null || value === '') return;
      throw tooManyColumns(row + 1);
    }
    while (cells.length < col) cells.push(null);
    cells[col] = value;
  };

  let count = 0;
  let first = true;
  for (const { type, data } of records(stream, sheet.offset)) {
    if (++count % RECORDS_PER_TURN === 0) {
      checkTime(deadline);
      await setImmediate();
    }
    if (first) {
      first = false;
      continue;
    }
    if (type === EOF) break;
    if (pendingText && type === STRING) {
      const r = new Reader(data, 'formula text');
      put(current, pendingText.col, { formula: r.text(2) });
      pendingText = undefined;
      continue;
    }
    pendingText = undefined;
    if (type === FILEPASS) throw passwordProtected();
    const r = new Reader(data, 'cell');
    switch (type) {
      case LABELSST: {
        const [row, col] = [r.u16(), r.u16()];
        r.u16();
        const index = r.u32();
        const text = globals.strings[index];
        if (text === undefined)
          throw malformed(`a cell refers to text ${index + 1} of ${globals.strings.length}`);
        put(row, col, text);
        break;
      }
      case LABEL: {
        const [row, col] = [r.u16(), r.u16()];
        r.u16();
        put(row, col, r.text(2));
        break;
      }
      case NUMBER: {
        const [row, col, xf] = [r.u16(), r.u16(), r.u16()];
        r.need(8);
        put(row, col, numberCell(data.readDoubleLE(6), xf, globals));
        break;
      }
      case RK: {
        const [row, col, xf] = [r.u16(), r.u16(), r.u16()];
        put(row, col, numberCell(rkNumber(r.u32()), xf, globals));
        break;
      }
      case MULRK: {
        const row = r.u16();
        const firstCol = r.u16();
        const n = (data.length - 6) / 6;
        if (!Number.isInteger(n) || n < 1) throw malformed('a row of numbers is cut short');
        for (let i = 0; i < n; i++) {
          const xf = r.u16();
          put(row, firstCol + i, numberCell(rkNumber(r.u32()), xf, globals));
        }
        break;
      }
      case FORMULA: {
        // Only values are imported: a formula comes out as one, as from an .xlsx, its text
        // being the result Excel saved with it (the formula's own text is not read).
        const [row, col] = [r.u16(), r.u16()];
        r.u16();
        r.need(8);
        if (data.readUInt16LE(12) !== 0xffff) {
          put(row, col, { formula: String(data.readDoubleLE(6)) });
          break;
        }
        const kind = data[6];
        if (kind === 0) {
          put(row, col, { formula: '' });
          pendingText = { col };
        } else if (kind === 1) put(row, col, { formula: data[8] ? 'TRUE' : 'FALSE' });
        else if (kind === 2) put(row, col, { formula: ERRORS[data[8]!] ?? '#VALUE!' });
        else put(row, col, { formula: '' });
        break;
      }
      case BOOLERR: {
        const [row, col] = [r.u16(), r.u16()];
        r.u16();
        const [value, isError] = [r.u8(), r.u8()];
        put(row, col, isError ? (ERRORS[value] ?? '#VALUE!') : String(value === 1));
        break;
      }
      case DIMENSIONS: {
        // Not needed to read the sheet, but a size no .xls can have is a crafted file.
        const [, rows] = [r.u32(), r.u32()];
        const [, columns] = [r.u16(), r.u16()];
        if (rows > BIFF8_ROWS || columns > BIFF8_COLUMNS)
          throw malformed(
            `it says its sheet has ${rows.toLocaleString('en-IN')} rows and ${columns} columns, more than an .xls can hold`,
          );
        break;
      }
      case BLANK: {
        const [row, col] = [r.u16(), r.u16()];
        put(row, col, null);
        break;
      }
    }
    if (ready.length) yield* ready.splice(0);
  }
  if (current >= 0) yield { row: current + 1, cells };
}
