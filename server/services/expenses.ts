import { and, asc, eq, getTableColumns, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ExpenseSort } from '../../contract/api/expenses';
import type { DbOrTx } from '../db/client';
import {
  keysetClauses,
  keysetListPage,
  positionChecks,
  rowCount,
  sumPaise,
  type KeysetShape,
} from '../db/paging';
import {
  columnsOf,
  mapped,
  mappedShapes,
  prepared,
  rawQuery,
  timestampIso,
  type Row,
} from '../db/prepared';
import { rowsOf } from '../db/client';
import { categories, expenseMonths, expenses } from '../db/schema';
import type { Caller } from '../lib/caller';
import { withAudit } from './audit';
import { badRequest, conflict, notFound } from '../lib/errors';
import { COUNT_BOUND, paiseToRupees } from '../../contract/rules';
import { toIso } from '../lib/dates';
import { keyText } from '../db/keyset';
import { containsPlaceholder, searchPattern } from '../db/search';
import { atVersion, nextVersion, whyNotUpdated } from './versions';
import { restoreDeleted } from './undo';
import { categoryLookup, categoryNow, ownCategory } from './categories';

export interface ExpenseInput {
  date: string;
  description: string;
  amountPaise: number;
  /** One of the owner's categories, in any case (stored as the category is named). */
  category: string;
}
export interface ExpenseQuery {
  search?: string;
  /** Only this expense (a form reloading it). */
  id?: string;
  /** Only this category's expenses (one of the caller's, in any case). */
  category?: string;
  /** Only the expenses dated from this day to that one (both included). */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
  sort: ExpenseSort;
  order: 'asc' | 'desc';
  /** A keyset page: the rows after or before this position (`cursors` of another page). */
  after?: string;
  before?: string;
}

const sortColumns = {
  date: expenses.date,
  amount: expenses.amountPaise,
  description: expenses.descriptionLower, // regardless of case
  category: expenses.category,
  createdAt: expenses.createdAt,
};
/** What each sort column's value in a page position may be. */
const positionOf = {
  date: positionChecks.date,
  amount: positionChecks.integer,
  description: positionChecks.text,
  category: positionChecks.text,
  createdAt: positionChecks.timestamp,
};

const toApi = (row: typeof expenses.$inferSelect) => ({
  _id: row.id,
  date: row.date,
  description: row.description,
  amount: paiseToRupees(row.amountPaise),
  category: row.category,
  createdAt: toIso(row.createdAt),
  version: row.version,
});

/**
 * The owner's categories whose name contains the search (any case), as a plain comparison:
 * decided once here rather than matching the category of every row.
 */
function categoriesMatching(names: readonly string[], search: string) {
  const term = search.toLowerCase();
  return names.filter((c) => c.toLowerCase().includes(term));
}

/**
 * The owner's category names, as `categoryLookup` reads them (the same statement), for a
 * search: prepared once and mapped by hand, as a search runs it on every call.
 */
const categoryNames = mapped(
  (db) =>
    db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.userId, p('userId')))
      .orderBy(sql`lower(${categories.name})`, asc(categories.name)),
  (r) => r[0] as string,
);

/** Ownership is part of every where clause: another user's expense is simply not found. */
const own = (caller: Caller, extra?: SQL) => and(eq(expenses.userId, caller.userId), extra);

/**
 * What changes the text of the list's filter (never a value: those are placeholders): a
 * search and how many of the owner's categories it names, an id, a category.
 */
interface FilterShape {
  search: boolean;
  matching: number;
  id: boolean;
  category: boolean;
  from: boolean;
  to: boolean;
}
const p = sql.placeholder;
const matchingCategory = (i: number) => `matching${i}`;
/** A filter shape's name (see preparedShapes): written by hand, as it is asked on every call. */
const filterKey = (s: FilterShape) =>
  `${+s.search}${+s.id}${+s.category}${+s.from}${+s.to}:${s.matching}`;

/** The list's where clause, its values in placeholders (see listExpenses). */
function listFilter(s: FilterShape) {
  const search = and(
    s.search
      ? or(
          containsPlaceholder(expenses.descriptionLower, 'search'),
          s.matching > 0
            ? inArray(
                expenses.category,
                Array.from({ length: s.matching }, (_, i) => p(matchingCategory(i))),
              )
            : undefined,
        )
      : undefined,
    s.id ? eq(expenses.id, p('id')) : undefined,
  );
  return and(
    eq(expenses.userId, p('userId')),
    and(
      search,
      s.category ? eq(expenses.category, p('category')) : undefined,
      s.from ? gte(expenses.date, p('from')) : undefined,
      s.to ? lte(expenses.date, p('to')) : undefined,
    ),
  );
}

/**
 * A page of the list: the page's ids first (from the index alone where it can), then only
 * those rows, so that a deep page skips index entries instead of fetching thousands of rows
 * it then throws away. Next and Previous go from a row's position (keyset): page 20,000 reads
 * as few index entries as page 1; a page number alone skips the rows in front (`offset`).
 */
const listPage = mappedShapes(
  (s: FilterShape & { keyset: KeysetShape<ExpenseSort>; offset: boolean }) =>
    `${filterKey(s)}:${s.keyset.sort}:${s.keyset.readOrder}:${+s.keyset.from}${+s.offset}`,
  (db, s) => {
    const { where, order } = keysetClauses(s.keyset, sortColumns, expenses.id);
    const pageIds = db
      .select({ id: expenses.id })
      .from(expenses)
      .where(and(listFilter(s), where))
      .orderBy(...order)
      .limit(p('limit'))
      // Drizzle leaves out an offset of 0, as the page without one was written.
      .offset(s.offset ? p('offset') : 0);
    return db
      .select({ ...getTableColumns(expenses), sortValue: keyText(sortColumns[s.keyset.sort]) })
      .from(expenses)
      .where(inArray(expenses.id, pageIds))
      .orderBy(...order);
  },
  () => pageRow,
);

/** Where the page query's columns come: the table's, then the row's sort value as text. */
const pageAt = columnsOf({ ...getTableColumns(expenses), sortValue: null });

/** A row of a page, mapped by hand (the list is the hottest call): as answered, and its position. */
function pageRow(r: Row) {
  const amountPaise = Number(r[pageAt.amountPaise]);
  return {
    id: r[pageAt.id] as string,
    sortValue: r[pageAt.sortValue] as string,
    amountPaise,
    expense: {
      _id: r[pageAt.id] as string,
      date: r[pageAt.date] as string,
      description: r[pageAt.description] as string,
      amount: paiseToRupees(amountPaise),
      category: r[pageAt.category] as string,
      createdAt: timestampIso(r[pageAt.createdAt] as string),
      version: Number(r[pageAt.version]),
    },
  };
}

/** A count and a sum of paise (as the driver gives a numeric: text on PostgreSQL). */
const countAndSum = (r: Row) => ({
  total: Number(r[0]),
  totalPaise: r[1] as string,
});

/**
 * A filter's count and sum, up to the bound: a search for a common term in a million rows
 * stops there.
 */
const listMatches = mappedShapes(
  filterKey,
  (db, s) =>
    db
      .select({
        total: rowCount(),
        totalPaise: sql<string>`coalesce(sum(${sql.identifier('amount_paise')}), 0)`,
      })
      .from(
        db
          .select({ amountPaise: expenses.amountPaise })
          .from(expenses)
          .where(listFilter(s))
          .limit(COUNT_BOUND + 1)
          .as('matches'),
      ),
  () => countAndSum,
);

/**
 * The count and sum of a range of days (of a category or all), unbounded: the rows' dates,
 * categories and amounts are in expenses_user_date_idx, read alone.
 */
const rangeTotals = mappedShapes(
  filterKey,
  (db, s) =>
    db
      .select({
        total: rowCount(),
        totalPaise: sql<string>`coalesce(sum(${expenses.amountPaise}), 0)`,
      })
      .from(expenses)
      .where(listFilter(s)),
  () => countAndSum,
);

/** `to` must not come before `from`: a 400 naming `to`. */
export function assertRange(from?: string, to?: string) {
  if (from && to && from > to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
}

/** The count and sum of all the user's expenses, or of a category's: from its months. */
const monthTotals = mappedShapes(
  (category: boolean) => String(category),
  (db, category) =>
    db
      .select({
        total: sql<number>`coalesce(sum(${expenseMonths.entries}), 0)::int`,
        totalPaise: sql<string>`coalesce(sum(${expenseMonths.amountPaise}), 0)`,
      })
      .from(expenseMonths)
      .where(
        and(
          eq(expenseMonths.userId, p('userId')),
          category ? eq(expenseMonths.category, p('category')) : undefined,
        ),
      ),
  () => countAndSum,
);

export async function listExpenses(db: DbOrTx, caller: Caller, q: ExpenseQuery) {
  assertRange(q.from, q.to);
  // A category filter is checked against the owner's categories (a 400 names them).
  const lookup = q.category ? await categoryLookup(db, caller.userId) : undefined;
  const category = q.category ? lookup!.resolve(q.category) : undefined;
  const names = q.search
    ? (lookup?.names ?? (await categoryNames(db).execute({ userId: caller.userId })))
    : [];
  const matching = q.search ? categoriesMatching(names, q.search) : [];
  const filter: FilterShape = {
    search: !!q.search,
    matching: matching.length,
    id: !!q.id,
    category: category !== undefined,
    from: !!q.from,
    to: !!q.to,
  };
  const values: Record<string, unknown> = {
    userId: caller.userId,
    search: q.search ? searchPattern(q.search) : undefined,
    id: q.id,
    category,
    from: q.from,
    to: q.to,
  };
  for (let i = 0; i < matching.length; i++) values[matchingCategory(i)] = matching[i];
  // A search (or an id) is counted and summed up to the bound; a range of days is summed from
  // the date index; a category alone is totalled from its months, as the whole list is.
  return keysetListPage(q, positionOf, {
    rows: (shape, at) => listPage(db, { ...filter, ...shape }).execute({ ...values, ...at }),
    bounded: !!q.search || !!q.id,
    own: (found) => ({
      total: found.length,
      totalPaise: sumPaise(found.map((r) => r.amountPaise)),
    }),
    count: () =>
      listMatches(db, filter)
        .execute(values)
        .then(([totals]) => totals),
    totals: () =>
      (filter.from || filter.to ? rangeTotals(db, filter) : monthTotals(db, filter.category))
        .execute(values)
        .then(([row]) => row),
    data: (r) => r.expense,
    sums: (summary) => ({ totalAmount: paiseToRupees(summary?.totalPaise) }),
  });
}

export async function createExpense(db: DbOrTx, caller: Caller, input: ExpenseInput) {
  const category = await ownCategory(db, caller.userId, input.category);
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .insert(expenses)
      .values({ userId: caller.userId, ...input, category })
      .returning(),
  );
  return toApi(row!);
}

/** Changes the fields sent of an expense at `version`. */
export async function updateExpense(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  input: Partial<ExpenseInput>,
) {
  const mine = own(caller, eq(expenses.id, id));
  const category =
    input.category === undefined ? undefined : await ownCategory(db, caller.userId, input.category);
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .update(expenses)
      .set({ ...input, category, version: nextVersion(expenses), updatedAt: sql`now()` })
      .where(atVersion(expenses, mine, version))
      .returning(),
  );
  if (!row) throw await whyNotUpdated(db, expenses, mine, 'Expense');
  return toApi(row);
}

export async function deleteExpense(db: DbOrTx, caller: Caller, id: string) {
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .delete(expenses)
      .where(own(caller, eq(expenses.id, id)))
      .returning({ id: expenses.id }),
  );
  if (!row) throw notFound('Expense');
}

/**
 * Undoes the caller's delete of one of its expenses, moments ago (see ./undo). Its category
 * may have been renamed or merged into another since: it comes back into that one (see
 * categoryNow), and the answer names it; a category deleted since is a 409. Answers the
 * message to show.
 */
export async function restoreExpense(db: DbOrTx, caller: Caller, id: string) {
  let moved: { from: string; into: string } | undefined;
  await withAudit(db, caller, (tx) =>
    restoreDeleted(tx, caller, 'expenses', id, {
      what: 'Expense',
      owned: (before) => before.user_id === caller.userId,
      adjust: async (before) => {
        const was = String(before.category);
        const now = await categoryNow(tx, caller.userId, was);
        if (now === undefined)
          throw conflict(
            `This expense's category "${was}" has been deleted since, so the expense cannot be restored. Add the category again to restore it.`,
            { code: 'wrong_state' },
          );
        if (now === was) return {};
        moved = { from: was, into: now };
        return { category: now };
      },
    }),
  );
  return moved
    ? `Expense restored into "${moved.into}", where its category "${moved.from}" went.`
    : 'Expense restored';
}

/**
 * Spending by category over a range of days (both included), largest first: the whole months
 * inside the range from expense_months, the days of a month it starts or ends within from the
 * rows (expenses_user_date_idx), so a range of years reads a row per month and category. The
 * number of rows answered is the owner's categories at most.
 */
const categoryReportQuery = prepared((db) =>
  rawQuery(
    db,
    sql`
      with bounds as (
        select (date_trunc('month', ${p('from')}::date - 1) + interval '1 month')::date as whole_from,
               date_trunc('month', ${p('to')}::date + 1)::date as whole_to)
      select category, sum(entries)::int as entries, sum(amount_paise) as paise,
             sum(sum(entries)) over ()::int as all_entries,
             sum(sum(amount_paise)) over () as all_paise
        from (select m.category, m.entries, m.amount_paise
                from expense_months m, bounds b
               where m.user_id = ${p('userId')} and m.entries > 0
                 and m.month >= b.whole_from and m.month < b.whole_to
              union all
              select e.category, 1, e.amount_paise
                from expenses e, bounds b
               where e.user_id = ${p('userId')}
                 and e.date >= ${p('from')}::date and e.date <= ${p('to')}::date
                 and (e.date < b.whole_from or e.date >= b.whole_to)) as spent
       group by category
      having sum(entries) > 0
       order by sum(amount_paise) desc, category`,
  ),
);

export async function categoryReport(
  db: DbOrTx,
  caller: Caller,
  range: { from: string; to: string },
) {
  assertRange(range.from, range.to);
  const rows = rowsOf<{
    category: string;
    entries: number;
    paise: string;
    all_entries: number;
    all_paise: string;
  }>(await categoryReportQuery(db).execute({ userId: caller.userId, ...range }));
  return {
    ...range,
    data: rows.map((r) => ({
      category: r.category,
      count: Number(r.entries),
      amount: paiseToRupees(r.paise),
    })),
    count: Number(rows[0]?.all_entries ?? 0),
    totalAmount: paiseToRupees(rows[0]?.all_paise),
  };
}
