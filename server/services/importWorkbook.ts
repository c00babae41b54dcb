import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type Yauzl from 'yauzl';
import type * as Yazl from 'yazl';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_SHARED_STRINGS_BYTES,
  IMPORT_MAX_UNPACKED_BYTES,
} from '../../contract/imports';
import { HttpError, badRequest } from '../lib/errors';
import { onFirstUse } from '../lib/onFirstUse';
import { checkTime, tooManyColumns } from './importBounds';
import type { Cell } from './importFile';

const yauzl = onFirstUse<typeof Yauzl>('yauzl');
const yazl = onFirstUse<typeof Yazl>('yazl');

/**
 * An .xlsx workbook is a zip of XML files, and a small one can unpack to gigabytes. Before
 * ExcelJS sees it, it is unpacked here by its central directory, every entry counted
 * against the bounds as it inflates, and packed again uncompressed: ExcelJS then reads only
 * what was checked (it reads a zip's entries as they come, which a crafted file can make
 * differ from its directory), and holds at most IMPORT_MAX_SHARED_STRINGS_BYTES of shared
 * strings.
 */
export async function repackWorkbook(path: string, dir: string): Promise<string> {
  const out = join(dir, 'workbook.xlsx');
  const packer = new (yazl().ZipFile)();
  const parts: string[] = [];
  const entries: { part: string; name: string }[] = [];
  let zip: Yauzl.ZipFile | undefined;
  try {
    zip = await yauzl().openPromise(path, { validateEntrySizes: true });
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const cap = /sharedStrings\d*\.xml$/i.test(entry.fileName)
        ? IMPORT_MAX_SHARED_STRINGS_BYTES
        : IMPORT_MAX_UNPACKED_BYTES;
      if (
        entry.uncompressedSize > cap ||
        total + entry.uncompressedSize > IMPORT_MAX_UNPACKED_BYTES
      )
        throw workbookTooLarge();
      const part = join(dir, `part-${parts.length}`);
      let bytes = 0;
      // The declared size is checked by yauzl as it inflates; counted here all the same.
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(bytes > entry.uncompressedSize ? workbookTooLarge() : null, chunk);
        },
      });
      await pipeline(await zip.openReadStreamPromise(entry), counter, createWriteStream(part));
      total += bytes;
      parts.push(part);
      entries.push({ part, name: entry.fileName });
    }
    // The workbook's own parts first: ExcelJS reads a sheet as it comes only once it has
    // read the workbook and its shared strings (and fails on one before the workbook).
    entries.sort((a, b) => readOrder(a.name) - readOrder(b.name));
    for (const { part, name } of entries) packer.addFile(part, name, { compress: false });
    packer.end();
    await pipeline(packer.outputStream, createWriteStream(out));
    return out;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadableWorkbook();
  } finally {
    zip?.close();
    await Promise.all(parts.map((part) => rm(part, { force: true })));
  }
}

const readOrder = (name: string) =>
  /^(\[Content_Types\]\.xml|_rels\/\.rels|xl\/_rels\/workbook\.xml\.rels|xl\/workbook\.xml)$/.test(
    name,
  )
    ? 0
    : /^xl\/(styles|sharedStrings)\.xml$/.test(name)
      ? 1
      : 2;

const workbookTooLarge = () =>
  badRequest(
    `The workbook unpacks to more than ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB, or its text to more than ${IMPORT_MAX_SHARED_STRINGS_BYTES / 1024 / 1024} MB: save its sheet as CSV, or split it, and import that`,
    { code: 'invalid_file' },
  );

export const unreadableWorkbook = () =>
  badRequest(
    'This file is not an Excel workbook that can be read: save it from Excel as .xlsx or CSV and try again',
    { code: 'invalid_file' },
  );

type SheetReader = AsyncIterable<{ number: number; values: unknown }> & {
  name?: string;
  id?: number;
};

/** ExcelJS is loaded by the first workbook read, not at start: it holds ~9 MB of heap. */
async function* workbookReader(path: string): AsyncGenerator<SheetReader> {
  const { default: ExcelJS } = await import('exceljs');
  yield* new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  }) as unknown as AsyncIterable<SheetReader>;
}

const nameOf = (sheet: SheetReader) => sheet.name ?? `Sheet${sheet.id ?? ''}`;

/** The sheets of a (repacked) workbook, in order. */
export async function workbookSheets(path: string, deadline: number): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const sheet of workbookReader(path)) {
      names.push(nameOf(sheet));
      // Each sheet's rows must be read through before the next sheet comes.
      let rows = 0;
      for await (const _row of sheet) if ((++rows & 1023) === 0) checkTime(deadline);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadableWorkbook();
  }
  return names;
}

/** The rows of one sheet (the first when none is named), each with its number in the sheet. */
export async function* workbookRows(
  path: string,
  wanted?: string,
): AsyncGenerator<{ row: number; cells: Cell[] }> {
  let found = false;
  try {
    for await (const sheet of workbookReader(path)) {
      const take = !found && (wanted === undefined || nameOf(sheet) === wanted);
      for await (const row of sheet) {
        if (!take) continue;
        yield { row: row.number, cells: cellsOf(row.values, row.number) };
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
      { code: 'invalid_file' },
    );
}

/**
 * A row's cells from ExcelJS's values (from index 1, sparse: a cell in column ZZZZ makes an
 * array of millions). Past IMPORT_MAX_COLUMNS only the filled cells are looked at.
 */
function cellsOf(values: unknown, row: number): Cell[] {
  if (!Array.isArray(values)) return [];
  if (values.length > IMPORT_MAX_COLUMNS + 1) {
    for (const key in values) {
      const value: unknown = values[Number(key)];
      if (Number(key) > IMPORT_MAX_COLUMNS && value !== null && value !== undefined && value !== '')
        throw tooManyColumns(row);
    }
    values = values.slice(0, IMPORT_MAX_COLUMNS + 1);
  }
  return Array.from((values as unknown[]).slice(1), workbookCell);
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
