import { vendorFormCalls, type Vendor } from '../../api/vendorsApi';
import { CompanyRecordForm, useCompanyRecordForm } from '../../ui/CompanyRecordForm';

const FIELDS = ['name', 'gstin', 'email', 'mobile', 'address'] as const;

/** Add or edit a vendor: a name, and optionally its GSTIN, e-mail, mobile and address. */
export function VendorForm({ record, onClose }: { record: Vendor | null; onClose: () => void }) {
  const state = useCompanyRecordForm({
    what: 'vendor',
    record,
    fields: FIELDS,
    ...vendorFormCalls,
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
