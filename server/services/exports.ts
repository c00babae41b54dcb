import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ExpenseSort } from '../../contract/api/expenses';
import type { LoanDirection } from '../../contract/enums';
import { paiseToRupeesText } from '../../contract/rules';
import type { DbOrTx } from '../db/client';
import { keyText, keysetBatches, rowAfter } from '../db/keyset';
import { expenses } from '../db/schema';
import { containsAnyCase } from '../db/search';
import type { Caller } from '../lib/caller';
import { badRequest } from '../lib/errors';
import { CSV_BOM, csvLine } from '../lib/format';
import { statementForExport, type StatementQuery } from './bank/statements';
import { allLoans, statusOf } from './loans';
import { categoryLookup } from './categories';

/*
 * The CSV downloads ("export my data" is myData.ts, which writes some of these files too).
 * Every one is read from the database a
 * batch at a time (keysetBatches: after the last row's sort key and id, never OFFSET) and
 * written out as it is read, so a million rows cost the server one batch of memory. Money is
 * written from integer paise as rupees with 2 decimals by integer arithmetic.
 */

type Field = string | number;

/**
 * A CSV as text in pieces: the byte-order mark and the header, then one piece per batch (a
 * few hundred kilobytes at most), never the whole file.
 */
async function* csv<Row>(
  header: string[],
  batches: AsyncIterable<Row[]>,
  line: (row: Row) => Field[],
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  for await (const rows of batches) {
    let piece = '';
    for (const row of rows) piece += csvLine(line(row));
    yield piece;
  }
}

const rupees = paiseToRupeesText;

// ------------------------------------------------------------------------------ expenses

export interface ExpenseExportQuery {
  search?: string;
  category?: string;
  from?: string;
  to?: string;
  sort: ExpenseSort;
  order: 'asc' | 'desc';
}

/** Each sort of the list: its column and the column's SQL type (for the keyset's cast). */
const EXPENSE_SORT_KEYS: Record<ExpenseSort, { column: SQL; type: string }> = {
  date: { column: sql`${expenses.date}`, type: 'date' },
  amount: { column: sql`${expenses.amountPaise}`, type: 'bigint' },
  // The list sorts descriptions regardless of case, by the lowercase copy.
  description: { column: sql`${expenses.descriptionLower}`, type: 'text' },
  category: { column: sql`${expenses.category}`, type: 'text' },
  createdAt: { column: sql`${expenses.createdAt}`, type: 'timestamptz' },
};

/** An export's filter, checked, with the caller's categories it names looked up. */
export interface ExpenseExportFilter extends ExpenseExportQuery {
  /** The caller's categories whose name contains the search: the list's search matches them too. */
  searchCategories?: string[];
}

/**
 * Checks an export's filter and looks up the categories it names (the category as the
 * caller stored it; a 400 for one that is none of the caller's), before anything is streamed.
 */
export async function expenseExportFilter(
  db: DbOrTx,
  caller: Caller,
  q: ExpenseExportQuery,
): Promise<ExpenseExportFilter> {
  if (q.from && q.to && q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  if (!q.search && !q.category) return q;
  const lookup = await categoryLookup(db, caller.userId);
  const term = q.search?.toLowerCase();
  return {
    ...q,
    category: q.category === undefined ? undefined : lookup.resolve(q.category),
    searchCategories: term ? lookup.names.filter((c) => c.toLowerCase().includes(term)) : undefined,
  };
}

/**
 * The caller's expenses matching the list's filters (checked by expenseExportFilter), in the
 * list's order, a batch at a time. Only the caller's own, whatever its role.
 */
export function expenseBatches(db: DbOrTx, caller: Caller, q: ExpenseExportFilter) {
  const matching = q.searchCategories?.length
    ? inArray(expenses.category, q.searchCategories)
    : undefined;
  const where = and(
    eq(expenses.userId, caller.userId),
    q.search ? or(containsAnyCase(expenses.descriptionLower, q.search), matching) : undefined,
    q.category ? eq(expenses.category, q.category) : undefined,
    q.from ? gte(expenses.date, q.from) : undefined,
    q.to ? lte(expenses.date, q.to) : undefined,
  );
  const { column, type } = EXPENSE_SORT_KEYS[q.sort];
  const dir = q.order === 'asc' ? asc : desc;
  return keysetBatches(
    (after, limit) =>
      db
        .select({
          id: expenses.id,
          date: expenses.date,
          description: expenses.description,
          category: expenses.category,
          amountPaise: expenses.amountPaise,
          key: keyText(column),
        })
        .from(expenses)
        .where(and(where, after))
        .orderBy(dir(column), dir(expenses.id))
        .limit(limit),
    (last) => rowAfter(column, expenses.id, type, last.key, last.id, q.order),
  );
}

export const EXPENSE_CSV_HEADER = ['Date', 'Description', 'Category', 'Amount'];

/** The expenses CSV: Date (YYYY-MM-DD, as the list), Description, Category, Amount. */
export const expensesCsv = (db: DbOrTx, caller: Caller, q: ExpenseExportFilter) =>
  csv(EXPENSE_CSV_HEADER, expenseBatches(db, caller, q), (r) => [
    r.date,
    r.description,
    r.category,
    rupees(r.amountPaise),
  ]);

/** The file name of an expenses export: the date range when there is one. */
export const expensesCsvName = (q: Pick<ExpenseExportQuery, 'from' | 'to'>) =>
  `expenses${q.from ? `-${q.from}` : ''}${q.to ? `-to-${q.to}` : ''}.csv`;

// ------------------------------------------------------------------------ lend, borrowed

export const LOAN_CSV_HEADER = [
  'S.no',
  'Name',
  'Email',
  'Amount',
  'Repaid',
  'Outstanding',
  'Status',
  'IssueDate',
  'RepaymentDate',
];

/** A lend or borrowed report as CSV, in issue-date order; `today` decides due and overdue. */
export function loansCsv(
  db: DbOrTx,
  caller: Caller,
  direction: LoanDirection,
  q: { search?: string; from?: string; to?: string; today: string },
) {
  let n = 0;
  return csv(LOAN_CSV_HEADER, allLoans(db, caller, direction, q), (r) => [
    ++n,
    r.name,
    r.email,
    rupees(r.amountPaise),
    rupees(r.repaidPaise),
    rupees(r.amountPaise - r.repaidPaise),
    statusOf(r, q.today),
    r.issueDate,
    r.repaymentDate,
  ]);
}

// ------------------------------------------------------------------------------ statement

/**
 * A bank statement as CSV: the opening balance on `from`, every entry of the range in order
 * with its running balance and what it says it was (mode, reference, party, project), and the
 * closing balance with the range's credits and debits, all added up in paise from the rows
 * read. With a filter only its entries are written, each with the account's running balance
 * after it (every entry counts in it), and the closing line's credits and debits are theirs.
 * Resolves (or refuses: 400, 403, 404) before anything is streamed.
 */
export async function statementCsv(db: DbOrTx, caller: Caller, q: StatementQuery) {
  const { account, openingPaise, entries } = await statementForExport(db, caller, q);
  async function* lines() {
    yield (
      CSV_BOM +
      csvLine([
        'Date',
        'Remark',
        'Credit',
        'Debit',
        'Balance',
        'Mode',
        'Reference',
        'Party',
        'Project',
      ]) +
      csvLine([q.from, 'Opening balance', '', '', rupees(openingPaise)])
    );
    // BigInt: the range's totals may pass 2^53 paise, where a number would round them.
    let balance = openingPaise;
    let credits = 0n;
    let debits = 0n;
    for await (const batch of entries) {
      let piece = '';
      for (const e of batch) {
        const credit = e.type === 'credit';
        balance += BigInt(credit ? e.amountPaise : -e.amountPaise);
        if (!e.kept) continue;
        if (credit) credits += BigInt(e.amountPaise);
        else debits += BigInt(e.amountPaise);
        const amount = rupees(e.amountPaise);
        piece += csvLine([
          e.date,
          e.remark,
          credit ? amount : '',
          credit ? '' : amount,
          rupees(balance),
          e.mode?.toUpperCase() ?? '',
          e.reference ?? '',
          e.partyName ?? '',
          e.project ?? '',
        ]);
      }
      yield piece;
    }
    yield csvLine([q.to, 'Closing balance', rupees(credits), rupees(debits), rupees(balance)]);
  }
  return {
    // Its digits: the last four only, to whoever reads no more of the number.
    name: `statement-${account.account_no.replace(/\D/g, '')}-${q.from}-to-${q.to}.csv`,
    lines: lines(),
  };
}
