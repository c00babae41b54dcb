import type { ReactNode } from 'react';
import { Modal } from './Modal';
import { styles } from './styles';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/** Asks before a destructive action; Cancel gets the focus so Enter does no harm. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel} size="sm">
      <div className="text-sm text-gray-800">{message}</div>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" data-autofocus onClick={onCancel} className={styles.btnSecondary}>
          Cancel
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} className={styles.btnDanger}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
