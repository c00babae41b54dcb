import { toast } from 'react-toastify';
import { failureMessage } from './errors';

/**
 * Runs a mutation (an `.unwrap()`ped promise) and tells the user how it went: the server's
 * message (or `success`) as a success toast; on failure the server's message for a client
 * error, else `failure` — unless `onRefused` shows the refusal itself (under a field) and
 * answers true. Resolves to whether it succeeded.
 */
export async function notifyMutation(
  call: Promise<{ message?: string }>,
  messages: { success: string; failure: string },
  onRefused?: (error: unknown) => boolean,
): Promise<boolean> {
  try {
    const result = await call;
    toast.success(result.message ?? messages.success);
    return true;
  } catch (error) {
    if (!onRefused?.(error)) toast.error(failureMessage(error, messages.failure));
    return false;
  }
}
