import type { ImportDateFormat } from '../../contract/api/imports';
import { calendarDate, email as emailSchema } from '../../contract/api/fields';
import { IMPORT_PREVIEW_CELL_CHARS } from '../../contract/imports';
import { MAX_PAISE, RUPEES_TEXT } from '../../contract/rules';
import type { Cell } from './importFile';

/**
 * A cell of an imported file read as one of the values an entry needs: each reader answers
 * the value, or the problem with the cell in words a person can act on.
 */

export type Read<T> = { value: T } | { problem: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Day 0 of Excel's date numbers (1900 system, counting its phantom 29 February 1900). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** How a cell looks in a message or a preview. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'object') return `=${cell.formula}`;
  return String(cell);
}

/** How a cell is echoed to the caller (a preview, a column's header): its first characters. */
export function shownText(cell: Cell): string {
  const text = cellText(cell);
  return text.length > IMPORT_PREVIEW_CELL_CHARS
    ? `${text.slice(0, IMPORT_PREVIEW_CELL_CHARS)}…`
    : text;
}

const quoted = (cell: Cell) => `"${cellText(cell).slice(0, 40)}"`;

export const isBlank = (cell: Cell | undefined) =>
  cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');

const FORMULA =
  'holds a formula: only values are imported (in Excel, copy the column and paste it as values)';

/** A date in the format chosen; a workbook's own dates and date numbers whatever it is. */
export function readDate(cell: Cell, format: ImportDateFormat): Read<string> {
  if (cell instanceof Date) return checked(iso(cell), cell);
  if (typeof cell === 'object' && cell !== null) return { problem: FORMULA };
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 150_000)
      return { problem: `${quoted(cell)} is not a date` };
    return checked(iso(new Date(EXCEL_EPOCH + cell * DAY_MS)), cell);
  }
  // A time after the date (a bank's "05/04/2026 10:32:11") is not part of the day.
  const text = (cell ?? '')
    .trim()
    .replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(\s*[AaPp][Mm])?$/, '');
  if (!text) return { problem: 'is required' };
  let parts: [number, number, number] | undefined;
  if (format === 'DD/MM/YYYY') {
    // Two-digit years as some banks write them (HDFC's 05/04/26): this century's.
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(text);
    if (m) parts = [(m[3]!.length === 2 ? 2000 : 0) + Number(m[3]), Number(m[2]), Number(m[1])];
  } else if (format === 'YYYY-MM-DD') {
    const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
    if (m) parts = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else {
    const m = /^(\d{1,2})[- ]([A-Za-z]{3})[A-Za-z]*[- ,]+(\d{2}|\d{4})$/.exec(text);
    const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) + 1 : 0;
    if (m && month > 0) {
      const year = Number(m[3]);
      parts = [year < 100 ? 2000 + year : year, month, Number(m[1])];
    }
  }
  if (!parts) return { problem: `${quoted(cell)} is not a date in the format ${format}` };
  const [y, mo, d] = parts;
  return checked(`${String(y).padStart(4, '0')}-${pad(mo)}-${pad(d)}`, cell);
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function checked(date: string, cell: Cell): Read<string> {
  return calendarDate.safeParse(date).success
    ? { value: date }
    : { problem: `${quoted(cell)} is not a real date (between 1900 and 2200)` };
}

/**
 * An amount in rupees as integer paise, signed: "1,23,456.50" (Indian grouping) or
 * "123,456.50", with or without ₹, Rs. or INR; a minus sign, brackets or "Dr" make it
 * negative, "Cr" positive. Blank is null: whether that is allowed is the caller's to say.
 */
export function readAmount(cell: Cell): Read<number | null> {
  if (isBlank(cell)) return { value: null };
  if (cell instanceof Date) return { problem: `${quoted(cell)} is a date, not an amount` };
  if (typeof cell === 'object' && cell !== null) return { problem: FORMULA };
  // A workbook's number is read from its shortest decimal form, as its text would be:
  // 1234.5 is "1234.5", and 0.1 + 0.2 ("0.30000000000000004") has more than 2 decimals.
  let text = String(cell)
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/\s*(inr)$/i, '');
  let negative = false;
  const suffix = /\s*(dr|cr)\.?$/i.exec(text);
  if (suffix) {
    negative = suffix[1]!.toLowerCase() === 'dr';
    text = text.slice(0, suffix.index);
  }
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (/^[-−]/.test(text)) {
    negative = !negative;
    text = text.slice(1).trim();
  } else if (/-$/.test(text)) {
    negative = !negative;
    text = text.slice(0, -1).trim();
  } else if (text.startsWith('+')) text = text.slice(1).trim();
  text = text.replace(/^(₹|rs\.?|inr)\s*/i, '');
  const m = RUPEES_TEXT.exec(text);
  if (!m) return { problem: `${quoted(cell)} is not an amount` };
  const decimals = m[2] ?? '';
  if (decimals.length > 2) return { problem: `${quoted(cell)} has more than 2 decimals` };
  const whole = m[1]!.replace(/,/g, '');
  if (whole.replace(/^0+/, '').length > 11) return { problem: `${quoted(cell)} is too large` };
  // The digits as one integer (at most 13 of them): no multiplication of a float.
  const paise = Number(whole + decimals.padEnd(2, '0'));
  if (paise > MAX_PAISE) return { problem: `${quoted(cell)} is too large` };
  return { value: negative ? -paise : paise };
}

/** Text of at most `max` characters, trimmed; required unless `optional`. */
export function readText(cell: Cell | undefined, max: number, optional = false): Read<string> {
  if (isBlank(cell)) return optional ? { value: '' } : { problem: 'is required' };
  if (typeof cell === 'object' && cell !== null && !(cell instanceof Date))
    return { problem: FORMULA };
  const text = cellText(cell ?? null).trim();
  // A CSV cell written as a formula would run as one when the text is opened in a spreadsheet.
  if (text.startsWith('=')) return { problem: FORMULA };
  if (text.includes('\u0000')) return { problem: 'holds a NUL character' };
  if (text.length > max) return { problem: `is longer than ${max} characters` };
  return { value: text };
}

export function readEmail(cell: Cell | undefined): Read<string> {
  const text = readText(cell, 254);
  if ('problem' in text) return text;
  const parsed = emailSchema.safeParse(text.value);
  return parsed.success
    ? { value: parsed.data }
    : { problem: `${quoted(cell ?? null)} is not an e-mail address` };
}
