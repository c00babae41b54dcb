import type { TagType } from '../../api/apiSlice';
import { useRecordForm } from '../useRecordForm';
import { endProblem, type ScheduleValues } from './ScheduleFields';
import { templateMessages } from './scheduleList';

type RecordFormOptions<
  R extends { _id: string; version: number },
  F,
  K extends string,
  I,
> = Parameters<typeof useRecordForm<R, F & object, K | 'endDate', I>>[0];

/**
 * A kind of template's calls, as its API module gives them: its cache tag's type, the lazy
 * query of one template (an edit's Reload), and its add and update mutation hooks.
 */
export interface TemplateCalls<R extends { _id: string; version: number }, I> {
  kind: TagType;
  useOne: () => readonly [(id: string) => { unwrap: () => Promise<R | null> }, ...unknown[]];
  useAdd: () => RecordFormOptions<R, object, string, I>['add'];
  useUpdate: () => RecordFormOptions<R, object, string, I>['update'];
}

/**
 * The state of every recurring entry's create/edit form (a recurring expense, a recurring
 * payment): a record form whose toasts name the template (`what`), whose schedule fields
 * change together, and whose save checks the date range besides the form's own problems.
 */
export function useTemplateForm<
  R extends { _id: string; version: number },
  F extends ScheduleValues,
  K extends string,
  I,
>({
  what,
  kind,
  useOne,
  useAdd,
  useUpdate,
  ...o
}: Omit<RecordFormOptions<R, F, K, I>, 'messages' | 'reload' | 'tag' | 'add' | 'update'> &
  TemplateCalls<R, I> & {
    /** Its name in the toasts ("recurring expense"). */
    what: string;
  }) {
  const [fetchOne] = useOne();
  const record = useRecordForm({
    ...o,
    reload: (id) => fetchOne(id).unwrap(),
    tag: (id) => ({ type: kind, id }),
    add: useAdd(),
    update: useUpdate(),
    messages: templateMessages(what),
  });
  const { form, setForm, setProblems, refused, save } = record;
  /** Changes of the schedule's fields (a date's clears the date range's problem). */
  const setSchedule = (changes: Partial<ScheduleValues>) => {
    setForm((f) => ({ ...f, ...changes }));
    for (const key of Object.keys(changes)) refused.clear(key as K);
    if (changes.startDate !== undefined || changes.endDate !== undefined)
      setProblems((p) => ({ ...p, endDate: undefined }));
  };
  return {
    ...record,
    setSchedule,
    /** Checks the form (`found`, and the date range), then saves it. */
    save: (found: Partial<Record<K, string>>, input: () => I) =>
      save(
        { ...found, endDate: endProblem(form) } as Partial<Record<K | 'endDate', string>>,
        input,
      ),
  };
}
