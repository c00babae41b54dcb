import { useRecordForm } from '../useRecordForm';
import { endProblem, type ScheduleValues } from './ScheduleFields';
import { templateMessages } from './scheduleList';

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
>(
  o: Omit<Parameters<typeof useRecordForm<R, F, K | 'endDate', I>>[0], 'messages'> & {
    /** Its name in the toasts ("recurring expense"). */
    what: string;
  },
) {
  const record = useRecordForm({ ...o, messages: templateMessages(o.what) });
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
