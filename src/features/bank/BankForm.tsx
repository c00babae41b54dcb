import { useState } from 'react';
import type { AccountDefaultStatus } from '../../../contract/enums';
import { MOBILE_PATTERN } from '../../../contract/rules';
import { typedRupees } from '../../lib/amount';
import { inputPattern } from '../../lib/patterns';
import { AmountField } from '../../ui/AmountField';
import { Field, SelectField, type FieldProps } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useEditConflict } from '../../ui/useEditConflict';
import { fieldBinder } from '../../ui/fieldBinding';
import { useDialogCall } from '../../ui/useDialogCall';
import { useFieldErrors } from '../../ui/useFieldErrors';
import {
  useCreateBankMutation,
  useLazyGetAccountQuery,
  useUpdateBankMutation,
  type Account,
} from './bankApi';
import { accountErrors, type AccountErrors, type AccountForm } from './validation';

/** The spec's words, in its order: a new account is not the default. */
const DEFAULT_LABELS: Record<AccountDefaultStatus, string> = {
  deActive: 'deActive',
  active: 'active',
};
const DEFAULT_OPTIONS = Object.entries(DEFAULT_LABELS).map(([value, label]) => ({ value, label }));

/** An account number is typed in digits, and no browser offers to fill it in. */
const NUMBER_ATTRS = { inputMode: 'numeric', autoComplete: 'off' } as const;

/** The fields a refusal may name (the server's names). */
const FIELDS = [
  'holder_name',
  'account_no',
  'confirm_no',
  'branch',
  'ifsc',
  'mobile',
  'address',
  'defaultStatus',
  'openingBalance',
  'bank_name',
  'overdraftLimit',
] as const;

/** The form's values of an account (a new one's when null). */
const accountForm = (account: Account | null): AccountForm => ({
  holder_name: account?.holder_name ?? '',
  account_no: account?.account_no ?? '',
  confirm_no: '',
  branch: account?.branch ?? '',
  ifsc: account?.ifsc ?? '',
  mobile: account?.mobile ?? '',
  address: account?.address ?? '',
  defaultStatus: account?.defaultStatus ?? 'deActive',
  openingBalance: '0',
  bank_name: account?.bank_name ?? '',
  overdraftLimit: String(account?.overdraftLimit ?? 0),
});

/** Create (with the confirmation and the opening balance) or update a bank account. */
export function BankForm({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const creating = account === null;
  const closed = !!account?.closedAt;
  const [createBank, created] = useCreateBankMutation();
  const [updateBank, updated] = useUpdateBankMutation();
  const [errors, setErrors] = useState<AccountErrors>({});
  const [form, setForm] = useState(() => accountForm(account));
  const [fetchAccount] = useLazyGetAccountQuery();
  const conflict = useEditConflict({
    record: account,
    reload: (a) => fetchAccount(a._id).unwrap(),
    onReloaded: (fresh) => setForm(accountForm(fresh)),
    tags: (a) => [{ type: 'bank', id: a._id }],
  });
  const refused = useFieldErrors(FIELDS);
  const set = (key: keyof AccountForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    refused.clear(key);
  };
  // A field's id, value, change and message: the form's own check, then the server's refusal.
  const bind = fieldBinder('bank', form, set, errors, refused.errors);

  /** A required text field of the form, unless `attrs` says otherwise. */
  const textField = (
    key: Exclude<keyof AccountForm, 'defaultStatus' | 'openingBalance' | 'overdraftLimit'>,
    label: string,
    attrs: Partial<FieldProps>,
  ) => <Field label={label} required {...bind(key)} {...attrs} />;

  const { dialog, send } = useDialogCall({
    onClose,
    running: { isLoading: created.isLoading || updated.isLoading },
    messages: creating
      ? {
          success: 'Bank account created successfully',
          failure: 'Failed to create bank account. Please try again.',
        }
      : {
          success: 'Bank account updated successfully',
          failure: 'Failed to update bank account. Please try again.',
        },
    onRefused: refused.capture,
    notify: conflict.save,
  });
  const submit = async () => {
    const found = accountErrors(form, creating);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = {
      holder_name: form.holder_name.trim(),
      account_no: form.account_no.trim(),
      branch: form.branch.trim(),
      ifsc: form.ifsc.trim().toUpperCase(),
      mobile: form.mobile.trim(),
      address: form.address.trim(),
      defaultStatus: form.defaultStatus as AccountDefaultStatus,
      bank_name: form.bank_name.trim(),
      overdraftLimit: form.overdraftLimit.trim() ? typedRupees(form.overdraftLimit) : 0,
    };
    await send(
      creating
        ? createBank({
            ...fields,
            confirm_no: form.confirm_no.trim(),
            openingBalance: form.openingBalance.trim() ? typedRupees(form.openingBalance) : 0,
          }).unwrap()
        : updateBank({ ...fields, _id: account._id, version: conflict.version }).unwrap(),
    );
  };

  return (
    <FormModal
      {...dialog}
      title={creating ? 'Add New Bank' : 'Update Bank Account'}
      submitLabel={creating ? 'Create' : 'Update'}
      onSubmit={submit}
      size="lg"
    >
      {conflict.notice}
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('bank_name', 'Bank Name', {
          required: false,
          maxLength: 100,
          hint: 'Optional, e.g. State Bank of India',
        })}
        {textField('holder_name', 'Holder Name', { maxLength: 100, autoComplete: 'off' })}
        {textField('account_no', 'Account Number', NUMBER_ATTRS)}
        {creating && textField('confirm_no', 'Confirm Account Number', NUMBER_ATTRS)}
        {textField('branch', 'Branch', { maxLength: 100 })}
        {textField('ifsc', 'IFSC', {
          maxLength: 11,
          hint: 'e.g. SBIN0001234',
          className: 'uppercase',
        })}
        {textField('mobile', 'Mobile', { type: 'tel', pattern: inputPattern(MOBILE_PATTERN) })}
        {textField('address', 'Address', { maxLength: 300 })}
        <div>
          <SelectField
            label="Default"
            options={DEFAULT_OPTIONS}
            {...bind('defaultStatus')}
            id="bank-default"
            disabled={closed}
            aria-describedby={closed ? 'bank-default-closed' : undefined}
          />
          {/* Payments go to the default account, and a closed one takes none. */}
          {closed && (
            <p id="bank-default-closed" className="mt-1 text-xs text-gray-600">
              This account is closed, so it cannot be the default. Reopen it first.
            </p>
          )}
        </div>
        {creating && (
          <AmountField
            label="Opening Balance (₹)"
            required={false}
            {...bind('openingBalance')}
            id="bank-opening"
          />
        )}
        <AmountField
          label="Overdraft / Cash Credit Limit (₹)"
          required={false}
          note="0 for none: the balance may go down to minus this limit, never below."
          {...bind('overdraftLimit')}
          id="bank-overdraft"
        />
      </div>
    </FormModal>
  );
}
