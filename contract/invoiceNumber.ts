/**
 * Invoice and credit note numbers, the financial year they run in, and due dates. Pure: the
 * gapless assignment of the next serial is the database's work, in the issuing transaction.
 */

/** CGST Rules, rule 46(b): a serial number of at most 16 characters. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;
export const DEFAULT_INVOICE_PREFIX = 'INV';
export const DEFAULT_CREDIT_NOTE_PREFIX = 'CN';
/**
 * A series prefix: 1 to 3 capital letters or digits, starting with a letter, so that
 * 'INV/2026-27/0001' fits the 16 characters with 4 digits of serial.
 */
export const DOCUMENT_PREFIX_PATTERN = /^[A-Z][A-Z0-9]{0,2}$/;

/** A financial year (1 April to 31 March) by the calendar year it starts in. */
export interface FinancialYear {
  startYear: number;
  /** '2026-27' */
  label: string;
  /** '2026-04-01' and '2027-03-31' */
  start: string;
  end: string;
}

function parseDate(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function financialYearStarting(startYear: number): FinancialYear {
  const next = String((startYear + 1) % 100).padStart(2, '0');
  return {
    startYear,
    label: `${startYear}-${next}`,
    start: `${startYear}-04-01`,
    end: `${startYear + 1}-03-31`,
  };
}

/** The financial year a calendar date (YYYY-MM-DD) falls in: 2027-03-31 is in 2026-27. */
export function financialYear(date: string): FinancialYear {
  const [year, month] = parseDate(date);
  return financialYearStarting(month >= 4 ? year : year - 1);
}

/**
 * 'INV/2026-27/0001': prefix, financial year, serial of at least 4 digits. Throws when the
 * result would pass 16 characters (a 3-letter prefix allows serials up to 9999 a year).
 */
export function documentNumber(prefix: string, year: FinancialYear, serial: number): string {
  if (!DOCUMENT_PREFIX_PATTERN.test(prefix)) throw new RangeError(`bad prefix: ${prefix}`);
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError('serial must be 1 or more');
  const number = `${prefix}/${year.label}/${String(serial).padStart(4, '0')}`;
  if (number.length > MAX_DOCUMENT_NUMBER_LENGTH) {
    throw new RangeError(`${number} is longer than ${MAX_DOCUMENT_NUMBER_LENGTH} characters`);
  }
  return number;
}

/** The highest serial a prefix leaves room for in a year's 16 characters. */
export function maxSerial(prefix: string): number {
  const digits = MAX_DOCUMENT_NUMBER_LENGTH - `${prefix}/2026-27/`.length;
  return 10 ** digits - 1;
}

/** Payment terms: 0 (due on receipt) to 365 days. */
export const MAX_TERMS_DAYS = 365;

/** The due date, `termsDays` calendar days after the issue date (YYYY-MM-DD both). */
export function dueDate(issueDate: string, termsDays: number): string {
  if (!Number.isInteger(termsDays) || termsDays < 0 || termsDays > MAX_TERMS_DAYS) {
    throw new RangeError(`terms must be 0 to ${MAX_TERMS_DAYS} days`);
  }
  const [y, m, d] = parseDate(issueDate);
  return new Date(Date.UTC(y, m - 1, d + termsDays)).toISOString().slice(0, 10);
}
