import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { expenses } from '../db/schema';
import type { Caller } from '../lib/caller';
import { paiseToRupees } from '../lib/money';

/** Every figure on the dashboard, counted and summed in SQL. */
export async function dashboardFigures(db: DbOrTx, caller: Caller) {
  const [exp] = await db
    .select({
      count: sql<number>`count(*)::int`,
      totalPaise: sql<string>`coalesce(sum(${expenses.amountPaise}), 0)`,
    })
    .from(expenses)
    .where(eq(expenses.userId, caller.userId));
  return {
    expenses: { count: exp?.count ?? 0, totalAmount: paiseToRupees(exp?.totalPaise) },
  };
}
