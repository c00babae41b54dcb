import { and, asc, eq, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { RecurringPaymentSort } from '../../contract/api/recurringPayments';
import type { PaymentType, RecurringSchedule } from '../../contract/enums';
import { paiseToRupees } from '../../contract/rules';
import { addDays, nextAfter, scheduleDayProblem } from '../../contract/schedule';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../db/client';
import { pageAnswer, paged, rowCount, sortOrder } from '../db/paging';
import { bankAccounts, notifications, recurringPayments } from '../db/schema';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { badRequest, notFound } from '../lib/errors';
import { likePattern } from '../lib/schemas';
import { withAudit } from './audit';
// The schedule's rules are recurring expenses' own: one copy of each.
import { checkStart, defaultToday, isDue, nextDue } from './recurring';
import { ignore, noneOf, runDue, type DueRunOptions } from './dueTemplates';
import { assertCompany, assertRole, companyScope } from './tenancy';
import { atVersion, nextVersion, staleRecord, whyNotUpdated } from './versions';

/**
 * Recurring payments: each company's credit and debit templates on its own accounts, and the
 * job that posts them.
 *
 * As with recurring expenses, a template's `next_date` is its next day due; the job claims due
 * templates with FOR UPDATE SKIP LOCKED and handles every day due up to today in the same
 * transaction that moves `next_date` past them, so each day is handled once whichever app
 * server claims it, however many restart. Each day is posted through ledger_post, exactly as
 * a typed payment: the account locked, a debit refused when it would take the running balance
 * below zero on its day or any later one, a closed account refused.
 *
 * A day the ledger refuses is skipped, not retried: retrying would block the template (and
 * every later day) until money arrives, or post a salary weeks late under its own date and
 * then stop every later one. So the day is counted on the template (`skipped`,
 * `last_skipped_date`), the company gets a notification naming the day and why, and the
 * template goes on to its next day; the company records the payment by hand if it still
 * wants it. The notification's record id is derived from the template and the day, so a day
 * is told of once.
 */

/** The most days one template gets in one claim (a year of weeks fits). */
const PER_TEMPLATE = 60;
/** Templates one transaction claims. */
const BATCH = 10;
/** The most days one run handles: a run never runs away, the next one goes on. */
export const MAX_PER_RUN = 1000;

const WHAT = 'Recurring payment';

export interface RecurringPaymentInput {
  accountId: string;
  paymentType: PaymentType;
  amountPaise: number;
  remark: string;
  schedule: RecurringSchedule;
  day: number;
  startDate: string;
  endDate?: string | null;
}

export interface RecurringPaymentQuery {
  search?: string;
  companyId?: string;
  accountId?: string;
  id?: string;
  page: number;
  pageSize: number;
  sort: RecurringPaymentSort;
  order: 'asc' | 'desc';
}

type Row = typeof recurringPayments.$inferSelect;
interface AccountOf {
  holderName: string;
  accountNo: string;
  closedAt: Date | string | null;
}

const toApi = (t: Row, a: AccountOf) => ({
  _id: t.id,
  accountId: t.accountId,
  account: { holder_name: a.holderName, account_no: a.accountNo, closed: a.closedAt !== null },
  paymentType: t.type,
  amount: paiseToRupees(t.amountPaise),
  remark: t.remark,
  schedule: t.schedule,
  day: t.day,
  startDate: t.startDate,
  endDate: t.endDate,
  nextDate: t.nextDate,
  lastDate: t.lastDate,
  skipped: t.skipped,
  lastSkippedDate: t.lastSkippedDate,
  paused: t.paused,
  createdAt: toIso(t.createdAt),
  version: t.version,
});

const accountColumns = {
  holderName: bankAccounts.holderName,
  accountNo: bankAccounts.accountNo,
  closedAt: bankAccounts.closedAt,
};

/** The company's own templates: another company's are simply not found. */
const own = (caller: Caller, extra?: SQL) =>
  and(eq(recurringPayments.companyId, caller.userId), extra);

/**
 * Templates as the API shows them, each with its account: the accounts read by id, a few
 * rows of the primary key rather than a join the planner may answer by scanning them all.
 */
async function withAccounts(db: DbOrTx, rows: Row[]) {
  const ids = [...new Set(rows.map((t) => t.accountId))];
  const accounts = ids.length
    ? await db
        .select({ id: bankAccounts.id, ...accountColumns })
        .from(bankAccounts)
        .where(inArray(bankAccounts.id, ids))
    : [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.map((t) => toApi(t, byId.get(t.accountId)!));
}

/** A template as the API shows it. */
async function readOne(db: DbOrTx, id: string) {
  const rows = await db.select().from(recurringPayments).where(eq(recurringPayments.id, id));
  const [one] = await withAccounts(db, rows);
  return one!;
}

/** The company's open account `id`: a payment goes nowhere else. */
async function openAccount(db: DbOrTx, caller: Caller, id: string) {
  const [account] = await db
    .select(accountColumns)
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.companyId, caller.userId)));
  if (!account) throw notFound('Bank account');
  if (account.closedAt)
    throw badRequest('This bank account is closed. Reopen it to schedule payments on it.', {
      code: 'account_closed',
      field: 'accountId',
    });
  return account;
}

type Posting =
  { entries: unknown[] } | { closed: string } | { short: unknown } | { notFound: true };

/**
 * Posts one day of `t` through ledger_post in the caller's transaction (the template locked
 * by it), as its company. Answers whether it was posted, or why the ledger refused it.
 */
async function postDay(tx: Tx, t: Row, date: string): Promise<'posted' | 'closed' | 'short'> {
  const entries = JSON.stringify([
    { account: t.accountId, type: t.type, amount: t.amountPaise, reverses: null },
  ]);
  const [row] = rowsOf<{ result: string | Posting }>(
    await tx.execute(sql`select ledger_post(${t.companyId}::uuid, ${t.companyId},
      ${t.companyId}, ${date}::date, ${t.remark}, ${entries}::jsonb) as result`),
  );
  const answer: Posting = typeof row!.result === 'string' ? JSON.parse(row!.result) : row!.result;
  if ('entries' in answer) return 'posted';
  // An account that is no longer the company's cannot be: the template goes with it.
  return 'closed' in answer || 'notFound' in answer ? 'closed' : 'short';
}

/**
 * Handles the days of `t` due up to `today` (at most `cap`): each posted on its own day, or
 * skipped and told of when the ledger refuses it, and moves the next date past them. The
 * template must be locked by the caller's transaction.
 */
async function handleDue(tx: Tx, t: Row, today: string, cap = PER_TEMPLATE) {
  let account: AccountOf | undefined;
  let next = t.nextDate;
  let posted = 0;
  const skipped: string[] = [];
  let last = t.lastDate;
  while (
    next &&
    next <= today &&
    (!t.endDate || next <= t.endDate) &&
    posted + skipped.length < cap
  ) {
    const outcome = await postDay(tx, t, next);
    if (outcome === 'posted') posted++;
    else {
      skipped.push(next);
      account ??= await accountOf(tx, t);
      await tx
        .insert(notifications)
        .values({
          userId: t.companyId,
          kind: 'recurring_payment_skipped',
          recordId: sql`md5(${t.id}::text || ':' || ${next}::text)::uuid`,
          details: {
            type: t.type,
            amountPaise: t.amountPaise,
            remark: t.remark,
            account: account.holderName,
            accountNo: account.accountNo,
            date: next,
            reason: outcome,
            template: t.id,
          },
        })
        .onConflictDoNothing();
    }
    last = next;
    next = nextAfter(t.schedule, t.day, next);
  }
  if (next && t.endDate && next > t.endDate) next = null;
  const [row] = await tx
    .update(recurringPayments)
    .set({
      nextDate: next,
      lastDate: last,
      ...(skipped.length
        ? {
            skipped: sql`${recurringPayments.skipped} + ${skipped.length}`,
            lastSkippedDate: skipped.at(-1)!,
          }
        : {}),
    })
    .where(eq(recurringPayments.id, t.id))
    .returning();
  return { row: row!, posted, skipped: skipped.length };
}

/** Handles the days already due of a template a call has just written, in its transaction. */
async function handleNow(tx: Tx, t: Row, today: string) {
  const done = isDue(t, today) ? await handleDue(tx, t, today) : { posted: 0, skipped: 0 };
  return { data: await readOne(tx, t.id), posted: done.posted, skipped: done.skipped };
}

async function accountOf(db: DbOrTx, t: Row): Promise<AccountOf> {
  const [account] = await db
    .select(accountColumns)
    .from(bankAccounts)
    .where(eq(bankAccounts.id, t.accountId));
  return account!;
}

/** A debit held back because a credit due into its account failed earlier in the run. */
class CreditFailedFirst extends Error {
  constructor() {
    super('a credit due into the account failed in this run; the debit waits for the next run');
  }
}

/**
 * The job: handles every due day of every template, up to `today` (the app's default time
 * zone's), at most `limit` days in this run. Safe to run on several app servers at once and
 * any number of times. Returns how many payments it posted and how many days it skipped.
 */
export async function runDueRecurringPayments(
  db: Db,
  today: string = defaultToday(),
  { limit = MAX_PER_RUN, warn = ignore }: DueRunOptions = {},
): Promise<{ posted: number; skipped: number }> {
  const creditFailed = new Set<string>();
  return runDue(db, {
    kinds: ['posted', 'skipped'],
    limit,
    claim: async (tx, skip) => {
      const due = await tx
        .select()
        .from(recurringPayments)
        // `paused = false` as written in the due index's predicate.
        .where(
          and(
            sql`${recurringPayments.paused} = false`,
            lte(recurringPayments.nextDate, today),
            noneOf(recurringPayments.id, skip),
          ),
        )
        .orderBy(asc(recurringPayments.nextDate), asc(recurringPayments.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      // Posting locks each account until this transaction commits: taken in one order (as
      // ledger_post and a transfer take theirs), two runners' batches sharing accounts
      // cannot each hold one and wait for the other's. An account's credits go before its
      // debits, so a debit due is refused only when the money due into it does not cover it.
      return due.sort(
        (a, b) =>
          a.accountId.localeCompare(b.accountId) ||
          Number(a.type === 'debit') - Number(b.type === 'debit'),
      );
    },
    handle: async (tx, t, room) => {
      // A credit due into this account failed in this run: its debits wait for the next run
      // with it, rather than be refused for the money that credit would have brought.
      if (t.type === 'debit' && creditFailed.has(t.accountId)) throw new CreditFailedFirst();
      // The company is the actor of what its template posts (its audit trail shows it); no
      // session is spared the live update.
      await tx.execute(
        sql`select set_config('app.actor', ${t.companyId}, true), set_config('app.tenant', ${t.companyId}, true), set_config('app.session', '', true)`,
      );
      const { posted, skipped } = await handleDue(tx, t, today, Math.min(PER_TEMPLATE, room));
      return { posted, skipped };
    },
    failed: (t, err) => {
      if (t.type === 'credit') creditFailed.add(t.accountId);
      warn({ err, templateId: t.id }, 'a recurring payment failed; the others went on');
    },
  });
}

const sortColumns = {
  nextDate: recurringPayments.nextDate,
  remark: sql`lower(${recurringPayments.remark})`,
  amount: recurringPayments.amountPaise,
  createdAt: recurringPayments.createdAt,
};

/** The templates of the companies the caller reads (a company its own, an admin its companies'). */
export async function listRecurringPayments(db: DbOrTx, caller: Caller, q: RecurringPaymentQuery) {
  assertRole(caller, 'admin', 'company');
  const where = and(
    companyScope(recurringPayments.companyId, caller, q.companyId),
    q.search ? ilike(recurringPayments.remark, likePattern(q.search)) : undefined,
    q.accountId ? eq(recurringPayments.accountId, q.accountId) : undefined,
    q.id ? eq(recurringPayments.id, q.id) : undefined,
  );
  const [rows, [summary]] = await Promise.all([
    paged(
      db.select().from(recurringPayments).where(where).$dynamic(),
      q,
      sortOrder(q, sortColumns, recurringPayments.id),
    ),
    db.select({ total: rowCount() }).from(recurringPayments).where(where),
  ]);
  return pageAnswer(q, await withAccounts(db, rows), summary?.total);
}

/** Creates a template; the days already due (from a past start date) are handled at once. */
export async function createRecurringPayment(
  db: DbOrTx,
  caller: Caller,
  input: RecurringPaymentInput,
  today: string,
) {
  assertCompany(caller);
  checkStart(input.startDate, today);
  const endDate = input.endDate ?? null;
  const nextDate = nextDue({ ...input, endDate }, input.startDate);
  return withAudit(db, caller, async (tx) => {
    await openAccount(tx, caller, input.accountId);
    const { paymentType, ...rest } = input;
    const [row] = await tx
      .insert(recurringPayments)
      .values({ ...rest, type: paymentType, companyId: caller.userId, endDate, nextDate })
      .returning();
    return handleNow(tx, row!, today);
  });
}

/**
 * Changes the fields sent of a template at `version`. A new schedule, day or date range sets
 * the next day to the first of the new schedule after the last day handled (and from the
 * start date); days of it already due are handled at once.
 */
export async function updateRecurringPayment(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  changes: Partial<RecurringPaymentInput>,
  today: string,
) {
  assertCompany(caller);
  return withAudit(db, caller, async (tx) => {
    const mine = own(caller, eq(recurringPayments.id, id));
    const [current] = await tx.select().from(recurringPayments).where(mine).for('update');
    if (!current) throw notFound(WHAT);
    if (current.version !== version) throw staleRecord();
    const { paymentType, ...rest } = changes;
    const sent = Object.fromEntries(
      Object.entries({ ...rest, type: paymentType }).filter(([, value]) => value !== undefined),
    ) as Partial<Row>;
    if (sent.accountId !== undefined && sent.accountId !== current.accountId)
      await openAccount(tx, caller, sent.accountId);
    const merged = {
      ...current,
      ...sent,
      endDate: sent.endDate === undefined ? current.endDate : sent.endDate,
    };
    const dayProblem = scheduleDayProblem(merged.schedule, merged.day);
    if (dayProblem) throw badRequest(`day ${dayProblem}`, { field: 'day' });
    if (merged.endDate && merged.endDate < merged.startDate)
      throw badRequest('endDate must be on or after startDate', { field: 'endDate' });
    if (sent.startDate !== undefined && sent.startDate !== current.startDate)
      checkStart(sent.startDate, today);
    const rescheduled =
      merged.schedule !== current.schedule ||
      merged.day !== current.day ||
      merged.startDate !== current.startDate ||
      merged.endDate !== current.endDate;
    const nextDate = rescheduled
      ? nextDue(merged, current.lastDate ? addDays(current.lastDate, 1) : merged.startDate)
      : current.nextDate;
    const [row] = await tx
      .update(recurringPayments)
      .set({
        ...sent,
        endDate: merged.endDate,
        nextDate,
        version: nextVersion(recurringPayments),
        updatedAt: sql`now()`,
      })
      .where(eq(recurringPayments.id, current.id))
      .returning();
    return handleNow(tx, row!, today);
  });
}

/** Deletes a template; the payments it posted stay. */
export async function deleteRecurringPayment(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .delete(recurringPayments)
      .where(own(caller, eq(recurringPayments.id, id)))
      .returning({ id: recurringPayments.id }),
  );
  if (!row) throw notFound(WHAT);
}

/** Pauses a template at `version`: nothing is posted until it is resumed. */
export async function pauseRecurringPayment(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
) {
  assertCompany(caller);
  const mine = own(caller, eq(recurringPayments.id, id));
  return withAudit(db, caller, async (tx) => {
    const [row] = await tx
      .update(recurringPayments)
      .set({ paused: true, version: nextVersion(recurringPayments), updatedAt: sql`now()` })
      .where(atVersion(recurringPayments, mine, version))
      .returning();
    if (!row) throw await whyNotUpdated(tx, recurringPayments, mine, WHAT);
    return { data: await readOne(tx, row.id), posted: 0, skipped: 0 };
  });
}

/**
 * Resumes a template at `version`. The days that passed while it was paused are not posted:
 * the next day is the first from today (today's is posted at once).
 */
export async function resumeRecurringPayment(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  today: string,
) {
  assertCompany(caller);
  return withAudit(db, caller, async (tx) => {
    const mine = own(caller, eq(recurringPayments.id, id));
    const [current] = await tx.select().from(recurringPayments).where(mine).for('update');
    if (!current) throw notFound(WHAT);
    if (current.version !== version) throw staleRecord();
    const after = current.lastDate ? addDays(current.lastDate, 1) : current.startDate;
    const nextDate = current.paused
      ? nextDue(current, after > today ? after : today)
      : current.nextDate;
    const [row] = await tx
      .update(recurringPayments)
      .set({
        paused: false,
        nextDate,
        version: nextVersion(recurringPayments),
        updatedAt: sql`now()`,
      })
      .where(eq(recurringPayments.id, current.id))
      .returning();
    return handleNow(tx, row!, today);
  });
}
