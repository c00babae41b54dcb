import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Set by the toast area (./Toasts) once it is loaded: before that no toast is on screen. */
let dismissPageToasts: ((shownBefore: number) => void) | undefined;

export function onPageChangeDismiss(dismiss: (shownBefore: number) => void): void {
  dismissPageToasts = dismiss;
}

/**
 * A toast belongs to the page it was shown on: another page clears them, except what the
 * step that changed page has just said ("Login successful", a deletion's Undo). This hook
 * stays apart from the toast library, which no first paint needs.
 */
export function useToastsClearedOnNavigation() {
  const { pathname } = useLocation();
  useEffect(() => {
    dismissPageToasts?.(Date.now() - 1000);
  }, [pathname]);
}
