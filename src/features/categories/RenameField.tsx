import { useState, type FormEvent } from 'react';
import { CATEGORY_NAME_MAX } from '../../../contract/enums';
import { notifyMutation } from '../../api/notify';
import { useRenameCategoryMutation, type Category } from '../../api/categoriesApi';
import { styles } from '../../ui/styles';
import { BusyButton } from '../../ui/BusyButton';

/** A category's name edited in its row: Enter or Save renames, Escape or Cancel leaves it. */
export function RenameField({ category, onDone }: { category: Category; onDone: () => void }) {
  const [rename, renaming] = useRenameCategoryMutation();
  const [name, setName] = useState(category.name);
  const id = `rename-${category._id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === category.name) return onDone();
    const ok = await notifyMutation(rename({ _id: category._id, name }).unwrap(), {
      success: 'Category renamed',
      failure: 'Failed to rename the category. Please try again.',
    });
    if (ok) onDone();
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        New name of {category.name}
      </label>
      <input
        id={id}
        // Opened by the user's own click on Rename: the field takes the focus at once.
        autoFocus
        required
        maxLength={CATEGORY_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
        className={`${styles.inputSized} w-48`}
      />
      <BusyButton busy={renaming.isLoading} type="submit" label="Save" busyLabel="Saving…" />
      <button type="button" onClick={onDone} className={styles.btnSecondary}>
        Cancel
      </button>
    </form>
  );
}
