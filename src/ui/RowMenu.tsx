import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import type { Column } from './DataTable';
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
  /** The name of the last, destructive action: 'Deactivate' where that is what it does. */
  deleteLabel?: string;
}

/**
 * An item's height (py-2 around a text-sm line) and the panel's padding and border: the guess
 * before the panel is drawn (and where nothing is drawn, as in tests); once drawn it is
 * measured, so large text or a long action's name is placed by its real height.
 */
const ITEM_HEIGHT = 36;
const PANEL_EXTRA = 10;
const GAP = 4;
const MARGIN = 8;

const panelHeight = (panel: HTMLElement | null, items: number) =>
  panel?.scrollHeight || items * ITEM_HEIGHT + PANEL_EXTRA;

/** The visible part of the window, without its scrollbars (where a fixed element is placed). */
const viewport = () => ({
  width: document.documentElement.clientWidth || window.innerWidth,
  height: document.documentElement.clientHeight || window.innerHeight,
});

/**
 * Fixed position by the button, so the menu is never clipped by the scrolling table: under
 * it, or above it when a row near the bottom of a phone's screen leaves no room below; when
 * neither fits, as much of the screen as there is, scrolling inside.
 */
const placeBy = (rect: DOMRect, height: number): CSSProperties => {
  const view = viewport();
  const right = Math.max(MARGIN, view.width - rect.right);
  if (rect.bottom + GAP + height <= view.height - MARGIN) {
    return { top: rect.bottom + GAP, right };
  }
  if (rect.top - GAP - height >= MARGIN) {
    return { bottom: view.height - rect.top + GAP, right };
  }
  return { top: MARGIN, right, maxHeight: view.height - 2 * MARGIN, overflowY: 'auto' };
};

/**
 * The '...' row menu: Show, Edit, Delete. A disclosure button (aria-expanded, aria-controls)
 * showing a panel of plain buttons, reached with Tab or the arrow keys (Home and End too);
 * Escape or a click outside closes it. An action gives the focus back to the button first,
 * so that the dialog it opens returns there when it closes.
 */
export function RowMenu({
  label,
  onShow,
  onEdit,
  onDelete,
  canWrite = true,
  extraActions = [],
  deleteLabel = 'Delete',
}: RowMenuProps) {
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const open = position !== null;

  const items: Array<[string, (() => void) | undefined]> = [
    ['Show', onShow],
    ['Edit', canWrite ? onEdit : undefined],
    ...extraActions.map((a): [string, () => void] => [a.label, a.onClick]),
    [deleteLabel, canWrite ? onDelete : undefined],
  ];
  const shown = items.filter((item): item is [string, () => void] => item[1] !== undefined);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open]);
  // Placed first by the guessed height; once drawn, before it is painted, by its own.
  useLayoutEffect(() => {
    if (!open || !button.current || !panel.current?.scrollHeight) return;
    setPosition(
      placeBy(button.current.getBoundingClientRect(), panelHeight(panel.current, shown.length)),
    );
  }, [open, shown.length]);
  useDismiss(open, () => setPosition(null), [panel, button], button);

  // Scrolling the table (sideways) or the page moves the button: the menu follows it, and
  // closes only once the button has left the visible part of what scrolled. Other
  // scrolls (the side menu, the menu itself) leave it alone. A resize closes it.
  useEffect(() => {
    if (!open) return;
    const onScroll = (event: Event) => {
      const toggleButton = button.current;
      const target = event.target;
      if (!toggleButton || !(target instanceof Node) || !target.contains(toggleButton)) return;
      const rect = toggleButton.getBoundingClientRect();
      const screen = viewport();
      const view =
        target instanceof Element
          ? target.getBoundingClientRect()
          : { top: 0, left: 0, bottom: screen.height, right: screen.width };
      const visible =
        rect.bottom >= Math.max(0, view.top) &&
        rect.top <= Math.min(screen.height, view.bottom) &&
        rect.right >= view.left &&
        rect.left <= view.right;
      setPosition(visible ? placeBy(rect, panelHeight(panel.current, shown.length)) : null);
    };
    const onResize = () => setPosition(null);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [open, shown.length]);

  const toggle = () => {
    if (open) return setPosition(null);
    if (button.current)
      setPosition(placeBy(button.current.getBoundingClientRect(), panelHeight(null, shown.length)));
  };

  const run = (action: () => void) => () => {
    setPosition(null);
    button.current?.focus();
    action();
  };

  const onPanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(panel.current?.querySelectorAll('button') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const to = {
      ArrowDown: (at + 1) % buttons.length,
      ArrowUp: (at - 1 + buttons.length) % buttons.length,
      Home: 0,
      End: buttons.length - 1,
    }[event.key];
    if (to === undefined || buttons.length === 0) return;
    event.preventDefault();
    buttons[to]?.focus();
  };
  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (open || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    toggle();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={`Actions for ${label}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        onKeyDown={onButtonKey}
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
          onKeyDown={onPanelKey}
          className="fixed z-[10000] min-w-36 rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          {shown.map(([name, action]) => (
            <button
              key={name}
              type="button"
              onClick={run(action)}
              className={`block w-full px-4 py-2 text-left text-sm hover:bg-gray-100 ${
                name === deleteLabel ? 'text-red-700' : 'text-gray-800'
              } ${styles.focus}`}
            >
              {name}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/** What a record list's row menu opens (useRecordModals): details, edit form, delete confirmation. */
interface RecordModals<T> {
  show: (row: T) => void;
  openEdit: (row: T) => void;
  askDelete: (row: T) => void;
}

/**
 * A record list's Action column: each row's menu of Show, Edit, Delete and the `extra` actions
 * of that row; Edit and Delete only where `canWrite` (an admin reads).
 */
export function recordMenuColumn<T, S extends string = string>(
  modals: RecordModals<T>,
  labelOf: (row: T) => string,
  {
    canWrite,
    extra,
    key = 'action',
    header = 'Action',
  }: {
    canWrite?: boolean;
    extra?: (row: T) => RowMenuProps['extraActions'];
    key?: string;
    header?: string;
  } = {},
): Column<T, S> {
  return {
    key,
    header,
    render: (row) => (
      <RowMenu
        label={labelOf(row)}
        canWrite={canWrite}
        onShow={() => modals.show(row)}
        onEdit={() => modals.openEdit(row)}
        onDelete={() => modals.askDelete(row)}
        extraActions={extra?.(row)}
      />
    ),
  };
}
