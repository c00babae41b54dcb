/**
 * A toast from a screen of the first page load (Login, Register): the toast library comes on
 * first use instead of with the page. Toasts keep the order they were asked for in.
 */
export function showToast(kind: 'success' | 'error', message: string): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}

/** A toast that outlives a change of page (its id starts so): an Undo still works from anywhere. */
export const KEEP_ACROSS_PAGES = 'keep:';
