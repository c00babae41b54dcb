import { useState } from 'react';
import {
  useAddVendorMutation,
  useLazyGetVendorQuery,
  useUpdateVendorMutation,
  type Vendor,
} from '../../api/vendorsApi';
import { Field } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useEditConflict } from '../../ui/useEditConflict';
import { useFieldErrors } from '../../ui/useFieldErrors';

const FIELDS = ['name', 'gstin', 'email', 'mobile', 'address'] as const;
type Key = (typeof FIELDS)[number];

const formOf = (v: Vendor | null): Record<Key, string> => ({
  name: v?.name ?? '',
  gstin: v?.gstin ?? '',
  email: v?.email ?? '',
  mobile: v?.mobile ?? '',
  address: v?.address ?? '',
});

/** Add or edit a vendor: a name, and optionally its GSTIN, e-mail, mobile and address. */
export function VendorForm({ vendor, onClose }: { vendor: Vendor | null; onClose: () => void }) {
  const [form, setForm] = useState(() => formOf(vendor));
  const [add, adding] = useAddVendorMutation();
  const [update, updating] = useUpdateVendorMutation();
  const [fetchVendor] = useLazyGetVendorQuery();
  const refused = useFieldErrors(FIELDS);
  const conflict = useEditConflict({
    record: vendor,
    reload: (v) => fetchVendor(v._id).unwrap(),
    // What was typed stays: the reload only takes the current version.
    onReloaded: () => undefined,
    tags: () => [{ type: 'bank', id: 'VENDORS' }],
  });
  const set = (key: Key) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    refused.clear(key);
  };
  const field = (key: Key, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`vendor-${key}`}
      label={label}
      value={form[key]}
      onChange={set(key)}
      error={refused.errors[key]}
      {...extra}
    />
  );

  const submit = async () => {
    const body = { ...form, name: form.name.trim(), gstin: form.gstin.trim() };
    const ok = await conflict.save(
      vendor
        ? update({ id: vendor._id, ...body, version: conflict.version }).unwrap()
        : add(body).unwrap(),
      {
        success: vendor ? 'Vendor updated' : 'Vendor added',
        failure: 'Could not save the vendor.',
      },
      refused.capture,
    );
    if (ok) onClose();
  };

  return (
    <FormModal
      open
      title={vendor ? 'Edit vendor' : 'Add vendor'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={vendor ? 'Update' : 'Add vendor'}
      busy={adding.isLoading || updating.isLoading}
      size="lg"
    >
      {conflict.notice}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Name', { required: true, maxLength: 200 })}
        {field('gstin', 'GSTIN (optional)', {
          maxLength: 20,
          autoComplete: 'off',
          className: 'uppercase',
          hint: 'Leave empty for an unregistered vendor',
        })}
        {field('email', 'E-mail', { type: 'email', autoComplete: 'off' })}
        {field('mobile', 'Mobile', { type: 'tel', hint: 'e.g. 98765 43210' })}
        <div className="sm:col-span-2">{field('address', 'Address', { maxLength: 500 })}</div>
      </div>
    </FormModal>
  );
}
