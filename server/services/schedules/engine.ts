import { and, asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '../../../contract/headers';
import type { RecurringSchedule } from '../../../contract/enums';
import {
  addDays,
  addMonths,
  firstOnOrAfter,
  nextAfter,
  scheduleDayProblem,
} from '../../../contract/schedule';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { pageAnswer, paged, rowCount, sortOrder, type PageRequest } from '../../db/paging';
import type { Caller } from '../../lib/caller';
import { badRequest, notFound } from '../../lib/errors';
import { canonicalTimeZone, dayIn } from '../../lib/timeZone';
import { withAudit } from '../audit';
import { ignore, noneOf, runDue, type DueRunOptions, type Tally } from '../dueTemplates';
import { atVersion, nextVersion, staleRecord, whyNotUpdated } from '../versions';

/**
 * The one engine of every recurring entry (an expense, a bank payment): a template with a
 * schedule, whose `next_date` is its next day due. The engine owns the calendar (the next
 * day, the end date, the bounds of catching up), the job (claims due templates with FOR
 * UPDATE SKIP LOCKED and makes every day due up to today in the transaction that moves
 * `next_date` past them, so each day is made once whichever app server claims it), the
 * shared validation, and create, edit, pause, resume and delete. A kind of recurring entry is
 * a `ScheduleKind`: its table, its owner column, and what one day makes.
 */

/** The most days one template gets in one claim (a year of weeks fits). */
const PER_TEMPLATE = 60;
/** Templates one transaction claims. */
const BATCH = 10;
/** The most days one run makes: a run never runs away, the next one goes on. */
export const MAX_PER_RUN = 1000;

/** The schedule of a template, as every kind has it. */
export interface Schedule {
  schedule: RecurringSchedule;
  day: number;
  startDate: string;
  endDate: string | null;
}

/** A template's row as the engine reads it (each kind's table has these columns). */
export interface Template extends Schedule {
  id: string;
  nextDate: string | null;
  lastDate: string | null;
  paused: boolean;
  version: number;
}

/** A templates' table: the columns the engine writes and the owner it scopes by. */
export type ScheduleTable = PgTable & {
  id: PgColumn;
  paused: PgColumn;
  nextDate: PgColumn;
  lastDate: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

/** What a kind makes of its days: counts by kind, and columns of the template to set. */
export interface Made<K extends string> {
  tally: Tally<K>;
  set?: Record<string, unknown>;
}

export interface ScheduleKind<Row extends Template, K extends string, Shown = unknown> {
  /** Its name in a "not found" answer ("Recurring expense"). */
  what: string;
  table: ScheduleTable;
  /** The column holding the caller's id: another's template is simply not found. */
  owner: PgColumn;
  /** What making days counts (an expense: created; a payment: posted and skipped). */
  kinds: readonly K[];
  /** Makes `days` of `t` (each once, in order), in the transaction that holds it locked. */
  make: (tx: Tx, t: Row, days: readonly string[]) => Promise<Made<K>>;
  /** Names the template's owner the actor of what the job makes (its audit trail shows it). */
  actAs: (tx: Tx, t: Row) => Promise<void>;
  /** A template as the API shows it. */
  show: (db: DbOrTx, rows: Row[]) => Promise<Shown[]>;
  /** The order a claimed batch is handled in (default: by next date). */
  order?: (due: Row[]) => Row[];
  /** The job's log line for a template that failed. */
  failedMessage: string;
}

/** The calendar day now in the app's default time zone: the job's "today". */
export function defaultToday(zone: string = DEFAULT_TIME_ZONE): string {
  return dayIn(canonicalTimeZone(zone) ?? 'UTC');
}

/**
 * The next day due of a schedule starting on or after `from` (and the start date), or null
 * when that is past the end date.
 */
export function nextDue(t: Schedule, from: string): string | null {
  const next = firstOnOrAfter(t.schedule, t.day, from > t.startDate ? from : t.startDate);
  return t.endDate && next > t.endDate ? null : next;
}

/** A start date may be at most a year before the caller's today (a typo would make years). */
export function checkStart(startDate: string, today: string) {
  if (startDate < addMonths(today, -12))
    throw badRequest('startDate must be at most a year before today', { field: 'startDate' });
}

/** Whether a template has a day due by `today`. */
export const isDue = (t: { paused: boolean; nextDate: string | null }, today: string) =>
  !t.paused && t.nextDate !== null && t.nextDate <= today;

/**
 * The days of `t` due up to `today` (at most `cap`, none past the end date) and the next
 * date after them (null past the end date): what catching up makes.
 */
export function dueDays(t: Template, today: string, cap = PER_TEMPLATE) {
  const days: string[] = [];
  let next = t.nextDate;
  while (next && next <= today && (!t.endDate || next <= t.endDate) && days.length < cap) {
    days.push(next);
    next = nextAfter(t.schedule, t.day, next);
  }
  if (next && t.endDate && next > t.endDate) next = null;
  return { days, next };
}

const zero = <K extends string>(kinds: readonly K[]) =>
  Object.fromEntries(kinds.map((k) => [k, 0])) as Tally<K>;

/** The caller's template `id`: another's is simply not found. */
const own = (kind: { table: ScheduleTable; owner: PgColumn }, caller: Caller, id: string) =>
  and(eq(kind.owner, caller.userId), eq(kind.table.id, id));

/**
 * Makes the days of `t` due up to `today` (at most `cap`) and moves its next date past them.
 * The template must be locked by the caller's transaction.
 */
async function makeDue<Row extends Template, K extends string, Shown>(
  tx: Tx,
  kind: ScheduleKind<Row, K, Shown>,
  t: Row,
  today: string,
  cap = PER_TEMPLATE,
) {
  const { days, next } = dueDays(t, today, cap);
  const made = days.length ? await kind.make(tx, t, days) : { tally: zero(kind.kinds) };
  const [row] = await tx
    .update(kind.table)
    .set({ nextDate: next, lastDate: days.at(-1) ?? t.lastDate, ...made.set })
    .where(eq(kind.table.id, t.id))
    .returning();
  return { row: row as Row, tally: made.tally };
}

/** The answer of a call that wrote `t`: it as shown, and what it made of the days due. */
async function answer<Row extends Template, K extends string, Shown>(
  tx: Tx,
  kind: ScheduleKind<Row, K, Shown>,
  t: Row,
  today: string | null,
) {
  const done =
    today !== null && isDue(t, today)
      ? await makeDue(tx, kind, t, today)
      : { row: t, tally: zero(kind.kinds) };
  const [data] = await kind.show(tx, [done.row]);
  return { data: data!, ...done.tally };
}

/**
 * The job of one kind: makes every due day of every template, up to `today` (the app's
 * default time zone's), at most `limit` days in this run. Safe to run on several app servers
 * at once and any number of times. `hold` may refuse a template for this run (it throws);
 * `failed` hears of each that failed.
 */
export function runDueTemplates<Row extends Template, K extends string, Shown>(
  db: Db,
  kind: ScheduleKind<Row, K, Shown>,
  today: string,
  { limit = MAX_PER_RUN, warn = ignore }: DueRunOptions = {},
  run: { hold?: (t: Row) => void; failed?: (t: Row) => void } = {},
): Promise<Tally<K>> {
  const { table } = kind;
  return runDue(db, {
    kinds: kind.kinds,
    limit,
    claim: async (tx, skip) => {
      const due = (await tx
        .select()
        .from(table)
        // `paused = false` as written in the due index's predicate (a bound false would not
        // match it in a reused plan).
        .where(
          and(sql`${table.paused} = false`, lte(table.nextDate, today), noneOf(table.id, skip)),
        )
        .orderBy(asc(table.nextDate), asc(table.id))
        .limit(BATCH)
        .for('update', { skipLocked: true })) as Row[];
      return kind.order ? kind.order(due) : due;
    },
    handle: async (tx, t, room) => {
      run.hold?.(t);
      await kind.actAs(tx, t);
      return (await makeDue(tx, kind, t, today, Math.min(PER_TEMPLATE, room))).tally;
    },
    failed: (t, err) => {
      run.failed?.(t);
      warn({ err, templateId: t.id }, kind.failedMessage);
    },
  });
}

/**
 * The columns a list of templates sorts by: its next date, amount and creation, as every kind
 * has them, and the kind's own text (`text`, case-blind) by the name `name`.
 */
export const templateSorts = <N extends string>(
  table: { nextDate: PgColumn; amountPaise: PgColumn; createdAt: PgColumn },
  name: N,
  text: PgColumn,
) =>
  ({
    nextDate: table.nextDate,
    [name]: sql`lower(${text})`,
    amount: table.amountPaise,
    createdAt: table.createdAt,
  }) as Record<'nextDate' | 'amount' | 'createdAt' | N, PgColumn | SQL>;

/** One page of templates matching `where`, sorted by one of `sorts`, as the API shows them. */
export async function listTemplates<
  Row extends Template,
  K extends string,
  Shown,
  S extends string,
>(
  db: DbOrTx,
  kind: ScheduleKind<Row, K, Shown>,
  where: SQL | undefined,
  q: PageRequest & { sort: S; order: 'asc' | 'desc' },
  sorts: Record<S, PgColumn | SQL>,
) {
  const { table } = kind;
  const [rows, [summary]] = await Promise.all([
    paged(db.select().from(table).where(where).$dynamic(), q, sortOrder(q, sorts, table.id)),
    db.select({ total: rowCount() }).from(table).where(where),
  ]);
  return pageAnswer(q, await kind.show(db, rows as Row[]), summary?.total);
}

/** Creates a template of `values`; the days already due (a past start date) are made at once. */
export async function createTemplate<Row extends Template, K extends string, Shown>(
  db: DbOrTx,
  caller: Caller,
  kind: ScheduleKind<Row, K, Shown>,
  input: Omit<Schedule, 'endDate'> & { endDate?: string | null },
  today: string,
  values: (tx: Tx) => Promise<Record<string, unknown>>,
) {
  checkStart(input.startDate, today);
  const endDate = input.endDate ?? null;
  const nextDate = nextDue({ ...input, endDate }, input.startDate);
  return withAudit(db, caller, async (tx) => {
    const [row] = await tx
      .insert(kind.table)
      .values({ ...(await values(tx)), endDate, nextDate })
      .returning();
    return answer(tx, kind, row as unknown as Row, today);
  });
}

/**
 * Locks the caller's template `id` as read at `version`, writes what `change` makes of it as a
 * new version, and answers as `answer` (the days then due made at once).
 */
async function rewrite<Row extends Template, K extends string, Shown>(
  db: DbOrTx,
  caller: Caller,
  kind: ScheduleKind<Row, K, Shown>,
  at: { id: string; version: number; today: string },
  change: (tx: Tx, current: Row) => Promise<Record<string, unknown>> | Record<string, unknown>,
) {
  const { table } = kind;
  return withAudit(db, caller, async (tx) => {
    const [current] = (await tx
      .select()
      .from(table)
      .where(own(kind, caller, at.id))
      .for('update')) as Row[];
    if (!current) throw notFound(kind.what);
    if (current.version !== at.version) throw staleRecord();
    const [row] = await tx
      .update(table)
      .set({ ...(await change(tx, current)), version: nextVersion(table), updatedAt: sql`now()` })
      .where(eq(table.id, current.id))
      .returning();
    return answer(tx, kind, row as Row, at.today);
  });
}

/**
 * Changes the columns sent (`changes`, undefined ones left out) of a template at `version`,
 * after `check` has seen them. A new schedule, day or date range sets the next day to the
 * first of the new schedule after the last day made (and from the start date); days of it
 * already due are made at once.
 */
export async function updateTemplate<Row extends Template, K extends string, Shown>(
  db: DbOrTx,
  caller: Caller,
  kind: ScheduleKind<Row, K, Shown>,
  id: string,
  version: number,
  changes: Record<string, unknown>,
  today: string,
  check?: (tx: Tx, current: Row, sent: Partial<Row>) => Promise<void>,
) {
  return rewrite(db, caller, kind, { id, version, today }, async (tx, current) => {
    const sent = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as Partial<Row>;
    await check?.(tx, current, sent);
    const merged: Row = {
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
    return { ...sent, endDate: merged.endDate, nextDate };
  });
}

/** Deletes the caller's template `id`; what it made stays. */
export async function deleteTemplate<Row extends Template, K extends string, Shown>(
  db: DbOrTx,
  caller: Caller,
  kind: ScheduleKind<Row, K, Shown>,
  id: string,
) {
  const { table } = kind;
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .delete(table)
      .where(own(kind, caller, id))
      .returning({ id: table.id }),
  );
  if (!row) throw notFound(kind.what);
}

/** Pauses a template at `version`: nothing is made until it is resumed. */
export async function pauseTemplate<Row extends Template, K extends string, Shown>(
  db: DbOrTx,
  caller: Caller,
  kind: ScheduleKind<Row, K, Shown>,
  id: string,
  version: number,
) {
  const { table } = kind;
  const mine = own(kind, caller, id);
  return withAudit(db, caller, async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ paused: true, version: nextVersion(table), updatedAt: sql`now()` })
      .where(atVersion(table, mine, version))
      .returning();
    if (!row) throw await whyNotUpdated(tx, table, mine, kind.what);
    return answer(tx, kind, row as Row, null);
  });
}

/**
 * Resumes a template at `version`. The days that passed while it was paused are skipped: the
 * next day is the first from today (today's is made at once).
 */
export async function resumeTemplate<Row extends Template, K extends string, Shown>(
  db: DbOrTx,
  caller: Caller,
  kind: ScheduleKind<Row, K, Shown>,
  id: string,
  version: number,
  today: string,
) {
  return rewrite(db, caller, kind, { id, version, today }, (_tx, current) => {
    const after = current.lastDate ? addDays(current.lastDate, 1) : current.startDate;
    const nextDate = current.paused
      ? nextDue(current, after > today ? after : today)
      : current.nextDate;
    return { paused: false, nextDate };
  });
}
