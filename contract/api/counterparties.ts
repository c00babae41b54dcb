import { z } from 'zod';
import { LOAN_DIRECTIONS } from '../enums';
import type { Endpoint } from './endpoint';
import { PageQuery, email, pageOf } from './fields';

/**
 * A person of the user's books (the khata's people), with what each side owes; `email` is
 * empty when they were given by mobile only.
 */
export const Counterparty = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** +91 and 10 digits, or null. */
  mobile: z.string().nullable(),
  theyOwe: z.number(),
  iOwe: z.number(),
  net: z.number(),
});

/** A lend, a borrowing or a repayment of either, with the running balance after it. */
export const CounterpartyEvent = z.object({
  date: z.string(),
  kind: z.enum([...LOAN_DIRECTIONS, ...LOAN_DIRECTIONS.map((d) => `repayment_${d}` as const)]),
  loanId: z.string(),
  amount: z.number(),
  change: z.number(),
  balance: z.number(),
  remark: z.string(),
});

export const CounterpartyListQuery = PageQuery.omit({ order: true });
export const CounterpartyList = pageOf(Counterparty, {
  theyOweAmount: z.number(),
  iOweAmount: z.number(),
  netAmount: z.number(),
});

export const CounterpartyQuery = z.object({ email });
/** One person's events in date order; `balance` is positive when they owe the user. */
export const CounterpartyHistory = z.object({
  name: z.string(),
  email: z.string(),
  balance: z.number(),
  events: z.array(CounterpartyEvent),
});
export const CounterpartyHistoryAnswer = z.object({
  success: z.boolean(),
  data: CounterpartyHistory,
});

export const counterpartyEndpoints = {
  listCounterparties: {
    method: 'GET',
    path: '/user/getcounterparties',
    query: CounterpartyListQuery,
    answer: CounterpartyList,
  },
  counterpartyHistory: {
    method: 'GET',
    path: '/user/getcounterparty',
    query: CounterpartyQuery,
    answer: CounterpartyHistoryAnswer,
  },
} as const satisfies Record<string, Endpoint>;
