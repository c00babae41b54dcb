import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_CATEGORIES } from '../../contract/api/categories';
import { paiseToRupees } from '../../contract/rules';
import { rowsOf, type DbOrTx, type Tx } from '../db/client';
import {
  categories,
  categoryMoves,
  expenseMonths,
  expenses,
  recurringExpenses,
} from '../db/schema';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { badRequest, conflict, notFound } from '../lib/errors';
import { formatPaise } from '../lib/format';
import { withAudit } from './audit';
import { moveBudget, type BudgetMove } from './budgets';
import { nextVersion } from './versions';

/*
 * Each user's expense categories. Records name theirs by (user_id, name) with a foreign key
 * (see the categories migration): a rename cascades to every expense, month and recurring
 * expense in its statement, and a category in use cannot be deleted. Every write here first
 * locks the owner's categories (FOR NO KEY UPDATE, which expense writes do not wait for), so
 * that two tabs renaming, merging or deleting at once take turns and each sees the other's
 * result: a merge of a category another merge removed meanwhile is not found.
 */

const WHAT = 'Category';

interface CategoryRow {
  id: string;
  name: string;
  created_at: string | Date;
  expenses: number;
  paise: string | number;
  recurring: number;
}

const toApi = (r: CategoryRow) => ({
  _id: r.id,
  name: r.name,
  expenses: Number(r.expenses),
  totalAmount: paiseToRupees(r.paise),
  recurring: Number(r.recurring),
  createdAt: toIso(new Date(r.created_at)),
});

/**
 * The owner's categories (or the one `id`) with how many expenses (and their total, from the
 * months kept by triggers) and recurring expenses each has, by name regardless of case.
 */
async function withFigures(db: DbOrTx, userId: string, id?: string) {
  return rowsOf<CategoryRow>(
    await db.execute(sql`
      select c.id, c.name, c.created_at,
             coalesce(m.entries, 0)::int as expenses, coalesce(m.paise, 0) as paise,
             coalesce(r.n, 0)::int as recurring
        from ${categories} c
        left join (select category, sum(entries) as entries, sum(amount_paise) as paise
                     from ${expenseMonths} where user_id = ${userId} group by category) m
               on m.category = c.name
        left join (select category, count(*) as n
                     from ${recurringExpenses} where user_id = ${userId} group by category) r
               on r.category = c.name
       where c.user_id = ${userId} ${id ? sql`and c.id = ${id}` : sql``}
       order by lower(c.name), c.name`),
  ).map(toApi);
}

export const listCategories = (db: DbOrTx, caller: Caller) => withFigures(db, caller.userId);

/** The caller's categories, locked for a change of the list (see above), by id. */
async function lockCategories(tx: Tx, caller: Caller) {
  return tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.userId, caller.userId))
    .orderBy(asc(categories.id))
    .for('no key update');
}

type Locked = Awaited<ReturnType<typeof lockCategories>>;

/**
 * Locks a category about to be removed against new records, before anything else is
 * touched. A record being saved in it holds a key-share lock on its row (its foreign key)
 * and then writes its month; removing the row needs to wait for those. Waited for first, the
 * expenses saved meanwhile are committed and moved with the rest, and later ones wait, then
 * find the category gone (400). Waited for last, after this transaction has written the
 * months, each would wait for the other: a deadlock.
 */
async function lockForRemoval(tx: Tx, category: { id: string }) {
  await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, category.id))
    .for('update');
}

const find = (locked: Locked, id: string) => {
  const found = locked.find((c) => c.id === id);
  if (!found) throw notFound(WHAT);
  return found;
};

/** Refuses a name another of the caller's categories has (in any case). */
function checkFree(locked: Locked, name: string, self?: string) {
  const taken = locked.find((c) => c.id !== self && c.name.toLowerCase() === name.toLowerCase());
  if (taken)
    throw conflict(`You have a category named "${taken.name}" already`, {
      code: 'duplicate',
      field: 'name',
    });
}

async function answerFor(tx: Tx, caller: Caller, id: string) {
  const [category] = await withFigures(tx, caller.userId, id);
  if (!category) throw notFound(WHAT);
  return category;
}

export function addCategory(db: DbOrTx, caller: Caller, name: string) {
  return withAudit(db, caller, async (tx) => {
    const locked = await lockCategories(tx, caller);
    checkFree(locked, name);
    if (locked.length >= MAX_CATEGORIES)
      throw conflict(
        `You have ${MAX_CATEGORIES} categories, the most one may keep: merge or delete some first`,
        { code: 'limit_reached' },
      );
    const [row] = await tx
      .insert(categories)
      .values({ userId: caller.userId, name })
      .returning({ id: categories.id });
    return answerFor(tx, caller, row!.id);
  });
}

/**
 * Notes that records of category `from` now belong in category `intoId` (renamed, or merged
 * into it), for an undone delete (see categoryNow); names that led to `from` go on to
 * `intoId` too. Drops the notes older than an hour: an undo is a minute's.
 */
async function noteMove(
  tx: Tx,
  userId: string,
  from: { id: string; name: string },
  intoId: string,
) {
  const mine = eq(categoryMoves.userId, userId);
  await tx
    .delete(categoryMoves)
    .where(and(mine, sql`${categoryMoves.at} < now() - interval '1 hour'`));
  if (from.id !== intoId)
    await tx
      .update(categoryMoves)
      .set({ categoryId: intoId })
      .where(and(mine, eq(categoryMoves.categoryId, from.id)));
  await tx
    .insert(categoryMoves)
    .values({ userId, name: from.name, categoryId: intoId })
    .onConflictDoUpdate({
      target: [categoryMoves.userId, categoryMoves.name],
      set: { categoryId: intoId, at: sql`now()` },
    });
}

/**
 * The name of the category a deleted record of category `name` belongs in now: that one,
 * or the one it was renamed to or merged into since (the latest). Undefined when it has
 * been deleted. The category found is kept from being renamed, merged or deleted until the
 * transaction ends, as a record written into it would keep it.
 */
export async function categoryNow(tx: Tx, userId: string, name: string) {
  const [same] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.name, name)))
    .for('key share');
  if (same) return same.name;
  const [moved] = await tx
    .select({ name: categories.name })
    .from(categoryMoves)
    .innerJoin(categories, eq(categories.id, categoryMoves.categoryId))
    .where(and(eq(categoryMoves.userId, userId), eq(categoryMoves.name, name)))
    .for('key share', { of: categories });
  return moved?.name;
}

/** Renames a category; its expenses, months and recurring expenses follow (ON UPDATE CASCADE). */
export function renameCategory(db: DbOrTx, caller: Caller, id: string, name: string) {
  return withAudit(db, caller, async (tx) => {
    const locked = await lockCategories(tx, caller);
    const current = find(locked, id);
    checkFree(locked, name, id);
    if (current.name !== name) {
      await tx
        .update(categories)
        .set({ name })
        .where(and(eq(categories.id, id), eq(categories.userId, caller.userId)));
      // A record deleted under the old name comes back under the new one.
      await noteMove(tx, caller.userId, current, id);
    }
    return answerFor(tx, caller, id);
  });
}

/**
 * Moves every expense and recurring expense of category `fromId` into `intoId` and removes
 * `fromId`, in one transaction. The months follow the expenses (their triggers). Its budget
 * goes first (see moveBudget: to `intoId`, or added to its own), so that the expenses arrive
 * against the budget they will have and no "over budget" notice goes out for a sum that is
 * about to grow. Answers the merged category and a message that tells what became of the
 * budget.
 */
export function mergeCategory(db: DbOrTx, caller: Caller, fromId: string, intoId: string) {
  return withAudit(db, caller, async (tx) => {
    const locked = await lockCategories(tx, caller);
    const from = find(locked, fromId);
    const into = find(locked, intoId);
    if (from.id === into.id)
      throw badRequest('into must be another category than _id', { field: 'into' });
    await lockForRemoval(tx, from);
    const me = caller.userId;
    const budget = await moveBudget(tx, me, from.id, into.id);
    await tx
      .update(expenses)
      .set({ category: into.name, updatedAt: sql`now()` })
      .where(and(eq(expenses.userId, me), eq(expenses.category, from.name)));
    await tx
      .update(recurringExpenses)
      .set({ category: into.name, version: nextVersion(recurringExpenses), updatedAt: sql`now()` })
      .where(and(eq(recurringExpenses.userId, me), eq(recurringExpenses.category, from.name)));
    // A record deleted from it moments ago comes back into the category it was merged into.
    await noteMove(tx, me, from, into.id);
    await removeCategory(tx, me, from);
    return {
      data: await answerFor(tx, caller, into.id),
      message: mergedMessage(budget, into.name),
    };
  });
}

/** What a merge tells: that it is done, and what became of the merged category's budget. */
function mergedMessage(budget: BudgetMove, into: string) {
  const rupees = formatPaise;
  switch (budget.kind) {
    case 'none':
      return 'Categories merged';
    case 'moved':
      return `Categories merged. Its monthly budget of ${rupees(budget.amountPaise)} moved to "${into}".`;
    case 'added':
      return `Categories merged. Its monthly budget of ${rupees(budget.amountPaise)} was added to the ${rupees(budget.intoPaise)} of "${into}": ${rupees(budget.totalPaise)} a month now.`;
  }
}

/** Removes a category no record names any more, with its emptied months. */
async function removeCategory(tx: Tx, userId: string, category: { id: string; name: string }) {
  await tx
    .delete(expenseMonths)
    .where(
      and(
        eq(expenseMonths.userId, userId),
        eq(expenseMonths.category, category.name),
        eq(expenseMonths.entries, 0),
      ),
    );
  await tx
    .delete(categories)
    .where(and(eq(categories.id, category.id), eq(categories.userId, userId)));
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Deletes a category that no expense or recurring expense uses; one is always kept. */
export function deleteCategory(db: DbOrTx, caller: Caller, id: string) {
  return withAudit(db, caller, async (tx) => {
    const locked = await lockCategories(tx, caller);
    const category = find(locked, id);
    // Before counting its records: one being saved in it now is counted.
    await lockForRemoval(tx, category);
    const [figures] = await withFigures(tx, caller.userId, id);
    const inUse = figures?.expenses ?? 0;
    const recurring = figures?.recurring ?? 0;
    if (inUse + recurring > 0) {
      const users = [
        inUse ? counted(inUse, 'expense', 'expenses') : '',
        recurring ? counted(recurring, 'recurring expense', 'recurring expenses') : '',
      ].filter(Boolean);
      throw conflict(
        `${users.join(' and ')} ${inUse + recurring === 1 ? 'uses' : 'use'} it: merge it into another category instead`,
        { code: 'in_use' },
      );
    }
    if (locked.length === 1)
      throw conflict('Keep at least one category: add another before deleting this one', {
        code: 'limit_reached',
      });
    await removeCategory(tx, caller.userId, category);
  });
}

/** A user's category names, to check the categories records name against. */
export interface CategoryLookup {
  /** Every name, by name regardless of case. */
  names: string[];
  /** The category named `name` in any case, as it is stored; undefined when there is none. */
  find(name: string): string | undefined;
  /**
   * The stored name of `name`, or a 400 "<field> must be one of your categories: …" (or,
   * when the list is long, "<field> "x" is not one of your categories").
   */
  resolve(name: string, field?: string): string;
}

/** How many names a refusal lists before it only says which one is wrong. */
const LISTED = 10;

/**
 * The user's categories, read once: for one record or for every row of an import. A record
 * written with a name looked up here may still meet a category renamed or merged away since;
 * its foreign key then refuses it (a 400 too, see lib/pgErrors).
 */
export async function categoryLookup(db: DbOrTx, userId: string): Promise<CategoryLookup> {
  const rows = await db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(sql`lower(${categories.name})`, asc(categories.name));
  const names = rows.map((r) => r.name);
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const find = (name: string) => byLower.get(name.trim().toLowerCase());
  return {
    names,
    find,
    resolve(name, field = 'category') {
      const found = find(name);
      if (found) return found;
      throw badRequest(
        names.length <= LISTED
          ? `${field} must be one of your categories: ${names.join(', ')}`
          : `${field} "${name}" is not one of your categories`,
        { field },
      );
    },
  };
}

/** The caller's category named `name` (any case) as stored, or a 400 naming the field. */
export async function ownCategory(
  db: DbOrTx,
  userId: string,
  name: string,
  field = 'category',
): Promise<string> {
  const [row] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(
      and(eq(categories.userId, userId), sql`lower(${categories.name}) = lower(${name.trim()})`),
    );
  if (row) return row.name;
  return (await categoryLookup(db, userId)).resolve(name, field);
}
