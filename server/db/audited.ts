import { sql } from 'drizzle-orm';
import { AUDITED_TABLES } from '../../contract/enums';
import type { DbOrTx } from './client';

/** A table's change-feed triggers (migration 0020's, installed by change_feed_install). */
const changeFeed = (table: string): [string, string][] =>
  ['insert', 'update', 'delete'].map((op) => [table, `${table}_changes_${op}`]);

/** Each table's triggers that report a change: to the trail, the change feed, notifications. */
const REPORTING_TRIGGERS: [table: string, trigger: string][] = [
  ...AUDITED_TABLES.flatMap((table): [string, string][] => [
    [table, `${table}_audit`],
    ...changeFeed(table),
  ]),
  // Not audited (an expense's entry names its category; the payments a recurring payment
  // posts are audited themselves) but news to their readers' other tabs.
  ...changeFeed('recurring_expenses'),
  ...changeFeed('recurring_payments'),
  ...changeFeed('categories'),
  ...changeFeed('budgets'),
  ...changeFeed('notifications'),
  ['payments', 'payments_notifications'],
  // A restore rebuilds every month's spending: no budget goes over for it.
  ['expense_months', 'expense_months_budgets_insert'],
  ['expense_months', 'expense_months_budgets_update'],
  ['projects', 'projects_notifications'],
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
