import { and, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditedTable } from '../../contract/enums';
import type { DbOrTx, Tx } from '../db/client';
import { pageAnswer, paged, rowCount, sortOrder } from '../db/paging';
import { auditLog, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { badRequest } from '../lib/errors';
import { toIso } from '../lib/dates';
import { dayStartsIn } from '../lib/timeZone';
import { assertRole, companiesOfAdmin } from './tenancy';

/** The company a caller acts for: itself, or the company it belongs to. */
/** The company whose trail the caller's changes belong to (none for an admin). */
export const tenantOf = (caller: Caller) =>
  caller.role === 'company' ? caller.userId : caller.companyId;

/**
 * Runs a write in a transaction that names its actor, so the audit triggers record who
 * made each change, in the same transaction as the change.
 */
export function withAudit<T>(
  db: DbOrTx,
  caller: Caller,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${nameActor(caller)}`);
    return write(tx);
  });
}

/**
 * Names the caller as the actor of the current transaction, for the audit triggers, and its
 * session, which the change feed spares (it has refreshed itself): an expression, so that a
 * single-statement write can evaluate it before its rows change.
 */
export const nameActor = (caller: Caller) =>
  sql`set_config('app.actor', ${caller.userId}, true), set_config('app.tenant', ${tenantOf(caller) ?? ''}, true), set_config('app.session', ${caller.sessionId}, true)`;

export interface AuditQuery {
  companyId?: string;
  actorId?: string;
  kind?: AuditedTable;
  /** Calendar days, inclusive, in `timeZone`: a change is filed under the day it was there. */
  from?: string;
  to?: string;
  timeZone: string;
  page: number;
  pageSize: number;
}

/**
 * What a caller may read: a company its own trail; an admin its companies' and its own acts.
 * Either way, an entry of a personal record (expense, loan, repayment) is its owner's
 * alone, even where the reader is the actor: a company deleting its PM deletes the PM's
 * expenses too.
 */
function auditScope(caller: Caller, companyId?: string): SQL {
  assertRole(caller, 'admin', 'company');
  const ownerOnly = or(isNull(auditLog.ownerId), eq(auditLog.ownerId, caller.userId));
  if (caller.role === 'company')
    return and(
      eq(auditLog.tenantId, caller.userId),
      companyId ? eq(auditLog.tenantId, companyId) : undefined,
      ownerOnly,
    )!;
  // "= any(array(...))" rather than "in (...)": it lets the planner combine the tenant and
  // actor indexes (a bitmap OR) instead of scanning the whole trail.
  const companies = sql`${auditLog.tenantId} = any(array(${companiesOfAdmin(caller.userId)}))`;
  if (companyId) return and(eq(auditLog.tenantId, companyId), companies, ownerOnly)!;
  return and(or(companies, eq(auditLog.actorId, caller.userId)), ownerOnly)!;
}

export async function listAudit(db: DbOrTx, caller: Caller, q: AuditQuery) {
  if (q.from && q.to && q.from > q.to)
    throw badRequest('End date must be on or after the start date');
  const where = and(
    auditScope(caller, q.companyId),
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.kind ? eq(auditLog.kind, q.kind) : undefined,
    q.from ? gte(auditLog.at, dayStartsIn(q.from, q.timeZone)) : undefined,
    q.to ? lt(auditLog.at, dayStartsIn(q.to, q.timeZone, 1)) : undefined,
  );
  const [rows, [summary]] = await Promise.all([
    paged(
      db
        .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .$dynamic(),
      q,
      // Newest first, always: a trail is read from its end.
      sortOrder({ sort: 'at', order: 'desc' }, { at: auditLog.at }, auditLog.id),
    ),
    db.select({ total: rowCount() }).from(auditLog).where(where),
  ]);
  return pageAnswer(
    q,
    rows.map(({ entry: e, actorName, actorEmail }) => ({
      _id: String(e.id),
      at: toIso(e.at),
      actorId: e.actorId,
      actor: actorName ?? (e.actorId ? 'Deleted user' : 'System'),
      actorEmail: actorEmail ?? '',
      companyId: e.tenantId,
      kind: e.kind,
      recordId: e.recordId,
      action: e.action as AuditAction,
      before: (e.before ?? null) as Record<string, unknown> | null,
      after: (e.after ?? null) as Record<string, unknown> | null,
    })),
    summary?.total,
  );
}
