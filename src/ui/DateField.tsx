import { useRef, useState, type InputHTMLAttributes } from 'react';
import { useLocation } from 'react-router-dom';
import { DATE_PATTERN, readDate, screenDateFormat, writeDate, type DateFormat } from './dateFormat';
import { CalendarIcon } from './icons';
import { styles } from './styles';

export interface DateFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'min' | 'max'
> {
  id: string;
  label: string;
  /** The date as the wire has it, YYYY-MM-DD; '' for none. */
  value: string;
  /** Called with a YYYY-MM-DD date once one is typed or picked, or '' once emptied. */
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
  hint?: string;
  /** How it is written; by default as its screen's list writes dates (dateFormat.ts). */
  format?: DateFormat;
  /** The earliest and latest days the calendar offers, YYYY-MM-DD. */
  min?: string;
  max?: string;
}

/**
 * A calendar date, written as its screen's list writes dates (DD/MM/YYYY, or YYYY-MM-DD on
 * the expense, lend and borrowed screens) whatever the browser's language: typed in from
 * the keyboard (either way of writing is read, a month never comes first), or picked from
 * the browser's calendar with the button beside it. What it hands on is YYYY-MM-DD. A
 * typed text that is no date is said under the field once it is left, and the form cannot
 * be sent with it; the value handed on stays the last real date (or '').
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  format: given,
  min,
  max,
  required,
  disabled,
  className = '',
  onBlur,
  ...input
}: DateFieldProps) {
  const { pathname } = useLocation();
  const format = given ?? screenDateFormat(pathname);
  const pattern = DATE_PATTERN[format];
  const [text, setText] = useState(() => writeDate(value, format));
  // The value from outside (a preset, a reset, the address): the field writes it.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if ((readDate(text) ?? '') !== value) setText(writeDate(value, format));
  }
  const [left, setLeft] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const unreadable = text.trim() !== '' && readDate(text) === null;
  const ownError = unreadable ? `Enter the date as ${pattern}.` : undefined;
  const shownError = error ?? (left ? ownError : undefined);
  const describedBy = shownError ? `${id}-error` : `${id}-hint`;

  const type = (typed: string) => {
    setText(typed);
    setLeft(false);
    const read = typed.trim() === '' ? '' : readDate(typed);
    if (read !== null && read !== value) onChange({ target: { value: read } });
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={pattern}
          required={required}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          className={`${styles.input} pr-10 ${className}`}
          {...input}
          // Not a date: the browser refuses to send the form, and says why.
          ref={(el) => el?.setCustomValidity(ownError ?? '')}
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={(event) => {
            setLeft(true);
            onBlur?.(event);
          }}
        />
        <button
          type="button"
          disabled={disabled}
          // Not naming the field: its label stays the one thing a search by label finds.
          aria-label="Pick from a calendar"
          onClick={() => {
            const el = picker.current;
            if (!el) return;
            if (typeof el.showPicker === 'function') el.showPicker();
            else el.click();
          }}
          className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2 text-gray-600 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 disabled:opacity-50"
        >
          <CalendarIcon className="h-5 w-5" />
        </button>
        {/* The browser's own calendar, opened by the button: never focused, never read. */}
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          min={min}
          max={max}
          value={readDate(text) ?? ''}
          onChange={(event) => {
            const picked = event.target.value;
            setText(writeDate(picked, format));
            setLeft(false);
            if (picked !== value) onChange({ target: { value: picked } });
          }}
          className="pointer-events-none absolute bottom-0 right-0 h-px w-px opacity-0"
        />
      </div>
      {shownError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {shownError}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint ? `${hint} · ${pattern}` : pattern}
        </p>
      )}
    </div>
  );
}
