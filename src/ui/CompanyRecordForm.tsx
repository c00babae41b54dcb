import { useState, type ReactNode } from 'react';
import type { Tag } from '../api/tags';
import { Field } from './Field';
import { textValues } from './formValues';
import { FormModal } from './Modal';
import { useEditConflict } from './useEditConflict';
import { useFieldErrors } from './useFieldErrors';

type Call = { unwrap: () => Promise<{ message?: string }> };
/** A mutation hook of the record's kind, as its API module gives it. */
type MutationHook<A> = () => readonly [(arg: A) => Call, { isLoading: boolean }];
type FieldProps = Partial<Parameters<typeof Field>[0]>;

/** The fields every company record (a client, a vendor) has besides its own. */
export type CompanyKey = 'name' | 'gstin' | 'email' | 'mobile';

/**
 * The state of a company record's add/edit form (a client, a vendor): its values, the
 * version it edits (a stale one's notice keeps what was typed), the server's refusals under
 * their fields, a field renderer, and the save with its toasts.
 */
export function useCompanyRecordForm<
  R extends { _id: string; version: number },
  K extends string,
>(o: {
  /** Its name in titles and toasts ("client", "vendor"). */
  what: string;
  record: R | null;
  /** The fields a refusal may name (the server's names). */
  fields: readonly K[];
  /** The lazy query of one record as it is now (a stale edit's reload). */
  useOne: () => readonly [
    (id: string) => { unwrap: () => Promise<R | null | undefined> },
    ...unknown[],
  ];
  /** The cache tags that refresh the lists showing it. */
  tags: (record: R) => Tag[];
  useAdd: MutationHook<Record<K, string>>;
  useUpdate: MutationHook<Record<K, string> & { id: string; version: number }>;
  onClose: () => void;
}) {
  const [add, adding] = o.useAdd();
  const [update, updating] = o.useUpdate();
  const [fetchOne] = o.useOne();
  // Every field is text: a new record's, or one the record leaves blank, is empty.
  const [form, setForm] = useState(() =>
    textValues(o.record as Partial<Record<K, string>> | null, o.fields),
  );
  const refused = useFieldErrors(o.fields);
  const conflict = useEditConflict({
    record: o.record,
    reload: (r) => fetchOne(r._id).unwrap(),
    // What was typed stays: the reload only takes the current version.
    onReloaded: () => undefined,
    tags: o.tags,
  });
  const set = (key: K) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    refused.clear(key);
  };
  const field = (key: K, label: string, extra: FieldProps = {}) => (
    <Field
      id={`${o.what}-${key}`}
      label={label}
      value={form[key]}
      onChange={set(key)}
      error={refused.errors[key]}
      {...extra}
    />
  );
  /** Sends `body` as a new record or the edit of the one opened; closes once saved. */
  const save = async (body: Record<K, string>) => {
    const ok = await conflict.save(
      o.record
        ? update({ id: o.record._id, ...body, version: conflict.version }).unwrap()
        : add(body).unwrap(),
      {
        success: o.record ? `${capitalised(o.what)} updated` : `${capitalised(o.what)} added`,
        failure: `Could not save the ${o.what}.`,
      },
      refused.capture,
    );
    if (ok) o.onClose();
  };
  return {
    form,
    set,
    field,
    refused,
    conflict,
    save,
    record: o.record,
    what: o.what,
    busy: adding.isLoading || updating.isLoading,
    onClose: o.onClose,
  };
}

/** What the modal takes of the form's state (its fields include every CompanyKey). */
interface CompanyFormState {
  what: string;
  record: unknown;
  busy: boolean;
  onClose: () => void;
  conflict: { notice: ReactNode };
  field: (key: CompanyKey, label: string, extra?: FieldProps) => ReactNode;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A company record's modal: its title and button name the record, the stale-version notice
 * stands first, then the fields in two columns: the name, `beforeGstin` (a client's state),
 * the GSTIN (optional: an unregistered one), e-mail and mobile, and `address` across both.
 */
export function CompanyRecordForm({
  state: s,
  onSubmit,
  beforeGstin,
  gstin,
  address,
}: {
  state: CompanyFormState;
  onSubmit: () => void;
  beforeGstin?: ReactNode;
  /** The GSTIN field's further props (its own check's message). */
  gstin?: FieldProps;
  address: ReactNode;
}) {
  return (
    <FormModal
      open
      title={s.record ? `Edit ${s.what}` : `Add ${s.what}`}
      onClose={s.onClose}
      onSubmit={onSubmit}
      submitLabel={s.record ? 'Update' : `Add ${s.what}`}
      busy={s.busy}
      size="lg"
    >
      {s.conflict.notice}
      <div className="grid gap-4 sm:grid-cols-2">
        {s.field('name', 'Name', { required: true, maxLength: 200 })}
        {beforeGstin}
        {s.field('gstin', 'GSTIN (optional)', {
          maxLength: 20,
          autoComplete: 'off',
          className: 'uppercase',
          hint: `Leave empty for an unregistered ${s.what}`,
          ...gstin,
        })}
        {s.field('email', 'E-mail', { type: 'email', autoComplete: 'off' })}
        {s.field('mobile', 'Mobile', { type: 'tel', hint: 'e.g. 98765 43210' })}
        <div className="sm:col-span-2">{address}</div>
      </div>
    </FormModal>
  );
}
