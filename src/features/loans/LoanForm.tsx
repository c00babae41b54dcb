import { useState } from 'react';
import { amountError, typedRupees } from '../../lib/amount';
import { todayLocalISO } from '../../lib/dates';
import { AmountField } from '../../ui/AmountField';
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
const FIELDS = ['name', 'email', 'amount', 'issueDate', 'repaymentDate'] as const;

/** The form's values of an entry (a new one's when null). */
const loanForm = (loan: Loan | null) => ({
  name: loan?.name ?? '',
  email: loan?.email ?? '',
  amount: loan ? String(loan.amount) : '',
  issueDate: loan?.issueDate ?? todayLocalISO(),
  repaymentDate: loan?.repaymentDate ?? '',
});

/** The create/edit modal of a lend or borrowed row; `loan` null creates one. Every field required. */
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
  const refused = useFieldErrors(FIELDS);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [key]: e.target.value });
    refused.clear(key);
    // The server compares the two dates: either one changing may settle it.
    if (key === 'issueDate') refused.clear('repaymentDate');
  };

  const submit = async () => {
    const problem = amountError(form.amount, 'positive');
    setAmountProblem(problem);
    if (problem) return;
    const input = {
      name: form.name.trim(),
      email: form.email.trim(),
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
        id={id('email')}
        label="Email"
        type="email"
        required
        autoComplete="off"
        error={refused.errors.email}
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
        <Field
          id={id('issue-date')}
          label="Issue Date"
          type="date"
          required
          error={refused.errors.issueDate}
          value={form.issueDate}
          onChange={set('issueDate')}
        />
        <Field
          id={id('repayment-date')}
          label="Repayment Date"
          type="date"
          required
          error={refused.errors.repaymentDate}
          value={form.repaymentDate}
          onChange={set('repaymentDate')}
        />
      </div>
    </FormModal>
  );
}
