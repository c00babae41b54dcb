import { useState, type FormEvent } from 'react';
import { CATEGORY_NAME_MAX } from '../../../contract/enums';
import { loadErrorMessage } from '../../api/errors';
import { notifyMutation } from '../../api/notify';
import {
  useAddCategoryMutation,
  useDeleteCategoryMutation,
  useGetCategoriesQuery,
  type Category,
} from '../../api/categoriesApi';
import { PACE_LABELS, useGetBudgetsQuery, type Budget } from '../../api/budgetsApi';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { BudgetField } from './BudgetField';
import { MergeDialog } from './MergeDialog';
import { RenameField } from './RenameField';
import { whyNotDeletable } from './categoryRules';
import { BusyButton } from '../../ui/BusyButton';

/** Adds a category by name; the list refreshes with it. */
function AddCategory() {
  const [add, adding] = useAddCategoryMutation();
  const [name, setName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await notifyMutation(add({ name }).unwrap(), {
      success: 'Category added',
      failure: 'Failed to add the category. Please try again.',
    });
    if (ok) setName('');
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
      <div className="w-64">
        <Field
          id="new-category"
          label="New category"
          required
          maxLength={CATEGORY_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <BusyButton busy={adding.isLoading} type="submit" label="Add Category" busyLabel="Adding…" />
    </form>
  );
}

/** A category's budget as this month stands: spent of the budget, and the pace in words. */
function BudgetFigures({ budget }: { budget: Budget }) {
  return (
    <span>
      <Money value={budget.spent} /> of <Money value={budget.amount} />
      <span className="block text-xs text-gray-600">{PACE_LABELS[budget.pace]} this month</span>
    </span>
  );
}

/**
 * The user's expense categories with what each holds: add one, rename one in its row, set its
 * monthly budget, merge one into another, delete one nothing uses (the reason shows where it
 * cannot be deleted).
 */
export default function CategoriesScreen() {
  const query = useGetCategoriesQuery();
  const [remove, removing] = useDeleteCategoryMutation();
  const budgets = useGetBudgetsQuery();
  const [renaming, setRenaming] = useState<string>();
  const [budgeting, setBudgeting] = useState<string>();
  const [merging, setMerging] = useState<Category>();
  const [deleting, setDeleting] = useState<Category>();
  const all = query.data ?? [];
  const budgetOf = new Map((budgets.data?.data ?? []).map((b) => [b.categoryId, b]));

  const columns: Column<Category>[] = [
    {
      key: 'name',
      header: 'Category',
      card: 'primary',
      wrap: true,
      render: (row) =>
        renaming === row._id ? (
          <RenameField category={row} onDone={() => setRenaming(undefined)} />
        ) : (
          row.name
        ),
    },
    {
      key: 'expenses',
      header: 'Expenses',
      align: 'right',
      render: (row) => row.expenses.toLocaleString('en-IN'),
    },
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      card: 'money',
      render: (row) => <Money value={row.totalAmount} />,
    },
    {
      key: 'recurring',
      header: 'Recurring',
      align: 'right',
      render: (row) => row.recurring.toLocaleString('en-IN'),
    },
    {
      key: 'budget',
      header: 'Monthly budget',
      render: (row) => {
        const budget = budgetOf.get(row._id);
        if (budgeting === row._id)
          return (
            <BudgetField category={row} budget={budget} onDone={() => setBudgeting(undefined)} />
          );
        return (
          <div className="flex flex-wrap items-center gap-2">
            {budget ? <BudgetFigures budget={budget} /> : <span>No budget</span>}
            <button
              type="button"
              onClick={() => setBudgeting(row._id)}
              className={styles.btnGhost}
              aria-label={`${budget ? 'Change' : 'Set'} the budget of ${row.name}`}
            >
              {budget ? 'Change' : 'Set budget'}
            </button>
          </div>
        );
      },
    },
    {
      key: 'action',
      header: 'Action',
      render: (row) => {
        const blocked = whyNotDeletable(row, all);
        const reasonId = `delete-reason-${row._id}`;
        return (
          <div className="flex flex-wrap items-center gap-2">
            {[
              { label: 'Rename', onClick: () => setRenaming(row._id) },
              { label: 'Merge', onClick: () => setMerging(row), disabled: all.length < 2 },
              {
                label: 'Delete',
                onClick: () => setDeleting(row),
                disabled: !!blocked,
                describedBy: blocked ? reasonId : undefined,
              },
            ].map((action) => (
              <button
                key={action.label}
                type="button"
                onClick={action.onClick}
                disabled={action.disabled}
                aria-describedby={action.describedBy}
                className={styles.btnGhost}
                aria-label={`${action.label} ${row.name}`}
              >
                {action.label}
              </button>
            ))}
            {blocked && (
              <span id={reasonId} className="text-xs text-gray-600">
                {blocked}
              </span>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="categories-title" className="space-y-4">
      <div>
        <h2 id="categories-title" className="text-xl font-semibold text-gray-900">
          Categories
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Your expense categories. Renaming one renames it on every expense; merging moves its
          expenses into another. A monthly budget shows on the dashboard against the month’s
          spending, and going over it sends you a notification.
        </p>
      </div>
      <AddCategory />
      <div className={styles.card}>
        <DataTable
          caption="Categories"
          columns={columns}
          rows={query.data}
          isLoading={query.isLoading}
          errorMessage={query.isError ? loadErrorMessage(query.error) : undefined}
          onRetry={() => void query.refetch()}
          pinLastColumn
        />
      </div>
      {merging && (
        <MergeDialog
          category={merging}
          all={all}
          budgetOf={budgetOf}
          onClose={() => setMerging(undefined)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Delete category"
        message={
          deleting && (
            <>
              Delete the category <strong>{deleting.name}</strong>?
            </>
          )
        }
        onConfirm={() => {
          if (!deleting) return;
          void notifyMutation(remove(deleting._id).unwrap(), {
            success: 'Category deleted',
            failure: 'Failed to delete the category. Please try again.',
          }).then(() => setDeleting(undefined));
        }}
        onCancel={() => setDeleting(undefined)}
        busy={removing.isLoading}
      />
    </section>
  );
}
