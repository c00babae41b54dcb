import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../contract/api/notifications';
import { rowsOf, type DbOrTx } from '../db/client';
import { pageAnswer, paged, type PageRequest } from '../db/paging';
import { notifications } from '../db/schema';
import { accountNoFor } from '../lib/accountNumber';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { formatDmy, formatPaise } from '../lib/format';
import { withAudit } from './audit';
import { targetsOf } from './notificationTargets';

type Details = Record<string, unknown>;

const rupees = (paise: unknown) =>
  formatPaise(typeof paise === 'number' || typeof paise === 'string' ? paise : 0);
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** "November 2026" of "2026-11". */
function monthName(month: unknown): string {
  const [y, m] = String(month ?? '')
    .split('-')
    .map(Number);
  if (!y || !m) return 'a month';
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The sentence a notification shows, from what was kept of it when it was made; an account's
 * number as the reader may read it (its last four digits unless it is the company's own).
 */
export function messageOf(kind: NotificationKind, d: Details, caller: Caller): string {
  const accountNo = () => {
    const no = text(d.accountNo) ?? '';
    return no && accountNoFor(caller, no);
  };
  switch (kind) {
    case 'payment': {
      const what = d.type === 'debit' ? 'Debit' : 'Credit';
      const of = d.reversal ? 'reversal' : d.transfer ? 'transfer' : 'payment';
      const by = text(d.by) ? ` by ${text(d.by)}` : '';
      return `${what} ${of} of ${rupees(d.amountPaise)} recorded on ${text(d.account) ?? 'an account'} (${accountNo()})${by}.`;
    }
    case 'project_status':
      return `${text(d.by) ?? 'The PM'} updated the status of ${text(d.project) ?? 'a project'}: ${text(d.status) ?? '(cleared)'}`;
    case 'lend_overdue':
      return `Your lend to ${text(d.name) ?? 'someone'} is overdue: ${rupees(d.outstandingPaise)} was due on ${formatDmy(String(d.repaymentDate ?? ''))}.`;
    case 'payments_import': {
      const by = text(d.by) ? ` by ${text(d.by)}` : '';
      return `${Number(d.count)} payments imported on ${text(d.account) ?? 'an account'} (${accountNo()})${by}: credits ${rupees(d.creditsPaise)}, debits ${rupees(d.debitsPaise)}.`;
    }
    case 'budget_over':
      return `Your ${text(d.category) ?? 'category'} spending for ${monthName(d.month)} is ${rupees(d.spentPaise)}, over its budget of ${rupees(d.budgetPaise)}.`;
    case 'recurring_payment_skipped': {
      const what = d.type === 'debit' ? 'debit' : 'credit';
      const why = d.reason === 'closed' ? 'the account is closed' : 'the balance was too low';
      return `Recurring ${what} of ${rupees(d.amountPaise)} (${text(d.remark) ?? ''}) on ${text(d.account) ?? 'an account'} (${accountNo()}) for ${formatDmy(String(d.date ?? ''))} was skipped: ${why}.`;
    }
    case 'lend_reminder':
      return `Reminder due: ${text(d.name) ?? 'someone'} owes you ${rupees(d.outstandingPaise)} (due ${formatDmy(String(d.repaymentDate ?? ''))}).${d.emailed ? ' An e-mail went out;' : ''} Follow up by WhatsApp or SMS from their page in Khata.`;
    case 'invoice_overdue':
      return `Invoice ${text(d.number) ?? ''} to ${text(d.client) ?? 'a client'} is overdue: ${rupees(d.pendingPaise)} was due on ${formatDmy(String(d.dueDate ?? ''))}.`;
  }
}

const mine = (caller: Caller) => eq(notifications.userId, caller.userId);
const unread = (caller: Caller) => and(mine(caller), isNull(notifications.readAt));

export async function unreadCount(db: DbOrTx, caller: Caller): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unread(caller));
  return Number(row?.n ?? 0);
}

/** The caller's notifications, newest first, and how many of all of them are unread. */
export async function listNotifications(db: DbOrTx, caller: Caller, q: PageRequest) {
  const [rows, [all], waiting] = await Promise.all([
    paged(db.select().from(notifications).where(mine(caller)).$dynamic(), q, [
      desc(notifications.createdAt),
      desc(notifications.id),
    ]),
    db.select({ n: count() }).from(notifications).where(mine(caller)),
    unreadCount(db, caller),
  ]);
  const targets = await targetsOf(db, caller, rows);
  return pageAnswer(
    q,
    rows.map((n, i) => ({
      _id: n.id,
      kind: n.kind as NotificationKind,
      recordId: n.recordId,
      message: messageOf(n.kind as NotificationKind, n.details as Details, caller),
      target: targets[i] ?? null,
      createdAt: toIso(n.createdAt),
      read: n.readAt !== null,
    })),
    all?.n,
    { unread: waiting },
  );
}

/** Marks the caller's notifications read (these, or all); others' ids change nothing. */
export async function markRead(db: DbOrTx, caller: Caller, ids?: string[]) {
  await withAudit(db, caller, (tx) =>
    tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(unread(caller), ids ? inArray(notifications.id, ids) : undefined)),
  );
  return unreadCount(db, caller);
}

/**
 * Tells each lender of its lends that became overdue (something still owed after the
 * repayment date, in `timeZone`), once per lend: run hourly by every app server.
 */
export async function notifyOverdueLends(db: DbOrTx, timeZone: string): Promise<number> {
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, record_id, details)
    select user_id, 'lend_overdue', id, jsonb_build_object(
             'name', name, 'outstandingPaise', amount_paise - repaid_paise,
             'repaymentDate', repayment_date)
      from loans
     where direction = 'lend' and amount_paise > repaid_paise
       and repayment_date < (now() at time zone ${timeZone})::date
    on conflict (user_id, kind, record_id) do nothing
    returning id`);
  return rowsOf(result).length;
}

/** Read notifications are kept this long, unread ones until read. */
const KEEP_READ_DAYS = 90;

/** Deletes notifications read long ago; run with the hourly job. */
export async function purgeReadNotifications(db: DbOrTx) {
  // The notice of a lend (an invoice) still overdue stays: it is what says the lend was told of, and
  // without it the next run would tell of it again.
  await db.delete(notifications).where(
    and(
      lt(notifications.readAt, sql`now() - make_interval(days => ${KEEP_READ_DAYS})`),
      sql`not (${notifications.kind} = 'lend_overdue' and exists (
          select 1 from loans l where l.id = ${notifications.recordId}
             and l.amount_paise > l.repaid_paise))`,
      sql`not (${notifications.kind} = 'invoice_overdue' and exists (
          select 1 from invoices i where i.id = ${notifications.recordId}
             and i.status in ('issued', 'part_paid')))`,
    ),
  );
}
