import { todayLocalISO } from '../../lib/dates';
import { DateField } from '../../ui/DateField';
import { RecordFormModal, recordMessages, useRecordForm } from '../../ui/useRecordForm';
import { recordFieldBinder } from '../../ui/fieldBinding';
import {
  useAddExpenseMutation,
  useLazyGetExpenseQuery,
  useUpdateExpenseMutation,
  type Expense,
} from './expensesApi';
import {
  ExpenseFields,
  expenseInput,
  expenseProblems,
  expenseValues,
} from '../../ui/ExpenseFields';

/** The fields a refusal may name (the server's names). */
const FIELDS = ['date', 'description', 'amount', 'category'] as const;

/** The form's values of an expense (a new one's when null). */
const expenseForm = (expense: Expense | null) => ({
  date: expense?.date ?? todayLocalISO(),
  ...expenseValues(expense),
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
  const { form, save } = state;

  const submit = () =>
    void save(expenseProblems(form), () => ({ date: form.date, ...expenseInput(form) }));

  const bind = recordFieldBinder('expense', state);
  return (
    <RecordFormModal
      state={state}
      title={{ add: 'Add New Expense', edit: 'Edit Expense' }}
      onSubmit={submit}
    >
      <DateField label="Date" format="iso" required {...bind('date')} />
      <ExpenseFields idPrefix="expense" state={state} current={expense?.category} />
    </RecordFormModal>
  );
}
