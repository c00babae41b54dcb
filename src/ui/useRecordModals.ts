import { useState } from 'react';

/**
 * Which modal a list screen shows: the create/edit form (`editing` null = create), the
 * Data Details of a row, or the delete confirmation of a row.
 */
export function useRecordModals<T>() {
  const [form, setForm] = useState<{ open: boolean; editing: T | null }>({
    open: false,
    editing: null,
  });
  const [showing, setShowing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    formOpen: form.open,
    editing: form.editing,
    openCreate: () => setForm({ open: true, editing: null }),
    openEdit: (row: T) => setForm({ open: true, editing: row }),
    closeForm: () => setForm({ open: false, editing: null }),
    showing,
    show: setShowing,
    closeShow: () => setShowing(null),
    deleting,
    askDelete: setDeleting,
    closeDelete: () => setDeleting(null),
  };
}
