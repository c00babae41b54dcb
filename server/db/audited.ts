import { sql } from 'drizzle-orm';
import { AUDITED_TABLES } from '../../contract/enums';
import type { DbOrTx } from './client';

/**
 * Switches the audit triggers (migration 0005, one on each of AUDITED_TABLES) off for a bulk
 * load (a restore, the benchmark's seed), and on.
 */
export async function setAuditTriggers(db: DbOrTx, enabled: boolean) {
  for (const table of AUDITED_TABLES)
    await db.execute(
      sql.raw(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${table}_audit`),
    );
}
