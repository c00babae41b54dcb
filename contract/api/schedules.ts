import { z } from 'zod';
import { RECURRING_SCHEDULES } from '../enums';
import { scheduleDayProblem } from '../schedule';
import { Message, PageQuery, calendarDate, id, pageOf, version } from './fields';

/**
 * What every recurring entry's template shares (recurring expenses, recurring payments): its
 * schedule and date range as a form sends them, the checks on them, the fields of its answer,
 * its list query and the pause, resume and delete bodies. Each kind adds its own fields.
 */

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

/** A schedule and its day. */
export const scheduleFields = { schedule, day };

/** What the server does of a day. */
type Made = 'recorded' | 'posted';

/** The schedule, day and date range a form sends. */
const scheduleInput = (made: Made) => ({
  ...scheduleFields,
  startDate: calendarDate.meta({
    description: `The first day it may be ${made} (YYYY-MM-DD), at most a year before today; days already past are ${made} at once`,
  }),
  endDate: calendarDate.nullable().meta({
    description: `The last day it may be ${made}, on or after startDate; null: no end`,
  }),
});

type Dated = { schedule?: (typeof RECURRING_SCHEDULES)[number]; day?: number } & {
  startDate?: string;
  endDate?: string | null;
};

/** The day must be one of the schedule's and the end on or after the start (when both are sent). */
function checkSchedule(v: Dated, ctx: z.RefinementCtx) {
  const problem =
    v.schedule !== undefined && v.day !== undefined
      ? scheduleDayProblem(v.schedule, v.day)
      : undefined;
  if (problem) ctx.addIssue({ code: 'custom', path: ['day'], message: problem });
  if (v.endDate && v.startDate && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be on or after startDate' });
}

/** What a form sends to add a template: its own fields, then the schedule (no end: left out). */
function templateFields<S extends z.ZodRawShape>(own: S, made: Made) {
  const schedule = scheduleInput(made);
  return z
    .object({ ...own, ...schedule, endDate: schedule.endDate.optional() })
    .superRefine((v, ctx) => checkSchedule(v as Dated, ctx));
}

/** Changes only the fields sent (`endDate: null` removes the end). */
const templateUpdate = <S extends z.ZodRawShape>(own: S, made: Made) =>
  z
    .object({ ...own, ...scheduleInput(made) })
    .partial()
    .extend({ _id: id, version })
    .superRefine((v, ctx) => checkSchedule(v as Dated, ctx));

export const TemplateDelete = z.object({ id });
/** Pause or resume: the template as read at `version`. */
export const TemplateToggle = z.object({ id, version });

/** A template's schedule as the API shows it (after its own fields). */
const scheduleShown = {
  schedule: z.enum(RECURRING_SCHEDULES),
  day: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The next day due; null when the end date has passed. */
  nextDate: z.string().nullable(),
  /** The last day made from it; null before the first. */
  lastDate: z.string().nullable(),
};

/** A template's state as the API shows it (its last fields). */
const stateShown = {
  paused: z.boolean(),
  createdAt: z.string(),
  version: z.number(),
};

/**
 * The list query of templates: sorted by one of `sorts` (the next day first by default),
 * narrowed by a kind's own `filters`.
 */
const templateListQuery = <
  S extends readonly ['nextDate', ...string[]],
  F extends z.ZodRawShape = Record<never, never>,
>(
  sorts: S,
  filters?: F,
) =>
  PageQuery.extend({
    sort: z.enum(sorts).default('nextDate'),
    ...(filters as F),
    /** Only this template (a form reloading it), when it is the caller's to read. */
    id: id.optional(),
  });

/** The answer of a call that wrote a template, with what it made of the days already due. */
const templateAnswer = <T extends z.ZodType, C extends z.ZodRawShape>(template: T, counts: C) =>
  z.object({ success: z.boolean(), message: z.string(), data: template, ...counts });

/** A call that writes a template: its body and answer. */
type Write<B, A> = { method: 'POST'; path: string; body: B; answer: A };

/** The six calls of a kind of template, by operation id. */
type TemplateEndpoints<One extends string, Many extends string, Q, L, F, U, A> = Record<
  `list${Many}`,
  { method: 'GET'; path: string; query: Q; answer: L }
> &
  Record<`add${One}`, Write<F, A> & { status: 201 }> &
  Record<`update${One}`, Write<U, A>> &
  Record<`delete${One}`, Write<typeof TemplateDelete, typeof Message>> &
  Record<`${'pause' | 'resume'}${One}`, Write<typeof TemplateToggle, A>>;

/**
 * The calls of a kind of template: `list${many}`, `add${one}`, `update${one}`, `delete${one}`,
 * `pause${one}` and `resume${one}`, reached at `${base}/get${many}`, `${base}/add${one}`, …
 * (the name in lower case).
 */
function templateEndpoints<
  const One extends string,
  const Many extends string,
  Q extends z.ZodType,
  L extends z.ZodType,
  F extends z.ZodType,
  U extends z.ZodType,
  A extends z.ZodType,
>(
  base: string,
  names: { one: One; many: Many },
  schemas: { query: Q; list: L; fields: F; update: U; answer: A },
): TemplateEndpoints<One, Many, Q, L, F, U, A> {
  const path = (verb: string, name: string) => `${base}/${verb}${name.toLowerCase()}`;
  const write = (verb: string, body: z.ZodType) => ({
    method: 'POST' as const,
    path: path(verb, names.one),
    body,
    answer: schemas.answer,
  });
  const list = { method: 'GET', path: path('get', names.many), query: schemas.query };
  return {
    [`list${names.many}`]: { ...list, answer: schemas.list },
    [`add${names.one}`]: { ...write('add', schemas.fields), status: 201 },
    [`update${names.one}`]: write('update', schemas.update),
    [`delete${names.one}`]: { ...write('delete', TemplateDelete), answer: Message },
    [`pause${names.one}`]: write('pause', TemplateToggle),
    [`resume${names.one}`]: write('resume', TemplateToggle),
  } as TemplateEndpoints<One, Many, Q, L, F, U, A>;
}

/**
 * Every schema of a kind of template, from what is its own: the fields it shows after `_id`
 * (`shown`, then `tally` after the schedule), the fields a form sends (`fields`, the amount in
 * rupees), what the server does of a day (`made`), its sorts and list filters, the counts of
 * an answer (what it made of the days already due), and its six calls (templateEndpoints).
 */
export function templateSchemas<
  const One extends string,
  const Many extends string,
  S extends z.ZodRawShape,
  F extends z.ZodRawShape,
  C extends z.ZodRawShape,
  Sorts extends readonly ['nextDate', ...string[]],
  T extends z.ZodRawShape = Record<never, never>,
  Q extends z.ZodRawShape = Record<never, never>,
>(spec: {
  base: string;
  names: { one: One; many: Many };
  made: Made;
  sorts: Sorts;
  shown: S;
  tally?: T;
  fields: F;
  counts: C;
  filters?: Q;
}) {
  const template = z.object({
    _id: z.string(),
    ...spec.shown,
    ...scheduleShown,
    ...(spec.tally as T),
    ...stateShown,
  });
  const schemas = {
    query: templateListQuery(spec.sorts, spec.filters),
    list: pageOf(template),
    fields: templateFields(spec.fields, spec.made),
    update: templateUpdate(spec.fields, spec.made),
    answer: templateAnswer(template, spec.counts),
  };
  return { template, ...schemas, endpoints: templateEndpoints(spec.base, spec.names, schemas) };
}
