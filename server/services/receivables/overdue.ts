import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * Tells each company of its invoices that passed their due date unpaid (something still
 * pending after the due date, in `timeZone`), once per invoice: run hourly by every app
 * server, the unique notification key keeping it once whoever runs it first.
 */
export async function notifyOverdueInvoices(db: DbOrTx, timeZone: string): Promise<number> {
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, record_id, details)
    select i.company_id, 'invoice_overdue', i.id, jsonb_build_object(
             'number', i.number, 'client', c.name, 'dueDate', i.due_date,
             'pendingPaise', i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
      from invoices i join clients c on c.id = i.client_id
     where i.status in ('issued', 'part_paid') and i.kind = 'invoice'
       and i.due_date < (now() at time zone ${timeZone})::date
       and i.total_paise > i.received_paise + i.tds_paise + i.credited_paise
    on conflict (user_id, kind, record_id) do nothing
    returning id`);
  return rowsOf(result).length;
}
