import { useState } from 'react';
import type { PaymentType } from '../../../contract/enums';
import { accountLabel } from '../../api/accountsApi';
import { amountError, typedRupees } from '../../lib/amount';
import { AccountPicker } from '../../ui/AccountPicker';
import { AmountField } from '../../ui/AmountField';
import { Field, SelectField } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useEditConflict } from '../../ui/useEditConflict';
import { useFieldErrors } from '../../ui/useFieldErrors';
import {
  useAddRecurringPaymentMutation,
  useLazyGetOneRecurringPaymentQuery,
  useUpdateRecurringPaymentMutation,
  type RecurringPayment,
} from './recurringPaymentsApi';
import {
  SCHEDULE_FIELDS,
  ScheduleFields,
  endProblem,
  scheduleInput,
  scheduleValues,
  type ScheduleValues,
} from '../../ui/schedules/ScheduleFields';
import { templateMessages } from '../../ui/schedules/scheduleList';

/** The fields a refusal may name (the server's names). */
const FIELDS = ['accountId', 'paymentType', 'amount', 'remark', ...SCHEDULE_FIELDS] as const;

const TYPE_OPTIONS: { value: PaymentType; label: string }[] = [
  { value: 'debit', label: 'Debit (paid out)' },
  { value: 'credit', label: 'Credit (received)' },
];

/** The form's values of a template (a new one's when null: a monthly debit, from today). */
function paymentForm(r: RecurringPayment | null) {
  return {
    accountId: r?.accountId ?? '',
    accountName: r ? accountLabel(r.account) : undefined,
    paymentType: r?.paymentType ?? ('debit' as PaymentType),
    amount: r ? String(r.amount) : '',
    remark: r?.remark ?? '',
    ...scheduleValues(r),
  };
}

/** The create/edit modal of a recurring payment; `payment` null creates one. */
export function RecurringPaymentForm({
  payment,
  onClose,
}: {
  payment: RecurringPayment | null;
  onClose: () => void;
}) {
  const [addPayment, adding] = useAddRecurringPaymentMutation();
  const [updatePayment, updating] = useUpdateRecurringPaymentMutation();
  const [form, setForm] = useState(() => paymentForm(payment));
  const [fetchOne] = useLazyGetOneRecurringPaymentQuery();
  const conflict = useEditConflict({
    record: payment,
    reload: (r) => fetchOne(r._id).unwrap(),
    onReloaded: (fresh) => setForm(paymentForm(fresh)),
    tags: (r) => [{ type: 'recurringPayment', id: r._id }],
  });
  const [problems, setProblems] = useState<{
    accountId?: string;
    amount?: string;
    endDate?: string;
  }>({});
  const refused = useFieldErrors(FIELDS);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [key]: e.target.value });
    refused.clear(key as (typeof FIELDS)[number]);
  };
  const setSchedule = (changes: Partial<ScheduleValues>) => {
    setForm({ ...form, ...changes });
    for (const key of Object.keys(changes)) refused.clear(key as keyof ScheduleValues);
    if (changes.startDate !== undefined || changes.endDate !== undefined)
      setProblems({ ...problems, endDate: undefined });
  };

  const submit = async () => {
    const found = {
      accountId: form.accountId ? undefined : 'Choose the account it is paid from or into.',
      amount: amountError(form.amount, 'positive'),
      endDate: endProblem(form),
    };
    setProblems(found);
    if (found.accountId || found.amount || found.endDate) return;
    const input = {
      accountId: form.accountId,
      paymentType: form.paymentType,
      amount: typedRupees(form.amount),
      remark: form.remark.trim(),
      ...scheduleInput(form),
    };
    const told = templateMessages('recurring payment');
    const ok = await conflict.save(
      payment
        ? updatePayment({ ...input, _id: payment._id, version: conflict.version }).unwrap()
        : addPayment(input).unwrap(),
      payment ? told.updated : told.created,
      refused.capture,
    );
    if (ok) onClose();
  };

  return (
    <FormModal
      open
      title={payment ? 'Edit Recurring Payment' : 'Add Recurring Payment'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={payment ? 'Update' : 'Create'}
      busy={adding.isLoading || updating.isLoading}
    >
      {conflict.notice}
      <AccountPicker
        id="recurring-payment-account"
        label="Account"
        placeholder="Select Account"
        state="open"
        noRows="No open bank accounts: add or reopen one under All Bank."
        value={form.accountId}
        selectedLabel={form.accountName}
        error={problems.accountId ?? refused.errors.accountId}
        onChange={(accountId, option) => {
          setForm({ ...form, accountId, accountName: option?.label });
          setProblems({ ...problems, accountId: undefined });
          refused.clear('accountId');
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="recurring-payment-type"
          label="Type"
          options={TYPE_OPTIONS}
          required
          error={refused.errors.paymentType}
          value={form.paymentType}
          onChange={set('paymentType')}
        />
        <AmountField
          id="recurring-payment-amount"
          value={form.amount}
          error={problems.amount ?? refused.errors.amount}
          onChange={(e) => {
            set('amount')(e);
            setProblems({ ...problems, amount: undefined });
          }}
        />
      </div>
      <Field
        id="recurring-payment-remark"
        label="Remark"
        required
        maxLength={200}
        placeholder="Salary: Ravi, office rent, car EMI…"
        error={refused.errors.remark}
        value={form.remark}
        onChange={set('remark')}
      />
      <ScheduleFields
        idPrefix="recurring-payment"
        values={form}
        errors={refused.errors}
        endError={problems.endDate}
        onChange={setSchedule}
        made={{ monthEnd: 'paid', past: 'posted' }}
      />
      <p className="text-xs text-gray-600">
        A day the balance does not cover (or on a closed account) is skipped, and you are told in
        the notifications.
      </p>
    </FormModal>
  );
}
