import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes a popup (menu, dropdown) on a pointer press outside `inside` refs or on Escape,
 * which also returns focus to `returnFocus`. `alsoOn` adds window events (e.g. scroll).
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  inside: ReadonlyArray<RefObject<HTMLElement | null>>,
  returnFocus?: RefObject<HTMLElement | null>,
  alsoOn: ReadonlyArray<'resize' | 'scroll'> = [],
) {
  const latest = useRef({ close, inside, returnFocus });
  useEffect(() => {
    latest.current = { close, inside, returnFocus };
  });
  const windowEvents = alsoOn.join(',');

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
    const onWindow = () => latest.current.close();
    const events = windowEvents ? windowEvents.split(',') : [];
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    events.forEach((e) => window.addEventListener(e, onWindow, true));
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
      events.forEach((e) => window.removeEventListener(e, onWindow, true));
    };
  }, [open, windowEvents]);
}
