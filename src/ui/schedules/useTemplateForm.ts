import { useState } from 'react';
import type { Tag } from '../../api/tags';
import { useEditConflict } from '../useEditConflict';
import { useFieldErrors } from '../useFieldErrors';
import { endProblem, type ScheduleValues } from './ScheduleFields';
import { templateMessages } from './scheduleList';

type Call = { unwrap: () => Promise<{ message?: string }> };

/**
 * The state of every recurring entry's create/edit form (a recurring expense, a recurring
 * payment): its values, the version it edits (and the stale-version notice), the problems it
 * finds before sending and the server's refusals under their fields, and the save.
 */
export function useTemplateForm<
  R extends { _id: string; version: number },
  F extends ScheduleValues,
  K extends string,
  I,
>(o: {
  record: R | null;
  /** The form's values of a template (a new one's when null). */
  valuesOf: (record: R | null) => F;
  /** The template as it is now. */
  reload: (id: string) => Promise<R | null | undefined>;
  tag: (id: string) => Tag;
  /** The fields a refusal may name (the server's names). */
  fields: readonly K[];
  /** Its name in the toasts ("recurring expense"). */
  what: string;
  add: (input: I) => Call;
  update: (input: I & { _id: string; version: number }) => Call;
}) {
  const [form, setForm] = useState(() => o.valuesOf(o.record));
  const conflict = useEditConflict({
    record: o.record,
    reload: (r) => o.reload(r._id),
    onReloaded: (fresh) => setForm(o.valuesOf(fresh)),
    tags: (r) => [o.tag(r._id)],
  });
  const [problems, setProblems] = useState<Partial<Record<K | 'endDate', string>>>({});
  const refused = useFieldErrors(o.fields);
  /** A field's change: its value, and its problem and refusal cleared. */
  const set = (key: keyof F & K) => (e: { target: { value: string } }) => {
    setForm({ ...form, [key]: e.target.value });
    if (problems[key]) setProblems({ ...problems, [key]: undefined });
    refused.clear(key);
  };
  /** Changes of the schedule's fields (a date's clears the date range's problem). */
  const setSchedule = (changes: Partial<ScheduleValues>) => {
    setForm({ ...form, ...changes });
    for (const key of Object.keys(changes)) refused.clear(key as K);
    if (changes.startDate !== undefined || changes.endDate !== undefined)
      setProblems({ ...problems, endDate: undefined });
  };
  /**
   * Checks the form (`found`: its own problems, besides the date range's), then sends `input`
   * as a new template or the edit of `record`; answers whether it was saved.
   */
  const save = async (found: Partial<Record<K, string>>, input: () => I) => {
    const all = { ...found, endDate: endProblem(form) } as Partial<Record<K | 'endDate', string>>;
    setProblems(all);
    if (Object.values(all).some(Boolean)) return false;
    const told = templateMessages(o.what);
    const body = input();
    return conflict.save(
      o.record
        ? o.update({ ...body, _id: o.record._id, version: conflict.version }).unwrap()
        : o.add(body).unwrap(),
      o.record ? told.updated : told.created,
      refused.capture,
    );
  };
  return { form, setForm, conflict, problems, setProblems, refused, set, setSchedule, save };
}
