import type { CellProblem } from '../../contract/api/imports';
import type { PaymentType } from '../../contract/enums';
import type { CategoryLookup } from './categories';
import type { SheetRow } from './importFile';
import type { Settings } from './importSettings';
import { isBlank, readAmount, readDate, readEmail, readText, type Read } from './importValues';

/** One row of a file read as the entry it records. */

export interface ExpenseEntry {
  date: string;
  description: string;
  amountPaise: number;
  /** One of the owner's categories, as stored. */
  category: string;
}
export interface PaymentEntry {
  date: string;
  remark: string;
  type: PaymentType;
  amountPaise: number;
  /** The bank's balance after the row, when the file's balance column is mapped. */
  balancePaise?: number;
}
export interface LoanEntry {
  name: string;
  email: string;
  amountPaise: number;
  issueDate: string;
  repaymentDate: string;
}
export type Entry = ExpenseEntry | PaymentEntry | LoanEntry;

export type RowReading =
  | { entry: Entry; key: string }
  | { problems: CellProblem[] }
  | { skipped: string }
  /** A row with nothing in it: not counted at all. */
  | { blank: true };

const DESCRIPTION_MAX = { expenses: 500, payments: 200 } as const;

/** The text that, with the date and amount, tells whether a row is already recorded. */
export const duplicateKey = (...parts: (string | number)[]) =>
  parts.map((p) => (typeof p === 'string' ? p.trim().toLowerCase() : p)).join('\u0000');

/**
 * A bank's note among its lines or below them ("This is a computer generated statement",
 * "STATEMENT SUMMARY"): no amount or balance at all, and no digit where the date goes.
 */
function isBankNote(s: Settings, cells: SheetRow['cells']): boolean {
  const cell = (column: number | undefined) => (column ? (cells[column - 1] ?? null) : null);
  const money = [s.amountColumn, s.debitColumn, s.creditColumn, s.balanceColumn];
  const date = cell(s.dateColumn);
  return (
    money.every((column) => isBlank(cell(column))) && typeof date === 'string' && !/\d/.test(date)
  );
}

/**
 * The summary a bank prints below its lines (HDFC's "Opening Balance | Dr Count | …" and its
 * figures): where the file has a balance column, every line has a balance and a date, and
 * these rows have neither.
 */
function isBankSummary(s: Settings, cells: SheetRow['cells']): boolean {
  if (!s.balanceColumn || !s.dateColumn) return false;
  if (!isBlank(cells[s.balanceColumn - 1])) return false;
  const date = cells[s.dateColumn - 1] ?? null;
  // A bare number there is a figure of the summary: a line's date is a date cell or text.
  return typeof date === 'number' || (!isBlank(date) && 'problem' in readDate(date, s.dateFormat));
}

/** Reads one row with the settings; every problem of the row is reported, each on its cell. */
export function readRow(
  settings: Settings,
  { row, cells }: SheetRow,
  categories?: CategoryLookup,
): RowReading {
  if (cells.every((c) => isBlank(c))) return { blank: true };
  // A rule of asterisks or dashes, as banks draw under their headers and lines.
  if (cells.every((c) => typeof c === 'string' && /^[\s*=_.-]*$/.test(c))) return { blank: true };
  if (settings.kind === 'payments' && isBankNote(settings, cells))
    return { skipped: 'Not a line of the statement: no date and no amount' };
  if (settings.kind === 'payments' && isBankSummary(settings, cells))
    return { skipped: "Not a line of the statement: no date and no balance (the bank's summary)" };
  const problems: CellProblem[] = [];
  const at = <T>(
    column: number | undefined,
    read: (cell: SheetRow['cells'][number]) => Read<T>,
  ) => {
    const result = read(column ? (cells[column - 1] ?? null) : null);
    if ('problem' in result) {
      problems.push({ row, column: column ?? null, message: result.problem });
      return undefined;
    }
    return result.value;
  };
  const s = settings;
  const date = (column: number | undefined) => at(column, (c) => readDate(c, s.dateFormat));

  if (s.kind === 'lend' || s.kind === 'borrowed') {
    const name = at(s.nameColumn, (c) => readText(c, 100));
    const email = at(s.emailColumn, readEmail);
    const amount = at(s.amountColumn, positive);
    const issueDate = date(s.dateColumn);
    const repaymentDate = date(s.dueDateColumn);
    if (issueDate && repaymentDate && repaymentDate < issueDate)
      problems.push({
        row,
        column: s.dueDateColumn ?? null,
        message: 'The repayment date is before the date given',
      });
    if (problems.length) return { problems };
    return {
      entry: {
        name: name!,
        email: email!,
        amountPaise: amount!,
        issueDate: issueDate!,
        repaymentDate: repaymentDate!,
      },
      key: duplicateKey(issueDate!, amount!, name!),
    };
  }

  const dateValue = date(s.dateColumn);
  const text = at(s.descriptionColumn, (c) =>
    readText(c, DESCRIPTION_MAX[s.kind as 'expenses' | 'payments']),
  );
  const signed = signedAmount(s, cells, row, problems);
  const category =
    s.kind === 'expenses' ? at(s.categoryColumn, (c) => readCategory(c, s, categories)) : undefined;
  if (problems.length || signed === undefined) return { problems };
  if (s.kind === 'expenses') {
    if (signed.credit) return { skipped: 'Money in, not an expense' };
    return {
      entry: {
        date: dateValue!,
        description: text!,
        amountPaise: signed.paise,
        category: category!,
      },
      key: duplicateKey(dateValue!, signed.paise, text!),
    };
  }
  const type: PaymentType = signed.credit ? 'credit' : 'debit';
  const balance = s.balanceColumn ? at(s.balanceColumn, readAmount) : undefined;
  if (problems.length) return { problems };
  return {
    entry: {
      date: dateValue!,
      remark: text!,
      type,
      amountPaise: signed.paise,
      ...(typeof balance === 'number' ? { balancePaise: balance } : {}),
    },
    key: duplicateKey(dateValue!, type, signed.paise, text!),
  };
}

function positive(cell: SheetRow['cells'][number]): Read<number> {
  const amount = readAmount(cell);
  if ('problem' in amount) return amount;
  if (amount.value === null) return { problem: 'is required' };
  if (amount.value <= 0) return { problem: 'must be more than 0' };
  return { value: amount.value };
}

/**
 * The row's amount and whether it is money in: from one column (a payment's sign tells; an
 * expense must be positive) or from debit and credit columns, exactly one of them filled (a
 * zero counts as empty, as bank downloads write "0.00" in the other column).
 */
function signedAmount(
  s: Settings,
  cells: SheetRow['cells'],
  row: number,
  problems: CellProblem[],
): { paise: number; credit: boolean } | undefined {
  const read = (column: number | undefined) => {
    const result = readAmount(column ? (cells[column - 1] ?? null) : null);
    if ('problem' in result) {
      problems.push({ row, column: column ?? null, message: result.problem });
      return undefined;
    }
    return result.value;
  };
  if (s.amountStyle === 'single') {
    const paise = read(s.amountColumn);
    if (paise === undefined) return undefined;
    const problem =
      paise === null || paise === 0
        ? 'is required'
        : s.kind === 'expenses' && paise < 0
          ? 'must be more than 0 (an expense is the money spent)'
          : undefined;
    if (problem) {
      problems.push({ row, column: s.amountColumn ?? null, message: problem });
      return undefined;
    }
    // One column: a payment's sign tells money in from money out; an expense is money out.
    return { paise: Math.abs(paise!), credit: s.kind === 'payments' && paise! > 0 };
  }
  const debit = read(s.debitColumn);
  const credit = read(s.creditColumn);
  if (debit === undefined || credit === undefined) return undefined;
  const hasDebit = debit !== null && debit !== 0;
  const hasCredit = credit !== null && credit !== 0;
  if (hasDebit === hasCredit) {
    problems.push({
      row,
      column: s.debitColumn ?? null,
      message: hasDebit
        ? 'Both the debit and the credit are filled: a row is one or the other'
        : 'Neither the debit nor the credit is filled',
    });
    return undefined;
  }
  const paise = Math.abs((hasDebit ? debit : credit)!);
  return { paise, credit: hasCredit };
}

/** One of the owner's categories by its name, in any case; blank takes the import's default. */
function readCategory(
  cell: SheetRow['cells'][number],
  s: Settings,
  categories: CategoryLookup | undefined,
): Read<string> {
  if (isBlank(cell)) return { value: s.category ?? 'other' };
  const text = readText(cell, 50);
  if ('problem' in text) return text;
  const found = categories?.find(text.value);
  if (found) return { value: found };
  const names = categories?.names ?? [];
  return {
    problem:
      names.length <= 10
        ? `"${text.value}" is not one of your categories (${names.join(', ')})`
        : `"${text.value}" is not one of your categories`,
  };
}
