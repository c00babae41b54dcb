import { useState } from 'react';
import { INDIAN_MOBILE_MESSAGE, indianMobile } from '../../../contract/mobile';
import { amountError, typedRupees } from '../../lib/amount';
import { todayLocalISO } from '../../lib/dates';
import { AmountField } from '../../ui/AmountField';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useEditConflict } from '../../ui/useEditConflict';
import { useDialogCall } from '../../ui/useDialogCall';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { fieldBinder } from '../../ui/fieldBinding';
import { CheckField } from '../../ui/CheckField';
import { MobileField } from '../../ui/MobileField';
import type { LoanKind } from './loanKinds';
import {
  useAddLoanMutation,
  useLazyGetLoanQuery,
  useUpdateLoanMutation,
  type Loan,
} from './loansApi';

/** The fields a refusal may name (the server's names). */
const FIELDS = ['name', 'email', 'mobile', 'amount', 'issueDate', 'repaymentDate'] as const;

/** The form's values of an entry (a new one's when null). */
const loanForm = (loan: Loan | null) => ({
  name: loan?.name ?? '',
  email: loan?.email ?? '',
  mobile: loan?.mobile ?? '',
  autoRemind: loan?.autoRemind ?? false,
  amount: loan ? String(loan.amount) : '',
  issueDate: loan?.issueDate ?? todayLocalISO(),
  repaymentDate: loan?.repaymentDate ?? '',
});

/**
 * The create/edit modal of a lend or borrowed row; `loan` null creates one. Every field is
 * required but Mobile and Email, of which one is needed (the e-mail, for a reminder by
 * e-mail; the mobile, for WhatsApp and SMS from the khata).
 */
export function LoanForm({
  kind,
  loan,
  onClose,
}: {
  kind: LoanKind;
  loan: Loan | null;
  onClose: () => void;
}) {
  const [addLoan, adding] = useAddLoanMutation();
  const [updateLoan, updating] = useUpdateLoanMutation();
  const [form, setForm] = useState(() => loanForm(loan));
  const [fetchLoan] = useLazyGetLoanQuery();
  const conflict = useEditConflict({
    record: loan,
    reload: (l) =>
      fetchLoan({ direction: kind.direction, id: l._id, today: todayLocalISO() }).unwrap(),
    onReloaded: (fresh) => setForm(loanForm(fresh)),
    tags: (l) => [{ type: kind.direction, id: l._id }],
  });
  /** The form's own checks: a contact's goes once either changes, the amount's at the next save. */
  const [problems, setProblems] = useState<Partial<Record<'amount' | 'email' | 'mobile', string>>>(
    {},
  );
  const refused = useFieldErrors(FIELDS);
  const set =
    (key: Exclude<keyof typeof form, 'autoRemind'>) => (e: { target: { value: string } }) => {
      setForm({ ...form, [key]: e.target.value });
      refused.clear(key);
      if (key === 'email' || key === 'mobile') setProblems(({ amount }) => ({ amount }));
      // The server compares the two dates: either one changing may settle it.
      if (key === 'issueDate') refused.clear('repaymentDate');
    };

  const { dialog, send } = useDialogCall({
    onClose,
    running: { isLoading: adding.isLoading || updating.isLoading },
    messages: {
      success: loan ? kind.success.update : kind.success.create,
      failure: kind.failure.save,
    },
    onRefused: refused.capture,
    notify: conflict.save,
  });
  const submit = async () => {
    const mobile = form.mobile.trim();
    const found = {
      amount: amountError(form.amount, 'positive'),
      // One of the two is needed, and a mobile given must be one.
      ...(mobile && indianMobile(mobile) === null
        ? { mobile: `Mobile ${INDIAN_MOBILE_MESSAGE}` }
        : !mobile && !form.email.trim()
          ? { email: 'Enter a mobile number or an email address' }
          : {}),
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const input = {
      name: form.name.trim(),
      email: form.email.trim(),
      // Sent when given, so that a form without one sends what the spec's did.
      ...(mobile ? { mobile } : {}),
      ...(kind.direction === 'lend' && (form.autoRemind || loan?.autoRemind)
        ? { autoRemind: form.autoRemind }
        : {}),
      amount: typedRupees(form.amount),
      issueDate: form.issueDate,
      repaymentDate: form.repaymentDate,
    };
    const { direction } = kind;
    await send(
      loan
        ? updateLoan({
            direction,
            input: { ...input, _id: loan._id, version: conflict.version },
          }).unwrap()
        : addLoan({ direction, input }).unwrap(),
    );
  };

  const bind = fieldBinder(kind.direction, form, set, problems, refused.errors);
  return (
    <FormModal
      {...dialog}
      title={loan ? `Edit ${kind.noun}` : kind.addLabel}
      submitLabel={loan ? 'Update' : 'Create'}
      onSubmit={submit}
    >
      {conflict.notice}
      <Field label="Name" required maxLength={100} autoComplete="off" {...bind('name')} />
      <MobileField {...bind('mobile')} />
      <Field
        label="Email"
        type="email"
        required={!form.mobile.trim()}
        hint="Not needed when a mobile number is given"
        autoComplete="off"
        {...bind('email')}
      />
      <AmountField {...bind('amount')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField label="Issue Date" required {...bind('issueDate')} />
        <DateField label="Repayment Date" required {...bind('repaymentDate')} />
      </div>
      {kind.direction === 'lend' && (
        <CheckField
          checked={form.autoRemind}
          onChange={(autoRemind) => setForm({ ...form, autoRemind })}
        >
          Remind on the repayment date and every week after while unpaid
        </CheckField>
      )}
    </FormModal>
  );
}
