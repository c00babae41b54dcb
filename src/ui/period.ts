import { dmyOfIso, todayLocalISO } from '../lib/today';

/**
 * A range of days that a screen's figures cover (both ends included, YYYY-MM-DD), kept in the
 * address as `from` and `to` so that a reload, a shared link or another tab opens on it. No
 * date library: the dashboard, the first screen of a session, uses it.
 */
export interface Period {
  from: string;
  to: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const two = (n: number) => String(n).padStart(2, '0');

/** The last day of a month (1-based), as a day of the month. */
const lastDay = (year: number, month: number) => new Date(year, month, 0).getDate();

/** The whole month `offset` months from the one holding `day`. */
export function monthOf(day: string, offset = 0): Period {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const start = `${year}-${two(month)}`;
  return { from: `${start}-01`, to: `${start}-${two(lastDay(year, month))}` };
}

/** This month, by the user's local calendar. */
export const thisMonth = (now: Date = new Date()) => monthOf(todayLocalISO(now));

/** Whether a period is one whole month. */
export function isWholeMonth(p: Period) {
  const month = monthOf(p.from);
  return month.from === p.from && month.to === p.to;
}

/** A real calendar day as YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return d <= lastDay(y, m) && y >= 1900 && y <= 2200;
}

/**
 * The period an address asks for: both ends real days, in order; anything else (missing,
 * half, backwards) is this month.
 */
export function periodOf(from: string | null, to: string | null, now?: Date): Period {
  return isDay(from) && isDay(to) && from <= to ? { from, to } : thisMonth(now);
}

/** "November 2026" for a whole month, "01/11/2026 – 15/11/2026" otherwise. */
export function periodLabel(p: Period) {
  if (isWholeMonth(p)) {
    const [y, m] = p.from.split('-').map(Number) as [number, number];
    return `${MONTHS[m - 1]} ${y}`;
  }
  return `${dmyOfIso(p.from)} – ${dmyOfIso(p.to)}`;
}
