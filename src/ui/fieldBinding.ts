import type { Dispatch, SetStateAction } from 'react';

/** A text control's change, as Field, AmountField, DateField and SelectField hand it on. */
export type FieldChange = (event: { target: { value: string } }) => void;

/** Where a field's message may come from: the form's own check, the server's refusal. */
type Messages = Readonly<Partial<Record<string, string | undefined>>>;

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The props that tie a form's text fields to its state, said once for them all: `bind(key)`
 * is the field's id (`prefix-key`, the key kebab-cased), its value, its change (`set(key)`)
 * and its message, the first of `messages` that has one (the form's own check before the
 * server's refusal).
 */
export function fieldBinder<K extends string>(
  prefix: string,
  values: Readonly<Record<NoInfer<K>, string>>,
  set: (key: K) => FieldChange,
  ...messages: Messages[]
) {
  return (key: K) => ({
    id: `${prefix}-${kebab(key)}`,
    value: values[key],
    error: messages.map((m) => m[key]).find(Boolean),
    onChange: set(key),
  });
}

/** The keys of a form's text fields (not its checkboxes). */
type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/** The change of a useState form's text field `key`: the typed value goes under it. */
export const stateSetter =
  <F>(setForm: Dispatch<SetStateAction<F>>) =>
  (key: TextKey<F>): FieldChange =>
  (event) =>
    setForm((form) => ({ ...form, [key]: event.target.value }));

/** What recordFieldBinder takes of a record form's state (useRecordForm's). */
interface RecordFormFields<K extends string> {
  form: Readonly<Record<NoInfer<K>, string>>;
  set: (key: K) => FieldChange;
  problems: Messages;
  refused: { errors: Messages };
}

/** fieldBinder of a record form (useRecordForm's state): its own problems, then the refusals. */
export const recordFieldBinder = <K extends string>(prefix: string, state: RecordFormFields<K>) =>
  fieldBinder(prefix, state.form, state.set, state.problems, state.refused.errors);
