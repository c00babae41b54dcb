const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Indian-format rupees, always 2 decimals: 12345678.5 → ₹1,23,45,678.50; null/undefined → ₹0.00. */
export function formatRupees(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return rupees.format(n);
}
