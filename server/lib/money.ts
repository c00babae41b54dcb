import { z } from 'zod';

/** ₹99,99,99,99,999.99: far above any real entry, far below 2^53 paise. */
const MAX_PAISE = 9_999_999_999_999;

/** Rupees on the wire (at most 2 decimals) -> integer paise, or null when not exact. */
export function rupeesToPaise(rupees: number): number | null {
  if (!Number.isFinite(rupees)) return null;
  const paise = Math.round(rupees * 100);
  if (Math.abs(rupees * 100 - paise) > 1e-6) return null;
  return paise;
}

/** Integer paise -> rupees as a JSON number; exact for every value below 2^53. */
export const paiseToRupees = (paise: number | string | bigint | null | undefined): number =>
  paise == null ? 0 : Number(paise) / 100;

/** A positive rupee amount with at most 2 decimals, parsed to paise. */
export const rupeesInput = z
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, 'must be a number')
  .refine((n) => n > 0, 'must be greater than 0')
  .refine((n) => rupeesToPaise(n) !== null, 'must have at most 2 decimal places')
  .refine((n) => (rupeesToPaise(n) ?? 0) <= MAX_PAISE, 'is too large')
  .transform((n) => rupeesToPaise(n) as number);
