import type { ButtonHTMLAttributes } from 'react';
import { styles } from './styles';

interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Whether its action is under way: the button waits, and says so. */
  busy: boolean;
  label: string;
  /** What it says meanwhile ('Saving…'). */
  busyLabel: string;
}

/**
 * A button whose action takes a moment (a save, a send, an export): disabled while it is
 * under way, saying `busyLabel` then. A plain button unless `type` says submit.
 */
export function BusyButton({
  busy,
  label,
  busyLabel,
  type = 'button',
  disabled,
  className = styles.btnPrimary,
  ...button
}: BusyButtonProps) {
  return (
    <button
      type={type}
      disabled={busy || disabled}
      aria-busy={busy}
      className={className}
      {...button}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
