import type { ReactNode } from 'react';
import { notifyMutation } from '../api/notify';
import { ConfirmDialog } from './ConfirmDialog';
import { deleteWithUndo, type UndoMessages } from './undo';

export interface DeleteDialogProps<T> {
  /** The row to delete; null keeps the dialog closed. */
  record: T | null;
  title: string;
  message: (record: T) => ReactNode;
  /** The delete call (an `.unwrap()`ped mutation). */
  run: (record: T) => Promise<{ message?: string }>;
  messages: { success: string; failure: string };
  /** Puts the record back: the success toast then offers Undo for a few seconds. */
  undo?: {
    run: (record: T) => Promise<{ message?: string }>;
    messages: Pick<UndoMessages, 'restored' | 'restoreFailure'>;
  };
  onClose: () => void;
  busy?: boolean;
}

/**
 * A list's delete: asks first, then deletes and toasts how it went (the server's message),
 * with Undo when the record can be put back.
 */
export function DeleteDialog<T>({
  record,
  title,
  message,
  run,
  messages,
  undo,
  onClose,
  busy,
}: DeleteDialogProps<T>) {
  const confirm = async () => {
    if (record === null) return;
    if (undo)
      await deleteWithUndo(run(record), () => undo.run(record), { ...messages, ...undo.messages });
    else await notifyMutation(run(record), messages);
    onClose();
  };
  return (
    <ConfirmDialog
      open={record !== null}
      title={title}
      message={record !== null && message(record)}
      onConfirm={confirm}
      onCancel={onClose}
      busy={busy}
    />
  );
}

type Call = (id: string) => { unwrap: () => Promise<{ message?: string }> };

/**
 * The delete of a record that can be undone for a few seconds (an expense, a project): the
 * dialog names the record (`what`, and `nameOf` the row), and the toasts say how the delete
 * and its undo went.
 */
export function UndoableDeleteDialog<T extends { _id: string }>({
  what,
  nameOf,
  modals,
  remove: [remove, removing],
  restore,
}: {
  what: string;
  nameOf: (record: T) => string;
  modals: { deleting: T | null; closeDelete: () => void };
  /** The delete mutation hook's answer. */
  remove: readonly [Call, { isLoading: boolean }];
  restore: Call;
}) {
  const Name = what.charAt(0).toUpperCase() + what.slice(1);
  return (
    <DeleteDialog
      record={modals.deleting}
      title={`Delete ${what}`}
      message={(row) => (
        <>
          Delete the {what} <strong>{nameOf(row)}</strong>? You can undo it for a few seconds.
        </>
      )}
      run={(row) => remove(row._id).unwrap()}
      messages={{
        success: `${Name} deleted successfully`,
        failure: `Failed to delete ${what}. Please try again.`,
      }}
      undo={{
        run: (row) => restore(row._id).unwrap(),
        messages: {
          restored: `${Name} restored`,
          restoreFailure: `Failed to restore the ${what}. Please try again.`,
        },
      }}
      onClose={modals.closeDelete}
      busy={removing.isLoading}
    />
  );
}
