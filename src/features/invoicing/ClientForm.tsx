import { useState } from 'react';
import { OUTSIDE_INDIA } from '../../../contract/gst';
import { Field, SelectField } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useEditConflict } from '../../ui/useEditConflict';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { gstinMessage } from './InvoicingSettingsScreen';
import {
  useAddClientMutation,
  useLazyGetClientQuery,
  useUpdateClientMutation,
  type Client,
} from './invoicingApi';
import { PLACE_OPTIONS } from './parts';

const FIELDS = ['name', 'gstin', 'stateCode', 'billingAddress', 'email', 'mobile'] as const;
type Key = (typeof FIELDS)[number];

const formOf = (c: Client | null): Record<Key, string> => ({
  name: c?.name ?? '',
  gstin: c?.gstin ?? '',
  stateCode: c?.stateCode ?? '',
  billingAddress: c?.billingAddress ?? '',
  email: c?.email ?? '',
  mobile: c?.mobile ?? '',
});

/** Add or edit a client; its GSTIN is optional (an unregistered client) and checked as typed. */
export function ClientForm({ client, onClose }: { client: Client | null; onClose: () => void }) {
  const [form, setForm] = useState(() => formOf(client));
  const [add, adding] = useAddClientMutation();
  const [update, updating] = useUpdateClientMutation();
  const [fetchClient] = useLazyGetClientQuery();
  const refused = useFieldErrors(FIELDS);
  const conflict = useEditConflict({
    record: client,
    reload: (c) => fetchClient(c._id).unwrap(),
    // What was typed stays: the reload only takes the current version.
    onReloaded: () => undefined,
    tags: (c) => [{ type: 'invoice', id: c._id }],
  });
  const set = (key: Key) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    refused.clear(key);
  };
  const abroad = form.stateCode === OUTSIDE_INDIA;
  const gstinError =
    (abroad && form.gstin.trim() ? 'A client outside India has no GSTIN.' : undefined) ??
    gstinMessage(form.gstin, form.stateCode) ??
    refused.errors.gstin;
  const field = (key: Key, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`client-${key}`}
      label={label}
      value={form[key]}
      onChange={set(key)}
      error={refused.errors[key]}
      {...extra}
    />
  );

  const submit = async () => {
    if (gstinError && !refused.errors.gstin) return;
    const body = { ...form, gstin: form.gstin.trim() };
    const ok = await conflict.save(
      client
        ? update({ id: client._id, ...body, version: conflict.version }).unwrap()
        : add(body).unwrap(),
      {
        success: client ? 'Client updated' : 'Client added',
        failure: 'Could not save the client.',
      },
      refused.capture,
    );
    if (ok) onClose();
  };

  return (
    <FormModal
      open
      title={client ? 'Edit client' : 'Add client'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={client ? 'Update' : 'Add client'}
      busy={adding.isLoading || updating.isLoading}
      size="lg"
    >
      {conflict.notice}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Name', { required: true, maxLength: 200 })}
        <SelectField
          id="client-stateCode"
          label="State"
          placeholder="Select state"
          options={PLACE_OPTIONS}
          value={form.stateCode}
          onChange={set('stateCode')}
          error={refused.errors.stateCode}
          required
        />
        {field('gstin', 'GSTIN (optional)', {
          maxLength: 20,
          autoComplete: 'off',
          className: 'uppercase',
          error: gstinError,
          hint: 'Leave empty for an unregistered client',
        })}
        {field('email', 'E-mail', { type: 'email', autoComplete: 'off' })}
        {field('mobile', 'Mobile', { type: 'tel', hint: 'e.g. 98765 43210' })}
        <div className="sm:col-span-2">
          {field('billingAddress', 'Billing address', { required: true, maxLength: 500 })}
        </div>
      </div>
    </FormModal>
  );
}
