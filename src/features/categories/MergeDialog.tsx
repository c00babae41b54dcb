import { useState } from 'react';
import { paiseToRupees, rupeesToPaise } from '../../../contract/rules';
import { useMergeCategoryMutation, type Category } from '../../api/categoriesApi';
import type { Budget } from '../../api/budgetsApi';
import { Money } from '../../ui/Money';
import { SelectField } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useDialogCall } from '../../ui/useDialogCall';

/**
 * What becomes of the merged category's monthly budget, as the server does it: it moves to
 * the chosen category when that has none, and is added to the chosen one's when it has one.
 */
function BudgetFate({
  budget,
  target,
  targetBudget,
}: {
  budget: Budget | undefined;
  target: Category | undefined;
  targetBudget: Budget | undefined;
}) {
  if (!budget) return null;
  const amount = <Money value={budget.amount} />;
  if (!target)
    return (
      <p className="text-sm text-gray-800">
        Its monthly budget of {amount} moves to the category you choose, or is added to that
        category&rsquo;s budget if it has one.
      </p>
    );
  if (!targetBudget)
    return (
      <p className="text-sm text-gray-800">
        Its monthly budget of {amount} moves to &ldquo;{target.name}&rdquo;.
      </p>
    );
  const paise = (rupees: number) => rupeesToPaise(rupees) ?? 0;
  const total = paiseToRupees(paise(budget.amount) + paise(targetBudget.amount));
  return (
    <p className="text-sm text-gray-800">
      Its monthly budget of {amount} is added to the <Money value={targetBudget.amount} /> budget of
      &ldquo;{target.name}&rdquo;, which becomes <Money value={total} /> a month.
    </p>
  );
}

/**
 * Merges `category` into another of the user's: its expenses and recurring expenses move, and
 * the dialog says what becomes of its monthly budget (`budgetOf`: each category's budget).
 */
export function MergeDialog({
  category,
  all,
  budgetOf,
  onClose,
}: {
  category: Category;
  all: readonly Category[];
  budgetOf: ReadonlyMap<string, Budget>;
  onClose: () => void;
}) {
  const [merge, merging] = useMergeCategoryMutation();
  const targets = all.filter((c) => c._id !== category._id);
  const [into, setInto] = useState('');

  const { dialog, send } = useDialogCall({
    onClose,
    running: merging,
    // The server's message tells what became of the budget.
    messages: {
      success: 'Categories merged',
      failure: 'Failed to merge the categories. Please try again.',
    },
  });
  const submit = () => {
    // The select is required: the form is not sent without a choice.
    if (into) void send(merge({ _id: category._id, into }).unwrap());
  };

  return (
    <FormModal {...dialog} title={`Merge "${category.name}"`} submitLabel="Merge" onSubmit={submit}>
      <p className="text-sm text-gray-800">
        Its {category.expenses.toLocaleString('en-IN')}{' '}
        {category.expenses === 1 ? 'expense' : 'expenses'} and {category.recurring}{' '}
        {category.recurring === 1 ? 'recurring expense' : 'recurring expenses'} move to the category
        you choose, and &ldquo;{category.name}&rdquo; is removed.
      </p>
      <BudgetFate
        budget={budgetOf.get(category._id)}
        target={targets.find((c) => c._id === into)}
        targetBudget={into ? budgetOf.get(into) : undefined}
      />
      <SelectField
        id="merge-into"
        label="Merge into"
        placeholder="Select Category"
        options={targets.map((c) => ({ value: c._id, label: c.name }))}
        required
        value={into}
        onChange={(e) => setInto(e.target.value)}
      />
    </FormModal>
  );
}
