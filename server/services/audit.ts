import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditedTable } from '../../contract/enums';
import { COUNT_BOUND } from '../../contract/rules';
import { rowsOf, type DbOrTx, type Tx } from '../db/client';
import { keyText, rowAfter } from '../db/keyset';
import {
  pageAnswer,
  pageCursors,
  pageWindow,
  positionChecks,
  positionKeys,
  requestedPosition,
  rowsAndCount,
} from '../db/paging';
import { auditLog, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { badRequest } from '../lib/errors';
import { toIso } from '../lib/dates';
import { dayStartsIn } from '../lib/timeZone';
import { accountNoFor } from '../lib/accountNumber';
import { BOOKKEEPING_COLUMNS, recordName, relatedRecords, shownRow } from './auditNames';
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
  recordId?: string;
  kind?: AuditedTable;
  /** Calendar days, inclusive, in `timeZone`: a change is filed under the day it was there. */
  from?: string;
  to?: string;
  timeZone: string;
  page: number;
  pageSize: number;
  /** A keyset page: the entries after or before this position (`cursors` of another page). */
  after?: string;
  before?: string;
}

/**
 * Where a caller's trail comes from, each part readable newest first from an index: a
 * company's own entries; an admin's one company's; one person's acts in what the admin
 * reads; or every company of the admin's (`perCompany`, one index range each) and the admin's
 * own acts outside them (`alone`).
 */
function trailParts(caller: Caller, companyId?: string, actorId?: string) {
  assertRole(caller, 'admin', 'company');
  if (caller.role === 'company')
    return {
      alone:
        companyId && companyId !== caller.userId
          ? sql`false`
          : eq(auditLog.tenantId, caller.userId),
    };
  const companies = companiesOfAdmin(caller.userId);
  if (companyId)
    return { alone: and(eq(auditLog.tenantId, companyId), inArray(auditLog.tenantId, companies))! };
  const ownActs = and(
    eq(auditLog.actorId, caller.userId),
    sql`(${auditLog.tenantId} is null or ${auditLog.tenantId} not in ${companies})`,
  )!;
  // One person's acts are read from the actor's index, wherever they are.
  if (actorId)
    return {
      alone: and(
        eq(auditLog.actorId, actorId),
        or(inArray(auditLog.tenantId, companies), ownActs),
      )!,
    };
  return { perCompany: companies, alone: ownActs };
}

/**
 * The entries of the caller's trail that pass `where`, in `order`, at most `limit` of them:
 * every company's first `limit` from its own index range, then merged, so that an admin of
 * fifty companies reads fifty short ranges rather than sorting the whole trail.
 */
function trailEntries(
  caller: Caller,
  q: Pick<AuditQuery, 'companyId' | 'actorId'>,
  where: SQL | undefined,
  order: SQL,
  limit: number,
) {
  const { perCompany, alone } = trailParts(caller, q.companyId, q.actorId);
  const own = sql`(select ${auditLog.id}, ${auditLog.at} from ${auditLog}
    where ${and(alone, where)} order by ${order} limit ${limit})`;
  if (!perCompany) return own;
  return sql`(select e.id, e.at from ${perCompany} as c(tenant) cross join lateral
      (select ${auditLog.id}, ${auditLog.at} from ${auditLog}
        where ${auditLog.tenantId} = c.tenant and ${where ?? sql`true`}
        order by ${order} limit ${limit}) e)
    union all ${own}`;
}

/** The bookkeeping columns as a text[] for jsonb's `-`. */
const bookkeeping = sql.raw(
  `array[${BOOKKEEPING_COLUMNS.map((c) => `'${c}'`).join(', ')}]::text[]`,
);

export async function listAudit(db: DbOrTx, caller: Caller, q: AuditQuery) {
  if (q.from && q.to && q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  // An entry of a personal record (expense, loan, repayment) is its owner's alone, even where
  // the reader is the actor: a company deleting its PM deletes the PM's expenses too.
  const where = and(
    or(isNull(auditLog.ownerId), eq(auditLog.ownerId, caller.userId)),
    // A kept total moving with another record (an account's balance with a payment) is no
    // one's change: the payment is the entry.
    sql`(${auditLog.action} = 'update' and (${auditLog.before} - ${bookkeeping}) = (${auditLog.after} - ${bookkeeping})) is not true`,
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.recordId ? eq(auditLog.recordId, q.recordId) : undefined,
    q.kind ? eq(auditLog.kind, q.kind) : undefined,
    q.from ? gte(auditLog.at, dayStartsIn(q.from, q.timeZone)) : undefined,
    q.to ? lt(auditLog.at, dayStartsIn(q.to, q.timeZone, 1)) : undefined,
  );
  // Newest first, always: a trail is read from its end. Next and Previous start from an
  // entry's position (its time and id) instead of skipping the entries in front.
  const position = requestedPosition(q, positionChecks.timestamp, positionKeys.serial);
  const reversed = position?.reversed ?? false;
  const order = reversed ? sql`at asc, id asc` : sql`at desc, id desc`;
  const from = position
    ? rowAfter(
        auditLog.at,
        auditLog.id,
        'timestamptz',
        position.value,
        position.key,
        reversed ? 'asc' : 'desc',
        'bigint',
      )
    : undefined;
  const { limit, offset } = position ? { limit: q.pageSize, offset: 0 } : pageWindow(q);
  const pageRows = async () => {
    const ids = rowsOf<{ id: string }>(
      await db.execute(sql`select id from (${trailEntries(caller, q, and(where, from), order, offset + limit)}) m
        order by ${order} limit ${limit} offset ${offset}`),
    ).map((r) => Number(r.id));
    if (!ids.length) return [];
    return db
      .select({
        entry: auditLog,
        actorName: users.name,
        actorEmail: users.email,
        sortValue: keyText(auditLog.at),
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(inArray(auditLog.id, ids))
      .orderBy(desc(auditLog.at), desc(auditLog.id));
  };
  // Counted up to the bound, as a searched list is: a long trail stops there.
  const counted = async () =>
    Number(
      rowsOf<{ total: string }>(
        await db.execute(sql`select count(*) as total from (select 1 from
          (${trailEntries(caller, q, where, sql`at desc, id desc`, COUNT_BOUND + 1)}) e
          limit ${COUNT_BOUND + 1}) m`),
      )[0]?.total ?? 0,
    );
  const [rows, total] = await rowsAndCount(q, pageRows, (found) => found.length, counted);
  const capped = total > COUNT_BOUND;
  // An account's number reads as on the bank screens: whole for its company only.
  const shown = (row: Record<string, unknown> | null) => {
    const out = shownRow(row);
    if (typeof out?.account_no === 'string') out.account_no = accountNoFor(caller, out.account_no);
    return out;
  };
  const rowOf = (e: typeof auditLog.$inferSelect) =>
    (e.after ?? e.before ?? {}) as Record<string, unknown>;
  const related = await relatedRecords(
    db,
    rows.map(({ entry: e }) => ({ recordId: e.recordId, kind: e.kind, row: rowOf(e) })),
  );
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
      record: recordName(e.kind, rowOf(e)),
      related: related.get(e.recordId) ?? [],
      action: e.action as AuditAction,
      before: shown(e.before as Record<string, unknown> | null),
      after: shown(e.after as Record<string, unknown> | null),
    })),
    capped ? COUNT_BOUND : total,
    {
      cursors: pageCursors(rows.map((r) => ({ sortValue: r.sortValue, id: r.entry.id }))),
      ...(capped ? { totalCapped: true } : {}),
    },
  );
}
