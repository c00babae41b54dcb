import { useState, type ReactNode } from 'react';
import type { Tag } from '../api/tags';
import { FormModal, type ModalProps } from './Modal';
import { useEditConflict, type ConflictForm } from './useEditConflict';
import { useFieldErrors } from './useFieldErrors';

type Call = { unwrap: () => Promise<{ message?: string }> };
/** A mutation hook's answer: its trigger and whether a call is under way. */
type Mutation<I> = readonly [(input: I) => Call, { isLoading: boolean }];
/** A save's toasts. */
export interface SaveMessages {
  success: string;
  failure: string;
}

/** A save's toasts of a kind of record, by its name ("expense"). */
export function recordMessages(what: string) {
  const Name = what.charAt(0).toUpperCase() + what.slice(1);
  const told = (done: string, doing: string) => ({
    success: `${Name} ${done} successfully`,
    failure: `Failed to ${doing} ${what}. Please try again.`,
  });
  return { created: told('created', 'create'), updated: told('updated', 'update') };
}

/**
 * The state of a record's create/edit modal (an expense, a project, a recurring entry): its
 * values, the version it edits (and the stale-version notice), the problems it finds before
 * sending and the server's refusals under their fields, and the save, which closes the modal
 * once the record is saved.
 */
export function useRecordForm<
  R extends { _id: string; version: number },
  F extends object,
  K extends string,
  I,
>(o: {
  record: R | null;
  /** The form's values of a record (a new one's when null). */
  valuesOf: (record: R | null) => F;
  /** The record as it is now. */
  reload: (id: string) => Promise<R | null | undefined>;
  tag: (id: string) => Tag;
  /** The fields a refusal may name (the server's names). */
  fields: readonly K[];
  messages: { created: SaveMessages; updated: SaveMessages };
  add: Mutation<I>;
  update: Mutation<I & { _id: string; version: number }>;
  /**
   * How a stale-version notice names the fields: with it, the notice shows the user's own
   * value beside the other person's and a confirmed save keeps the user's typing.
   */
  compare?: Pick<ConflictForm<R, F>, 'labels' | 'unlisted'>;
  /** Besides the form's values, what else follows a reload. */
  onReloaded?: (fresh: R) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState(() => o.valuesOf(o.record));
  const conflict = useEditConflict({
    record: o.record,
    reload: (r) => o.reload(r._id),
    onReloaded: (fresh) => {
      o.onReloaded?.(fresh);
      setForm(o.valuesOf(fresh));
    },
    tags: (r) => [o.tag(r._id)],
    form: o.compare && { values: form, of: o.valuesOf, set: setForm, ...o.compare },
  });
  const [problems, setProblems] = useState<Partial<Record<K, string>>>({});
  const refused = useFieldErrors(o.fields);
  /** Clears a field's own problem and its refusal (it has changed). */
  const clear = (key: K) => {
    setProblems((p) => (p[key] ? { ...p, [key]: undefined } : p));
    refused.clear(key);
  };
  /** A field's change: its value, and its problem and refusal cleared. */
  const set = (key: keyof F & K) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    clear(key);
  };
  /**
   * Checks the form (`found`: the problems it finds), then sends `input` as a new record or
   * the edit of `record`; answers whether it was saved.
   */
  const save = async (found: Partial<Record<K, string>>, input: () => I) => {
    setProblems(found);
    if (Object.values(found).some(Boolean)) return false;
    const body = input();
    const saved = await conflict.save(
      o.record
        ? o.update[0]({ ...body, _id: o.record._id, version: conflict.version }).unwrap()
        : o.add[0](body).unwrap(),
      o.record ? o.messages.updated : o.messages.created,
      refused.capture,
    );
    if (saved) o.onClose();
    return saved;
  };
  return {
    form,
    setForm,
    conflict,
    problems,
    setProblems,
    refused,
    set,
    clear,
    save,
    editing: o.record !== null,
    busy: o.add[1].isLoading || o.update[1].isLoading,
    onClose: o.onClose,
  };
}

/** What the modal takes of a record form's state. */
interface RecordFormState {
  editing: boolean;
  busy: boolean;
  onClose: () => void;
  conflict: { notice: ReactNode };
}

/**
 * A record's create/edit modal: `title` names it as it is (adding or editing), the submit
 * button reads Create or Update, and the stale-version notice stands above the fields.
 */
export function RecordFormModal({
  state,
  title,
  onSubmit,
  size,
  children,
}: {
  state: RecordFormState;
  title: { add: string; edit: string };
  onSubmit: () => void;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  return (
    <FormModal
      open
      title={state.editing ? title.edit : title.add}
      onClose={state.onClose}
      onSubmit={onSubmit}
      submitLabel={state.editing ? 'Update' : 'Create'}
      busy={state.busy}
      size={size}
    >
      {state.conflict.notice}
      {children}
    </FormModal>
  );
}
