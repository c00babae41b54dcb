/**
 * The identifiers an Indian GST invoice carries: state codes, GSTIN, PAN, SAC/HSN codes, GST
 * rates and the +91 mobile of a client. Plain TypeScript, shared by the server and the SPA.
 * The rules and their sources are in docs/invoicing.md.
 */

export interface GstState {
  /** The two-digit GST state code, as the first two characters of a GSTIN. */
  code: string;
  name: string;
  /**
   * A Union territory without a legislature levies UTGST instead of SGST (UTGST Act 2017,
   * s.7); its intra-state invoices show CGST + UTGST.
   */
  utgst: boolean;
  /** Codes kept only because older GSTINs carry them (not offered in pickers). */
  legacy?: true;
}

const state = (code: string, name: string, utgst = false): GstState => ({ code, name, utgst });

/** Every state and Union territory with its GST state code, and 97 Other Territory. */
export const GST_STATES: readonly GstState[] = [
  state('01', 'Jammu and Kashmir'),
  state('02', 'Himachal Pradesh'),
  state('03', 'Punjab'),
  state('04', 'Chandigarh', true),
  state('05', 'Uttarakhand'),
  state('06', 'Haryana'),
  state('07', 'Delhi'),
  state('08', 'Rajasthan'),
  state('09', 'Uttar Pradesh'),
  state('10', 'Bihar'),
  state('11', 'Sikkim'),
  state('12', 'Arunachal Pradesh'),
  state('13', 'Nagaland'),
  state('14', 'Manipur'),
  state('15', 'Mizoram'),
  state('16', 'Tripura'),
  state('17', 'Meghalaya'),
  state('18', 'Assam'),
  state('19', 'West Bengal'),
  state('20', 'Jharkhand'),
  state('21', 'Odisha'),
  state('22', 'Chhattisgarh'),
  state('23', 'Madhya Pradesh'),
  state('24', 'Gujarat'),
  // Daman and Diu merged into 26 in 2020; GSTINs issued before keep 25.
  { ...state('25', 'Daman and Diu', true), legacy: true },
  state('26', 'Dadra and Nagar Haveli and Daman and Diu', true),
  state('27', 'Maharashtra'),
  // Andhra Pradesh before 2014; the state's GSTINs start with 37.
  { ...state('28', 'Andhra Pradesh (old)'), legacy: true },
  state('29', 'Karnataka'),
  state('30', 'Goa'),
  state('31', 'Lakshadweep', true),
  state('32', 'Kerala'),
  state('33', 'Tamil Nadu'),
  state('34', 'Puducherry'),
  state('35', 'Andaman and Nicobar Islands', true),
  state('36', 'Telangana'),
  state('37', 'Andhra Pradesh'),
  state('38', 'Ladakh', true),
  state('97', 'Other Territory', true),
];

/** Place of supply outside India (exports), as GST returns code it. */
export const OUTSIDE_INDIA = '96';

const STATE_BY_CODE = new Map(GST_STATES.map((s) => [s.code, s]));

export const gstState = (code: string): GstState | undefined => STATE_BY_CODE.get(code);

/** The states a company or client may be in (no legacy codes). */
export const CURRENT_STATE_CODES = GST_STATES.filter((s) => !s.legacy).map((s) => s.code);

/** A place of supply's name: a state's, or "Outside India" for 96. */
export const placeOfSupplyName = (code: string): string =>
  code === OUTSIDE_INDIA ? 'Outside India' : (gstState(code)?.name ?? code);

/**
 * PAN: 5 letters, 4 digits, a letter; the 4th letter is the holder's kind (P person,
 * C company, H HUF, F firm, A AOP, T trust, B BOI, L local authority, J juridical person,
 * G government, E LLP). Its last letter is a check character whose rule is not public.
 */
export const PAN_PATTERN = /^[A-Z]{3}[ABCEFGHJLPT][A-Z][0-9]{4}[A-Z]$/;

/** Uppercase, without spaces: how GSTINs and PANs are typed, copied and stored. */
export const normalizeTaxId = (typed: string): string => typed.replace(/\s+/g, '').toUpperCase();

export const isValidPan = (pan: string): boolean => PAN_PATTERN.test(pan);

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN check character: Luhn mod 36 over its first 14 characters. From the left, every
 * second character's value (0-9, A-Z = 10-35) is doubled; each product adds its base-36
 * digits (quotient + remainder by 36); the check is (36 - sum mod 36) mod 36.
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14.charAt(i));
    if (value < 0) throw new RangeError(`not a GSTIN character: ${first14.charAt(i)}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/**
 * What is wrong with a GSTIN (already normalized), or undefined when it is valid: a regular
 * taxpayer's 15 characters, state code, PAN, entity number (1-9, A-Z), Z, check character.
 */
export function gstinProblem(gstin: string): string | undefined {
  if (gstin.length !== 15) return 'must be 15 characters';
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return 'must contain only letters and digits';
  if (!gstState(gstin.slice(0, 2))) return 'must start with a valid state code';
  if (!isValidPan(gstin.slice(2, 12))) return 'must contain a valid PAN (characters 3 to 12)';
  if (!/^[1-9A-Z]Z$/.test(gstin.slice(12, 14))) return 'must have 1-9 or A-Z, then Z, at 13-14';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return 'has a wrong check character (a typing mistake?)';
  }
  return undefined;
}

export const isValidGstin = (gstin: string): boolean => gstinProblem(gstin) === undefined;

/** The state code and PAN inside a GSTIN. */
export const gstinStateCode = (gstin: string): string => gstin.slice(0, 2);
export const gstinPan = (gstin: string): string => gstin.slice(2, 12);

/** SAC (services, 99….) or HSN (goods) code: 4, 6 or 8 digits. */
export const SAC_HSN_PATTERN = /^(?:[0-9]{4}|[0-9]{6}|[0-9]{8})$/;

/**
 * The GST rates an invoice line may carry, in whole percent: the slabs of Schedules I-VI of
 * the rate notifications, with 40 % for goods rated so from 22 September 2025.
 */
export const GST_RATES = [0, 5, 12, 18, 28, 40] as const;
export type GstRate = (typeof GST_RATES)[number];
export const isGstRate = (n: number): n is GstRate => (GST_RATES as readonly number[]).includes(n);

/**
 * An Indian mobile number in its one stored form, '+91' and 10 digits starting 6-9, from
 * what people type: '98765 43210', '+91-98765-43210', '09876543210', '919876543210'.
 * Null when it is not one.
 */
export function indianMobile(typed: string): string | null {
  const digits = typed.trim().replace(/[\s()-]/g, '');
  const match = /^(?:\+91|91|0)?([6-9][0-9]{9})$/.exec(digits);
  return match ? `+91${match[1]}` : null;
}
