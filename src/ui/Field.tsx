import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { styles } from './styles';

interface ShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}

/** Label above the control, error text below it (announced and tied via aria-describedby). */
function FieldShell({ id, label, error, hint, children }: ShellProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** A decorative icon inside the input, on the left. */
  icon?: ReactNode;
}

/** A labelled input. */
export function Field({ id, label, error, hint, icon, className = '', ...input }: FieldProps) {
  const control = (
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
      className={`${styles.input} ${icon ? 'pl-10' : ''} ${className}`}
      {...input}
    />
  );
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      {icon ? (
        <div className="relative">
          <span className="pointer-events-none absolute left-3 top-2 text-gray-600">{icon}</span>
          {control}
        </div>
      ) : (
        control
      )}
    </FieldShell>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** First, empty option ('Select Type', 'Select Category'…). */
  placeholder?: string;
  error?: string;
}

/** A labelled select. */
export function SelectField({
  id,
  label,
  options,
  placeholder,
  error,
  className = '',
  ...select
}: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={`${styles.input} ${className}`}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export interface FileFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'onChange'
> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** The file chosen (undefined when the choice was cancelled). */
  onFile: (file: File | undefined) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled file chooser: its button in the app's colour, what it takes said under it. */
export function FileField({ id, label, error, hint, onFile, inputRef, ...input }: FileFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        ref={inputRef}
        id={id}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onFile(e.target.files?.[0])}
        className={`block w-full rounded-md text-sm text-gray-800 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-indigo-700 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-indigo-800 ${styles.focus}`}
        {...input}
      />
    </FieldShell>
  );
}
