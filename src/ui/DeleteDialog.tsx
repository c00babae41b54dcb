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
