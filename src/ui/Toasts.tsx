import { ToastContainer, toast, type Id } from 'react-toastify';
import { KEEP_ACROSS_PAGES } from './toast';
import { onPageChangeDismiss } from './useToastsClearedOnNavigation';

/** At most this many toasts at once; later ones wait their turn. */
export const MAX_TOASTS = 2;

/**
 * The toast area with the settings of spec §9 (react-toastify v11 brings its own CSS).
 * Top-right, but below the app header so a toast never covers the account menu.
 */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      theme="light"
      limit={MAX_TOASTS}
      style={{ top: '4.5rem' }}
    />
  );
}

/** When each toast on screen appeared. */
const shownAt = new Map<Id, number>();
toast.onChange(({ id, status }) => {
  if (status === 'added') shownAt.set(id, Date.now());
  else if (status === 'removed') shownAt.delete(id);
});

// Another page dismisses the toasts shown before `shownBefore` (ms), but those kept across pages.
onPageChangeDismiss((shownBefore) => {
  for (const [id, at] of shownAt) {
    if (at < shownBefore && !String(id).startsWith(KEEP_ACROSS_PAGES)) toast.dismiss(id);
  }
});
