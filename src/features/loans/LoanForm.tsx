import { useState } from 'react';
import { INDIAN_MOBILE_MESSAGE, indianMobile } from '../../../contract/mobile';
import { amountError, typedRupees } from '../../lib/amount';
import { todayLocalISO } from '../../lib/dates';
import { AmountField } from '../../ui/AmountField';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useEditConflict } from '../../ui/useEditConflict';
import { useFieldErrors } from '../../ui/useFieldErrors';
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
  const [amountProblem, setAmountProblem] = useState<string>();
  const [contactProblem, setContactProblem] = useState<{
    field: 'email' | 'mobile';
    message: string;
  }>();
  const refused = useFieldErrors(FIELDS);
  const set =
    (key: Exclude<keyof typeof form, 'autoRemind'>) => (e: { target: { value: string } }) => {
      setForm({ ...form, [key]: e.target.value });
      refused.clear(key);
      if (key === 'email' || key === 'mobile') setContactProblem(undefined);
      // The server compares the two dates: either one changing may settle it.
      if (key === 'issueDate') refused.clear('repaymentDate');
    };

  const submit = async () => {
    const problem = amountError(form.amount, 'positive');
    setAmountProblem(problem);
    const mobile = form.mobile.trim();
    const contact =
      mobile && indianMobile(mobile) === null
        ? { field: 'mobile' as const, message: `Mobile ${INDIAN_MOBILE_MESSAGE}` }
        : !mobile && !form.email.trim()
          ? { field: 'email' as const, message: 'Enter a mobile number or an email address' }
          : undefined;
    setContactProblem(contact);
    if (problem || contact) return;
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
    const ok = loan
      ? await conflict.save(
          updateLoan({
            direction,
            input: { ...input, _id: loan._id, version: conflict.version },
          }).unwrap(),
          {
            success: kind.success.update,
            failure: kind.failure.save,
          },
          refused.capture,
        )
      : await conflict.save(
          addLoan({ direction, input }).unwrap(),
          {
            success: kind.success.create,
            failure: kind.failure.save,
          },
          refused.capture,
        );
    if (ok) onClose();
  };

  const id = (field: string) => `${kind.direction}-${field}`;
  /** A contact field's message: the form's own check first, then the server's refusal. */
  const contactError = (field: 'mobile' | 'email') =>
    (contactProblem?.field === field ? contactProblem.message : undefined) ?? refused.errors[field];

  return (
    <FormModal
      open
      title={loan ? `Edit ${kind.noun}` : kind.addLabel}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={loan ? 'Update' : 'Create'}
      busy={adding.isLoading || updating.isLoading}
    >
      {conflict.notice}
      <Field
        id={id('name')}
        label="Name"
        required
        maxLength={100}
        autoComplete="off"
        error={refused.errors.name}
        value={form.name}
        onChange={set('name')}
      />
      <Field
        id={id('mobile')}
        label="Mobile"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="98765 43210"
        error={contactError('mobile')}
        value={form.mobile}
        onChange={set('mobile')}
      />
      <Field
        id={id('email')}
        label="Email"
        type="email"
        required={!form.mobile.trim()}
        hint="Not needed when a mobile number is given"
        autoComplete="off"
        error={contactError('email')}
        value={form.email}
        onChange={set('email')}
      />
      <AmountField
        id={id('amount')}
        value={form.amount}
        error={amountProblem ?? refused.errors.amount}
        onChange={set('amount')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          id={id('issue-date')}
          label="Issue Date"
          required
          error={refused.errors.issueDate}
          value={form.issueDate}
          onChange={set('issueDate')}
        />
        <DateField
          id={id('repayment-date')}
          label="Repayment Date"
          required
          error={refused.errors.repaymentDate}
          value={form.repaymentDate}
          onChange={set('repaymentDate')}
        />
      </div>
      {kind.direction === 'lend' && (
        <label className="flex items-start gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4"
            checked={form.autoRemind}
            onChange={(e) => setForm({ ...form, autoRemind: e.target.checked })}
          />
          <span>Remind on the repayment date and every week after while unpaid</span>
        </label>
      )}
    </FormModal>
  );
}
