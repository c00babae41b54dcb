import { and, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ExpenseSort } from '../../contract/api/expenses';
import type { DbOrTx } from '../db/client';
import {
  keyset,
  pageAnswer,
  pageCursors,
  pageWindow,
  positionChecks,
  rowCount,
  rowsAndCount,
  sumPaise,
} from '../db/paging';
import { expenseMonths, expenses } from '../db/schema';
import type { Caller } from '../lib/caller';
import { withAudit } from './audit';
import { conflict, notFound } from '../lib/errors';
import { COUNT_BOUND, paiseToRupees } from '../../contract/rules';
import { toIso } from '../lib/dates';
import { keyText } from '../db/keyset';
import { containsAnyCase } from '../db/search';
import { atVersion, nextVersion, whyNotUpdated } from './versions';
import { restoreDeleted } from './undo';
import { categoryLookup, categoryNow, ownCategory, type CategoryLookup } from './categories';

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
export function categoriesMatching(lookup: CategoryLookup, search: string) {
  const term = search.toLowerCase();
  const matching = lookup.names.filter((c) => c.toLowerCase().includes(term));
  return matching.length ? inArray(expenses.category, matching) : undefined;
}

/** Ownership is part of every where clause: another user's expense is simply not found. */
const own = (caller: Caller, extra?: SQL) => and(eq(expenses.userId, caller.userId), extra);

export async function listExpenses(db: DbOrTx, caller: Caller, q: ExpenseQuery) {
  const lookup = q.search || q.category ? await categoryLookup(db, caller.userId) : undefined;
  const category = q.category ? lookup!.resolve(q.category) : undefined;
  const search = and(
    q.search
      ? or(
          containsAnyCase(expenses.descriptionLower, q.search),
          categoriesMatching(lookup!, q.search),
        )
      : undefined,
    q.id ? eq(expenses.id, q.id) : undefined,
  );
  // A category alone is totalled from its months, as the whole list is.
  const filter = and(search, category ? eq(expenses.category, category) : undefined);
  const where = own(caller, filter);
  // Next and Previous go from a row's position (keyset): page 20,000 reads as few index entries
  // as page 1. A page number alone skips the rows in front.
  const page = keyset(q, sortColumns, expenses.id, positionOf);
  const window = q.after || q.before ? { limit: q.pageSize, offset: 0 } : pageWindow(q);
  // The page's ids first (from the index alone where it can), then only those rows: a deep
  // page skips index entries instead of fetching thousands of rows it then throws away.
  const pageIds = db
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(where, page.where))
    .orderBy(...page.order)
    .limit(window.limit)
    .offset(window.offset);
  const pageRows = db
    .select({
      ...getTableColumns(expenses),
      sortValue: keyText(sortColumns[q.sort]),
    })
    .from(expenses)
    .where(inArray(expenses.id, pageIds))
    .orderBy(...page.order);
  // A search is counted and summed up to the bound: a common term in a million rows stops
  // there.
  const counted = () =>
    db
      .select({
        total: rowCount(),
        totalPaise: sql<string>`coalesce(sum(${sql.identifier('amount_paise')}), 0)`,
      })
      .from(
        db
          .select({ amountPaise: expenses.amountPaise })
          .from(expenses)
          .where(where)
          .limit(COUNT_BOUND + 1)
          .as('matches'),
      )
      .then(([totals]) => totals);
  // Unfiltered: the user's months (kept by triggers) instead of every row.
  const months = () =>
    db
      .select({
        total: sql<number>`coalesce(sum(${expenseMonths.entries}), 0)::int`,
        totalPaise: sql<string>`coalesce(sum(${expenseMonths.amountPaise}), 0)`,
      })
      .from(expenseMonths)
      .where(
        and(
          eq(expenseMonths.userId, caller.userId),
          category ? eq(expenseMonths.category, category) : undefined,
        ),
      )
      .then(([totals]) => totals);
  const [rows, summary] = search
    ? await rowsAndCount(
        q,
        () => pageRows,
        (found) => ({ total: found.length, totalPaise: sumPaise(found.map((r) => r.amountPaise)) }),
        counted,
      )
    : await Promise.all([pageRows, months()]);
  if (page.reversed) rows.reverse();
  const capped = !!search && (summary?.total ?? 0) > COUNT_BOUND;
  return pageAnswer(q, rows.map(toApi), capped ? COUNT_BOUND : summary?.total, {
    totalAmount: capped ? null : paiseToRupees(summary?.totalPaise),
    cursors: pageCursors(rows),
    ...(capped ? { totalCapped: true } : {}),
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
