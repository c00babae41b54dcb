import type { ReactNode } from 'react';
import { styles } from './styles';

/** A checkbox with its sentence beside it: the whole line toggles it. */
export function CheckField({
  checked,
  onChange,
  disabled,
  className = '',
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The line's further classes (its margin). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`flex items-start gap-2 text-sm text-gray-800 ${className}`}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className={`mt-0.5 h-4 w-4 rounded border-gray-400 text-indigo-700 ${styles.focus}`}
      />
      <span>{children}</span>
    </label>
  );
}
