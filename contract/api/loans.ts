import { z } from 'zod';
import { LOAN_STATUSES, type LoanDirection } from '../enums';
import type { Endpoint } from './endpoint';
import {
  Message,
  PageQuery,
  calendarDate,
  csvGet,
  id,
  keysetPage,
  keysetQuery,
  optionalText,
  rupeesInput,
  savedAnswer,
  text,
  totalCapped,
  version,
} from './fields';
import { PERSON_CONTACT_MESSAGE, optionalEmail, optionalMobile } from './khata';

/**
 * Lend (money the user lent) and borrowed (money the user borrowed): one shape, two tables,
 * the same calls under /lend and /borrowed. Their repayments, and the lend reminder.
 */

/** The columns a loan list may be sorted by. */
export const LOAN_SORTS = [
  'issueDate',
  'repaymentDate',
  'amount',
  'name',
  'email',
  'createdAt',
] as const;
export type LoanSort = (typeof LOAN_SORTS)[number];

/** Each direction's noun: its messages ('Lend created successfully') and operationIds. */
export const LOAN_NOUNS = { lend: 'Lend', borrowed: 'Borrowed' } as const satisfies Record<
  LoanDirection,
  string
>;

export const Loan = z.object({
  _id: z.string(),
  name: z.string(),
  /** Empty when the person was given by mobile only. */
  email: z.string(),
  /** +91 and 10 digits, or null. */
  mobile: z.string().nullable(),
  /** The person of the khata this entry is with. */
  counterpartyId: z.string(),
  /** A lend's reminders on its due date and weekly after (by e-mail and in the bell). */
  autoRemind: z.boolean(),
  amount: z.number(),
  repaid: z.number(),
  outstanding: z.number(),
  status: z.enum(LOAN_STATUSES),
  issueDate: z.string(),
  repaymentDate: z.string(),
  createdAt: z.string(),
  version: z.number(),
});

/**
 * What a form sends: the amount in rupees, handed on as paise. The person is a name and a
 * mobile number or an e-mail address (either may be left out when the other is given).
 */
const LoanFieldsShape = z.object({
  name: text(100),
  email: optionalEmail,
  mobile: optionalMobile,
  amount: rupeesInput,
  issueDate: calendarDate,
  repaymentDate: calendarDate,
  autoRemind: z.boolean().optional(),
});
export const LoanFields = LoanFieldsShape.refine((l) => l.mobile || l.email, {
  message: PERSON_CONTACT_MESSAGE,
  path: ['email'],
});
/** Changes only the fields sent. */
export const LoanUpdate = LoanFieldsShape.partial().extend({ _id: id, version });
/** Deletes a loan or a repayment. */
export const LoanDelete = z.object({ id });

/**
 * What a list or its CSV export is narrowed by: `today` is the user's local date, for due
 * and overdue (when absent, today in the caller's X-Time-Zone).
 */
export const LoanFilter = z.object({
  search: PageQuery.shape.search,
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  today: calendarDate.optional(),
});
export const LoanListQuery = keysetQuery({
  ...LoanFilter.shape,
  sort: z.enum(LOAN_SORTS).default('issueDate'),
  /** Only this entry (a form reloading it), when it is the caller's. */
  id: id.optional(),
});
/**
 * One page of the filter's rows; the amounts are over every row of the filter, null when a
 * search matched more than it counts (totalCapped).
 */
export const LoanList = keysetPage(Loan, {
  totalAmount: z.number().nullable(),
  repaidAmount: z.number().nullable(),
  outstandingAmount: z.number().nullable(),
  totalCapped: totalCapped('entries', 'the three amounts'),
});
export const LoanAnswer = savedAnswer(Loan);

export const Repayment = z.object({
  _id: z.string(),
  loanId: z.string(),
  date: z.string(),
  amount: z.number(),
  remark: z.string(),
  createdAt: z.string(),
});
export const RepaymentFields = z.object({
  loanId: id,
  date: calendarDate,
  amount: rupeesInput,
  remark: optionalText(200).default(''),
});
export const RepaymentsQuery = z.object({ id });
export const RepaymentList = z.object({ success: z.boolean(), data: z.array(Repayment) });
export const RepaymentAnswer = savedAnswer(Repayment);

// The spec's other fields (email, amount, dates, userName) may be sent; the stored lend wins.
export const LendReminder = z.object({ _id: id }).loose();

/** The spec's paths of each direction: lend/addlend, borrowed/addborrowed, ... */
const PATHS = {
  lend: {
    list: 'getuseralllends',
    add: 'addlend',
    update: 'updatelend',
    remove: 'deletelend',
    restore: 'restorelend',
  },
  borrowed: {
    list: 'getuserallborroweds',
    add: 'addborrowed',
    update: 'updateborrowed',
    remove: 'deleteborrowed',
    restore: 'restoreborrowed',
  },
} as const;

/** The calls of one direction, by operation; its operationId is the operation and the noun. */
function directionEndpoints<D extends LoanDirection>(direction: D) {
  const paths = PATHS[direction];
  return {
    list: {
      method: 'GET',
      path: `/${direction}/${paths.list}`,
      query: LoanListQuery,
      answer: LoanList,
    },
    /** The filtered rows as CSV. */
    export: csvGet(`/${direction}/export`, { query: LoanFilter }),
    add: {
      method: 'POST',
      path: `/${direction}/${paths.add}`,
      body: LoanFields,
      status: 201,
      answer: LoanAnswer,
    },
    update: {
      method: 'POST',
      path: `/${direction}/${paths.update}`,
      body: LoanUpdate,
      answer: LoanAnswer,
    },
    delete: {
      method: 'POST',
      path: `/${direction}/${paths.remove}`,
      body: LoanDelete,
      answer: Message,
    },
    /** Undoes a delete of moments ago: the entry and its repayments come back. */
    restore: {
      method: 'POST',
      path: `/${direction}/${paths.restore}`,
      body: LoanDelete,
      answer: Message,
    },
    listRepaymentsOf: {
      method: 'GET',
      path: `/${direction}/getrepayments`,
      query: RepaymentsQuery,
      answer: RepaymentList,
    },
    addRepaymentTo: {
      method: 'POST',
      path: `/${direction}/addrepayment`,
      body: RepaymentFields,
      status: 201,
      answer: RepaymentAnswer,
    },
    deleteRepaymentOf: {
      method: 'POST',
      path: `/${direction}/deleterepayment`,
      body: LoanDelete,
      answer: Message,
    },
  } as const satisfies Record<string, Endpoint>;
}

export type LoanOperation = Extract<keyof ReturnType<typeof directionEndpoints>, string>;
type DirectionEntries<D extends LoanDirection> = ReturnType<typeof directionEndpoints<D>>;
type DirectionEndpoints<D extends LoanDirection> = {
  [
    Op in Extract<keyof DirectionEntries<D>, string> as `${Op}${(typeof LOAN_NOUNS)[D]}`
  ]: DirectionEntries<D>[Op];
};

/** The operationId of an operation of a direction: ('add', 'lend') -> 'addLend'. */
export const loanOperationId = <Op extends LoanOperation, D extends LoanDirection>(
  op: Op,
  direction: D,
) => `${op}${LOAN_NOUNS[direction]}` as `${Op}${(typeof LOAN_NOUNS)[D]}`;

const named = <D extends LoanDirection>(direction: D) =>
  Object.fromEntries(
    Object.entries(directionEndpoints(direction)).map(([op, entry]) => [
      loanOperationId(op as LoanOperation, direction),
      entry,
    ]),
  ) as DirectionEndpoints<D>;

export const loanEndpoints = {
  ...named('lend'),
  ...named('borrowed'),
  sendLendReminder: {
    method: 'POST',
    path: '/user/sendemaillend',
    body: LendReminder,
    answer: Message,
  },
} as const satisfies Record<string, Endpoint>;
