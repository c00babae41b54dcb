import { numberFormat } from '../../lib/numberFormat';

const percent = numberFormat({ maximumFractionDigits: 1 });

/** 42.456 → '42.5%'; null (nothing lent yet) → '—'. */
export function formatPercent(value: number | null): string {
  return value !== null && Number.isFinite(value) ? `${percent(value)}%` : '—';
}
