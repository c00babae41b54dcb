import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RecurringPaymentSort } from '../../contract/api/recurringPayments';
import type { PaymentType, RecurringSchedule } from '../../contract/enums';
import { paiseToRupees } from '../../contract/rules';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../db/client';
import { bankAccounts, notifications, recurringPayments } from '../db/schema';
import { accountNoFor } from '../lib/accountNumber';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { badRequest, notFound } from '../lib/errors';
import { containsAnyCase } from '../db/search';
import type { DueRunOptions } from './dueTemplates';
import * as engine from './schedules/engine';
import type { ScheduleKind } from './schedules/engine';
import { assertCompany, assertRole, companyScope } from './tenancy';

/**
 * Recurring payments: each company's credit and debit templates on its own accounts, and the
 * job that posts them.
 *
 * One kind of the schedules engine (schedules/engine.ts), as recurring expenses are: each day
 * is handled once whichever app server claims it, however many restart. Each day is posted
 * through ledger_post (the ledger's own function, as bank/ledger.ts posts a typed payment),
 * exactly as a typed payment: the account locked, a debit refused when it would take the
 * running balance below zero on its day or any later one, a closed account refused.
 *
 * A day the ledger refuses is skipped, not retried: retrying would block the template (and
 * every later day) until money arrives, or post a salary weeks late under its own date and
 * then stop every later one. So the day is counted on the template (`skipped`,
 * `last_skipped_date`), the company gets a notification naming the day and why, and the
 * template goes on to its next day; the company records the payment by hand if it still
 * wants it. The notification's record id is derived from the template and the day, so a day
 * is told of once.
 */

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

async function accountOf(db: DbOrTx, t: Row): Promise<AccountOf> {
  const [account] = await db
    .select(accountColumns)
    .from(bankAccounts)
    .where(eq(bankAccounts.id, t.accountId));
  return account!;
}

/** A recurring payment's day is posted through the ledger, or skipped and told of. */
const recurringPayment: ScheduleKind<Row, 'posted' | 'skipped', ReturnType<typeof toApi>> = {
  what: 'Recurring payment',
  table: recurringPayments,
  owner: recurringPayments.companyId,
  kinds: ['posted', 'skipped'],
  make: async (tx, t, days) => {
    let account: AccountOf | undefined;
    let posted = 0;
    const skipped: string[] = [];
    for (const date of days) {
      const outcome = await postDay(tx, t, date);
      if (outcome === 'posted') {
        posted++;
        continue;
      }
      skipped.push(date);
      account ??= await accountOf(tx, t);
      await tx
        .insert(notifications)
        .values({
          userId: t.companyId,
          kind: 'recurring_payment_skipped',
          recordId: sql`md5(${t.id}::text || ':' || ${date}::text)::uuid`,
          details: {
            type: t.type,
            amountPaise: t.amountPaise,
            remark: t.remark,
            account: account.holderName,
            accountNo: account.accountNo,
            date,
            reason: outcome,
            template: t.id,
          },
        })
        .onConflictDoNothing();
    }
    return {
      tally: { posted, skipped: skipped.length },
      set: skipped.length
        ? {
            skipped: sql`${recurringPayments.skipped} + ${skipped.length}`,
            lastSkippedDate: skipped.at(-1)!,
          }
        : {},
    };
  },
  actAs: async (tx, t) => {
    // No session is spared the live update.
    await tx.execute(
      sql`select set_config('app.actor', ${t.companyId}, true), set_config('app.tenant', ${t.companyId}, true), set_config('app.session', '', true)`,
    );
  },
  show: withAccounts,
  // Posting locks each account until this transaction commits: taken in one order (as
  // ledger_post and a transfer take theirs), two runners' batches sharing accounts cannot
  // each hold one and wait for the other's. An account's credits go before its debits, so a
  // debit due is refused only when the money due into it does not cover it.
  order: (due) =>
    due.sort(
      (a, b) =>
        a.accountId.localeCompare(b.accountId) ||
        Number(a.type === 'debit') - Number(b.type === 'debit'),
    ),
  failedMessage: 'a recurring payment failed; the others went on',
};

/** A debit held back because a credit due into its account failed earlier in the run. */
class CreditFailedFirst extends Error {
  constructor() {
    super('a credit due into the account failed in this run; the debit waits for the next run');
  }
}

/**
 * The job: handles every due day of every template, up to `today`, at most `limit` days in
 * this run. Returns how many payments it posted and how many days it skipped.
 */
export function runDueRecurringPayments(
  db: Db,
  today: string = engine.defaultToday(),
  options: DueRunOptions = {},
): Promise<{ posted: number; skipped: number }> {
  const creditFailed = new Set<string>();
  return engine.runDueTemplates(db, recurringPayment, today, options, {
    // A credit due into this account failed in this run: its debits wait for the next run
    // with it, rather than be refused for the money that credit would have brought.
    hold: (t) => {
      if (t.type === 'debit' && creditFailed.has(t.accountId)) throw new CreditFailedFirst();
    },
    failed: (t) => {
      if (t.type === 'credit') creditFailed.add(t.accountId);
    },
  });
}

const sortColumns = engine.templateSorts(recurringPayments, 'remark', recurringPayments.remark);

/** The templates of the companies the caller reads (a company its own, an admin its companies'). */
export async function listRecurringPayments(db: DbOrTx, caller: Caller, q: RecurringPaymentQuery) {
  assertRole(caller, 'admin', 'company');
  const where = and(
    companyScope(recurringPayments.companyId, caller, q.companyId),
    q.search ? containsAnyCase(recurringPayments.remarkLower, q.search) : undefined,
    q.accountId ? eq(recurringPayments.accountId, q.accountId) : undefined,
    q.id ? eq(recurringPayments.id, q.id) : undefined,
  );
  const page = await engine.listTemplates(db, recurringPayment, where, q, sortColumns);
  // An admin reads each account by the last four digits of its number, as everywhere.
  for (const t of page.data) t.account.account_no = accountNoFor(caller, t.account.account_no);
  return page;
}

/** Creates a template; the days already due (from a past start date) are handled at once. */
export async function createRecurringPayment(
  db: DbOrTx,
  caller: Caller,
  input: RecurringPaymentInput,
  today: string,
) {
  assertCompany(caller);
  return engine.createTemplate(db, caller, recurringPayment, input, today, async (tx) => {
    await openAccount(tx, caller, input.accountId);
    const { paymentType, ...rest } = input;
    return { ...rest, type: paymentType, companyId: caller.userId };
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
  const { paymentType, ...rest } = changes;
  return engine.updateTemplate(
    db,
    caller,
    recurringPayment,
    id,
    version,
    { ...rest, type: paymentType },
    today,
    async (tx, current, sent) => {
      if (sent.accountId !== undefined && sent.accountId !== current.accountId)
        await openAccount(tx, caller, sent.accountId);
    },
  );
}

/** Deletes a template; the payments it posted stay. */
export async function deleteRecurringPayment(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  await engine.deleteTemplate(db, caller, recurringPayment, id);
}

/** Pauses a template at `version`: nothing is posted until it is resumed. */
export async function pauseRecurringPayment(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
) {
  assertCompany(caller);
  return engine.pauseTemplate(db, caller, recurringPayment, id, version);
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
  return engine.resumeTemplate(db, caller, recurringPayment, id, version, today);
}
