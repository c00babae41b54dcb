import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { NotificationKind, NotificationTarget } from '../../contract/api/notifications';
import type { DbOrTx } from '../db/client';
import {
  auditLog,
  bankAccounts,
  counterparties,
  invoices,
  loans,
  payments,
  projects,
  recurringPayments,
} from '../db/schema';
import type { Caller } from '../lib/caller';
import { companyScope } from './tenancy';

export type Target = z.output<typeof NotificationTarget>;
type Details = Record<string, unknown>;
interface Row {
  kind: string;
  recordId: string;
  details: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const uuidOf = (value: unknown) =>
  typeof value === 'string' && UUID.test(value) ? value : undefined;
const dayOf = (value: unknown) =>
  typeof value === 'string' && DAY.test(value) ? value : undefined;

/** First and last day of "2026-11". */
function monthRange(month: unknown): { from: string; to: string } | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(String(month ?? ''));
  const [y, m] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || m < 1 || m > 12) return undefined;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${match[1]}-${match[2]}-01`, to: `${match[1]}-${match[2]}-${last}` };
}

/**
 * The record a notification is about, by the id it opens: which kinds name it in the
 * notification's record id, and which keep it in its details (a reminder's person, an
 * import's account, a skipped day's recurring payment).
 */
function recordOf(n: Row): string | undefined {
  const d = (n.details ?? {}) as Details;
  switch (n.kind as NotificationKind) {
    case 'lend_reminder':
      return uuidOf(d.counterpartyId);
    case 'payments_import':
      return uuidOf(d.accountId);
    case 'recurring_payment_skipped':
      return uuidOf(d.template);
    case 'budget_over':
      return undefined;
    default:
      return n.recordId;
  }
}

/** Whose records the caller reads: a company its own, an admin its companies', a PM its own. */
const readable = (caller: Caller, owner: AnyPgColumn): SQL =>
  caller.role === 'admin' || caller.role === 'company'
    ? companyScope(owner, caller)
    : eq(owner, caller.userId);

/** Where each kind's record is, whose it is, and what narrows its list to it. */
interface Lookup {
  table: PgTable;
  id: AnyPgColumn;
  owner: AnyPgColumn;
  search?: AnyPgColumn;
  /** Only its owner's (a lend, a person); else an admin reads its companies' too. */
  personal?: boolean;
  /**
   * It opens the record's history (the audit kind named), which outlives the record: a
   * deleted one still opens it, read by the Audit Trail's own rule (a company's entries).
   */
  history?: 'payments' | 'projects';
}
const LOOKUPS: Partial<Record<NotificationKind, Lookup>> = {
  payment: { table: payments, id: payments.id, owner: payments.companyId, history: 'payments' },
  project_status: {
    table: projects,
    id: projects.id,
    owner: projects.companyId,
    history: 'projects',
  },
  lend_overdue: {
    table: loans,
    id: loans.id,
    owner: loans.userId,
    search: loans.name,
    personal: true,
  },
  lend_reminder: {
    table: counterparties,
    id: counterparties.id,
    owner: counterparties.userId,
    personal: true,
  },
  payments_import: { table: bankAccounts, id: bankAccounts.id, owner: bankAccounts.companyId },
  recurring_payment_skipped: {
    table: recurringPayments,
    id: recurringPayments.id,
    owner: recurringPayments.companyId,
    search: recurringPayments.remark,
  },
  invoice_overdue: { table: invoices, id: invoices.id, owner: invoices.companyId },
};

/** The records of one kind that still exist and are the caller's: id → what its target adds. */
async function existing(
  db: DbOrTx,
  caller: Caller,
  kind: NotificationKind,
  ids: string[],
): Promise<Map<string, Partial<Target>>> {
  const found = new Map<string, Partial<Target>>();
  const l = LOOKUPS[kind];
  if (!l || !ids.length) return found;
  const rows = await db
    .select({ id: l.id, owner: l.owner, search: l.search ?? sql<null>`null` })
    .from(l.table)
    .where(
      and(inArray(l.id, ids), l.personal ? eq(l.owner, caller.userId) : readable(caller, l.owner)),
    );
  const gone = l.history ? ids.filter((id) => !rows.some((r) => r.id === id)) : [];
  const histories = gone.length
    ? await db
        .selectDistinct({ id: auditLog.recordId, owner: auditLog.tenantId })
        .from(auditLog)
        .where(
          and(
            inArray(auditLog.recordId, gone),
            eq(auditLog.kind, l.history!),
            isNull(auditLog.ownerId),
            readable(caller, auditLog.tenantId),
          ),
        )
    : [];
  for (const r of [...rows, ...histories] as {
    id: string;
    owner: string;
    search?: string | null;
  }[])
    found.set(r.id, {
      ...(r.search ? { search: r.search } : {}),
      ...(r.owner !== caller.userId ? { companyId: r.owner } : {}),
    });
  return found;
}

/**
 * Where each notification of a page opens, or null when its record is gone. One query per
 * kind on the page (at most a page of ids each), each limited to the caller's own records
 * (an admin's: its companies'), so a target never opens someone else's record.
 */
export async function targetsOf(
  db: DbOrTx,
  caller: Caller,
  rows: Row[],
): Promise<(Target | null)[]> {
  const byKind = new Map<NotificationKind, Set<string>>();
  for (const n of rows) {
    const id = recordOf(n);
    if (!id) continue;
    const kind = n.kind as NotificationKind;
    if (!byKind.has(kind)) byKind.set(kind, new Set());
    byKind.get(kind)!.add(id);
  }
  const found = new Map(
    await Promise.all(
      [...byKind].map(
        async ([kind, ids]) => [kind, await existing(db, caller, kind, [...ids])] as const,
      ),
    ),
  );
  return rows.map((n) => {
    const d = (n.details ?? {}) as Details;
    const kind = n.kind as NotificationKind;
    if (kind === 'budget_over') return monthRange(d.month) ?? {};
    const id = recordOf(n);
    // An import told of before its notification kept the account: the statements in general;
    // a kind with no record to look up opens its screen.
    if (!id || !LOOKUPS[kind]) return {};
    const extra = found.get(kind)?.get(id);
    if (!extra) return null;
    const from = dayOf(d.from);
    const to = dayOf(d.to);
    return { id, ...extra, ...(kind === 'payments_import' && from && to ? { from, to } : {}) };
  });
}
