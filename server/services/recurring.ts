import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { RecurringSort } from '../../contract/api/recurring';
import type { RecurringSchedule } from '../../contract/enums';
import { paiseToRupees } from '../../contract/rules';
import type { Db, DbOrTx } from '../db/client';
import { expenses, recurringExpenses, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { containsAnyCase } from '../db/search';
import { nameActor } from './audit';
import { categoryLookup, ownCategory } from './categories';
import type { DueRunOptions } from './dueTemplates';
import * as engine from './schedules/engine';
import type { ScheduleKind } from './schedules/engine';

export { checkStart, defaultToday, isDue, MAX_PER_RUN, nextDue } from './schedules/engine';

/**
 * Recurring expenses: each user's own templates, and the job that records their expenses —
 * one kind of the schedules engine (schedules/engine.ts), whose day makes one expense. The
 * expenses go in through the same table, so the monthly totals, the audit trail and the live
 * updates follow as for any other expense. Days already due when a template is created,
 * changed or resumed are recorded by that call at once.
 */

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

/** A recurring expense's day makes one expense, dated that day. */
const recurringExpense: ScheduleKind<Row, 'created', ReturnType<typeof toApi>> = {
  what: 'Recurring expense',
  table: recurringExpenses,
  owner: recurringExpenses.userId,
  kinds: ['created'],
  make: async (tx, t, days) => {
    await tx.insert(expenses).values(
      days.map((date) => ({
        userId: t.userId,
        date,
        description: t.description,
        amountPaise: t.amountPaise,
        category: t.category,
      })),
    );
    return { tally: { created: days.length } };
  },
  actAs: async (tx, t) => {
    // No session is spared the live update.
    const [owner] = await tx
      .select({ role: users.role, companyId: users.companyId })
      .from(users)
      .where(eq(users.id, t.userId));
    await tx.execute(
      sql`select ${nameActor({ userId: t.userId, role: owner!.role, companyId: owner!.companyId, sessionId: '', pending: null })}`,
    );
  },
  show: async (_db, rows) => rows.map(toApi),
  failedMessage: 'a recurring expense failed; the others went on',
};

/**
 * The job: records every due day of every template, up to `today`, at most `limit` expenses
 * in this run. Returns how many expenses it recorded.
 */
export async function runDueRecurring(
  db: Db,
  today: string = engine.defaultToday(),
  options: DueRunOptions = {},
): Promise<number> {
  return (await engine.runDueTemplates(db, recurringExpense, today, options)).created;
}

const sortColumns = engine.templateSorts(
  recurringExpenses,
  'description',
  recurringExpenses.description,
);

export async function listRecurring(db: DbOrTx, caller: Caller, q: RecurringQuery) {
  const term = q.search?.toLowerCase();
  const categories = term
    ? (await categoryLookup(db, caller.userId)).names.filter((c) => c.toLowerCase().includes(term))
    : [];
  const where = and(
    eq(recurringExpenses.userId, caller.userId),
    q.search
      ? or(
          containsAnyCase(recurringExpenses.descriptionLower, q.search),
          categories.length ? inArray(recurringExpenses.category, categories) : undefined,
        )
      : undefined,
    q.id ? eq(recurringExpenses.id, q.id) : undefined,
  );
  return engine.listTemplates(db, recurringExpense, where, q, sortColumns);
}

/** Creates a template; the days already due (from a past start date) are recorded at once. */
export async function createRecurring(
  db: DbOrTx,
  caller: Caller,
  input: RecurringInput,
  today: string,
) {
  return engine.createTemplate(db, caller, recurringExpense, input, today, async (tx) => ({
    userId: caller.userId,
    ...input,
    // After the start date's check, as the schedule's fields are checked first.
    category: await ownCategory(tx, caller.userId, input.category),
  }));
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
  const sent = { ...changes, category };
  return engine.updateTemplate(db, caller, recurringExpense, id, version, sent, today);
}

/** Deletes a template; the expenses it recorded stay. */
export const deleteRecurring = (db: DbOrTx, caller: Caller, id: string) =>
  engine.deleteTemplate(db, caller, recurringExpense, id);

/** Pauses a template at `version`: nothing is recorded until it is resumed. */
export const pauseRecurring = (db: DbOrTx, caller: Caller, id: string, version: number) =>
  engine.pauseTemplate(db, caller, recurringExpense, id, version);

/**
 * Resumes a template at `version`. The days that passed while it was paused are skipped: the
 * next day is the first from today (today's is recorded at once).
 */
export const resumeRecurring = (
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  today: string,
) => engine.resumeTemplate(db, caller, recurringExpense, id, version, today);
