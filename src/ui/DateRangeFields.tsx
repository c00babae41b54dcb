import type { Dispatch, SetStateAction } from 'react';
import { datePresets, END_BEFORE_START, isBackwards } from '../lib/dates';
import { DateField } from './DateField';
import type { DateFormat } from './dateFormat';
import { styles } from './styles';

export interface DateRange {
  from: string;
  to: string;
}

/**
 * The range of a filter form that holds it among its fields (`form`, changed by `setForm`):
 * the fields' changes go into the form; with `apply`, the presets too, and `apply` is then
 * handed the form as it now is (to show it at once when it may be).
 */
export function formRange<F extends DateRange>(
  form: F,
  setForm: Dispatch<SetStateAction<F>>,
  apply?: (next: F) => void,
) {
  return {
    range: form,
    onChange: (range: DateRange) => setForm((f) => ({ ...f, ...range })),
    onPreset:
      apply &&
      ((range: DateRange) => {
        const next = { ...form, ...range };
        setForm(next);
        apply(next);
      }),
  };
}

interface Props {
  /** Prefix of the two inputs' ids: `${idPrefix}-from`, `${idPrefix}-to`. */
  idPrefix: string;
  range: DateRange;
  onChange: (range: DateRange) => void;
  labels?: [from: string, to: string];
  required?: boolean;
  /** Another message for the pair (e.g. a missing date), shown under the end date. */
  error?: string;
  /** Classes for each field's wrapper, where the layout needs a fixed width. */
  fieldClassName?: string;
  /**
   * Offers This month, Last month and This financial year beside the fields; a click
   * hands the range here (to fill in and apply it).
   */
  onPreset?: (range: DateRange) => void;
  /** How the dates are written; by default as the screen's list writes them. */
  format?: DateFormat;
}

/**
 * The start and end dates of every filter, written once (DateField: the screen's way of
 * writing dates, typed or picked from a calendar): an end before the start is said
 * under the end date as soon as it is typed, the same on every screen. Screens still refuse
 * to send such a range.
 */
export function DateRangeFields({
  idPrefix,
  range,
  onChange,
  labels = ['Start Date', 'End Date'],
  required,
  error,
  fieldClassName,
  onPreset,
  format,
}: Props) {
  const endError = isBackwards(range.from, range.to) ? END_BEFORE_START : error;
  return (
    <>
      {(
        [
          ['from', labels[0]],
          ['to', labels[1]],
        ] as const
      ).map(([end, label]) => (
        <div key={end} className={fieldClassName}>
          <DateField
            id={`${idPrefix}-${end}`}
            label={label}
            format={format}
            required={required}
            value={range[end]}
            error={end === 'to' ? endError : undefined}
            onChange={(e) => onChange({ ...range, [end]: e.target.value })}
          />
        </div>
      ))}
      {onPreset && <DatePresets range={range} onPick={onPreset} />}
    </>
  );
}

/** The preset ranges as a row of small buttons; the one matching the range is pressed. */
export function DatePresets({
  range,
  onPick,
}: {
  range: DateRange;
  onPick: (range: DateRange) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Date presets"
      className="col-span-full flex basis-full flex-wrap items-center gap-2"
    >
      {datePresets().map((preset) => {
        const pressed = preset.from === range.from && preset.to === range.to;
        return (
          <button
            key={preset.label}
            type="button"
            aria-pressed={pressed}
            onClick={() => onPick({ from: preset.from, to: preset.to })}
            className={`${styles.btnSecondary} px-3 py-1 text-xs ${pressed ? 'border-indigo-600 bg-indigo-50 text-indigo-900' : ''}`}
          >
            {preset.label}
          </button>
        );
      })}
    </div>
  );
}
