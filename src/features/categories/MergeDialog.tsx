import { useState } from 'react';
import { notifyMutation } from '../../api/notify';
import { useMergeCategoryMutation, type Category } from '../../api/categoriesApi';
import { SelectField } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';

/** Merges `category` into another of the user's: its expenses and recurring expenses move. */
export function MergeDialog({
  category,
  all,
  onClose,
}: {
  category: Category;
  all: readonly Category[];
  onClose: () => void;
}) {
  const [merge, merging] = useMergeCategoryMutation();
  const targets = all.filter((c) => c._id !== category._id);
  const [into, setInto] = useState('');

  const submit = async () => {
    // The select is required: the form is not sent without a choice.
    if (!into) return;
    const ok = await notifyMutation(merge({ _id: category._id, into }).unwrap(), {
      success: 'Categories merged',
      failure: 'Failed to merge the categories. Please try again.',
    });
    if (ok) onClose();
  };

  return (
    <FormModal
      open
      title={`Merge "${category.name}"`}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Merge"
      busy={merging.isLoading}
    >
      <p className="text-sm text-gray-800">
        Its {category.expenses.toLocaleString('en-IN')}{' '}
        {category.expenses === 1 ? 'expense' : 'expenses'} and {category.recurring}{' '}
        {category.recurring === 1 ? 'recurring expense' : 'recurring expenses'} move to the category
        you choose, and &ldquo;{category.name}&rdquo; is removed. Its monthly budget, if any, moves
        too when the category you choose has none.
      </p>
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
