import { z } from 'zod';
import { PAYMENT_TYPES, RECURRING_SCHEDULES } from '../enums';
import { scheduleDayProblem } from '../schedule';
import type { Endpoint } from './endpoint';
import {
  Message,
  PageQuery,
  calendarDate,
  id,
  pageMeta,
  rupeesInput,
  text,
  version,
} from './fields';
import { scheduleFields } from './recurring';

/**
 * Recurring payments: a company's credit or debit template on one of its own accounts
 * (salaries, rent, an EMI) with a schedule, from which the server posts the payment on each
 * of its days, once, through the ledger as a typed payment. A day the ledger refuses (the
 * balance would go below zero on some day, the account is closed) is skipped: counted on the
 * template, told to the company in a notification, and not tried again.
 */

/** The columns a list of recurring payments may be sorted by. */
export const RECURRING_PAYMENT_SORTS = ['nextDate', 'remark', 'amount', 'createdAt'] as const;
export type RecurringPaymentSort = (typeof RECURRING_PAYMENT_SORTS)[number];

export const RecurringPayment = z.object({
  _id: z.string(),
  accountId: z.string(),
  /** The account's holder and number, as its list shows them. */
  account: z.object({ holder_name: z.string(), account_no: z.string(), closed: z.boolean() }),
  paymentType: z.enum(PAYMENT_TYPES),
  amount: z.number(),
  remark: z.string(),
  schedule: z.enum(RECURRING_SCHEDULES),
  day: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The day the next payment is due; null when the end date has passed. */
  nextDate: z.string().nullable(),
  /** The last day handled (posted or skipped); null before the first. */
  lastDate: z.string().nullable(),
  /** How many days were skipped (the ledger refused them), and the last of them. */
  skipped: z.number(),
  lastSkippedDate: z.string().nullable(),
  paused: z.boolean(),
  createdAt: z.string(),
  version: z.number(),
});

const fields = {
  accountId: id.meta({ description: "One of the company's open accounts" }),
  paymentType: z.enum(PAYMENT_TYPES, { error: 'must be credit or debit' }),
  amount: rupeesInput,
  remark: text(200),
  ...scheduleFields,
  startDate: calendarDate.meta({
    description:
      'The first day it may be posted (YYYY-MM-DD), at most a year before today; days already past are posted at once',
  }),
  endDate: calendarDate.nullable().meta({
    description: 'The last day it may be posted, on or after startDate; null: no end',
  }),
};

/** What a form sends: the amount in rupees, handed on as paise. */
export const RecurringPaymentFields = z
  .object({ ...fields, endDate: fields.endDate.optional() })
  .superRefine((v, ctx) => {
    const problem = scheduleDayProblem(v.schedule, v.day);
    if (problem) ctx.addIssue({ code: 'custom', path: ['day'], message: problem });
    if (v.endDate && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be on or after startDate' });
  });

/** Changes only the fields sent (`endDate: null` removes the end). */
export const RecurringPaymentUpdate = z
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

export const RecurringPaymentDelete = z.object({ id });
/** Pause or resume: the template as read at `version`. */
export const RecurringPaymentToggle = z.object({ id, version });

export const RecurringPaymentAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  data: RecurringPayment,
  /** How many payments the call posted at once (days already due). */
  posted: z.number(),
  /** How many of those days the ledger refused and were skipped. */
  skipped: z.number(),
});

export const RecurringPaymentListQuery = PageQuery.extend({
  sort: z.enum(RECURRING_PAYMENT_SORTS).default('nextDate'),
  /** An admin: only this company's. */
  companyId: id.optional(),
  /** Only this account's templates. */
  accountId: id.optional(),
  /** Only this template (a form reloading it), when it is the caller's to read. */
  id: id.optional(),
});

export const RecurringPaymentList = z.object({
  success: z.boolean(),
  data: z.array(RecurringPayment),
  ...pageMeta,
});

export const recurringPaymentEndpoints = {
  listRecurringPayments: {
    method: 'GET',
    path: '/company/getrecurringpayments',
    query: RecurringPaymentListQuery,
    answer: RecurringPaymentList,
  },
  addRecurringPayment: {
    method: 'POST',
    path: '/company/addrecurringpayment',
    body: RecurringPaymentFields,
    status: 201,
    answer: RecurringPaymentAnswer,
  },
  updateRecurringPayment: {
    method: 'POST',
    path: '/company/updaterecurringpayment',
    body: RecurringPaymentUpdate,
    answer: RecurringPaymentAnswer,
  },
  deleteRecurringPayment: {
    method: 'POST',
    path: '/company/deleterecurringpayment',
    body: RecurringPaymentDelete,
    answer: Message,
  },
  pauseRecurringPayment: {
    method: 'POST',
    path: '/company/pauserecurringpayment',
    body: RecurringPaymentToggle,
    answer: RecurringPaymentAnswer,
  },
  resumeRecurringPayment: {
    method: 'POST',
    path: '/company/resumerecurringpayment',
    body: RecurringPaymentToggle,
    answer: RecurringPaymentAnswer,
  },
} as const satisfies Record<string, Endpoint>;
