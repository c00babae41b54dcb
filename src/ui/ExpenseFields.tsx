import { amountError, typedRupees } from '../lib/amount';
import { AmountField } from './AmountField';
import { CategoryField } from './CategoryField';
import { Field } from './Field';

type Key = 'description' | 'amount' | 'category';
type Change = (e: { target: { value: string } }) => void;

/** The fields' values of a record (a new one's when null). */
export const expenseValues = (
  r: { description: string; amount: number; category: string } | null,
) => ({
  description: r?.description ?? '',
  amount: r ? String(r.amount) : '',
  category: r?.category ?? '',
});

/** The problems the form finds before sending: the amount must be a positive sum. */
export const expenseProblems = (form: Record<Key, string>) => ({
  amount: amountError(form.amount, 'positive'),
});

/** What the fields send. */
export const expenseInput = (form: Record<Key, string>) => ({
  description: form.description.trim(),
  amount: typedRupees(form.amount),
  category: form.category,
});

/** What the fields take of a record form's state (an expense's, a recurring expense's). */
interface ExpenseFieldsState {
  form: Record<Key, string>;
  set: (key: Key) => Change;
  problems: Partial<Record<Key, string>>;
  refused: { errors: Partial<Record<Key, string>> };
}

/**
 * An expense's Description, Amount and Category, as an expense and a recurring expense ask
 * them; `current` is the category saved (kept as an option though it is no longer listed).
 */
export function ExpenseFields({
  idPrefix,
  state: { form, set, problems, refused },
  current,
  placeholder,
}: {
  idPrefix: string;
  state: ExpenseFieldsState;
  current: string | undefined;
  placeholder?: string;
}) {
  return (
    <>
      <Field
        id={`${idPrefix}-description`}
        label="Description"
        required
        maxLength={500}
        placeholder={placeholder}
        error={refused.errors.description}
        value={form.description}
        onChange={set('description')}
      />
      <AmountField
        id={`${idPrefix}-amount`}
        value={form.amount}
        error={problems.amount ?? refused.errors.amount}
        onChange={set('amount')}
      />
      <CategoryField
        id={`${idPrefix}-category`}
        current={current}
        error={refused.errors.category}
        value={form.category}
        onChange={set('category')}
      />
    </>
  );
}
