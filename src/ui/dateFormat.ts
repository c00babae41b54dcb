/**
 * How dates are written on a screen (spec §9): as its list writes them, YYYY-MM-DD on the
 * expense, lend and borrowed screens (their lists, forms and reports), DD/MM/YYYY elsewhere. The wire
 * is always YYYY-MM-DD. Plain string work: no date library on a form's first paint.
 */
export type DateFormat = 'iso' | 'dmy';

/**
 * The screens (paths under /app/) whose lists write dates as YYYY-MM-DD: the spec's
 * expense, lend and borrowed screens, and the recurring expenses and payments, whose lists
 * write their next day so.
 */
const ISO_SCREENS: ReadonlySet<string> = new Set([
  'expenses',
  'lend',
  'borrowed',
  'lendreport',
  'borrowedreport',
  'recurring',
  'recurringpayments',
]);

/** The format of the screen at `pathname` ('/app/expenses' → 'iso'). */
export function screenDateFormat(pathname: string): DateFormat {
  const screen = /^\/app\/([^/]+)/.exec(pathname)?.[1] ?? '';
  return ISO_SCREENS.has(screen) ? 'iso' : 'dmy';
}

/** What a field of that format shows as its pattern. */
export const DATE_PATTERN: Record<DateFormat, string> = { iso: 'YYYY-MM-DD', dmy: 'DD/MM/YYYY' };

/** A wire date (YYYY-MM-DD) as the format writes it; '' stays ''. */
export function writeDate(iso: string, format: DateFormat): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return format === 'iso' ? iso : `${m[3]}/${m[2]}/${m[1]}`;
}

/** Whether y-m-d is a real calendar day between 1900 and 2200 (the server's range). */
function realDay(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A typed date as the wire's YYYY-MM-DD, or null when it is not a real one. Either way of
 * writing is read, whatever the field's format: a four-digit year first is YYYY-MM-DD, a
 * day first is DD/MM/YYYY (with /, - or . between), never month first.
 */
export function readDate(typed: string): string | null {
  const text = typed.trim();
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : dmy
      ? [dmy[3], dmy[2], dmy[1]].map(Number)
      : [];
  if (y === undefined || m === undefined || d === undefined || !realDay(y, m, d)) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}
