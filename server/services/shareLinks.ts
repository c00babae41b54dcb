import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { toIso } from '../lib/dates';
import { notFound } from '../lib/errors';

/*
 * What invoice links and khata statement links have in common: a link opens one record
 * without a session until it expires or is revoked, and a list shows it without its token.
 */

const DAY_MS = 24 * 60 * 60_000;

/** A share link's row, of either kind. */
interface LinkRow {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A share link as a list shows it (its token is never shown again). */
export const linkToApi = (l: LinkRow) => ({
  _id: l.id,
  createdAt: toIso(l.createdAt),
  expiresAt: toIso(l.expiresAt),
  revokedAt: l.revokedAt ? toIso(l.revokedAt) : null,
  active: !l.revokedAt && l.expiresAt.getTime() > Date.now(),
});

/** When a link made now to last `days` days expires. */
export const expiresIn = (days: number) => new Date(Date.now() + days * DAY_MS);

/** A table of share links: each opens the record in its `of` column. */
type LinkTable = PgTable & { id: PgColumn; createdAt: PgColumn; revokedAt: PgColumn };

/** The links to record `recordId` (in column `of`), newest first; at most `limit` of them. */
export async function recordLinks(
  db: DbOrTx,
  table: LinkTable,
  of: PgColumn,
  recordId: string,
  limit?: number,
) {
  const newest = db
    .select()
    .from(table as PgTable)
    .where(eq(of, recordId))
    .orderBy(desc(table.createdAt))
    .$dynamic();
  const rows = (await (limit === undefined ? newest : newest.limit(limit))) as unknown as LinkRow[];
  return rows.map(linkToApi);
}

/**
 * Revokes link `linkId` to record `recordId` (in column `of`): it opens nothing from then on;
 * revoked again, it keeps its first time. A link to another record is not found.
 */
export async function revokeRecordLink<Table extends LinkTable>(
  db: DbOrTx,
  table: Table,
  of: PgColumn,
  recordId: string,
  linkId: string,
) {
  const [row] = await db
    .update(table)
    .set({ revokedAt: sql`coalesce(${table.revokedAt}, now())` } as PgUpdateSetSource<Table>)
    .where(and(eq(table.id, linkId), eq(of, recordId)))
    .returning({ id: table.id });
  if (!row) throw notFound('Link');
}
