import type { RecurringSchedule } from '../../../contract/enums';
import { ordinal } from '../../../contract/schedule';
import { END_BEFORE_START, isBackwards, todayLocalISO } from '../../lib/dates';
import { DateField } from '../DateField';
import { SelectField } from '../Field';
import { DAY_OPTIONS, SCHEDULE_OPTIONS, dayOf } from '../scheduleOptions';

/**
 * The schedule part of every recurring entry's form (a recurring expense, a recurring
 * payment): repeats, day, start and end date, as the form holds them and as it sends them.
 */

/** The schedule fields a refusal may name (the server's names). */
export const SCHEDULE_FIELDS = ['schedule', 'day', 'startDate', 'endDate'] as const;
type ScheduleField = (typeof SCHEDULE_FIELDS)[number];

export interface ScheduleValues {
  schedule: RecurringSchedule;
  day: string;
  startDate: string;
  endDate: string;
}

/** A template's schedule as the form holds it (a new one's when null: monthly, from today). */
export function scheduleValues(
  r: { schedule: RecurringSchedule; day: number; startDate: string; endDate: string | null } | null,
): ScheduleValues {
  const start = r?.startDate ?? todayLocalISO();
  return {
    schedule: r?.schedule ?? 'monthly',
    day: String(r?.day ?? dayOf('monthly', start)),
    startDate: start,
    endDate: r?.endDate ?? '',
  };
}

/** The schedule as the API takes it (no end date: null). */
export const scheduleInput = (v: ScheduleValues) => ({
  schedule: v.schedule,
  day: Number(v.day),
  startDate: v.startDate,
  endDate: v.endDate === '' ? null : v.endDate,
});

/** What is wrong with the date range before it is sent, if anything. */
export const endProblem = (v: ScheduleValues) =>
  isBackwards(v.startDate, v.endDate) ? END_BEFORE_START : undefined;

/** The repeats, day, start and end fields; `onChange` gets the values changed. */
export function ScheduleFields({
  idPrefix,
  values,
  errors,
  endError,
  onChange,
  made,
}: {
  /** The fields' ids start with it ("recurring" gives "recurring-schedule"). */
  idPrefix: string;
  values: ScheduleValues;
  /** The server's refusals of the fields. */
  errors: Partial<Record<ScheduleField, string>>;
  /** The form's own problem with the end date. */
  endError?: string;
  onChange: (changes: Partial<ScheduleValues>) => void;
  /** What the server does of a day: [in a month's last day it is …, days past are …]. */
  made: { monthEnd: string; past: string };
}) {
  const day = Number(values.day);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={`${idPrefix}-schedule`}
          label="Repeats"
          options={SCHEDULE_OPTIONS}
          required
          error={errors.schedule}
          value={values.schedule}
          onChange={(e) => {
            const schedule = e.target.value as RecurringSchedule;
            // The new schedule's day that the start date falls on, rather than one it lacks.
            onChange({ schedule, day: String(dayOf(schedule, values.startDate)) });
          }}
        />
        <SelectField
          id={`${idPrefix}-day`}
          label={values.schedule === 'monthly' ? 'Day of the month' : 'Day of the week'}
          options={DAY_OPTIONS[values.schedule]}
          required
          error={errors.day}
          value={values.day}
          onChange={(e) => onChange({ day: e.target.value })}
        />
      </div>
      {values.schedule === 'monthly' && day > 28 && (
        <p className="text-xs text-gray-600">
          In a month without the {ordinal(day)}, it is {made.monthEnd} on the month’s last day.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          id={`${idPrefix}-start`}
          label="Start date"
          required
          hint={`Days already past are ${made.past} at once.`}
          error={errors.startDate}
          value={values.startDate}
          onChange={(e) => onChange({ startDate: e.target.value })}
        />
        <DateField
          id={`${idPrefix}-end`}
          label="End date (optional)"
          error={endError ?? errors.endDate}
          value={values.endDate}
          onChange={(e) => onChange({ endDate: e.target.value })}
        />
      </div>
    </>
  );
}
