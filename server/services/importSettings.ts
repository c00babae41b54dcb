import { and, eq, sql } from 'drizzle-orm';
import {
  IMPORT_FIELD_LABELS,
  ImportSettings,
  columnKey,
  importFields,
  type ImportDateFormat,
  type ImportField,
  type ImportKind,
} from '../../contract/api/imports';
import type { DbOrTx } from '../db/client';
import { importSettings } from '../db/schema';
import type { Caller } from '../lib/caller';
import type { CategoryLookup } from './categories';
import type { Cell, SheetRow } from './importFile';
import { isBlank, shownText } from './importValues';

/**
 * An import's settings, complete: what the caller gave, else what it used last time for this
 * kind, else a guess from the file's header line and first rows.
 */

export type Settings = ImportSettings &
  Required<Pick<ImportSettings, 'headerRow' | 'dateFormat' | 'amountStyle'>>;

export interface SettingProblem {
  setting: string;
  message: string;
}

/** A column's letters as a spreadsheet shows them: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** The settings the caller's last import of this kind used, if any. */
export async function savedSettings(
  db: DbOrTx,
  caller: Caller,
  kind: ImportKind,
): Promise<Partial<ImportSettings> | undefined> {
  const [row] = await db
    .select({ settings: importSettings.settings })
    .from(importSettings)
    .where(and(eq(importSettings.userId, caller.userId), eq(importSettings.kind, kind)));
  if (!row) return undefined;
  // Kept as JSON: anything that no longer reads as settings is ignored, not trusted.
  const parsed = ImportSettings.partial().safeParse(row.settings);
  return parsed.success ? parsed.data : undefined;
}

export async function saveSettings(db: DbOrTx, caller: Caller, settings: Settings) {
  await db
    .insert(importSettings)
    .values({ userId: caller.userId, kind: settings.kind, settings })
    .onConflictDoUpdate({
      target: [importSettings.userId, importSettings.kind],
      set: { settings, updatedAt: sql`now()` },
    });
}

const HEADER_WORDS: Record<ImportField, RegExp> = {
  date: /^(txn|tran|transaction|value|posting|issue|entry)?\.?\s*date|^date/i,
  description: /narration|description|particulars|remark|details|memo|purpose/i,
  amount: /amount|amt|value\b|rupees|inr/i,
  debit: /withdrawal|debit|^dr\.?$|paid out|money out/i,
  credit: /deposit|credit|^cr\.?$|paid in|money in/i,
  category: /categor/i,
  name: /name|party|person/i,
  email: /e-?mail/i,
  dueDate: /repay|due|return/i,
  balance: /balance|^bal\.?$/i,
};

/** The first header (by column) that names the field and is not taken by another field. */
function columnFor(field: ImportField, headers: string[], taken: Set<number>): number | undefined {
  const index = headers.findIndex(
    (h, i) =>
      !taken.has(i + 1) &&
      HEADER_WORDS[field].test(h) &&
      // "Withdrawal Amt." is a debit, not the amount; "Due date" is not the issue date.
      !(
        field === 'amount' &&
        (HEADER_WORDS.debit.test(h) || HEADER_WORDS.credit.test(h) || HEADER_WORDS.balance.test(h))
      ) &&
      !(field === 'date' && HEADER_WORDS.dueDate.test(h)),
  );
  return index < 0 ? undefined : index + 1;
}

/** The line that looks most like the headers: the first naming a date and an amount or name. */
export function guessHeaderRow(rows: SheetRow[], kind: ImportKind): number {
  const second =
    kind === 'lend' || kind === 'borrowed'
      ? HEADER_WORDS.name
      : /amount|amt|withdrawal|deposit|debit|credit/i;
  const found = rows.find((r) => {
    const texts = r.cells.map((c) => (typeof c === 'string' ? c : ''));
    return texts.some((t) => /date/i.test(t)) && texts.some((t) => second.test(t));
  });
  return found?.row ?? rows.find((r) => r.cells.some((c) => !isBlank(c)))?.row ?? 1;
}

/** The date format most of the sample's dates are written in. */
function guessDateFormat(cells: Cell[]): ImportDateFormat {
  const texts = cells.filter((c): c is string => typeof c === 'string' && c.trim() !== '');
  if (texts.some((t) => /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}/.test(t.trim()))) return 'YYYY-MM-DD';
  if (texts.some((t) => /^\d{1,2}[- ][A-Za-z]{3}/.test(t.trim()))) return 'DD-MMM-YY';
  return 'DD/MM/YYYY';
}

/** A guess at every setting from the header line and the rows below it. */
export function guessSettings(
  kind: ImportKind,
  headerRow: number,
  headers: string[],
  sample: SheetRow[],
): Omit<Settings, 'kind'> {
  const taken = new Set<number>();
  const pick = (field: ImportField) => {
    const column = columnFor(field, headers, taken);
    if (column) taken.add(column);
    return column;
  };
  const loan = kind === 'lend' || kind === 'borrowed';
  // Repayment date first, so that the issue date does not take its column.
  const dueDateColumn = loan ? pick('dueDate') : undefined;
  const dateColumn = pick('date');
  // Before the amounts: "Balance (INR)" is no amount.
  const balanceColumn = kind === 'payments' ? pick('balance') : undefined;
  const debitColumn = loan ? undefined : pick('debit');
  const creditColumn = loan ? undefined : pick('credit');
  const amountStyle = debitColumn && creditColumn ? 'debitCredit' : 'single';
  const guessed: Omit<Settings, 'kind'> = {
    headerRow,
    amountStyle,
    dateFormat: guessDateFormat(
      sample.map((r) => (dateColumn ? (r.cells[dateColumn - 1] ?? null) : null)),
    ),
    dateColumn,
    ...(amountStyle === 'debitCredit' ? { debitColumn, creditColumn } : {}),
    ...(loan
      ? { nameColumn: pick('name'), emailColumn: pick('email'), dueDateColumn }
      : { descriptionColumn: pick('description') }),
    ...(amountStyle === 'single' ? { amountColumn: pick('amount') } : {}),
    ...(balanceColumn ? { balanceColumn } : {}),
    ...(kind === 'expenses'
      ? { categoryColumn: pick('category'), category: 'other' as const }
      : {}),
  };
  return guessed;
}

/**
 * What cannot work in the settings for this file: a required field unmapped, a column past
 * the last one, one column mapped to two fields, a payment import with no account.
 */
export function settingProblems(
  settings: Settings,
  columnCount: number,
  categories?: CategoryLookup,
): SettingProblem[] {
  const problems: SettingProblem[] = [];
  if (categories && settings.category && !categories.find(settings.category))
    problems.push({
      setting: 'category',
      message: `"${settings.category}" is not one of your categories (${categories.names.slice(0, 10).join(', ')})`,
    });
  const { required, optional } = importFields(settings.kind, settings.amountStyle);
  const usedBy = new Map<number, ImportField>();
  for (const field of [...required, ...optional]) {
    const key = columnKey(field);
    const column = settings[key];
    const label = IMPORT_FIELD_LABELS[field];
    // 0 says the file has no such column: only an optional field may be left so.
    if (column === undefined || column === 0) {
      if (required.includes(field))
        problems.push({ setting: key, message: `Choose the column that holds the ${label}` });
      continue;
    }
    if (column > columnCount) {
      problems.push({
        setting: key,
        message: `${label}: the file has no column ${columnLetter(column)} (its last is ${columnLetter(Math.max(columnCount, 1))})`,
      });
      continue;
    }
    const other = usedBy.get(column);
    if (other)
      problems.push({
        setting: key,
        message: `Column ${columnLetter(column)} is mapped to both ${IMPORT_FIELD_LABELS[other]} and ${label}: choose one column for each`,
      });
    else usedBy.set(column, field);
  }
  if (settings.kind === 'payments' && !settings.accountId)
    problems.push({ setting: 'accountId', message: 'Choose the bank account to import into' });
  return problems;
}

/** Only the settings the kind and amount style use, so a stale column is neither kept nor checked. */
export function tidySettings(settings: Settings): Settings {
  const { required, optional } = importFields(settings.kind, settings.amountStyle);
  const used = new Set<string>([...required, ...optional].map(columnKey));
  const tidy = Object.fromEntries(
    Object.entries(settings).filter(
      ([key, value]) => value !== undefined && (!key.endsWith('Column') || used.has(key)),
    ),
  ) as Settings;
  if (settings.kind !== 'payments') delete tidy.accountId;
  if (settings.kind !== 'expenses') delete tidy.category;
  else tidy.category ??= 'other';
  return tidy;
}

/** The header line's cells as text, one per column up to the widest row seen. */
export const headerTexts = (header: SheetRow | undefined, width: number) =>
  Array.from({ length: width }, (_, i) => shownText(header?.cells[i] ?? null).trim());
