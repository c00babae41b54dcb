import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_BYTES, IMPORT_MAX_SECONDS } from '../../contract/imports';
import { HttpError, badRequest } from '../lib/errors';
import { bounded } from './importBounds';
import { csvLines } from './importCsv';
import { htmlRows, looksLikeMarkup } from './importHtml';
import { repackWorkbook, workbookRows, workbookSheets } from './importWorkbook';
import { xlsRows, xlsSheets } from './importXls';

/**
 * Reading an uploaded spreadsheet a row at a time: the body is first written to a file of
 * its own (at most IMPORT_MAX_BYTES), so that a slow upload holds no database connection
 * and the rows can be read twice (a check, then the writes) without the file in memory.
 * Every read is held to the bounds of importBounds.ts, within one time budget per file.
 */

/** A cell as the file gives it: text (CSV), or a workbook's number, date or formula. */
export type Cell = string | number | Date | { formula: string } | null;

export interface SheetRow {
  /** The row's number in the file or sheet, from 1, as a spreadsheet shows it. */
  row: number;
  cells: Cell[];
}

/** A CSV (or tab-separated) file, a workbook, or a table saved as a web page (an ".xls" many banks send). */
export type FileType = 'csv' | 'xlsx' | 'html';

/** A file as it arrived, in a folder of its own. */
export interface ReceivedFile {
  dir: string;
  path: string;
  type: FileType;
  /** A workbook of Excel 97–2003 (.xls, BIFF8), read by importXls.ts. */
  biff?: boolean;
  /** Removes the file; safe to call more than once. */
  discard(): Promise<void>;
}

/** A file being read: within its bounds, by its deadline. */
export interface Upload extends ReceivedFile {
  /** When the reading of the file must be over (ms): IMPORT_MAX_SECONDS after it began. */
  deadline: number;
}

export const fileTooLarge = () =>
  new HttpError(
    413,
    `The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files and import each`,
  );

/** Writes the body to a new temporary file, refusing it (413) past the size limit. */
export async function receiveUpload(
  body: Readable,
  declaredLength?: number,
): Promise<ReceivedFile> {
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
    if (bytes === 0) throw badRequest('The file is empty', { code: 'invalid_file' });
    const type = await typeOf(path);
    return type === 'biff'
      ? { dir, path, type: 'xlsx', biff: true, discard }
      : { dir, path, type, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * Starts reading a file that arrived: its time budget runs from now, and a workbook is first
 * unpacked within its bounds (importWorkbook.ts).
 */
export async function startReading(file: ReceivedFile): Promise<Upload> {
  const deadline = Date.now() + IMPORT_MAX_SECONDS * 1000;
  return file.type === 'xlsx' && !file.biff
    ? { ...file, path: await repackWorkbook(file.path, file.dir), deadline }
    : { ...file, deadline };
}

/** Tells a CSV file from a workbook by its first bytes; any other kind of file is a 400. */
async function typeOf(path: string): Promise<FileType | 'biff'> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(512);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  // A binary workbook of Excel 97–2003 (a compound file); the ".xls" that is a web page or
  // text is told below.
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'biff';
  if (starts(0x25, 0x50, 0x44, 0x46))
    throw badRequest('This is a PDF, not a spreadsheet: import the CSV or Excel download instead', {
      code: 'invalid_file',
    });
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff))
    throw badRequest('This is an image, not a spreadsheet: import a CSV or Excel (.xlsx) file', {
      code: 'invalid_file',
    });
  return looksLikeMarkup(head.toString('latin1')) ? 'html' : 'csv';
}

/** The sheets of a workbook, in order (none for a CSV file). */
export async function sheetNames(upload: Upload): Promise<string[]> {
  if (upload.biff) return xlsSheets(upload.path, upload.deadline);
  return upload.type === 'xlsx' ? workbookSheets(upload.path, upload.deadline) : [];
}

/** The rows of a CSV file or a web page's table, or of one sheet of a workbook (its first when none is named). */
export function readRows(upload: Upload, sheet?: string): AsyncGenerator<SheetRow> {
  return bounded(
    upload.biff
      ? xlsRows(upload.path, upload.deadline, sheet)
      : upload.type === 'xlsx'
        ? workbookRows(upload.path, sheet)
        : numbered(upload.type === 'html' ? htmlRows(upload.path) : csvLines(upload.path)),
    upload.deadline,
  );
}

async function* numbered(lines: AsyncIterable<string[]>): AsyncGenerator<SheetRow> {
  let row = 0;
  for await (const cells of lines) yield { row: ++row, cells };
}
