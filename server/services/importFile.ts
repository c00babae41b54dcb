import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TextDecoder } from 'node:util';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_MAX_BYTES } from '../../contract/api/imports';
import { HttpError, badRequest } from '../lib/errors';

/**
 * Reading an uploaded spreadsheet a row at a time: the body is first written to a file of
 * its own (at most IMPORT_MAX_BYTES), so that a slow upload holds no database connection
 * and the rows can be read twice (a check, then the writes) without the file in memory.
 */

/** A cell as the file gives it: text (CSV), or a workbook's number, date or formula. */
export type Cell = string | number | Date | { formula: string } | null;

export interface SheetRow {
  /** The row's number in the file or sheet, from 1, as a spreadsheet shows it. */
  row: number;
  cells: Cell[];
}

export type FileType = 'csv' | 'xlsx';

export interface Upload {
  path: string;
  type: FileType;
  /** Removes the file; safe to call more than once. */
  discard(): Promise<void>;
}

export const fileTooLarge = () =>
  new HttpError(
    413,
    `The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files and import each`,
  );

/** Writes the body to a new temporary file, refusing it (413) past the size limit. */
export async function receiveUpload(body: Readable, declaredLength?: number): Promise<Upload> {
  if (declaredLength !== undefined && declaredLength > IMPORT_MAX_BYTES) throw fileTooLarge();
  const dir = await mkdtemp(join(tmpdir(), 'ecm-import-'));
  const path = join(dir, 'upload');
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(bytes > IMPORT_MAX_BYTES ? fileTooLarge() : null, chunk);
      },
    });
    await pipeline(body, counter, createWriteStream(path));
    if (bytes === 0) throw badRequest('The file is empty');
    return { path, type: await typeOf(path), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** Tells a CSV file from a workbook by its first bytes; any other kind of file is a 400. */
async function typeOf(path: string): Promise<FileType> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(8);
  try {
    await handle.read(head, 0, 8, 0);
  } finally {
    await handle.close();
  }
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (starts(0xd0, 0xcf, 0x11, 0xe0))
    throw badRequest(
      'This is an old Excel file (.xls): open it in Excel, save it as .xlsx or CSV, and import that',
    );
  if (starts(0x25, 0x50, 0x44, 0x46))
    throw badRequest('This is a PDF, not a spreadsheet: import the CSV or Excel download instead');
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff))
    throw badRequest('This is an image, not a spreadsheet: import a CSV or Excel (.xlsx) file');
  return 'csv';
}

/** The sheets of a workbook, in order (none for a CSV file). */
export async function sheetNames(upload: Upload): Promise<string[]> {
  if (upload.type === 'csv') return [];
  const names: string[] = [];
  try {
    for await (const sheet of workbookReader(upload.path)) {
      names.push(nameOf(sheet));
      // Each sheet's rows must be read through before the next sheet comes.
      for await (const _row of sheet) void _row;
    }
  } catch {
    throw unreadableWorkbook();
  }
  return names;
}

/** The rows of a CSV file, or of one sheet of a workbook (its first when none is named). */
export function readRows(upload: Upload, sheet?: string): AsyncGenerator<SheetRow> {
  return upload.type === 'csv' ? csvRows(upload.path) : workbookRows(upload.path, sheet);
}

type SheetReader = AsyncIterable<{ number: number; values: unknown }> & {
  name?: string;
  id?: number;
};

function workbookReader(path: string): AsyncIterable<SheetReader> {
  return new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  }) as unknown as AsyncIterable<SheetReader>;
}

const unreadableWorkbook = () =>
  badRequest(
    'This file is not an Excel workbook that can be read: save it from Excel as .xlsx or CSV and try again',
  );

const nameOf = (sheet: SheetReader) => sheet.name ?? `Sheet${sheet.id ?? ''}`;

async function* workbookRows(path: string, wanted?: string): AsyncGenerator<SheetRow> {
  let found = false;
  try {
    for await (const sheet of workbookReader(path)) {
      const take = !found && (wanted === undefined || nameOf(sheet) === wanted);
      for await (const row of sheet) {
        if (!take) continue;
        const values = Array.isArray(row.values) ? (row.values as unknown[]).slice(1) : [];
        yield { row: row.number, cells: Array.from(values, workbookCell) };
      }
      if (take) found = true;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadableWorkbook();
  }
  if (!found)
    throw badRequest(
      wanted ? `The workbook has no sheet named "${wanted}"` : 'The workbook has no sheets',
    );
}

/** A workbook cell as a value: rich text joined, a hyperlink's text, a formula kept as one. */
function workbookCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.formula === 'string' || typeof v.sharedFormula === 'string')
      return { formula: String(v.formula ?? v.sharedFormula) };
    if (Array.isArray(v.richText))
      return v.richText.map((part: { text?: unknown }) => String(part.text ?? '')).join('');
    if (typeof v.text === 'string') return v.text;
    if (typeof v.error === 'string') return v.error;
  }
  return String(value);
}

/**
 * The text of the file, decoded strictly: UTF-8 (with or without its byte-order mark), or
 * UTF-16 when it starts with that mark (Excel's "Unicode text"). Anything else, such as a
 * file saved in a Windows code page, is a 400 rather than names turned to question marks.
 */
function decoder() {
  let text: TextDecoder | undefined;
  let offset = 0;
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      try {
        if (!text) {
          const utf16 =
            chunk[0] === 0xff && chunk[1] === 0xfe
              ? 'utf-16le'
              : chunk[0] === 0xfe && chunk[1] === 0xff
                ? 'utf-16be'
                : undefined;
          text = new TextDecoder(utf16 ?? 'utf-8', { fatal: true });
        }
        const decoded = text.decode(chunk, { stream: true });
        if (decoded.includes('\u0000'))
          throw badRequest('This is not a text file: import a CSV or Excel (.xlsx) file');
        offset += chunk.length;
        done(null, decoded);
      } catch (error) {
        done(
          error instanceof HttpError
            ? error
            : badRequest(
                `The file is not UTF-8 text (a byte near position ${offset + 1} is not): save it from Excel as "CSV UTF-8" and import that`,
              ),
        );
      }
    },
    flush(done) {
      try {
        done(null, text?.decode() ?? '');
      } catch {
        done(badRequest('The file ends in the middle of a character: it is not UTF-8 text'));
      }
    },
  });
}

/** The separator a CSV file uses: comma, semicolon or tab, whichever its first lines use most. */
async function delimiterOf(path: string): Promise<string> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(16 * 1024);
  let length: number;
  try {
    ({ bytesRead: length } = await handle.read(head, 0, head.length, 0));
  } finally {
    await handle.close();
  }
  const sample = head.subarray(0, length).toString('latin1').split(/\r?\n/).slice(0, 30).join('\n');
  const counts = [',', ';', '\t'].map((d) => [d, sample.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  // Papa Parse: lenient as spreadsheets are about quotes and ragged rows, and twenty times
  // faster here than csv-parse on a bank download.
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    delimiter: await delimiterOf(path),
    skipEmptyLines: false,
  });
  const source = createReadStream(path).pipe(decoder());
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      yield { row, cells: record };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw badRequest(`The CSV file cannot be read near row ${row + 1}: ${message}`);
  } finally {
    source.destroy();
    parser.destroy();
  }
}
