/**
 * The calendar of recurring expenses, written once: the server creates each occurrence on
 * the day these rules give, and the SPA's form says what they mean. Plain TypeScript on
 * YYYY-MM-DD strings (no time of day, no time zone), so the SPA's bundle stays small.
 *
 * Monthly on day 1–31: each month on that day, or on the month's last day when it has fewer
 * (the 31st is 28 or 29 February, 30 April, 31 May: the day is kept, never drifts).
 * Weekly on day 0–6: each week on that weekday, 0 Sunday to 6 Saturday (as getUTCDay).
 */
import type { RecurringSchedule } from './enums';

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** What is wrong with a schedule's day, or undefined when it is one (the server's words). */
export function scheduleDayProblem(schedule: RecurringSchedule, day: number): string | undefined {
  if (!Number.isInteger(day)) return 'must be a whole number';
  if (schedule === 'monthly')
    return day >= 1 && day <= 31 ? undefined : 'must be from 1 to 31 for a monthly schedule';
  return day >= 0 && day <= 6
    ? undefined
    : 'must be from 0 (Sunday) to 6 (Saturday) for a weekly schedule';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

const fromUtc = (time: number) => {
  const d = new Date(time);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** The number of days of a month (`month` 1–12). */
export const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `date` moved by `days` (negative: back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return fromUtc(Date.UTC(y, m - 1, d + days));
}

/** `date` moved by whole months, on the same day or the month's last when it is shorter. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`;
}

/** The weekday of a date, 0 Sunday to 6 Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The first day of the schedule on or after `from`. */
export function firstOnOrAfter(schedule: RecurringSchedule, day: number, from: string): string {
  if (schedule === 'weekly') return addDays(from, (day - weekdayOf(from) + 7) % 7);
  const [y, m] = parts(from);
  const inMonth = (year: number, month: number) =>
    `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`;
  const candidate = inMonth(y, m);
  if (candidate >= from) return candidate;
  return m === 12 ? inMonth(y + 1, 1) : inMonth(y, m + 1);
}

/** The day of the schedule after `date`. */
export const nextAfter = (schedule: RecurringSchedule, day: number, date: string) =>
  firstOnOrAfter(schedule, day, addDays(date, 1));

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffixes: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' };
  return `${n}${suffixes[n % 10] ?? 'th'}`;
}

/** "Monthly on the 1st", "Weekly on Monday". */
export function scheduleInWords(schedule: RecurringSchedule, day: number): string {
  return schedule === 'monthly'
    ? `Monthly on the ${ordinal(day)}`
    : `Weekly on ${WEEKDAYS[day] ?? `day ${day}`}`;
}
