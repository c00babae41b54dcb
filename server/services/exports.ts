import { Readable } from 'node:stream';
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { ExpenseSort } from '../../contract/api/expenses';
import type { LoanDirection } from '../../contract/enums';
import { paiseToRupeesText } from '../../contract/rules';
import type { DbOrTx } from '../db/client';
import { keyText, keysetBatches, rowAfter } from '../db/keyset';
import {
  bankAccounts,
  categories,
  expenses,
  loans as loansTable,
  payments,
  projects,
  recurringExpenses,
  repayments,
  users,
} from '../db/schema';
import { containsAnyCase } from '../db/search';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { badRequest } from '../lib/errors';
import { CSV_BOM, csvLine } from '../lib/format';
import { getProfile } from './auth';
import { statementForExport, type StatementQuery } from './bank';
import { allLoans, statusOf } from './loans';
import { categoryLookup } from './categories';

/*
 * The CSV downloads and the "export my data" ZIP. Every one is read from the database a
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

/** 'other' -> 'Other', as the lists show an enum. */
const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
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
 * with its running balance, and the closing balance with the range's credits and debits,
 * all added up in paise from the rows written. Resolves (or refuses: 400, 403, 404) before
 * anything is streamed.
 */
export async function statementCsv(db: DbOrTx, caller: Caller, q: StatementQuery) {
  const { account, openingPaise, entries } = await statementForExport(db, caller, q);
  async function* lines() {
    yield (
      CSV_BOM +
      csvLine(['Date', 'Remark', 'Credit', 'Debit', 'Balance']) +
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
        if (credit) credits += BigInt(e.amountPaise);
        else debits += BigInt(e.amountPaise);
        balance += BigInt(credit ? e.amountPaise : -e.amountPaise);
        const amount = rupees(e.amountPaise);
        piece += csvLine([
          e.date,
          e.remark,
          credit ? amount : '',
          credit ? '' : amount,
          rupees(balance),
        ]);
      }
      yield piece;
    }
    yield csvLine([q.to, 'Closing balance', rupees(credits), rupees(debits), rupees(balance)]);
  }
  return {
    name: `statement-${account.account_no}-${q.from}-to-${q.to}.csv`,
    lines: lines(),
  };
}

// --------------------------------------------------------------------------- my data ZIP

/** The caller's repayments, with the entry each belongs to. */
function repaymentBatches(db: DbOrTx, caller: Caller) {
  return keysetBatches(
    (after, limit) =>
      db
        .select({
          id: repayments.id,
          date: repayments.date,
          amountPaise: repayments.amountPaise,
          remark: repayments.remark,
          direction: loansTable.direction,
          name: loansTable.name,
          email: loansTable.email,
          loanId: repayments.loanId,
        })
        .from(repayments)
        .innerJoin(loansTable, eq(loansTable.id, repayments.loanId))
        .where(
          and(eq(repayments.userId, caller.userId), eq(loansTable.userId, caller.userId), after),
        )
        .orderBy(asc(repayments.id))
        .limit(limit),
    (last) => sql`${repayments.id} > cast(${last.id} as uuid)`,
  );
}

/** The caller's expense categories, by name. */
function categoryBatches(db: DbOrTx, caller: Caller) {
  return keysetBatches(
    (after, limit) =>
      db
        .select({ id: categories.id, name: categories.name, createdAt: categories.createdAt })
        .from(categories)
        .where(and(eq(categories.userId, caller.userId), after))
        .orderBy(asc(categories.id))
        .limit(limit),
    (last) => sql`${categories.id} > cast(${last.id} as uuid)`,
  );
}

/** The caller's recurring expenses: each template and its schedule. */
function recurringBatches(db: DbOrTx, caller: Caller) {
  return keysetBatches(
    (after, limit) =>
      db
        .select()
        .from(recurringExpenses)
        .where(and(eq(recurringExpenses.userId, caller.userId), after))
        .orderBy(asc(recurringExpenses.id))
        .limit(limit),
    (last) => sql`${recurringExpenses.id} > cast(${last.id} as uuid)`,
  );
}

/** A company's people (its PMs, TLs and employees): never a password hash or key. */
function peopleBatches(db: DbOrTx, companyId: string) {
  return keysetBatches(
    (after, limit) =>
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          mobile: users.mobile,
          registrationNumber: users.registrationNumber,
          status: users.status,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(and(eq(users.companyId, companyId), after))
        .orderBy(asc(users.id))
        .limit(limit),
    (last) => sql`${users.id} > cast(${last.id} as uuid)`,
  );
}

function projectBatches(db: DbOrTx, companyId: string) {
  return keysetBatches(
    (after, limit) =>
      db
        .select({
          id: projects.id,
          date: projects.date,
          projectName: projects.projectName,
          clientName: projects.clientName,
          clientNumber: projects.clientNumber,
          duration: projects.duration,
          pricePaise: projects.pricePaise,
          paymentStatus: projects.paymentStatus,
          status: projects.status,
          risk: projects.risk,
          statusByPm: projects.statusByPm,
          manager: sql<
            string | null
          >`(select u.name from users u where u.id = ${projects.projectManagerId})`,
          createdAt: projects.createdAt,
          key: keyText(projects.createdAt),
        })
        .from(projects)
        .where(and(eq(projects.companyId, companyId), after))
        .orderBy(asc(projects.createdAt), asc(projects.id))
        .limit(limit),
    (last) => rowAfter(projects.createdAt, projects.id, 'timestamptz', last.key, last.id),
  );
}

function accountBatches(db: DbOrTx, companyId: string) {
  return keysetBatches(
    (after, limit) =>
      db
        .select({
          id: bankAccounts.id,
          holderName: bankAccounts.holderName,
          accountNo: bankAccounts.accountNo,
          branch: bankAccounts.branch,
          ifsc: bankAccounts.ifsc,
          mobile: bankAccounts.mobile,
          address: bankAccounts.address,
          defaultStatus: bankAccounts.defaultStatus,
          openingBalancePaise: bankAccounts.openingBalancePaise,
          balancePaise: bankAccounts.balancePaise,
          closedAt: bankAccounts.closedAt,
          createdAt: bankAccounts.createdAt,
          key: keyText(bankAccounts.createdAt),
        })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.companyId, companyId), after))
        .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id))
        .limit(limit),
    (last) => rowAfter(bankAccounts.createdAt, bankAccounts.id, 'timestamptz', last.key, last.id),
  );
}

/** A company's payments, account by account, each in statement order (date, then recorded). */
async function* paymentBatches(db: DbOrTx, companyId: string) {
  for await (const accounts of accountBatches(db, companyId)) {
    for (const account of accounts) {
      const batches = keysetBatches(
        (after, limit) =>
          db
            .select({
              id: payments.id,
              date: payments.date,
              seq: payments.seq,
              type: payments.type,
              amountPaise: payments.amountPaise,
              remark: payments.remark,
              reversesId: payments.reversesId,
              transferId: payments.transferId,
              createdAt: payments.createdAt,
            })
            .from(payments)
            .where(
              and(eq(payments.accountId, account.id), eq(payments.companyId, companyId), after),
            )
            .orderBy(asc(payments.date), asc(payments.seq))
            .limit(limit),
        (last) =>
          sql`(${payments.date}, ${payments.seq}) > (cast(${last.date} as date), cast(${last.seq} as bigint))`,
      );
      for await (const rows of batches)
        yield rows.map((p) => ({ ...p, accountNo: account.accountNo }));
    }
  }
}

/** The files of a caller's data, in the order the ZIP holds them, each made when its turn comes. */
function myDataFiles(
  db: DbOrTx,
  caller: Caller,
  today: string,
): [string, () => AsyncIterable<string>][] {
  const me = caller.userId;
  const files: [string, () => AsyncIterable<string>][] = [
    [
      'profile.csv',
      async function* () {
        const p = await getProfile(db, caller);
        yield CSV_BOM + csvLine(['Name', 'Email', 'Role', 'Created']);
        yield csvLine([p.name, p.email, p.role, p.createdAt]);
      },
    ],
    ['expenses.csv', () => expensesCsv(db, caller, { sort: 'date', order: 'asc' })],
    ['lend.csv', () => loansCsv(db, caller, 'lend', { today })],
    ['borrowed.csv', () => loansCsv(db, caller, 'borrowed', { today })],
    [
      'repayments.csv',
      () =>
        csv(
          ['Type', 'Name', 'Email', 'Date', 'Amount', 'Remark', 'Entry ID'],
          repaymentBatches(db, caller),
          (r) => [
            label(r.direction),
            r.name,
            r.email,
            r.date,
            rupees(r.amountPaise),
            r.remark,
            r.loanId,
          ],
        ),
    ],
    [
      'categories.csv',
      () =>
        csv(['Name', 'Created'], categoryBatches(db, caller), (c) => [c.name, toIso(c.createdAt)]),
    ],
    [
      'recurring-expenses.csv',
      () =>
        csv(
          [
            'Description',
            'Category',
            'Amount',
            'Schedule',
            'Day',
            'Start',
            'End',
            'Next date',
            'Paused',
          ],
          recurringBatches(db, caller),
          (r) => [
            r.description,
            r.category,
            rupees(r.amountPaise),
            r.schedule,
            r.day,
            r.startDate,
            r.endDate ?? '',
            r.nextDate ?? '',
            r.paused ? 'yes' : 'no',
          ],
        ),
    ],
  ];
  if (caller.role !== 'company') return files;
  files.push(
    [
      'people.csv',
      () =>
        csv(
          ['Name', 'Email', 'Role', 'Mobile', 'Registration No', 'Status', 'Created'],
          peopleBatches(db, me),
          (u) => [
            u.name,
            u.email,
            u.role,
            u.mobile ?? '',
            u.registrationNumber ?? '',
            u.status,
            toIso(u.createdAt),
          ],
        ),
    ],
    [
      'projects.csv',
      () =>
        csv(
          [
            'Date',
            'Project Name',
            'Client Name',
            'Client Number',
            'Duration',
            'Price',
            'Payment Status',
            'Status',
            'Risk',
            'Status by PM',
            'Project Manager',
            'Created',
          ],
          projectBatches(db, me),
          (p) => [
            p.date,
            p.projectName,
            p.clientName,
            p.clientNumber,
            p.duration,
            rupees(p.pricePaise),
            p.paymentStatus,
            p.status,
            p.risk,
            p.statusByPm,
            p.manager ?? '',
            toIso(p.createdAt),
          ],
        ),
    ],
    [
      'bank-accounts.csv',
      () =>
        csv(
          [
            'Holder Name',
            'Account No',
            'Branch',
            'IFSC',
            'Mobile',
            'Address',
            'Default Status',
            'Opening Balance',
            'Balance',
            'Closed',
            'Created',
          ],
          accountBatches(db, me),
          (a) => [
            a.holderName,
            a.accountNo,
            a.branch,
            a.ifsc,
            a.mobile,
            a.address,
            a.defaultStatus,
            rupees(a.openingBalancePaise),
            rupees(a.balancePaise),
            a.closedAt ? toIso(a.closedAt) : '',
            toIso(a.createdAt),
          ],
        ),
    ],
    [
      'payments.csv',
      () =>
        csv(
          [
            'Account No',
            'Date',
            'Type',
            'Amount',
            'Remark',
            'Payment ID',
            'Reverses',
            'Transfer ID',
            'Created',
          ],
          paymentBatches(db, me),
          (p) => [
            p.accountNo,
            p.date,
            label(p.type),
            rupees(p.amountPaise),
            p.remark,
            p.id,
            p.reversesId ?? '',
            p.transferId ?? '',
            toIso(p.createdAt),
          ],
        ),
    ],
  );
  return files;
}

/**
 * Everything that is the caller's own as a ZIP of CSV files, streamed: each file is read from
 * the database and compressed only when the one before it is done, a batch at a time, so the
 * archive never sits in memory. When the download is abandoned, the file being read stops.
 */
export function myDataZip(db: DbOrTx, caller: Caller, today: string): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let current: Readable | undefined;
  let abandoned = false;
  const mtime = new Date();
  for (const [name, make] of myDataFiles(db, caller, today)) {
    zip.addReadStreamLazy(name, { mtime }, (done) => {
      current = Readable.from(abandoned ? [] : make());
      done(null, current);
    });
  }
  zip.end();
  out.once('close', () => {
    abandoned = true;
    current?.destroy();
  });
  zip.on('error', (error: Error) => out.destroy(error));
  return out;
}
