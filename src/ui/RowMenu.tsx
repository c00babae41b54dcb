import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { styles } from './styles';
import { useDismiss } from './useDismiss';

export interface RowMenuProps {
  /** Names the row for assistive technology: "Actions for <label>". */
  label: string;
  onShow: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** false (e.g. admins): only Show is offered. */
  canWrite?: boolean;
  /** More actions of the row (e.g. Repayments, sendEmail), offered between Edit and Delete. */
  extraActions?: ReadonlyArray<{ label: string; onClick: () => void }>;
}

/** The '...' row menu: Show, Edit, Delete. */
export function RowMenu({
  label,
  onShow,
  onEdit,
  onDelete,
  canWrite = true,
  extraActions = [],
}: RowMenuProps) {
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const open = position !== null;

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open]);
  useDismiss(open, () => setPosition(null), [panel, button], button, ['resize', 'scroll']);

  const toggle = () => {
    if (open) return setPosition(null);
    // Fixed position so the menu is never clipped by the scrolling table.
    const rect = button.current?.getBoundingClientRect();
    setPosition({
      top: (rect?.bottom ?? 0) + 4,
      right: Math.max(8, window.innerWidth - (rect?.right ?? 0)),
    });
  };

  const run = (action: () => void) => () => {
    setPosition(null);
    action();
  };

  const items: Array<[string, (() => void) | undefined]> = [
    ['Show', onShow],
    ['Edit', canWrite ? onEdit : undefined],
    ...extraActions.map((a): [string, () => void] => [a.label, a.onClick]),
    ['Delete', canWrite ? onDelete : undefined],
  ];

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={`Actions for ${label}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        className={`${styles.btnGhost} px-2 py-1 text-lg leading-none`}
      >
        <span aria-hidden="true">...</span>
      </button>
      {/* Above the toasts (z 9999): a menu the user just opened must not sit under one. */}
      {open && (
        <div
          ref={panel}
          id={panelId}
          style={position}
          className="fixed z-[10000] min-w-36 rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          {items.map(([name, action]) =>
            action ? (
              <button
                key={name}
                type="button"
                onClick={run(action)}
                className={`block w-full px-4 py-2 text-left text-sm hover:bg-gray-100 ${
                  name === 'Delete' ? 'text-red-700' : 'text-gray-800'
                } ${styles.focus}`}
              >
                {name}
              </button>
            ) : null,
          )}
        </div>
      )}
    </>
  );
}
