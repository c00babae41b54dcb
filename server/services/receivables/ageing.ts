import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { Caller } from '../../lib/caller';

/*
 * client_receivables and project_receivables keep each group's pending amount aged by due
 * date as of a day (aged_on), kept exact by triggers on invoices
 * (server/db/functions/receivable_ageing.sql). A new day moves amounts between the buckets
 * without any write: receivables_age (server/db/functions/receivables_age.sql) ages the rows
 * again from the still-pending invoices, hourly for every company and, for the caller's
 * companies, when the receivables list meets a row of an earlier day. Until then the list
 * ages that row's group from its invoices, so its figures are right either way.
 */

/** Moves every company's kept ageing forward to `today`; answers how many rows moved. */
export async function ageReceivables(db: DbOrTx, today: string): Promise<number> {
  const [row] = rowsOf<{ moved: number }>(
    await db.execute(sql`select receivables_age(${today}::date) as moved`),
  );
  return Number(row?.moved ?? 0);
}

/** The same for the companies a caller reads: its own, or an admin's. */
export async function ageCallersReceivables(db: DbOrTx, caller: Caller, today: string) {
  const companies =
    caller.role === 'admin'
      ? sql`array(select id from users where created_by = ${caller.userId} and role = 'company')`
      : sql`array[${caller.userId}::uuid]`;
  await db.execute(sql`select receivables_age(${today}::date, ${companies})`);
}
