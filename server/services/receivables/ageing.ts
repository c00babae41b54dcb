import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/*
 * client_receivables and project_receivables keep each group's pending amount aged by due
 * date as of a day (aged_on), kept exact by triggers on invoices
 * (server/db/functions/receivable_ageing.sql). A new day moves amounts between the buckets
 * without any write: receivables_age (server/db/functions/receivables_age.sql) ages the rows
 * again from the still-pending invoices, hourly, to the day of the server's time zone; a read
 * never writes them. Until then (or for a caller in another zone) the list ages a group of
 * another day from its invoices, so its figures are right either way.
 */

/**
 * Moves every company's kept ageing forward to `today`, one company per statement (each its
 * own transaction), so that no company's invoice writes wait on another's; answers how many
 * rows moved.
 */
export async function ageReceivables(db: DbOrTx, today: string): Promise<number> {
  const stale = rowsOf<{ id: string }>(
    await db.execute(sql`select distinct company_id as id from client_receivables
      where aged_on is null or aged_on < ${today}::date
      union select distinct company_id from project_receivables
      where aged_on is null or aged_on < ${today}::date`),
  );
  let moved = 0;
  for (const { id } of stale) {
    const [row] = rowsOf<{ moved: number }>(
      await db.execute(sql`select receivables_age(${today}::date, array[${id}::uuid]) as moved`),
    );
    moved += Number(row?.moved ?? 0);
  }
  return moved;
}
