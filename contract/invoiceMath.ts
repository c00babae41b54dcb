import { OUTSIDE_INDIA, type GstRate } from './gst';
import { MAX_PAISE } from './rules';

/**
 * An invoice's arithmetic, exact in integer paise: line amounts, discounts, the tax table by
 * rate split by place of supply, and the round-off to the rupee. Products are taken in BigInt
 * (a quantity in thousandths times a rate can pass 2^53); every result is a safe integer.
 * The rules and their sources are in docs/invoicing.md.
 */

/** Quantities are thousandths of a unit as an integer: 1.5 hours is 1500. */
export const QUANTITY_SCALE = 1000;
/** At most 10,000,000 units on a line (in thousandths). */
export const MAX_QUANTITY_MILLI = 10_000_000_000;

/** A line's discount: an amount in paise, or a percent in hundredths (12.5 % is 1250). */
export type LineDiscount =
  { kind: 'amount'; paise: number } | { kind: 'percent'; basisPoints: number };

export interface InvoiceLineInput {
  quantityMilli: number;
  ratePaise: number;
  gstRate: GstRate;
  discount?: LineDiscount | null;
}

export interface LineAmounts {
  /** Quantity × rate, rounded half up to the paisa. */
  grossPaise: number;
  discountPaise: number;
  /** What tax is charged on: gross less discount. */
  taxablePaise: number;
  gstRate: GstRate;
}

/**
 * How a supply is taxed: CGST + SGST/UTGST within the supplier's state, IGST across states
 * (and on exports with payment of tax), none on a zero-rated export under LUT.
 */
export type TaxTreatment = 'intra' | 'inter' | 'zero-rated';

export interface TaxRow {
  gstRate: GstRate;
  taxablePaise: number;
  cgstPaise: number;
  /** SGST, or UTGST in a Union territory without a legislature. */
  sgstPaise: number;
  igstPaise: number;
}

export interface InvoiceTotals {
  treatment: TaxTreatment;
  lines: LineAmounts[];
  /** One row per rate used, lowest rate first. */
  taxTable: TaxRow[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  /** Taxable value plus tax, before the round-off. */
  exactTotalPaise: number;
  /** What brings the exact total to the nearest rupee (half up): -49 to +50 paise. */
  roundOffPaise: number;
  /** The invoice total, a whole number of rupees. */
  totalPaise: number;
}

/** Decides the treatment from the supplier's state and the place of supply (IGST Act s.7-8). */
export function taxTreatment(
  supplierState: string,
  placeOfSupply: string,
  exportUnderLut = false,
): TaxTreatment {
  if (placeOfSupply === OUTSIDE_INDIA) return exportUnderLut ? 'zero-rated' : 'inter';
  return placeOfSupply === supplierState ? 'intra' : 'inter';
}

/** numerator / denominator, rounded half up; both non-negative. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function safe(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} is too large`);
  return Number(value);
}

/** A line's gross, discount and taxable value. Throws on inputs the schemas refuse. */
export function lineAmounts(line: InvoiceLineInput): LineAmounts {
  const { quantityMilli, ratePaise, discount } = line;
  if (!Number.isSafeInteger(quantityMilli) || quantityMilli <= 0) {
    throw new RangeError('quantity must be a positive whole number of thousandths');
  }
  if (!Number.isSafeInteger(ratePaise) || ratePaise < 0) {
    throw new RangeError('rate must be a non-negative whole number of paise');
  }
  const gross = divideHalfUp(BigInt(quantityMilli) * BigInt(ratePaise), BigInt(QUANTITY_SCALE));
  let off = 0n;
  if (discount?.kind === 'amount') {
    if (!Number.isSafeInteger(discount.paise) || discount.paise < 0) {
      throw new RangeError('discount must be a non-negative whole number of paise');
    }
    off = BigInt(discount.paise);
  } else if (discount?.kind === 'percent') {
    const bp = discount.basisPoints;
    if (!Number.isInteger(bp) || bp < 0 || bp > 10_000) {
      throw new RangeError('discount percent must be 0 to 100 with at most 2 decimals');
    }
    off = divideHalfUp(gross * BigInt(bp), 10_000n);
  }
  if (off > gross) throw new RangeError('discount is more than the line amount');
  return {
    grossPaise: safe(gross, 'line amount'),
    discountPaise: Number(off),
    taxablePaise: safe(gross - off, 'line amount'),
    gstRate: line.gstRate,
  };
}

/** Whether a line's gross amount stays within the app's cap on one amount. */
export const lineWithinCap = (line: InvoiceLineInput): boolean =>
  BigInt(line.quantityMilli) * BigInt(line.ratePaise) <= BigInt(MAX_PAISE) * 1000n;

/**
 * The tax at `percentTimes2 / 2` % of a taxable value, half up to the paisa. CGST and SGST are
 * each levied at half the rate on the same value, so each is computed on its own: the two
 * halves are always equal and the tax is their sum, even where the full rate would give an
 * odd paisa (which then may differ from IGST on the same value by one paisa).
 */
const taxAtHalfPercent = (taxable: number, halfPercents: number): number =>
  Number(divideHalfUp(BigInt(taxable) * BigInt(halfPercents), 200n));

/**
 * Totals of an invoice (or credit note). Tax is computed per rate on the sum of the taxable
 * values at that rate (one rounding per rate and tax), which is the tax table printed.
 */
export function invoiceTotals(
  lines: readonly InvoiceLineInput[],
  treatment: TaxTreatment,
): InvoiceTotals {
  const amounts = lines.map(lineAmounts);
  const byRate = new Map<GstRate, number>();
  for (const line of amounts) {
    byRate.set(line.gstRate, (byRate.get(line.gstRate) ?? 0) + line.taxablePaise);
  }
  const taxTable: TaxRow[] = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([gstRate, taxablePaise]) => {
      const half = treatment === 'intra' ? taxAtHalfPercent(taxablePaise, gstRate) : 0;
      const igst = treatment === 'inter' ? taxAtHalfPercent(taxablePaise, gstRate * 2) : 0;
      return { gstRate, taxablePaise, cgstPaise: half, sgstPaise: half, igstPaise: igst };
    });
  const sum = (pick: (row: TaxRow) => number) => taxTable.reduce((t, row) => t + pick(row), 0);
  const taxablePaise = sum((r) => r.taxablePaise);
  const cgstPaise = sum((r) => r.cgstPaise);
  const sgstPaise = sum((r) => r.sgstPaise);
  const igstPaise = sum((r) => r.igstPaise);
  const taxPaise = cgstPaise + sgstPaise + igstPaise;
  const exactTotalPaise = taxablePaise + taxPaise;
  const totalPaise = roundToRupee(exactTotalPaise);
  if (!Number.isSafeInteger(totalPaise)) throw new RangeError('invoice total is too large');
  return {
    treatment,
    lines: amounts,
    taxTable,
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise,
    exactTotalPaise,
    roundOffPaise: totalPaise - exactTotalPaise,
    totalPaise,
  };
}

/** To the nearest rupee, 50 paise and more going up (CGST Act s.170). Non-negative paise. */
export const roundToRupee = (paise: number): number => Math.floor((paise + 50) / 100) * 100;

/**
 * A quantity as typed (at most 3 decimals, positive) -> thousandths, or null. The decimals
 * are read from the number's written form, never by multiplying a float and hoping.
 */
export function quantityToMilli(quantity: number): number | null {
  if (!Number.isFinite(quantity) || quantity <= 0) return null;
  const written = String(quantity);
  if (/e/i.test(written)) return null;
  const [whole = '0', decimals = ''] = written.split('.');
  if (decimals.length > 3) return null;
  const milli = Number(whole) * QUANTITY_SCALE + Number(decimals.padEnd(3, '0'));
  return milli <= MAX_QUANTITY_MILLI ? milli : null;
}

/** Thousandths -> the quantity as printed: '1.5', '2', '0.125'. */
export function milliToQuantityText(milli: number): string {
  const whole = Math.floor(milli / QUANTITY_SCALE);
  const decimals = String(milli % QUANTITY_SCALE)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return decimals ? `${whole}.${decimals}` : String(whole);
}

/** A percent typed with at most 2 decimals (0 to 100) -> hundredths of a percent, or null. */
export function percentToBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const written = String(percent);
  if (/e/i.test(written)) return percent === 0 ? 0 : null;
  const [whole = '0', decimals = ''] = written.split('.');
  if (decimals.length > 2) return null;
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}
