import { sql } from 'drizzle-orm';
import { AUDITED_TABLES } from '../../contract/enums';
import type { DbOrTx } from './client';

/** Each table's triggers that report a change: to the trail, the change feed, notifications. */
const REPORTING_TRIGGERS: [table: string, trigger: string][] = [
  ...AUDITED_TABLES.flatMap((table) => [
    [table, `${table}_audit`] as [string, string],
    ...['insert', 'update', 'delete'].map((op): [string, string] => [
      table,
      `${table}_changes_${op}`,
    ]),
  ]),
  // A user's categories are not audited (an expense's audit entry names its category) but
  // are news to the owner's other tabs.
  ...['insert', 'update', 'delete'].map((op): [string, string] => [
    'categories',
    `categories_changes_${op}`,
  ]),
  // Budgets, as categories: news to the owner's other tabs.
  ...['insert', 'update', 'delete'].map((op): [string, string] => [
    'budgets',
    `budgets_changes_${op}`,
  ]),
  // A company's recurring payments are not audited (the payments they post are) but are
  // news to the company's and its admin's tabs.
  ...['insert', 'update', 'delete'].map((op): [string, string] => [
    'recurring_payments',
    `recurring_payments_changes_${op}`,
  ]),
  ['payments', 'payments_notifications'],
  // A restore rebuilds every month's spending: no budget goes over for it.
  ['expense_months', 'expense_months_budgets_insert'],
  ['expense_months', 'expense_months_budgets_update'],
  ['projects', 'projects_notifications'],
  ...['insert', 'update', 'delete'].map((op): [string, string] => [
    'notifications',
    `notifications_changes_${op}`,
  ]),
];

/**
 * Switches the triggers that report each change (the audit trail of migration 0005, the
 * change feed of 0020, the notifications of 0021) off for a bulk load (a restore, the
 * benchmark's seed), and on: a copy is neither history nor news.
 */
export async function setAuditTriggers(db: DbOrTx, enabled: boolean) {
  const action = enabled ? 'enable' : 'disable';
  for (const [table, trigger] of REPORTING_TRIGGERS)
    await db.execute(sql.raw(`alter table ${table} ${action} trigger ${trigger}`));
}
