import { OUTSIDE_INDIA } from '../../../contract/gst';
import { CompanyRecordForm, useCompanyRecordForm } from '../../ui/CompanyRecordForm';
import { SelectField } from '../../ui/Field';
import { gstinMessage } from './InvoicingSettingsScreen';
import { clientFormCalls, type Client } from './invoicingApi';
import { PLACE_OPTIONS } from './parts';

const FIELDS = ['name', 'gstin', 'stateCode', 'billingAddress', 'email', 'mobile'] as const;

/** Add or edit a client; its GSTIN is optional (an unregistered client) and checked as typed. */
export function ClientForm({ record, onClose }: { record: Client | null; onClose: () => void }) {
  const state = useCompanyRecordForm({
    what: 'client',
    record,
    fields: FIELDS,
    ...clientFormCalls,
    onClose,
  });
  const { form, refused } = state;
  const abroad = form.stateCode === OUTSIDE_INDIA;
  const gstinError =
    (abroad && form.gstin.trim() ? 'A client outside India has no GSTIN.' : undefined) ??
    gstinMessage(form.gstin, form.stateCode) ??
    refused.errors.gstin;

  const submit = async () => {
    if (gstinError && !refused.errors.gstin) return;
    await state.save({ ...form, gstin: form.gstin.trim() });
  };

  return (
    <CompanyRecordForm
      state={state}
      onSubmit={submit}
      beforeGstin={
        <SelectField
          id="client-stateCode"
          label="State"
          placeholder="Select state"
          options={PLACE_OPTIONS}
          value={form.stateCode}
          onChange={state.set('stateCode')}
          error={refused.errors.stateCode}
          required
        />
      }
      gstin={{ error: gstinError }}
      address={state.field('billingAddress', 'Billing address', { required: true, maxLength: 500 })}
    />
  );
}
