import type { PaymentType } from '../../../contract/enums';
import { accountLabel } from '../../api/accountsApi';
import { amountError, typedRupees } from '../../lib/amount';
import { AccountPicker } from '../../ui/AccountPicker';
import { AmountField } from '../../ui/AmountField';
import { Field, SelectField } from '../../ui/Field';
import { RecordFormModal } from '../../ui/useRecordForm';
import { recordFieldBinder } from '../../ui/fieldBinding';
import { recurringPayments, type RecurringPayment } from './recurringPaymentsApi';
import {
  SCHEDULE_FIELDS,
  ScheduleFields,
  scheduleInput,
  scheduleValues,
} from '../../ui/schedules/ScheduleFields';
import { useTemplateForm } from '../../ui/schedules/useTemplateForm';

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
  const state = useTemplateForm({
    record: payment,
    valuesOf: paymentForm,
    fields: FIELDS,
    what: 'recurring payment',
    ...recurringPayments.formCalls,
    onClose,
  });
  const { form, setForm, refused, problems, clear, setSchedule, save } = state;

  const submit = () => {
    const found = {
      accountId: form.accountId ? undefined : 'Choose the account it is paid from or into.',
      amount: amountError(form.amount, 'positive'),
    };
    void save(found, () => ({
      accountId: form.accountId,
      paymentType: form.paymentType,
      amount: typedRupees(form.amount),
      remark: form.remark.trim(),
      ...scheduleInput(form),
    }));
  };

  const bind = recordFieldBinder('recurring-payment', state);
  return (
    <RecordFormModal
      state={state}
      title={{ add: 'Add Recurring Payment', edit: 'Edit Recurring Payment' }}
      onSubmit={submit}
    >
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
          clear('accountId');
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Type" options={TYPE_OPTIONS} required {...bind('paymentType')} />
        <AmountField {...bind('amount')} />
      </div>
      <Field
        label="Remark"
        required
        maxLength={200}
        placeholder="Salary: Ravi, office rent, car EMI…"
        {...bind('remark')}
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
    </RecordFormModal>
  );
}
