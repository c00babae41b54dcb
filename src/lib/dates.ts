import { format, isValid, parseISO } from 'date-fns';

function toDate(value: string | Date): Date | null {
  const d = typeof value === 'string' ? parseISO(value) : value;
  return isValid(d) ? d : null;
}

/** DD/MM/YYYY HH:mm in the browser's time zone (the audit trail, sessions, sign-ins). */
export function formatWhen(iso: string): string {
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'dd/MM/yyyy HH:mm') : '';
}

/** DD/MM/YYYY (company, user, project, bank lists, details, profile). '' for an unusable value. */
export function formatDMY(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  return d ? format(d, 'dd/MM/yyyy') : '';
}

/** YYYY-MM-DD (lend, borrowed, expense lists and forms). A calendar date string is kept as is. */
export function formatYMD(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = toDate(value);
  return d ? format(d, 'yyyy-MM-dd') : '';
}

export { todayLocalISO } from './today';

/** Whether a value looks like a calendar date or an ISO timestamp. */
export function isDateLike(value: unknown): value is string {
  return (
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)
  );
}

/** The one message for a date range that ends before it starts (the server says the same). */
export const END_BEFORE_START = 'End date must be on or after the start date';

/** Whether both ends of a YYYY-MM-DD range are set and the end comes first. */
export const isBackwards = (from: string, to: string) => from !== '' && to !== '' && from > to;

export interface DatePreset {
  label: string;
  from: string;
  to: string;
}

/**
 * The ranges a report offers besides its default: this month, last month and this
 * financial year (1 April to 31 March), by the user's local calendar.
 */
export function datePresets(now: Date = new Date()): DatePreset[] {
  const y = now.getFullYear();
  const m = now.getMonth();
  const day = (year: number, month: number, date: number) =>
    format(new Date(year, month, date), 'yyyy-MM-dd');
  const fyStart = m >= 3 ? y : y - 1;
  return [
    { label: 'This month', from: day(y, m, 1), to: day(y, m + 1, 0) },
    { label: 'Last month', from: day(y, m - 1, 1), to: day(y, m, 0) },
    {
      label: `This financial year (${fyStart}–${String((fyStart + 1) % 100).padStart(2, '0')})`,
      from: day(fyStart, 3, 1),
      to: day(fyStart + 1, 2, 31),
    },
  ];
}
