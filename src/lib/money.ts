import { numberFormat } from './numberFormat';

const rupees = numberFormat({
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Indian-format rupees, always 2 decimals: 12345678.5 → ₹1,23,45,678.50; null/undefined → ₹0.00. */
export function formatRupees(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return rupees(n);
}

const grouped = numberFormat({
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Indian digit grouping without the sign: 1250000.5 → '12,50,000.50'. */
export function groupRupees(value: number): string {
  return grouped(value);
}

const scaled = numberFormat({ maximumFractionDigits: 2 });

/**
 * An amount in the words Indian readers count in: 1250000.5 → '12.5 lakh',
 * 31500000 → '3.15 crore'; undefined below a lakh, where the digits read easily.
 */
export function lakhCrore(value: number): string | undefined {
  const size = Math.abs(value);
  if (size >= 1e7) return `${scaled(value / 1e7)} crore`;
  if (size >= 1e5) return `${scaled(value / 1e5)} lakh`;
  return undefined;
}
