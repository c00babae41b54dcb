import { and, eq, sql } from 'drizzle-orm';
import type { BudgetPace } from '../../contract/api/budgets';
import { paiseToRupees } from '../../contract/rules';
import { rowsOf, type DbOrTx, type Tx } from '../db/client';
import { budgets, categories } from '../db/schema';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { conflict, notFound } from '../lib/errors';
import { withAudit } from './audit';
import { nextVersion, whyNotUpdated } from './versions';

/*
 * Each user's monthly budgets, one per category of its own. A month's spending is read from
 * expense_months (kept by triggers), so a budget's figures cost one row whatever the years of
 * expenses behind them. Going over notifies from the database (see the budgets migration).
 */

const WHAT = 'Budget';
const FIRST_BUDGET_TAKEN = 'This category has a budget already: change that one instead';

interface BudgetRow {
  id: string;
  category_id: string;
  category: string;
  amount_paise: string | number;
  spent_paise: string | number;
  spent_percent: string | number;
  pace: BudgetPace;
  version: number;
  updated_at: string | Date;
}

const toApi = (r: BudgetRow) => ({
  _id: r.id,
  categoryId: r.category_id,
  category: r.category,
  amount: paiseToRupees(r.amount_paise),
  spent: paiseToRupees(r.spent_paise),
  remaining: paiseToRupees(BigInt(r.amount_paise) - BigInt(r.spent_paise)),
  spentPercent: Number(r.spent_percent),
  pace: r.pace,
  version: Number(r.version),
  updatedAt: toIso(new Date(r.updated_at)),
});

/**
 * The share of `month` (YYYY-MM) gone by `today` (YYYY-MM-DD), 0 to 1, today counted as
 * gone: a month before today's is all gone, one after it not begun.
 */
const elapsedShare = (month: string, today: string) => sql`
  least(greatest(
    (${today}::date - ${`${month}-01`}::date + 1)::numeric
      / ((${`${month}-01`}::date + interval '1 month')::date - ${`${month}-01`}::date),
    0), 1)`;

/** The owner's budgets (or the one of category `categoryId`) with `month`'s spending. */
async function withFigures(
  db: DbOrTx,
  userId: string,
  month: string,
  today: string,
  categoryId?: string,
) {
  const result = await db.execute(sql`
    select b.id, b.category_id, c.name as category, b.amount_paise, b.version, b.updated_at,
           f.spent as spent_paise,
           round(f.spent * 100.0 / b.amount_paise, 2) as spent_percent,
           case when f.spent > b.amount_paise then 'over_budget'
                when f.spent::numeric / b.amount_paise > ${elapsedShare(month, today)}
                  then 'ahead_of_pace'
                else 'on_pace' end as pace
      from ${budgets} b
      join ${categories} c on c.id = b.category_id
      cross join lateral (
        select coalesce(sum(m.amount_paise), 0) as spent
          from expense_months m
         where m.user_id = b.user_id and m.category = c.name
           and m.month = ${`${month}-01`}::date) f
     where b.user_id = ${userId} ${categoryId ? sql`and b.category_id = ${categoryId}` : sql``}
     order by lower(c.name), c.name`);
  return rowsOf<BudgetRow>(result).map(toApi);
}

/** The caller's budgets with `month`'s figures and the share of that month gone by `today`. */
export async function listBudgets(db: DbOrTx, caller: Caller, month: string, today: string) {
  const [data, [share]] = await Promise.all([
    withFigures(db, caller.userId, month, today),
    db
      .execute(sql`select round(${elapsedShare(month, today)} * 100, 2) as percent`)
      .then((r) => rowsOf<{ percent: string | number }>(r)),
  ]);
  return { month, monthElapsedPercent: Number(share?.percent ?? 0), data };
}

/** The caller's category `categoryId`, kept from being deleted until the transaction ends. */
async function ownCategory(tx: Tx, caller: Caller, categoryId: string) {
  const [found] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.userId, caller.userId)))
    .for('key share');
  if (!found) throw notFound('Category');
}

/**
 * Sets the budget of one of the caller's categories: a first one without `version`, a change
 * of the one read at `version` (409 when it has moved on, 404 when it was removed meanwhile).
 * Answers it with the figures of `today`'s month.
 */
export function setBudget(
  db: DbOrTx,
  caller: Caller,
  input: { categoryId: string; amount: number; version?: number },
  today: string,
) {
  const { categoryId, amount, version } = input;
  const me = caller.userId;
  return withAudit(db, caller, async (tx) => {
    await ownCategory(tx, caller, categoryId);
    const scope = and(eq(budgets.userId, me), eq(budgets.categoryId, categoryId));
    if (version === undefined) {
      const added = await tx
        .insert(budgets)
        .values({ userId: me, categoryId, amountPaise: amount })
        .onConflictDoNothing({ target: [budgets.userId, budgets.categoryId] })
        .returning({ id: budgets.id });
      if (added.length === 0)
        throw conflict(FIRST_BUDGET_TAKEN, { code: 'duplicate', field: 'categoryId' });
    } else {
      const changed = await tx
        .update(budgets)
        .set({ amountPaise: amount, version: nextVersion(budgets), updatedAt: sql`now()` })
        .where(and(scope, eq(budgets.version, version)))
        .returning({ id: budgets.id });
      if (changed.length === 0) throw await whyNotUpdated(tx, budgets, scope, WHAT);
    }
    const [budget] = await withFigures(tx, me, today.slice(0, 7), today, categoryId);
    if (!budget) throw notFound(WHAT);
    return budget;
  });
}

export async function deleteBudget(db: DbOrTx, caller: Caller, id: string) {
  const removed = await withAudit(db, caller, (tx) =>
    tx
      .delete(budgets)
      .where(and(eq(budgets.id, id), eq(budgets.userId, caller.userId)))
      .returning({ id: budgets.id }),
  );
  if (removed.length === 0) throw notFound(WHAT);
}

/** What a merge did with the budget of the category merged away (see moveBudget). */
export type BudgetMove =
  | { kind: 'none' }
  | { kind: 'moved'; amountPaise: number }
  | { kind: 'added'; amountPaise: number; intoPaise: number; totalPaise: number };

/**
 * A merge's budgets, none lost: the category merged away hands its budget to the one it
 * merges into when that one has none; when it has one, the two amounts are added, as the
 * spending of both now counts against it. Answers what it did, for the merge to tell.
 */
export async function moveBudget(
  tx: Tx,
  userId: string,
  fromId: string,
  intoId: string,
): Promise<BudgetMove> {
  const mine = (categoryId: string) =>
    and(eq(budgets.userId, userId), eq(budgets.categoryId, categoryId));
  const [from] = await tx
    .select({ amountPaise: budgets.amountPaise })
    .from(budgets)
    .where(mine(fromId))
    .for('update');
  if (!from) return { kind: 'none' };
  const [into] = await tx
    .update(budgets)
    .set({
      amountPaise: sql`${budgets.amountPaise} + ${from.amountPaise}`,
      version: nextVersion(budgets),
      updatedAt: sql`now()`,
    })
    .where(mine(intoId))
    .returning({ totalPaise: budgets.amountPaise });
  if (into) {
    await tx.delete(budgets).where(mine(fromId));
    return {
      kind: 'added',
      amountPaise: from.amountPaise,
      intoPaise: into.totalPaise - from.amountPaise,
      totalPaise: into.totalPaise,
    };
  }
  await tx
    .update(budgets)
    .set({ categoryId: intoId, version: nextVersion(budgets), updatedAt: sql`now()` })
    .where(mine(fromId));
  return { kind: 'moved', amountPaise: from.amountPaise };
}
