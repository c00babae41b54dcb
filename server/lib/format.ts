import { paiseToRupeesText } from '../../contract/rules';

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,23,45,678.50, as the SPA shows money: from paise, exactly (formatted from the decimal text). */
export const formatPaise = (paise: number | string | bigint) =>
  inr.format(paiseToRupeesText(paise) as `${number}`);

/** DD/MM/YYYY from YYYY-MM-DD. */
export const formatDmy = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number) {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvLine = (fields: (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

/**
 * The UTF-8 byte-order mark every CSV download starts with: without it Excel reads the file
 * in the machine's legacy code page and garbles Indian names and the rupee sign.
 */
export const CSV_BOM = '\uFEFF';
