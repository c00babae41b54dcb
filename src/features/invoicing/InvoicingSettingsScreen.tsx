import { useState } from 'react';
import { gstinPan, gstinProblem, gstinStateCode, normalizeTaxId } from '../../../contract/gst';
import { accountLabel, useGetAccountQuery } from '../../api/accountsApi';
import { useScope } from '../../session/scope';
import { AccountPicker } from '../../ui/AccountPicker';
import { ScopeBar } from '../../ui/CompanyPicker';
import { Field, SelectField } from '../../ui/Field';
import { textValues } from '../../ui/formValues';
import { QueryState } from '../../ui/QueryState';
import { BusyButton } from '../../ui/BusyButton';
import { ScreenCard } from '../../ui/ScreenCard';
import { useEditConflict } from '../../ui/useEditConflict';
import { useFieldErrors } from '../../ui/useFieldErrors';
import {
  useGetInvoiceProfileQuery,
  useLazyGetInvoiceProfileQuery,
  useSaveInvoiceProfileMutation,
  type InvoiceProfile,
} from './invoicingApi';
import { STATE_OPTIONS } from './parts';

const FIELDS = [
  'legalName',
  'address',
  'stateCode',
  'gstin',
  'pan',
  'bankAccountId',
  'upiId',
  'invoicePrefix',
  'creditNotePrefix',
  'termsDays',
] as const;
type Key = (typeof FIELDS)[number];
type Form = Record<Key, string>;

const formOf = (p: InvoiceProfile | null): Form => ({
  ...textValues(p, ['legalName', 'address', 'stateCode', 'gstin', 'pan', 'bankAccountId', 'upiId']),
  invoicePrefix: p?.invoicePrefix ?? 'INV',
  creditNotePrefix: p?.creditNotePrefix ?? 'CN',
  termsDays: String(p?.termsDays ?? 15),
});

/**
 * What a typed GSTIN is wrong in, as soon as it is typed: the contract's check (format,
 * state code, check character), then that it starts with the company's state.
 */
export function gstinMessage(typed: string, stateCode: string): string | undefined {
  const gstin = normalizeTaxId(typed);
  if (gstin === '') return undefined;
  const problem = gstinProblem(gstin);
  if (problem) return `GSTIN ${problem}.`;
  if (stateCode && gstinStateCode(gstin) !== stateCode)
    return `GSTIN must start with the state's code, ${stateCode}.`;
  return undefined;
}

/** Invoicing settings: who issues the invoices, from where, and how clients pay. */
export default function InvoicingSettingsScreen() {
  const scope = useScope();
  const waiting = scope.isAdmin && !scope.companyId;
  const query = useGetInvoiceProfileQuery(scope.companyId || undefined, { skip: waiting });
  return (
    <>
      <ScopeBar scope={scope} />
      <ScreenCard title="Invoicing settings" back={false}>
        <p className="mt-1 text-sm text-gray-700">
          Printed on every invoice: the company's legal name, address, GSTIN and how to pay.
        </p>
        {waiting ? (
          <p className="mt-4 text-sm text-gray-700">Choose a company to see its settings.</p>
        ) : (
          <QueryState query={query}>
            {query.data && (
              <ProfileForm
                key={query.data.data?._id ?? 'new'}
                profile={query.data.data}
                readOnly={!scope.isCompany}
                companyId={scope.companyId}
              />
            )}
          </QueryState>
        )}
      </ScreenCard>
    </>
  );
}

function ProfileForm({
  profile,
  readOnly,
  companyId,
}: {
  profile: InvoiceProfile | null;
  readOnly: boolean;
  companyId: string;
}) {
  const [form, setForm] = useState(() => formOf(profile));
  const [save, saving] = useSaveInvoiceProfileMutation();
  const [fetchProfile] = useLazyGetInvoiceProfileQuery();
  const refused = useFieldErrors(FIELDS);
  // A stale save keeps what was typed: Reload only takes the current version.
  const conflict = useEditConflict({
    record: profile,
    reload: async () => (await fetchProfile(companyId || undefined).unwrap()).data,
    onReloaded: () => undefined,
    tags: () => [{ type: 'invoice', id: 'PROFILE' }],
  });
  const account = useGetAccountQuery(form.bankAccountId, { skip: !form.bankAccountId });
  const set = (key: Key, value: string) => {
    setForm((f) => {
      const next = { ...f, [key]: value };
      // The PAN is the one inside the GSTIN: filled in as soon as the GSTIN is whole.
      const gstin = normalizeTaxId(next.gstin);
      if (key === 'gstin' && !gstinProblem(gstin)) next.pan = gstinPan(gstin);
      return next;
    });
    refused.clear(key);
  };
  const gstinError = gstinMessage(form.gstin, form.stateCode) ?? refused.errors.gstin;
  const field = (key: Key, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`profile-${key}`}
      label={label}
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      error={refused.errors[key]}
      disabled={readOnly}
      {...extra}
    />
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (gstinMessage(form.gstin, form.stateCode)) {
      document.getElementById('profile-gstin')?.focus();
      return;
    }
    await conflict.save(
      save({
        legalName: form.legalName,
        address: form.address,
        stateCode: form.stateCode,
        gstin: form.gstin,
        pan: form.pan || undefined,
        bankAccountId: form.bankAccountId || undefined,
        upiId: form.upiId || undefined,
        invoicePrefix: form.invoicePrefix,
        creditNotePrefix: form.creditNotePrefix,
        termsDays: Number(form.termsDays),
        version: profile ? conflict.version : undefined,
      }).unwrap(),
      { success: 'Invoicing settings saved', failure: 'Could not save the settings.' },
      refused.capture,
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      {conflict.notice}
      <div className="grid gap-4 md:grid-cols-2">
        {field('legalName', 'Legal name', { required: true, maxLength: 200 })}
        <SelectField
          id="profile-stateCode"
          label="State"
          placeholder="Select state"
          options={STATE_OPTIONS}
          value={form.stateCode}
          onChange={(e) => set('stateCode', e.target.value)}
          error={refused.errors.stateCode}
          disabled={readOnly}
          required
        />
        <div className="md:col-span-2">
          {field('address', 'Address', { required: true, maxLength: 500 })}
        </div>
        {field('gstin', 'GSTIN', {
          required: true,
          maxLength: 20,
          autoComplete: 'off',
          className: 'uppercase',
          error: gstinError,
          hint: '15 characters, e.g. 27AAPFU0939F1ZV',
        })}
        {field('pan', 'PAN', {
          maxLength: 10,
          className: 'uppercase',
          hint: 'Filled in from the GSTIN',
        })}
        {readOnly ? (
          <Field
            id="profile-bankAccountId"
            label="Bank account for receipts"
            value={account.data ? accountLabel(account.data) : 'None'}
            disabled
          />
        ) : (
          <AccountPicker
            id="profile-bankAccountId"
            label="Bank account for receipts"
            companyId={companyId || undefined}
            state="open"
            value={form.bankAccountId}
            selectedLabel={account.data ? accountLabel(account.data) : undefined}
            onChange={(value) => set('bankAccountId', value)}
            emptyOption="None"
            error={refused.errors.bankAccountId}
          />
        )}
        {field('upiId', 'UPI ID', { placeholder: 'name@bank', autoComplete: 'off' })}
        {field('invoicePrefix', 'Invoice prefix', { maxLength: 3, className: 'uppercase' })}
        {field('creditNotePrefix', 'Credit note prefix', { maxLength: 3, className: 'uppercase' })}
        {field('termsDays', 'Payment terms (days)', {
          inputMode: 'numeric',
          hint: '0 is due on receipt',
        })}
      </div>
      {!readOnly && (
        <BusyButton
          type="submit"
          busy={saving.isLoading}
          label="Save settings"
          busyLabel="Saving…"
        />
      )}
    </form>
  );
}
