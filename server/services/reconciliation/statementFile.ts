import type { PaymentType } from '../../../contract/enums';
import { RECONCILIATION_MAX_LINES, type StatementBank } from '../../../contract/reconciliation';
import { calendarDate } from '../../../contract/api/fields';
import { badRequest } from '../../lib/errors';
import { formatPaise } from '../../lib/format';
import { readRows, type Cell, type SheetRow, type Upload } from '../importFile';
import { cellText, isBlank, readAmount } from '../importValues';

/**
 * A bank's download read as a statement: its header line found below the bank's preamble
 * (account details, address, period), its columns told by their headers (a debit and a
 * credit column, or an amount with a Dr/Cr column; the balance; the date, narration and
 * reference), the lines put oldest first, and the balance column checked line by line:
 * a balance that is not the one before it plus or less the line's amount shows a line
 * missing or wrong. The layouts of HDFC, ICICI, SBI, Axis and Kotak are named; any other
 * with the same kind of headers is read too ("Other").
 */

export interface StatementLine {
  row: number;
  date: string;
  type: PaymentType;
  amountPaise: number;
  balancePaise: number;
  description: string;
  reference: string;
}

export interface Statement {
  bank: StatementBank;
  /** Oldest first. */
  lines: StatementLine[];
  from: string;
  to: string;
  openingPaise: number;
  closingPaise: number;
  /** Lines whose balance does not follow from the line before (by index in `lines`). */
  breaks: { index: number; row: number; message: string }[];
}

/** How many lines the header may be below the top of the file. */
const HEADER_WITHIN = 100;
export const DESCRIPTION_MAX = 200;
export const REFERENCE_MAX = 40;

const invalid = (message: string) => badRequest(message, { code: 'invalid_file' });

type Column =
  | 'date'
  | 'valueDate'
  | 'description'
  | 'reference'
  | 'debit'
  | 'credit'
  | 'amount'
  | 'direction'
  | 'balance'
  | 'balanceDirection';

const norm = (cell: Cell | undefined) =>
  cellText(cell ?? null)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Which column each header names; the first one wins, in the order given. */
const HEADERS: [Column, RegExp][] = [
  ['balance', /\bbal(ance)?\b|^bal\.?$/],
  ['valueDate', /^value\s*(dt|date)\.?$/],
  ['date', /^(txn|tran|trans|transaction|posting|book)\.?\s*date$|^date$/],
  ['reference', /chq|cheque|ref(erence)?\b|ref\.?\s*no|utr/],
  ['debit', /withdrawal|debit|^dr\.?$|^dr amount|paid out/],
  ['credit', /deposit|credit|^cr\.?$|^cr amount|paid in/],
  ['direction', /^(dr\s*\/\s*cr|cr\s*\/\s*dr|dr\|cr|debit\s*\/\s*credit|type)\.?$/],
  ['amount', /^(transaction\s*)?amount|^amt\b|^amount\s*\(/],
  ['description', /narration|description|particulars|remarks?|details/],
];

function columnsOf(header: SheetRow): Partial<Record<Column, number>> | undefined {
  const found: Partial<Record<Column, number>> = {};
  header.cells.forEach((cell, index) => {
    const text = norm(cell);
    if (!text) return;
    for (const [column, pattern] of HEADERS) {
      if (!pattern.test(text)) continue;
      // Kotak's balance has a Dr/Cr of its own, right after it.
      if (column === 'direction' && found.direction !== undefined) {
        if (found.balance !== undefined && found.balanceDirection === undefined)
          found.balanceDirection = index;
        return;
      }
      if (found[column] === undefined) found[column] = index;
      return;
    }
  });
  if (found.date === undefined && found.valueDate !== undefined) found.date = found.valueDate;
  const amounts =
    (found.debit !== undefined && found.credit !== undefined) || found.amount !== undefined;
  return found.date !== undefined && found.balance !== undefined && amounts ? found : undefined;
}

/** The bank a layout is, from its headers and the lines above them. */
function bankOf(headers: string, above: string): StatementBank {
  const text = `${above} ${headers}`;
  if (/\bhdfc\b/.test(text) || /(chq\.\/ref\.no\.|chq\/ref number).*closing balance/.test(headers))
    return 'HDFC';
  if (/\bicici\b/.test(text) || /transaction remarks/.test(headers)) return 'ICICI';
  if (/state bank of india|\bsbi\b/.test(text) || /ref no\.\/cheque no/.test(headers)) return 'SBI';
  if (/\baxis\b/.test(text) || /\bchqno\b.*\bparticulars\b/.test(headers)) return 'Axis';
  if (/\bkotak\b/.test(text) || /dr \/ cr.*dr \/ cr/.test(headers)) return 'Kotak';
  return 'Other';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A statement's date as YYYY-MM-DD, or undefined: Indian banks write the day first (01/04/24,
 * 01-04-2024, 01.04.2024, 1 Apr 2024, 01-APR-24), a workbook may hold a date or its number.
 */
export function statementDate(cell: Cell | undefined): string | undefined {
  let parts: [number, number, number] | undefined;
  if (cell instanceof Date)
    parts = [cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()];
  else if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 150_000) return undefined;
    const d = new Date(EXCEL_EPOCH + cell * 86_400_000);
    parts = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  } else if (typeof cell === 'string') {
    const text = cell.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2})?(\s*[ap]m)?$/i, '');
    let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(text);
    if (m) parts = [Number(m[3]), Number(m[2]), Number(m[1])];
    m ??= /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
    if (m && !parts) parts = [Number(m[1]), Number(m[2]), Number(m[3])];
    const named = /^(\d{1,2})[- ]([a-z]{3})[a-z]*[- ,]+(\d{4}|\d{2})$/i.exec(text);
    if (named) {
      const month = MONTHS.indexOf(named[2]!.toLowerCase()) + 1;
      if (month) parts = [Number(named[3]), month, Number(named[1])];
    }
    if (parts && parts[0] < 100) parts[0] += 2000;
  }
  if (!parts) return undefined;
  const iso = `${String(parts[0]).padStart(4, '0')}-${pad(parts[1])}-${pad(parts[2])}`;
  return calendarDate.safeParse(iso).success ? iso : undefined;
}

const FORMULA_MESSAGE =
  'holds a formula: only values are read (in Excel, copy the sheet and paste it as values)';

/** A money cell as paise (sign as written), null when blank; a 400 naming the cell otherwise. */
function money(cell: Cell | undefined, row: number, what: string): number | null {
  const formula =
    cell !== null && typeof cell === 'object' && !(cell instanceof Date)
      ? true
      : typeof cell === 'string' && cell.trim().startsWith('=');
  if (formula) throw invalid(`Row ${row}: the ${what} ${FORMULA_MESSAGE}`);
  const read = readAmount(cell ?? null);
  if ('problem' in read) throw invalid(`Row ${row}: the ${what} ${read.problem}`);
  return read.value;
}

const text = (cell: Cell | undefined, max: number) => {
  if (cell !== null && typeof cell === 'object' && !(cell instanceof Date)) return undefined;
  return cellText(cell ?? null)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[=+\-@]+/, '')
    .slice(0, max);
};

/** Reads the whole statement, within the file's bounds; a file that is not one is a 400. */
export async function readStatement(upload: Upload): Promise<Statement> {
  const above: string[] = [];
  let columns: Partial<Record<Column, number>> | undefined;
  let headers = '';
  const lines: StatementLine[] = [];
  // A row below the lines that is none (the summary under the table), or a line whose date
  // is wrong: which one it was is known when another line follows.
  let notALine: { row: number; date: string } | undefined;
  for await (const sheetRow of readRows(upload)) {
    const { row, cells } = sheetRow;
    if (!columns) {
      columns = columnsOf(sheetRow);
      if (columns) headers = cells.map(norm).join(' | ');
      else if (row > HEADER_WITHIN)
        throw invalid(
          `No line in the first ${HEADER_WITHIN} rows names a date, the amounts and the balance: is this the bank's statement download?`,
        );
      else above.push(cells.map(norm).join(' '));
      continue;
    }
    const line = lineOf(columns, sheetRow, lines.at(-1));
    if (line === 'continued' || line === undefined) continue;
    if ('notALine' in line) {
      notALine ??= { row, date: line.notALine };
      continue;
    }
    if (notALine) throw invalid(`Row ${notALine.row}: "${notALine.date}" is not a date`);
    if (lines.length >= RECONCILIATION_MAX_LINES)
      throw invalid(
        `The statement has more than ${RECONCILIATION_MAX_LINES.toLocaleString('en-IN')} lines: reconcile a shorter period at a time`,
      );
    lines.push(line);
  }
  if (!columns)
    throw invalid(
      "No line of the file names a date, the amounts and the balance: is this the bank's statement download?",
    );
  if (lines.length === 0) throw invalid('The statement has no lines below its headers');
  const ordered = oldestFirst(lines);
  const first = ordered[0]!;
  const last = ordered.at(-1)!;
  return {
    bank: bankOf(headers, above.join(' ')),
    lines: ordered,
    from: first.date,
    to: last.date,
    openingPaise: first.balancePaise - signed(first),
    closingPaise: last.balancePaise,
    breaks: breaksOf(ordered),
  };
}

const signed = (l: { type: PaymentType; amountPaise: number }) =>
  l.type === 'credit' ? l.amountPaise : -l.amountPaise;

/**
 * One row below the header as a line; undefined for a row that is none (a separator of
 * asterisks, a blank, the summary below the table); 'continued' for a narration's second
 * line, added to the line before.
 */
function lineOf(
  c: Partial<Record<Column, number>>,
  { row, cells }: SheetRow,
  previous: StatementLine | undefined,
): StatementLine | 'continued' | { notALine: string } | undefined {
  const at = (column: Column) => (c[column] === undefined ? undefined : cells[c[column]!]);
  // A rule of asterisks or dashes under the headers or the lines.
  if (cells.every((cell) => /^[\s*=_.-]*$/.test(cellText(cell)))) return undefined;
  const date = statementDate(at('date'));
  const amountCells = [at('debit'), at('credit'), at('amount'), at('balance')];
  if (!date) {
    if (amountCells.every((cell) => isBlank(cell))) {
      const more = text(at('description'), DESCRIPTION_MAX);
      if (previous && more && isBlank(at('date'))) {
        previous.description = `${previous.description} ${more}`.slice(0, DESCRIPTION_MAX);
        return 'continued';
      }
      return undefined;
    }
    // Amounts without a date: the summary below the lines, or a line the file has wrong.
    if (isBlank(at('date')) || /[a-z]{4,}/i.test(cellText(at('date') ?? null))) return undefined;
    return { notALine: cellText(at('date') ?? null).slice(0, 40) };
  }
  let type: PaymentType;
  let amount: number;
  if (c.debit !== undefined && c.credit !== undefined) {
    const debit = Math.abs(money(at('debit'), row, 'withdrawal') ?? 0);
    const credit = Math.abs(money(at('credit'), row, 'deposit') ?? 0);
    if (debit && credit)
      throw invalid(`Row ${row} has both a withdrawal and a deposit: one of them must be blank`);
    if (!debit && !credit) throw invalid(`Row ${row} has neither a withdrawal nor a deposit`);
    type = debit ? 'debit' : 'credit';
    amount = debit || credit;
  } else {
    const value = money(at('amount'), row, 'amount');
    if (!value) throw invalid(`Row ${row} has no amount`);
    const direction = norm(at('direction'));
    type = /^(d|dr|debit|withdrawal)\.?$/.test(direction)
      ? 'debit'
      : /^(c|cr|credit|deposit)\.?$/.test(direction)
        ? 'credit'
        : value < 0
          ? 'debit'
          : 'credit';
    amount = Math.abs(value);
  }
  let balance = money(at('balance'), row, 'balance');
  if (balance === null) throw invalid(`Row ${row} has no balance`);
  if (/^(d|dr)\.?$/.test(norm(at('balanceDirection')))) balance = -Math.abs(balance);
  const description = text(at('description'), DESCRIPTION_MAX);
  if (description === undefined) throw invalid(`Row ${row}: the narration ${FORMULA_MESSAGE}`);
  const reference = text(at('reference'), REFERENCE_MAX) ?? '';
  return {
    row,
    date,
    type,
    amountPaise: amount,
    balancePaise: balance,
    description,
    reference: /^0+$/.test(reference) ? '' : reference,
  };
}

/**
 * The lines oldest first: a newest-first download is turned round. When every line is of one
 * day, the order in which the balances follow each other decides.
 */
function oldestFirst(lines: StatementLine[]): StatementLine[] {
  const first = lines[0]!.date;
  const last = lines.at(-1)!.date;
  if (first < last) return lines;
  const reversed = [...lines].reverse();
  if (first > last) return reversed;
  return breaksOf(reversed).length < breaksOf(lines).length ? reversed : lines;
}

const rupees = (paise: number) => formatPaise(paise);

function breaksOf(lines: StatementLine[]): Statement['breaks'] {
  const breaks: Statement['breaks'] = [];
  for (let i = 1; i < lines.length; i++) {
    const before = lines[i - 1]!.balancePaise;
    const line = lines[i]!;
    if (before + signed(line) === line.balancePaise) continue;
    breaks.push({
      index: i,
      row: line.row,
      message: `Row ${line.row}: the balance ${rupees(line.balancePaise)} is not ${rupees(before)} ${line.type === 'credit' ? 'plus' : 'less'} ${rupees(line.amountPaise)}: a line above it is missing, or this one is wrong`,
    });
  }
  return breaks;
}
