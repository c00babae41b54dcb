import { END_BEFORE_START, isBackwards } from '../lib/dates';
import { Field } from './Field';

export interface DateRange {
  from: string;
  to: string;
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
}

/**
 * The start and end dates of every filter, written once: an end before the start is said
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
}: Props) {
  const endError = isBackwards(range.from, range.to) ? END_BEFORE_START : error;
  return (
    <>
      <div className={fieldClassName}>
        <Field
          id={`${idPrefix}-from`}
          label={labels[0]}
          type="date"
          required={required}
          value={range.from}
          onChange={(e) => onChange({ ...range, from: e.target.value })}
        />
      </div>
      <div className={fieldClassName}>
        <Field
          id={`${idPrefix}-to`}
          label={labels[1]}
          type="date"
          required={required}
          value={range.to}
          error={endError}
          onChange={(e) => onChange({ ...range, to: e.target.value })}
        />
      </div>
    </>
  );
}
