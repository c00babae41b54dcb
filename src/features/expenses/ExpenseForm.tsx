import { useState } from 'react';
import { amountError, typedRupees } from '../../lib/amount';
import { todayLocalISO } from '../../lib/dates';
import { AmountField } from '../../ui/AmountField';
import { DateField } from '../../ui/DateField';
import { CategoryField } from '../../ui/CategoryField';
import { Field } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useEditConflict } from '../../ui/useEditConflict';
import { useFieldErrors } from '../../ui/useFieldErrors';
import {
  useAddExpenseMutation,
  useLazyGetExpenseQuery,
  useUpdateExpenseMutation,
  type Expense,
} from './expensesApi';

/** The fields a refusal may name (the server's names). */
const FIELDS = ['date', 'description', 'amount', 'category'] as const;

/** The form's values of an expense (a new one's when null). */
const expenseForm = (expense: Expense | null) => ({
  date: expense?.date ?? todayLocalISO(),
  description: expense?.description ?? '',
  amount: expense ? String(expense.amount) : '',
  category: expense?.category ?? '',
});

/** The fields' labels, as a conflict names them. */
const EXPENSE_LABELS = {
  date: 'Date',
  description: 'Description',
  amount: 'Amount (₹)',
  category: 'Category',
};

/** The create/edit expense modal; `expense` null creates a new one. */
export function ExpenseForm({
  expense,
  onClose,
}: {
  expense: Expense | null;
  onClose: () => void;
}) {
  const [addExpense, adding] = useAddExpenseMutation();
  const [updateExpense, updating] = useUpdateExpenseMutation();
  const [form, setForm] = useState(() => expenseForm(expense));
  const [fetchExpense] = useLazyGetExpenseQuery();
  const conflict = useEditConflict({
    record: expense,
    reload: (e) => fetchExpense(e._id).unwrap(),
    onReloaded: (fresh) => setForm(expenseForm(fresh)),
    tags: (e) => [{ type: 'expense', id: e._id }],
    form: { values: form, of: expenseForm, set: setForm, labels: EXPENSE_LABELS },
  });
  const [amountProblem, setAmountProblem] = useState<string>();
  const refused = useFieldErrors(FIELDS);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [key]: e.target.value });
    refused.clear(key);
  };

  const submit = async () => {
    const problem = amountError(form.amount, 'positive');
    setAmountProblem(problem);
    if (problem) return;
    const input = {
      date: form.date,
      description: form.description.trim(),
      amount: typedRupees(form.amount),
      category: form.category,
    };
    const ok = expense
      ? await conflict.save(
          updateExpense({ ...input, _id: expense._id, version: conflict.version }).unwrap(),
          {
            success: 'Expense updated successfully',
            failure: 'Failed to update expense. Please try again.',
          },
          refused.capture,
        )
      : await conflict.save(
          addExpense(input).unwrap(),
          {
            success: 'Expense created successfully',
            failure: 'Failed to create expense. Please try again.',
          },
          refused.capture,
        );
    if (ok) onClose();
  };

  return (
    <FormModal
      open
      title={expense ? 'Edit Expense' : 'Add New Expense'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={expense ? 'Update' : 'Create'}
      busy={adding.isLoading || updating.isLoading}
    >
      {conflict.notice}
      <DateField
        id="expense-date"
        label="Date"
        format="iso"
        required
        error={refused.errors.date}
        value={form.date}
        onChange={set('date')}
      />
      <Field
        id="expense-description"
        label="Description"
        required
        maxLength={500}
        error={refused.errors.description}
        value={form.description}
        onChange={set('description')}
      />
      <AmountField
        id="expense-amount"
        value={form.amount}
        error={amountProblem ?? refused.errors.amount}
        onChange={set('amount')}
      />
      <CategoryField
        id="expense-category"
        current={expense?.category}
        error={refused.errors.category}
        value={form.category}
        onChange={set('category')}
      />
    </FormModal>
  );
}
