import type { FormEvent, ReactNode } from 'react';
import { styles } from './styles';

/**
 * A report's filter: its fields four to a row on a wide screen, their bottoms aligned, then
 * Submit and any other buttons of the report (`actions`, e.g. Download CSV once shown).
 */
export function FilterForm({
  label,
  onSubmit,
  actions,
  className = '',
  children,
}: {
  /** Names the form, e.g. 'Report filter'. */
  label: string;
  onSubmit: (event: FormEvent) => void;
  actions?: ReactNode;
  /** Further classes (print:hidden). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      aria-label={label}
      // Fields line up by their labels (a date's format hint below must not push its label
      // above the others'); the buttons sit at the foot of their row.
      className={`mt-4 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4 ${className}`}
    >
      {children}
      <div className="flex gap-2 self-end">
        <button type="submit" className={styles.btnPrimary}>
          Submit
        </button>
        {actions}
      </div>
    </form>
  );
}
