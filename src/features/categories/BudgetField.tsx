import { useState, type FormEvent } from 'react';
import { notifyMutation } from '../../api/notify';
import { useDeleteBudgetMutation, useSetBudgetMutation, type Budget } from '../../api/budgetsApi';
import type { Category } from '../../api/categoriesApi';
import { amountError, typedRupees } from '../../lib/amount';
import { AmountField } from '../../ui/AmountField';
import { styles } from '../../ui/styles';
import { BusyButton } from '../../ui/BusyButton';

/**
 * A category's monthly budget edited in its row: Save sets it (a change names the version
 * it was read at, so another tab's change meanwhile is refused, not overwritten), Remove
 * leaves the category without one, Escape or Cancel leaves it as it was.
 */
export function BudgetField({
  category,
  budget,
  onDone,
}: {
  category: Category;
  budget?: Budget;
  onDone: () => void;
}) {
  const [save, saving] = useSetBudgetMutation();
  const [remove, removing] = useDeleteBudgetMutation();
  const [amount, setAmount] = useState(budget ? String(budget.amount) : '');
  const [problem, setProblem] = useState<string>();
  const id = `budget-${category._id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = amountError(amount, 'positive');
    setProblem(wrong);
    if (wrong) return;
    const ok = await notifyMutation(
      save({
        categoryId: category._id,
        amount: typedRupees(amount),
        version: budget?.version,
      }).unwrap(),
      { success: 'Budget saved', failure: 'Failed to save the budget. Please try again.' },
    );
    if (ok) onDone();
  };

  const removeBudget = async () => {
    if (!budget) return;
    const ok = await notifyMutation(remove(budget._id).unwrap(), {
      success: 'Budget removed',
      failure: 'Failed to remove the budget. Please try again.',
    });
    if (ok) onDone();
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
      className="flex flex-wrap items-start gap-2"
    >
      <div className="w-44">
        <AmountField
          id={id}
          label={`Monthly budget of ${category.name} (₹)`}
          // Opened by the user's own click: the field takes the focus at once.
          autoFocus
          value={amount}
          error={problem}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2 pt-6">
        <BusyButton busy={saving.isLoading} type="submit" label="Save" busyLabel="Saving…" />
        {budget && (
          <button
            type="button"
            onClick={() => void removeBudget()}
            disabled={removing.isLoading}
            className={styles.btnSecondary}
          >
            Remove
          </button>
        )}
        <button type="button" onClick={onDone} className={styles.btnSecondary}>
          Cancel
        </button>
      </div>
    </form>
  );
}
