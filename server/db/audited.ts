import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from './client';

/**
 * Switches the triggers that report each change off for a bulk load (a restore, the
 * benchmark's seed), and on: a copy is neither history nor news. They are those of the
 * functions that write the audit trail and the notifications, and each table's change feed
 * (`<table>_changes`, see server/db/functions), found in the catalog, and the guard of issued
 * invoices' lines (a copy edits nothing); the triggers that keep figures and versions, and the
 * trail's guard, stay on. A restore rebuilds every month's
 * spending: no budget goes over for it.
 */
export async function setAuditTriggers(db: DbOrTx, enabled: boolean) {
  const triggers = rowsOf<{ table: string; trigger: string }>(
    await db.execute(sql`
      select c.relname as "table", t.tgname as "trigger"
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_proc p on p.oid = t.tgfoid
       where not t.tgisinternal
         and (p.proname in ('audit_row', 'notify_payments_recorded', 'notify_project_status',
                            'notify_budgets_overspent', 'invoice_lines_immutable',
                            'project_status_history_row')
              or p.proname = c.relname || '_changes')
       order by 1, 2`),
  );
  const action = enabled ? 'enable' : 'disable';
  for (const { table, trigger } of triggers)
    await db.execute(sql.raw(`alter table "${table}" ${action} trigger "${trigger}"`));
}
