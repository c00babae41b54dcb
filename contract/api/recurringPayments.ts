import { z } from 'zod';
import { PAYMENT_TYPES } from '../enums';
import { id, rupeesInput, text } from './fields';
import { templateSchemas } from './schedules';

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

const recurringPayment = templateSchemas({
  base: '/company',
  names: { one: 'RecurringPayment', many: 'RecurringPayments' },
  made: 'posted',
  sorts: RECURRING_PAYMENT_SORTS,
  shown: {
    accountId: z.string(),
    /** The account's holder and number, as its list shows them. */
    account: z.object({ holder_name: z.string(), account_no: z.string(), closed: z.boolean() }),
    paymentType: z.enum(PAYMENT_TYPES),
    amount: z.number(),
    remark: z.string(),
  },
  /** How many days were skipped (the ledger refused them), and the last of them. */
  tally: { skipped: z.number(), lastSkippedDate: z.string().nullable() },
  fields: {
    accountId: id.meta({ description: "One of the company's open accounts" }),
    paymentType: z.enum(PAYMENT_TYPES, { error: 'must be credit or debit' }),
    amount: rupeesInput,
    remark: text(200),
  },
  counts: {
    /** How many payments the call posted at once (days already due). */
    posted: z.number(),
    /** How many of those days the ledger refused and were skipped. */
    skipped: z.number(),
  },
  filters: {
    /** An admin: only this company's. */
    companyId: id.optional(),
    /** Only this account's templates. */
    accountId: id.optional(),
  },
});

export const RecurringPayment = recurringPayment.template;
export const RecurringPaymentAnswer = recurringPayment.answer;
export const RecurringPaymentList = recurringPayment.list;
export const recurringPaymentEndpoints = recurringPayment.endpoints;
