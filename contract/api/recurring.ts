import { z } from 'zod';
import { RECURRING_SCHEDULES } from '../enums';
import { scheduleDayProblem } from '../schedule';
import type { Endpoint } from './endpoint';
import {
  Message,
  PageQuery,
  calendarDate,
  categoryName,
  id,
  pageMeta,
  rupeesInput,
  text,
  version,
} from './fields';

/**
 * Recurring expenses: a template (rent, a salary, an EMI) with a schedule, from which the
 * server records the expense on each of its days, once, whichever app server gets there.
 */

/** The columns a list of recurring expenses may be sorted by. */
export const RECURRING_SORTS = ['nextDate', 'description', 'amount', 'createdAt'] as const;
export type RecurringSort = (typeof RECURRING_SORTS)[number];

const schedule = z.enum(RECURRING_SCHEDULES, { error: 'must be one of monthly, weekly' });
const day = z
  .number({ error: (issue) => (issue.input == null ? 'is required' : 'must be a number') })
  .int('must be a whole number')
  .min(0, 'must be from 1 to 31 (monthly) or 0 to 6 (weekly)')
  .max(31, 'must be from 1 to 31 (monthly) or 0 to 6 (weekly)')
  .meta({
    description:
      "Monthly: the day of the month, 1 to 31 (in a shorter month, its last day). Weekly: the weekday, 0 (Sunday) to 6 (Saturday). A day that is not one of the schedule's is a 400.",
  });

/** A schedule and its day, as a recurring payment's template takes them too. */
export const scheduleFields = { schedule, day };

export const RecurringExpense = z.object({
  _id: z.string(),
  description: z.string(),
  amount: z.number(),
  category: z.string(),
  schedule: z.enum(RECURRING_SCHEDULES),
  day: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The day the next expense will be recorded; null when the end date has passed. */
  nextDate: z.string().nullable(),
  /** The day of the last expense recorded from it; null before the first. */
  lastDate: z.string().nullable(),
  paused: z.boolean(),
  createdAt: z.string(),
  version: z.number(),
});

const fields = {
  description: text(500),
  amount: rupeesInput,
  category: categoryName,
  schedule,
  day,
  startDate: calendarDate.meta({
    description:
      'The first day it may be recorded (YYYY-MM-DD), at most a year before today; days already past are recorded at once',
  }),
  endDate: calendarDate.nullable().meta({
    description: 'The last day it may be recorded, on or after startDate; null: no end',
  }),
};

/** What a form sends: the amount in rupees, handed on as paise. */
export const RecurringFields = z
  .object({ ...fields, endDate: fields.endDate.optional() })
  .superRefine((v, ctx) => {
    const problem = scheduleDayProblem(v.schedule, v.day);
    if (problem) ctx.addIssue({ code: 'custom', path: ['day'], message: problem });
    if (v.endDate && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be on or after startDate' });
  });

/** Changes only the fields sent (`endDate: null` removes the end). */
export const RecurringUpdate = z
  .object(fields)
  .partial()
  .extend({ _id: id, version })
  .superRefine((v, ctx) => {
    const problem =
      v.schedule !== undefined && v.day !== undefined
        ? scheduleDayProblem(v.schedule, v.day)
        : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['day'], message: problem });
    if (v.endDate && v.startDate && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be on or after startDate' });
  });

export const RecurringDelete = z.object({ id });
/** Pause or resume: the template as read at `version`. */
export const RecurringToggle = z.object({ id, version });

export const RecurringAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  data: RecurringExpense,
  /** How many expenses the call recorded at once (days already due). */
  created: z.number(),
});

export const RecurringListQuery = PageQuery.extend({
  sort: z.enum(RECURRING_SORTS).default('nextDate'),
  /** Only this template (a form reloading it), when it is the caller's. */
  id: id.optional(),
});

export const RecurringList = z.object({
  success: z.boolean(),
  data: z.array(RecurringExpense),
  ...pageMeta,
});

export const recurringEndpoints = {
  listRecurring: {
    method: 'GET',
    path: '/expense/getrecurring',
    query: RecurringListQuery,
    answer: RecurringList,
  },
  addRecurring: {
    method: 'POST',
    path: '/expense/addrecurring',
    body: RecurringFields,
    status: 201,
    answer: RecurringAnswer,
  },
  updateRecurring: {
    method: 'POST',
    path: '/expense/updaterecurring',
    body: RecurringUpdate,
    answer: RecurringAnswer,
  },
  deleteRecurring: {
    method: 'POST',
    path: '/expense/deleterecurring',
    body: RecurringDelete,
    answer: Message,
  },
  pauseRecurring: {
    method: 'POST',
    path: '/expense/pauserecurring',
    body: RecurringToggle,
    answer: RecurringAnswer,
  },
  resumeRecurring: {
    method: 'POST',
    path: '/expense/resumerecurring',
    body: RecurringToggle,
    answer: RecurringAnswer,
  },
} as const satisfies Record<string, Endpoint>;
