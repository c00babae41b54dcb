/**
 * The rules both sides check, written once: the server refuses what breaks them, and the
 * SPA's forms say so before sending. Plain TypeScript, so the SPA's bundle stays small.
 */

/** ₹99,99,99,99,999.99 in paise: far above any real entry, far below 2^53. */
export const MAX_PAISE = 9_999_999_999_999;
export const MAX_RUPEES_TEXT = '99999999999.99';

/**
 * Rupees (at most 2 decimals) -> integer paise, or null when not exact. The decimals are
 * counted in the number's shortest written form (what was typed), not with a float
 * tolerance, which refused amounts such as 147997766.30, or an exact comparison, which
 * refused 19.99 (19.99 * 100 is 1998.9999999999998).
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

/**
 * Integer paise -> rupees as text with exactly 2 decimals ('-1234.50'), by integer arithmetic:
 * no float rounding at any size (CSV exports). Non-integers are refused rather than rounded.
 */
export function paiseToRupeesText(paise: number | string | bigint): string {
  const whole = BigInt(paise);
  const size = whole < 0n ? -whole : whole;
  const decimals = String(size % 100n).padStart(2, '0');
  return `${whole < 0n ? '-' : ''}${size / 100n}.${decimals}`;
}

/**
 * An amount of rupees as written: whole rupees plain (1234567), grouped the Indian way
 * (12,34,567) or in thousands (1,234,567), then at most one decimal part. The whole rupees
 * are group 1, the decimals group 2. A figure grouped any other way ('12,34,5') is not
 * read as the digits it holds: a comma in the wrong place is a typing slip, not a number.
 */
export const RUPEES_TEXT = /^(\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.(\d+))?$/;

/** What an amount field says of commas in the wrong places. */
export const AMOUNT_GROUPING_MESSAGE =
  'Commas in the wrong place: group the digits as 12,34,567.89, or type them without commas.';

/**
 * Whether a typed amount has grouping commas in the wrong places ('12,34,5', '1,2'); false
 * for one without commas, or grouped as RUPEES_TEXT allows, whatever else is wrong with it.
 */
export function wronglyGrouped(typed: string): boolean {
  const plain = typed.replace(/[\s₹]/g, '').replace(/^-/, '');
  if (!plain.includes(',')) return false;
  return !RUPEES_TEXT.test(plain.replace(/\.$/, ''));
}

/**
 * A typed amount of rupees as the number the API takes: '12,50,000.50', '₹ 1,000' and
 * '19.99' read as 1250000.5, 1000 and 19.99 (spaces and the rupee sign are ignored, commas
 * where RUPEES_TEXT groups digits); NaN for anything else ('', '1e3', '12.3.4', '12,34,5').
 * What it gives is then judged by `amountProblem`, the server's own rule.
 */
export function parseRupees(typed: string): number {
  const plain = typed.replace(/[\s₹]/g, '');
  const negative = plain.startsWith('-');
  const figure = negative ? plain.slice(1) : plain;
  // While typing: a trailing point ('12.') or no whole rupees ('.5') are still a figure.
  const read = RUPEES_TEXT.test(figure.replace(/\.$/, '')) || /^\.\d+$/.test(figure);
  if (!read) return NaN;
  return Number(`${negative ? '-' : ''}${figure.replace(/,/g, '')}`);
}

/** What is wrong with an amount of rupees, or undefined when it may be sent. */
export function amountProblem(
  rupees: number,
  atLeast: 'positive' | 'zero',
): 'not a number' | 'too small' | 'too many decimals' | 'too large' | undefined {
  if (!Number.isFinite(rupees)) return 'not a number';
  if (atLeast === 'positive' ? rupees <= 0 : rupees < 0) return 'too small';
  const paise = rupeesToPaise(rupees);
  if (paise === null) return 'too many decimals';
  if (paise > MAX_PAISE) return 'too large';
  return undefined;
}

/** Indian Financial System Code: 4 letters, a 0, then 6 letters or digits. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A bank account number: 6 to 18 digits. */
export const ACCOUNT_NO_PATTERN = /^[0-9]{6,18}$/;
/** A phone number: digits, spaces and dashes, an optional leading +. */
export const MOBILE_PATTERN = /^\+?[0-9][0-9 -]{6,18}$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * An update names the version of the record it was read at; when the record has changed
 * since, the server refuses it (409) with this, and the form offers to reload.
 */
export const STALE_RECORD_MESSAGE = 'This record was changed by someone else. Reload to see it.';

/**
 * A two-factor sign-in whose challenge is gone (expired, spent): the password must be
 * entered again. Answered with 401; the code step goes back to the password on it.
 */
export const SIGN_IN_EXPIRED_MESSAGE = 'This sign-in has expired. Please log in again.';

/**
 * A search counts its matches up to this many: past it the list says "10,000+" and leaves
 * the sum out, rather than read every row of a million-row list for a figure.
 */
export const COUNT_BOUND = 10_000;

/** How long a deletion offers its Undo, in seconds (the server accepts it a while longer). */
export const UNDO_SECONDS = 10;
