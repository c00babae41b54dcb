const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** 42.456 → '42.5%'; null (nothing lent yet) → '—'. */
export function formatPercent(value: number | null): string {
  return value !== null && Number.isFinite(value) ? `${percent.format(value)}%` : '—';
}
