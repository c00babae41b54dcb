import { and, asc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { RecurringSort } from '../../contract/api/recurring';
import { DEFAULT_TIME_ZONE } from '../../contract/headers';
import type { RecurringSchedule } from '../../contract/enums';
import { paiseToRupees } from '../../contract/rules';
import {
  addDays,
  addMonths,
  firstOnOrAfter,
  nextAfter,
  scheduleDayProblem,
} from '../../contract/schedule';
import type { Db, DbOrTx, Tx } from '../db/client';
import { pageAnswer, paged, rowCount, sortOrder } from '../db/paging';
import { expenses, recurringExpenses, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { badRequest, notFound } from '../lib/errors';
import { likePattern } from '../lib/schemas';
import { canonicalTimeZone, dayIn } from '../lib/timeZone';
import { nameActor, withAudit } from './audit';
import { atVersion, nextVersion, staleRecord, whyNotUpdated } from './versions';
import { categoryLookup, ownCategory } from './categories';
import { ignore, noneOf, runDue, type DueRunOptions } from './dueTemplates';

/**
 * Recurring expenses: each user's own templates, and the job that records their expenses.
 *
 * A template's `next_date` is the day its next expense is due. The job claims due templates
 * (`next_date` up to today, not paused) with FOR UPDATE SKIP LOCKED, inserts the expense of
 * every day due (each dated its own day, up to today and the end date) and moves `next_date`
 * past them, all in one transaction: a day is recorded once, by whichever runner claimed
 * the template; another runner skips it, and once it commits no longer finds it due. The
 * expenses go in through the same table, so the monthly totals, the audit trail and the live
 * updates follow as for any other expense. Days already due when a template is created,
 * changed or resumed are recorded by that call at once.
 */

/** The most expenses one template gets in one claim (a year of weeks fits). */
const PER_TEMPLATE = 60;
/** Templates one transaction claims. */
const BATCH = 10;
/** The most expenses one run records: a run never runs away, the next one goes on. */
export const MAX_PER_RUN = 1000;

const WHAT = 'Recurring expense';

export interface RecurringInput {
  description: string;
  amountPaise: number;
  /** One of the owner's categories, in any case. */
  category: string;
  schedule: RecurringSchedule;
  day: number;
  startDate: string;
  endDate?: string | null;
}

export interface RecurringQuery {
  search?: string;
  id?: string;
  page: number;
  pageSize: number;
  sort: RecurringSort;
  order: 'asc' | 'desc';
}

type Row = typeof recurringExpenses.$inferSelect;

const toApi = (row: Row) => ({
  _id: row.id,
  description: row.description,
  amount: paiseToRupees(row.amountPaise),
  category: row.category,
  schedule: row.schedule,
  day: row.day,
  startDate: row.startDate,
  endDate: row.endDate,
  nextDate: row.nextDate,
  lastDate: row.lastDate,
  paused: row.paused,
  createdAt: toIso(row.createdAt),
  version: row.version,
});

/** The calendar day now in the app's default time zone: the job's "today". */
export function defaultToday(zone: string = DEFAULT_TIME_ZONE): string {
  return dayIn(canonicalTimeZone(zone) ?? 'UTC');
}

/** Ownership is part of every where clause: another user's template is simply not found. */
const own = (caller: Caller, extra?: SQL) =>
  and(eq(recurringExpenses.userId, caller.userId), extra);

/**
 * The next day due of a schedule starting on or after `from` (and the start date), or null
 * when that is past the end date.
 */
export function nextDue(
  t: { schedule: RecurringSchedule; day: number; startDate: string; endDate: string | null },
  from: string,
): string | null {
  const next = firstOnOrAfter(t.schedule, t.day, from > t.startDate ? from : t.startDate);
  return t.endDate && next > t.endDate ? null : next;
}

/** A start date may be at most a year before the caller's today (a typo would record years). */
export function checkStart(startDate: string, today: string) {
  if (startDate < addMonths(today, -12))
    throw badRequest('startDate must be at most a year before today', { field: 'startDate' });
}

/**
 * Records the expenses of `t` due up to `today` (at most `cap`), each on its own day, and
 * moves its next date past them. The template must be locked by the caller's transaction.
 * Returns the template as it now is and how many expenses were recorded.
 */
async function recordDue(tx: Tx, t: Row, today: string, cap = PER_TEMPLATE) {
  const days: string[] = [];
  let next = t.nextDate;
  while (next && next <= today && (!t.endDate || next <= t.endDate) && days.length < cap) {
    days.push(next);
    next = nextAfter(t.schedule, t.day, next);
  }
  if (next && t.endDate && next > t.endDate) next = null;
  if (days.length)
    await tx.insert(expenses).values(
      days.map((date) => ({
        userId: t.userId,
        date,
        description: t.description,
        amountPaise: t.amountPaise,
        category: t.category,
      })),
    );
  const [row] = await tx
    .update(recurringExpenses)
    .set({ nextDate: next, lastDate: days.at(-1) ?? t.lastDate })
    .where(eq(recurringExpenses.id, t.id))
    .returning();
  return { row: row!, created: days.length };
}

/** Whether a template has a day due by `today`. */
export const isDue = (t: { paused: boolean; nextDate: string | null }, today: string) =>
  !t.paused && t.nextDate !== null && t.nextDate <= today;

/**
 * The job: records every due day of every template, up to `today` (the app's default time
 * zone's), at most `limit` expenses in this run. Safe to run on several app servers at once
 * and any number of times. Returns how many expenses it recorded.
 */
export async function runDueRecurring(
  db: Db,
  today: string = defaultToday(),
  { limit = MAX_PER_RUN, warn = ignore }: DueRunOptions = {},
): Promise<number> {
  const { created } = await runDue(db, {
    kinds: ['created'],
    limit,
    claim: (tx, skip) =>
      tx
        .select({ t: recurringExpenses, role: users.role, companyId: users.companyId })
        .from(recurringExpenses)
        .innerJoin(users, eq(users.id, recurringExpenses.userId))
        // `paused = false` as written in the due index's predicate (a bound false would not
        // match it in a reused plan).
        .where(
          and(
            sql`${recurringExpenses.paused} = false`,
            lte(recurringExpenses.nextDate, today),
            noneOf(recurringExpenses.id, skip),
          ),
        )
        .orderBy(asc(recurringExpenses.nextDate), asc(recurringExpenses.id))
        .limit(BATCH)
        .for('update', { of: recurringExpenses, skipLocked: true })
        .then((rows) => rows.map((r) => ({ ...r, id: r.t.id }))),
    handle: async (tx, { t, role, companyId }, room) => {
      // The owner is the actor of what its template records (its audit trail shows it); no
      // session is spared the live update.
      await tx.execute(
        sql`select ${nameActor({ userId: t.userId, role, companyId, sessionId: '', pending: null })}`,
      );
      return { created: (await recordDue(tx, t, today, Math.min(PER_TEMPLATE, room))).created };
    },
    failed: ({ t }, err) =>
      warn({ err, templateId: t.id }, 'a recurring expense failed; the others went on'),
  });
  return created;
}

const sortColumns = {
  nextDate: recurringExpenses.nextDate,
  description: sql`lower(${recurringExpenses.description})`,
  amount: recurringExpenses.amountPaise,
  createdAt: recurringExpenses.createdAt,
};

export async function listRecurring(db: DbOrTx, caller: Caller, q: RecurringQuery) {
  const term = q.search?.toLowerCase();
  const categories = term
    ? (await categoryLookup(db, caller.userId)).names.filter((c) => c.toLowerCase().includes(term))
    : [];
  const where = own(
    caller,
    and(
      q.search
        ? or(
            ilike(recurringExpenses.description, likePattern(q.search)),
            categories.length ? inArray(recurringExpenses.category, categories) : undefined,
          )
        : undefined,
      q.id ? eq(recurringExpenses.id, q.id) : undefined,
    ),
  );
  const [rows, [summary]] = await Promise.all([
    paged(
      db.select().from(recurringExpenses).where(where).$dynamic(),
      q,
      sortOrder(q, sortColumns, recurringExpenses.id),
    ),
    db.select({ total: rowCount() }).from(recurringExpenses).where(where),
  ]);
  return pageAnswer(q, rows.map(toApi), summary?.total);
}

/** Creates a template; the days already due (from a past start date) are recorded at once. */
export async function createRecurring(
  db: DbOrTx,
  caller: Caller,
  input: RecurringInput,
  today: string,
) {
  checkStart(input.startDate, today);
  const endDate = input.endDate ?? null;
  const nextDate = nextDue({ ...input, endDate }, input.startDate);
  const category = await ownCategory(db, caller.userId, input.category);
  return withAudit(db, caller, async (tx) => {
    const [row] = await tx
      .insert(recurringExpenses)
      .values({ userId: caller.userId, ...input, category, endDate, nextDate })
      .returning();
    const done = isDue(row!, today) ? await recordDue(tx, row!, today) : { row: row!, created: 0 };
    return { data: toApi(done.row), created: done.created };
  });
}

/**
 * Changes the fields sent of a template at `version`. A new schedule, day or date range
 * sets the next day to the first of the new schedule after the last expense recorded (and
 * from the start date); days of it already due are recorded at once.
 */
export async function updateRecurring(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  changes: Partial<RecurringInput>,
  today: string,
) {
  const category =
    changes.category === undefined
      ? undefined
      : await ownCategory(db, caller.userId, changes.category);
  return withAudit(db, caller, async (tx) => {
    const mine = own(caller, eq(recurringExpenses.id, id));
    const [current] = await tx.select().from(recurringExpenses).where(mine).for('update');
    if (!current) throw notFound(WHAT);
    if (current.version !== version) throw staleRecord();
    const sent = Object.fromEntries(
      Object.entries({ ...changes, category }).filter(([, value]) => value !== undefined),
    ) as Partial<RecurringInput>;
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
      .update(recurringExpenses)
      .set({
        ...sent,
        endDate: merged.endDate,
        nextDate,
        version: nextVersion(recurringExpenses),
        updatedAt: sql`now()`,
      })
      .where(eq(recurringExpenses.id, current.id))
      .returning();
    const done = isDue(row!, today) ? await recordDue(tx, row!, today) : { row: row!, created: 0 };
    return { data: toApi(done.row), created: done.created };
  });
}

/** Deletes a template; the expenses it recorded stay. */
export async function deleteRecurring(db: DbOrTx, caller: Caller, id: string) {
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .delete(recurringExpenses)
      .where(own(caller, eq(recurringExpenses.id, id)))
      .returning({ id: recurringExpenses.id }),
  );
  if (!row) throw notFound(WHAT);
}

/** Pauses a template at `version`: nothing is recorded until it is resumed. */
export async function pauseRecurring(db: DbOrTx, caller: Caller, id: string, version: number) {
  const mine = own(caller, eq(recurringExpenses.id, id));
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .update(recurringExpenses)
      .set({ paused: true, version: nextVersion(recurringExpenses), updatedAt: sql`now()` })
      .where(atVersion(recurringExpenses, mine, version))
      .returning(),
  );
  if (!row) throw await whyNotUpdated(db, recurringExpenses, mine, WHAT);
  return { data: toApi(row), created: 0 };
}

/**
 * Resumes a template at `version`. The days that passed while it was paused are skipped: the
 * next day is the first from today (today's is recorded at once).
 */
export async function resumeRecurring(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  today: string,
) {
  return withAudit(db, caller, async (tx) => {
    const mine = own(caller, eq(recurringExpenses.id, id));
    const [current] = await tx.select().from(recurringExpenses).where(mine).for('update');
    if (!current) throw notFound(WHAT);
    if (current.version !== version) throw staleRecord();
    const after = current.lastDate ? addDays(current.lastDate, 1) : current.startDate;
    const nextDate = current.paused
      ? nextDue(current, after > today ? after : today)
      : current.nextDate;
    const [row] = await tx
      .update(recurringExpenses)
      .set({
        paused: false,
        nextDate,
        version: nextVersion(recurringExpenses),
        updatedAt: sql`now()`,
      })
      .where(eq(recurringExpenses.id, current.id))
      .returning();
    const done = isDue(row!, today) ? await recordDue(tx, row!, today) : { row: row!, created: 0 };
    return { data: toApi(done.row), created: done.created };
  });
}
