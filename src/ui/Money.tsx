import { formatRupees } from '../lib/money';

/** Rupees in Indian format (₹1,23,456.50), aligned digits. */
export function Money({
  value,
  className = '',
}: {
  value: number | null | undefined;
  className?: string;
}) {
  return <span className={`tabular-nums ${className}`}>{formatRupees(value)}</span>;
}
