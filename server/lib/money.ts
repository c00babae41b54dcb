import { z } from 'zod';

/** ₹99,99,99,99,999.99: far above any real entry, far below 2^53 paise. */
const MAX_PAISE = 9_999_999_999_999;

/**
 * Rupees on the wire (at most 2 decimals) -> integer paise, or null when not exact. The
 * decimals are counted in the number's shortest written form (what the caller typed), not
 * with a float tolerance, which refused large amounts such as 147997766.30.
 */
export function rupeesToPaise(rupees: number): number | null {
  if (!Number.isFinite(rupees)) return null;
  const written = String(rupees);
  if (/e/i.test(written)) return Number.isInteger(rupees) ? rupees * 100 : null;
  if ((written.split('.')[1] ?? '').length > 2) return null;
  return Math.round(rupees * 100);
}

/** Integer paise -> rupees as a JSON number; exact for every value below 2^53. */
export const paiseToRupees = (paise: number | string | bigint | null | undefined): number =>
  paise == null ? 0 : Number(paise) / 100;

/** A rupee amount with at most 2 decimals and below the cap, parsed to paise. */
const rupees = (atLeast: 'positive' | 'zero') =>
  z
    .number({ error: 'must be a number' })
    .refine(Number.isFinite, 'must be a number')
    .refine(
      (n) => (atLeast === 'positive' ? n > 0 : n >= 0),
      atLeast === 'positive' ? 'must be greater than 0' : 'cannot be negative',
    )
    .refine((n) => rupeesToPaise(n) !== null, 'must have at most 2 decimal places')
    .refine((n) => (rupeesToPaise(n) ?? 0) <= MAX_PAISE, 'must be at most 99999999999.99')
    .transform((n) => rupeesToPaise(n) as number);

/** A positive amount: an expense, a loan, a price, a payment. */
export const rupeesInput = rupees('positive');
/** An amount that may be zero: an account's opening balance. */
export const balanceInput = rupees('zero');
