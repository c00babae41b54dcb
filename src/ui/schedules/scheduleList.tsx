import type { ReactNode } from 'react';
import type { RecurringSchedule } from '../../../contract/enums';
import { scheduleInWords } from '../../../contract/schedule';
import { notifyMutation } from '../../api/notify';
import { formatYMD } from '../../lib/dates';
import type { Scope } from '../../session/scope';
import { countOf } from '../countOf';
import type { Column } from '../DataTable';
import { DeleteDialog } from '../DeleteDialog';
import { DetailsModal } from '../DetailsModal';
import { ListScreen } from '../ListScreen';
import { Money } from '../Money';
import type { ListQuery } from '../PagedTable';
import { ScopedListScreen } from '../ScopedListScreen';
import { useListParams } from '../useListParams';
import { useRecordModals } from '../useRecordModals';

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

const detailsRender = { amount: (v: unknown) => <Money value={v as number} /> };

type Done = Promise<{ message?: string }>;
type Toggle = (arg: { id: string; version: number }) => { unwrap: () => Done };

/** The toasts of a kind of template's calls; `what` is its name ("recurring expense"). */
export function templateMessages(what: string) {
  const Name = what.charAt(0).toUpperCase() + what.slice(1);
  const told = (done: string, failed: string) => ({
    success: `${Name} ${done}`,
    failure: `Failed to ${failed} the ${what}. Please try again.`,
  });
  return {
    created: told('created successfully', 'create'),
    updated: told('updated successfully', 'update'),
    deleted: told('deleted successfully', 'delete'),
    paused: told('paused', 'pause'),
    resumed: told('resumed', 'resume'),
  };
}

/** The row action that pauses a template, or resumes a paused one, and tells how it went. */
function pauseResumeAction(what: string, pause: Toggle, resume: Toggle) {
  const told = templateMessages(what);
  const toggle = (row: Scheduled) =>
    row.paused
      ? notifyMutation(resume({ id: row._id, version: row.version }).unwrap(), told.resumed)
      : notifyMutation(pause({ id: row._id, version: row.version }).unwrap(), told.paused);
  return (row: Scheduled) => ({
    label: row.paused ? 'Resume' : 'Pause',
    onClick: () => void toggle(row),
  });
}

/**
 * A template list's Data Details and delete confirmation: `nameOf` a row is what the
 * confirmation names, and `made` what of it stays ("expenses it already recorded").
 */
interface DialogsProps<R extends Scheduled> {
  details: (row: R) => object;
  labels: Record<string, string>;
  nameOf: (row: R) => string;
  made: string;
}

function TemplateDialogs<R extends Scheduled>({
  template: { what, modals, remove, deleting },
  details,
  labels,
  nameOf,
  made,
}: DialogsProps<R> & {
  template: Pick<TemplateList<R, string>, 'what' | 'modals' | 'remove' | 'deleting'>;
}) {
  return (
    <>
      <DetailsModal
        record={modals.showing && details(modals.showing)}
        onClose={modals.closeShow}
        labels={labels}
        render={detailsRender}
      />
      <DeleteDialog
        record={modals.deleting}
        title={`Delete ${what}`}
        message={(row) => (
          <>
            Delete the {what} <strong>{nameOf(row)}</strong>? The {made} stay.
          </>
        )}
        run={(row) => remove(row._id).unwrap()}
        messages={templateMessages(what).deleted}
        onClose={modals.closeDelete}
        busy={deleting}
      />
    </>
  );
}

type Mutation<A> = () => readonly [(arg: A) => { unwrap: () => Done }, { isLoading: boolean }];

/**
 * A template list's state: its sort and page (by the next date first), its modals, and its
 * delete, pause and resume (the kind's mutation hooks).
 */
export function useTemplateList<R extends Scheduled, S extends string>(o: {
  what: string;
  sorts: readonly S[];
  useDelete: Mutation<string>;
  usePause: Mutation<{ id: string; version: number }>;
  useResume: Mutation<{ id: string; version: number }>;
}) {
  const list = useListParams<S>('nextDate' as S, 'asc', { sorts: o.sorts });
  const modals = useRecordModals<R>();
  const [remove, deleting] = o.useDelete();
  const [pause] = o.usePause();
  const [resume] = o.useResume();
  return {
    what: o.what,
    list,
    modals,
    remove,
    deleting: deleting.isLoading,
    pauseOrResume: pauseResumeAction(o.what, pause, resume),
  };
}

/** A template list's state, as useTemplateList gives it. */
type TemplateList<R extends Scheduled, S extends string> = ReturnType<typeof useTemplateList<R, S>>;

/**
 * A kind of template's list screen, worded by its name (`template.what`): Add, Search, the
 * empty list's invitation and the count under the list; its create/edit `form`, Data Details
 * and delete confirmation. With `scope`, a company's list as its readers see it.
 */
export function TemplateListScreen<R extends Scheduled, S extends string>({
  template,
  title,
  hint,
  query,
  columns,
  form,
  scope,
  ...dialogs
}: DialogsProps<R> & {
  template: TemplateList<R, S>;
  title: string;
  /** What an empty list says the kind is for ("Rent, salaries, EMIs: …"). */
  hint: string;
  query: ListQuery<R>;
  columns: Column<R, S>[];
  /** The create (null) or edit form, closed by `onClose`. */
  form: (editing: R | null, onClose: () => void) => ReactNode;
  scope?: Scope;
}) {
  const { what, list, modals } = template;
  const Name = what.replace(/\b\w/g, (c) => c.toUpperCase());
  const page = query.currentData ?? query.data;
  const screen = {
    title,
    addLabel: `Add ${Name}`,
    onAdd: modals.openCreate,
    searchLabel: `Search ${what}s`,
    empty: { hint, action: `Add your first ${what}` },
    list,
    query,
    columns,
    summary: page && countOf(page.total, what),
    children: (
      <>
        {modals.formOpen && form(modals.editing, modals.closeForm)}
        <TemplateDialogs template={template} {...dialogs} />
      </>
    ),
  };
  return scope ? (
    <ScopedListScreen scope={scope} rows={`${what}s`} {...screen} />
  ) : (
    <ListScreen {...screen} />
  );
}
