import { amountError, typedRupees } from '../../lib/amount';
import { todayLocalISO } from '../../lib/dates';
import { AmountField } from '../../ui/AmountField';
import { DateField } from '../../ui/DateField';
import { CategoryField } from '../../ui/CategoryField';
import { Field } from '../../ui/Field';
import { RecordFormModal, recordMessages, useRecordForm } from '../../ui/useRecordForm';
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
  const [fetchExpense] = useLazyGetExpenseQuery();
  const state = useRecordForm({
    record: expense,
    valuesOf: expenseForm,
    reload: (id) => fetchExpense(id).unwrap(),
    tag: (id) => ({ type: 'expense', id }),
    fields: FIELDS,
    messages: recordMessages('expense'),
    add: useAddExpenseMutation(),
    update: useUpdateExpenseMutation(),
    compare: { labels: EXPENSE_LABELS },
    onClose,
  });
  const { form, problems, refused, set, save } = state;

  const submit = () =>
    void save({ amount: amountError(form.amount, 'positive') }, () => ({
      date: form.date,
      description: form.description.trim(),
      amount: typedRupees(form.amount),
      category: form.category,
    }));

  return (
    <RecordFormModal
      state={state}
      title={{ add: 'Add New Expense', edit: 'Edit Expense' }}
      onSubmit={submit}
    >
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
        error={problems.amount ?? refused.errors.amount}
        onChange={set('amount')}
      />
      <CategoryField
        id="expense-category"
        current={expense?.category}
        error={refused.errors.category}
        value={form.category}
        onChange={set('category')}
      />
    </RecordFormModal>
  );
}
