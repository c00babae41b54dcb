import { toast } from 'react-toastify';
import { UNDO_SECONDS } from '../../contract/rules';
import { failureMessage } from '../api/errors';
import { notifyMutation } from '../api/notify';
import { KEEP_ACROSS_PAGES } from './toast';
import { styles } from './styles';

export interface UndoMessages {
  /** What the delete's toast says when the server says nothing. */
  success: string;
  failure: string;
  /** The toasts of the Undo itself. */
  restored: string;
  restoreFailure: string;
}

/**
 * Runs a delete (an `.unwrap()`ped mutation) and tells how it went: on success its message
 * with an Undo button for UNDO_SECONDS, which puts the record back (`restore`); on failure
 * the server's message for a client error, else `failure`. Resolves to whether it deleted.
 */
export async function deleteWithUndo(
  call: Promise<{ message?: string }>,
  restore: () => Promise<{ message?: string }>,
  messages: UndoMessages,
): Promise<boolean> {
  let said: string;
  try {
    said = (await call).message ?? messages.success;
  } catch (error) {
    toast.error(failureMessage(error, messages.failure));
    return false;
  }
  toast.success(
    ({ closeToast }) => (
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0">{said}</span>
        <button
          type="button"
          onClick={() => {
            closeToast();
            void notifyMutation(restore(), {
              success: messages.restored,
              failure: messages.restoreFailure,
            });
          }}
          className={`${styles.btnSecondary} shrink-0 whitespace-nowrap px-3 py-1`}
        >
          Undo
        </button>
      </div>
    ),
    {
      toastId: `${KEEP_ACROSS_PAGES}${Date.now()}-${Math.random()}`,
      autoClose: UNDO_SECONDS * 1000,
      closeOnClick: false,
    },
  );
  return true;
}
