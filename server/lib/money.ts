import { z } from 'zod';
import { MAX_PAISE, MAX_RUPEES_TEXT, rupeesToPaise } from '../../contract/rules';

/**
 * A rupee amount with at most 2 decimals and below the cap, parsed to paise. The rules are
 * the contract's (rupeesToPaise, MAX_PAISE); each broken one is its own issue.
 */
const rupees = (atLeast: 'positive' | 'zero') =>
  z
    .number({ error: 'must be a number' })
    .refine(Number.isFinite, 'must be a number')
    .refine(
      (n) => (atLeast === 'positive' ? n > 0 : n >= 0),
      atLeast === 'positive' ? 'must be greater than 0' : 'cannot be negative',
    )
    .refine((n) => rupeesToPaise(n) !== null, 'must have at most 2 decimal places')
    .refine((n) => (rupeesToPaise(n) ?? 0) <= MAX_PAISE, `must be at most ${MAX_RUPEES_TEXT}`)
    .transform((n) => rupeesToPaise(n) as number);

/** A positive amount: an expense, a loan, a price, a payment. */
export const rupeesInput = rupees('positive');
/** An amount that may be zero: an account's opening balance. */
export const balanceInput = rupees('zero');
