import {
  useAddVendorMutation,
  useLazyGetVendorQuery,
  useUpdateVendorMutation,
  type Vendor,
} from '../../api/vendorsApi';
import { CompanyRecordForm, useCompanyRecordForm } from '../../ui/CompanyRecordForm';

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
export function VendorForm({ record, onClose }: { record: Vendor | null; onClose: () => void }) {
  const [add, adding] = useAddVendorMutation();
  const [update, updating] = useUpdateVendorMutation();
  const [fetchVendor] = useLazyGetVendorQuery();
  const state = useCompanyRecordForm({
    what: 'vendor',
    record,
    fields: FIELDS,
    valuesOf: formOf,
    reload: (id) => fetchVendor(id).unwrap(),
    tags: () => [{ type: 'bank', id: 'VENDORS' }],
    add,
    update,
    busy: adding.isLoading || updating.isLoading,
    onClose,
  });
  const { form } = state;

  return (
    <CompanyRecordForm
      state={state}
      onSubmit={() => state.save({ ...form, name: form.name.trim(), gstin: form.gstin.trim() })}
      address={state.field('address', 'Address', { maxLength: 500 })}
    />
  );
}
