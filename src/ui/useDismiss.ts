import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes a popup (menu, dropdown) on a pointer press outside `inside` refs or on Escape,
 * which also returns focus to `returnFocus`.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  inside: ReadonlyArray<RefObject<HTMLElement | null>>,
  returnFocus?: RefObject<HTMLElement | null>,
) {
  const latest = useRef({ close, inside, returnFocus });
  useEffect(() => {
    latest.current = { close, inside, returnFocus };
  });

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!latest.current.inside.some((r) => r.current?.contains(target))) latest.current.close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      latest.current.close();
      latest.current.returnFocus?.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
}
