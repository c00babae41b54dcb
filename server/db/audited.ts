import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The tables whose every change the audit triggers record (migration 0005); a row's `kind`. */
export const AUDITED_TABLES = [
  'users',
  'expenses',
  'loans',
  'repayments',
  'projects',
  'bank_accounts',
  'payments',
] as const;

/** Switches the audit triggers off for a bulk load (a restore, the benchmark's seed), and on. */
export async function setAuditTriggers(db: DbOrTx, enabled: boolean) {
  for (const table of AUDITED_TABLES)
    await db.execute(
      sql.raw(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${table}_audit`),
    );
}
