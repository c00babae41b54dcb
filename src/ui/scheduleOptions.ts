import { RECURRING_SCHEDULES, type RecurringSchedule } from '../../contract/enums';
import { ordinal, weekdayOf, WEEKDAYS } from '../../contract/schedule';
import { formatEnum } from '../lib/labels';

/** The choices of a template's schedule and day, shared by recurring expenses and payments. */
export const SCHEDULE_OPTIONS = RECURRING_SCHEDULES.map((s) => ({
  value: s,
  label: formatEnum(s),
}));
export const DAY_OPTIONS: Record<RecurringSchedule, { value: string; label: string }[]> = {
  monthly: Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: ordinal(i + 1) })),
  weekly: WEEKDAYS.map((name, i) => ({ value: String(i), label: name })),
};

/** The day of a schedule that a start date falls on: its day of the month, or its weekday. */
export const dayOf = (schedule: RecurringSchedule, date: string) =>
  schedule === 'monthly' ? Number(date.slice(8, 10)) || 1 : weekdayOf(date);
