import { z } from 'zod';
import { PAYMENT_TYPES } from '../enums';
import { id, rupeesInput, text } from './fields';
import {
  TemplateDelete,
  TemplateToggle,
  scheduleShown,
  stateShown,
  templateAnswer,
  templateEndpoints,
  templateFields,
  templateList,
  templateListQuery,
  templateUpdate,
} from './schedules';

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
  ...scheduleShown,
  /** How many days were skipped (the ledger refused them), and the last of them. */
  skipped: z.number(),
  lastSkippedDate: z.string().nullable(),
  ...stateShown,
});

const fields = {
  accountId: id.meta({ description: "One of the company's open accounts" }),
  paymentType: z.enum(PAYMENT_TYPES, { error: 'must be credit or debit' }),
  amount: rupeesInput,
  remark: text(200),
};

/** What a form sends: the amount in rupees, handed on as paise. */
export const RecurringPaymentFields = templateFields(fields, 'posted');

/** Changes only the fields sent (`endDate: null` removes the end). */
export const RecurringPaymentUpdate = templateUpdate(fields, 'posted');

export const RecurringPaymentDelete = TemplateDelete;
/** Pause or resume: the template as read at `version`. */
export const RecurringPaymentToggle = TemplateToggle;

export const RecurringPaymentAnswer = templateAnswer(RecurringPayment, {
  /** How many payments the call posted at once (days already due). */
  posted: z.number(),
  /** How many of those days the ledger refused and were skipped. */
  skipped: z.number(),
});

export const RecurringPaymentListQuery = templateListQuery(RECURRING_PAYMENT_SORTS, {
  /** An admin: only this company's. */
  companyId: id.optional(),
  /** Only this account's templates. */
  accountId: id.optional(),
});

export const RecurringPaymentList = templateList(RecurringPayment);

export const recurringPaymentEndpoints = templateEndpoints(
  '/company',
  { one: 'RecurringPayment', many: 'RecurringPayments' },
  {
    query: RecurringPaymentListQuery,
    list: RecurringPaymentList,
    fields: RecurringPaymentFields,
    update: RecurringPaymentUpdate,
    answer: RecurringPaymentAnswer,
  },
);
