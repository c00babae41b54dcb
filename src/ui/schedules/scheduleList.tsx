import type { RecurringSchedule } from '../../../contract/enums';
import { scheduleInWords } from '../../../contract/schedule';
import { notifyMutation } from '../../api/notify';
import { formatYMD } from '../../lib/dates';
import type { Column } from '../DataTable';
import { Money } from '../Money';

/**
 * What every recurring entry's list shares (recurring expenses, recurring payments): where a
 * template stands, its schedule and next date columns, its schedule in Data Details, pause
 * and resume, and the count under the list.
 */

interface Scheduled {
  _id: string;
  version: number;
  schedule: RecurringSchedule;
  day: number;
  startDate: string;
  endDate: string | null;
  nextDate: string | null;
  lastDate: string | null;
  paused: boolean;
}

/** Where a template stands: making its days, paused, or past its end date. */
export const statusOf = (row: Scheduled) =>
  row.paused ? 'Paused' : row.nextDate === null ? 'Ended' : 'Active';

/** The schedule in words and the next date (none while paused or ended). */
export const scheduleColumns = <R extends Scheduled, S extends string>(
  nextSort: S,
): Column<R, S>[] => [
  {
    key: 'schedule',
    header: 'Schedule',
    render: (row) => scheduleInWords(row.schedule, row.day),
  },
  {
    key: 'nextDate',
    header: 'Next Date',
    sortKey: nextSort,
    render: (row) => (row.paused || row.nextDate === null ? '—' : formatYMD(row.nextDate)),
  },
];

export const statusColumn = <R extends Scheduled, S extends string>(): Column<R, S> => ({
  key: 'status',
  header: 'Status',
  render: statusOf,
});

/** Data Details of a template's schedule, in words, after its own fields. */
export const scheduleDetails = (row: Scheduled) => ({
  schedule: scheduleInWords(row.schedule, row.day),
  startDate: row.startDate,
  endDate: row.endDate,
  nextDate: row.paused ? null : row.nextDate,
  lastDate: row.lastDate,
});

export const detailsRender = { amount: (v: unknown) => <Money value={v as number} /> };

type Toggle = (arg: { id: string; version: number }) => {
  unwrap: () => Promise<{ message?: string }>;
};

/**
 * The row action that pauses a template, or resumes a paused one, and tells how it went;
 * `what` is its name in the messages ("recurring expense").
 */
export function pauseResumeAction(what: string, pause: Toggle, resume: Toggle) {
  const Name = what.charAt(0).toUpperCase() + what.slice(1);
  const toggle = (row: Scheduled) =>
    row.paused
      ? notifyMutation(resume({ id: row._id, version: row.version }).unwrap(), {
          success: `${Name} resumed`,
          failure: `Failed to resume the ${what}. Please try again.`,
        })
      : notifyMutation(pause({ id: row._id, version: row.version }).unwrap(), {
          success: `${Name} paused`,
          failure: `Failed to pause the ${what}. Please try again.`,
        });
  return (row: Scheduled) => ({
    label: row.paused ? 'Resume' : 'Pause',
    onClick: () => void toggle(row),
  });
}

/** "12 recurring expenses" under a list. */
export const countOf = (total: number, one: string) => (
  <>
    {total.toLocaleString('en-IN')} {total === 1 ? one : `${one}s`}
  </>
);
