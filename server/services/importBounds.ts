import { setImmediate } from 'node:timers/promises';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LINES,
  IMPORT_MAX_SECONDS,
} from '../../contract/imports';
import { HttpError, badRequest } from '../lib/errors';
import type { Cell, SheetRow } from './importFile';

/**
 * The bounds every file is read within, whatever its kind: lines (blank ones too), columns,
 * a cell's length and the time its reading may take. A file past one is refused with the
 * reason, before its rows are held or looked at.
 */

export const tooManyColumns = (row: number) =>
  badRequest(
    `Row ${row} has more than ${IMPORT_MAX_COLUMNS} columns: import a sheet of the columns you need`,
    { code: 'invalid_file' },
  );

const tooManyLines = (row: number) =>
  badRequest(
    `The file has more than ${IMPORT_MAX_LINES.toLocaleString('en-IN')} lines (row ${row}), blank ones included: split it into smaller files`,
    { code: 'invalid_file' },
  );

/** Refuses (413) a file whose reading is past its deadline (ms). */
export function checkTime(deadline: number) {
  if (Date.now() > deadline)
    throw new HttpError(
      413,
      `The file took more than ${IMPORT_MAX_SECONDS} seconds to read: split it into smaller files and import each`,
    );
}

/** A cell cut to IMPORT_MAX_CELL_CHARS (a formula's text too). */
function cut(cell: Cell): Cell {
  if (typeof cell === 'string')
    return cell.length > IMPORT_MAX_CELL_CHARS ? cell.slice(0, IMPORT_MAX_CELL_CHARS) : cell;
  if (cell && typeof cell === 'object' && !(cell instanceof Date))
    return cell.formula.length > IMPORT_MAX_CELL_CHARS
      ? { formula: cell.formula.slice(0, IMPORT_MAX_CELL_CHARS) }
      : cell;
  return cell;
}

/** The longest stretch the reading of a file keeps the event loop to itself, in ms. */
const TURN_MS = 10;

const isEmpty = (cell: Cell | undefined) => cell === null || cell === undefined || cell === '';

/** The rows of a reader, held to the bounds; `deadline` is the time (ms) the reading must end by. */
export async function* bounded(
  rows: AsyncIterable<SheetRow>,
  deadline: number,
): AsyncGenerator<SheetRow> {
  let lines = 0;
  let turn = Date.now();
  for await (const { row, cells } of rows) {
    if (++lines > IMPORT_MAX_LINES) throw tooManyLines(row);
    if ((lines & 255) === 0 && Date.now() - turn > TURN_MS) {
      // Rows already parsed come as promises already settled, which never let the event
      // loop in: give other calls their turn every few milliseconds.
      checkTime(deadline);
      await setImmediate();
      turn = Date.now();
    }
    let width = cells.length;
    while (width > 0 && isEmpty(cells[width - 1])) width--;
    if (width > IMPORT_MAX_COLUMNS) throw tooManyColumns(row);
    yield { row, cells: cells.slice(0, width).map(cut) };
  }
  checkTime(deadline);
}
