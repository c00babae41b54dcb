import { notifyMutation } from '../api/notify';

type Messages = { success: string; failure: string };

/**
 * A dialog whose form makes one call (reverse a payment, record a receipt, create a user).
 * `dialog` is the FormModal's own part: open, closed by Cancel, Close or Escape, busy while
 * the call runs. `send` makes the call (an `.unwrap()`ped mutation), tells the user how it
 * went (`notify`: toasts, or a refusal that `onRefused` shows under its field) and closes the
 * dialog once it succeeded; it answers whether it did.
 */
export function useDialogCall({
  onClose,
  running,
  messages,
  onRefused,
  notify = notifyMutation,
}: {
  onClose: () => void;
  /** The mutation's state: its `isLoading` keeps the submit button busy. */
  running: { isLoading: boolean };
  messages: Messages;
  onRefused?: (error: unknown) => boolean;
  /** How the outcome is told: notifyMutation, or an edit conflict's `save`. */
  notify?: typeof notifyMutation;
}) {
  const send = async (call: Promise<{ message?: string }>) => {
    const ok = await notify(call, messages, onRefused);
    if (ok) onClose();
    return ok;
  };
  return { dialog: { open: true, onClose, busy: running.isLoading }, send };
}
