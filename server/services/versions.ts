import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { STALE_RECORD_MESSAGE } from '../../contract/rules';
import type { DbOrTx } from '../db/client';
import { conflict, notFound, type HttpError } from '../lib/errors';

/**
 * Updates of editable records (schema.ts `version`): the UPDATE itself matches the id, the
 * caller's scope and the version the form read, so a change made meanwhile is never
 * overwritten, with no read-then-write race. Only when it matches nothing does the service
 * look again, to tell a stale version (409) from a record that is not the caller's (404).
 */

type Versioned = PgTable & { id: PgColumn; version: PgColumn };

/** The set clause's version: one more than the row's own. */
export const nextVersion = (table: Versioned) => sql`${table.version} + 1`;

/** The where clause of a versioned update: the caller's record, as of `version`. */
export const atVersion = (table: Versioned, scope: SQL | undefined, version: number) =>
  and(scope, eq(table.version, version));

export const staleRecord = () => conflict(STALE_RECORD_MESSAGE, { code: 'stale_record' });

/**
 * Why a versioned update matched no row: the caller's record is there (`scope` finds it),
 * so its version has moved on, or it is not (missing, or someone else's: both not found).
 */
export async function whyNotUpdated(
  db: DbOrTx,
  table: Versioned,
  scope: SQL | undefined,
  what: string,
): Promise<HttpError> {
  const [found] = await db.select({ id: table.id }).from(table).where(scope).limit(1);
  return found ? staleRecord() : notFound(what);
}
