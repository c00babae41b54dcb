import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { styles } from './styles';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first field of a form inside the dialog gets the focus (not the Close button). */
const IN_FORM = FOCUSABLE.split(', ')
  .map((selector) => `form ${selector}`)
  .join(', ');

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Width: sm for confirmations, md (default) for forms, lg for wide content. */
  size?: 'sm' | 'md' | 'lg';
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

/**
 * A modal dialog: role="dialog", aria-modal, labelled by its title. Focus moves into it on
 * open, Tab stays inside, Escape closes, and focus returns to where it was on close.
 */
export function Modal({ open, title, onClose, children, size = 'md' }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ??
      node?.querySelector<HTMLElement>(IN_FORM) ??
      node;
    first?.focus();

    // On the document, so that Escape and Tab work wherever the focus was left (a removed
    // element, the page behind after a window resize); the dialog on top handles them.
    const onKeyDown = (event: KeyboardEvent) => {
      if (!node || event.defaultPrevented) return;
      const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (dialogs[dialogs.length - 1] !== node) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const inside = node.contains(document.activeElement);
      if (!inside || (event.shiftKey && document.activeElement === firstItem)) {
        event.preventDefault();
        (event.shiftKey ? lastItem : firstItem).focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    // The page behind does not scroll: the overlay covers all there is to see, the whole
    // time (a page taller than the window would otherwise scroll out from under it).
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
      // Back where the user was; when that is gone (a deleted row's menu), to the page.
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
      else document.getElementById('main')?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    // A press on the backdrop leaves the focus in the dialog (it is not a way out).
    <div
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) event.preventDefault();
      }}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-gray-900/50 p-4 sm:items-center"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`w-full ${widths[size]} rounded-lg bg-white shadow-xl focus:outline-none`}
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-5 py-3">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label="Close" className={styles.btnGhost}>
            <CloseIcon />
          </button>
        </div>
        <div className="px-5 py-4">{children}</div>
      </div>
    </div>
  );
}

export interface FormModalProps extends Omit<ModalProps, 'children'> {
  onSubmit: () => void;
  submitLabel: string;
  busy?: boolean;
  children: ReactNode;
}

/** A modal holding one form: the fields, then Cancel and the submit button. */
export function FormModal({
  onSubmit,
  submitLabel,
  busy = false,
  children,
  ...modal
}: FormModalProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal {...modal}>
      <form onSubmit={submit} className="space-y-4">
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" onClick={modal.onClose} className={styles.btnSecondary}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={styles.btnPrimary}>
            {busy ? 'Saving…' : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
