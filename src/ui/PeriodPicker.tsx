import { useState, type FormEvent } from 'react';
import { isWholeMonth, monthOf, periodLabel, periodOf, thisMonth, type Period } from './period';
import { DateField } from './DateField';
import { useUrlParams } from './useListParams';
import { styles } from './styles';

/**
 * The period of a screen, from the address (`from`, `to`; `dates=all` for every date where the
 * screen offers it): this month when it names none. A change goes back into the address, and
 * to the list's first page.
 */
export function usePeriod({ allowAll = false } = {}) {
  const [url, patchUrl] = useUrlParams();
  const all = allowAll && url.get('dates') === 'all';
  const period: Period | null = all ? null : periodOf(url.get('from'), url.get('to'));
  const setPeriod = (next: Period | null) =>
    patchUrl(
      next
        ? { from: next.from, to: next.to, dates: null, page: null }
        : { from: null, to: null, dates: 'all', page: null },
    );
  return { period, setPeriod };
}

/** The range's two date fields. */
const RANGE_ENDS = [
  { end: 'from', label: 'From' },
  { end: 'to', label: 'To' },
] as const;

/**
 * Previous and next month around the period's name, This month, and a range of any days:
 * the one way every screen of personal money picks what its figures cover.
 */
export function PeriodPicker({
  period,
  onChange,
  idPrefix,
  allowAll = false,
}: {
  /** null: every date (offered only with `allowAll`). */
  period: Period | null;
  onChange: (next: Period | null) => void;
  /** Prefix of the range inputs' ids. */
  idPrefix: string;
  /** Offers All dates beside the months. */
  allowAll?: boolean;
}) {
  const [editing, setEditing] = useState<Period | null>(null);
  const current = thisMonth();
  const onThisMonth = !!period && period.from === current.from && period.to === current.to;
  const step = (offset: number) => onChange(monthOf((period ?? current).from, offset));
  const backwards = !!editing && editing.from > editing.to;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!editing || backwards || !editing.from || !editing.to) return;
    onChange(editing);
    setEditing(null);
  };
  const small = `${styles.btnSecondary} px-2 py-1 text-sm`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Period" className="flex items-center gap-1">
        <button
          type="button"
          onClick={() => step(-1)}
          className={small}
          aria-label="Previous month"
        >
          ‹
        </button>
        <output
          aria-live="polite"
          className="min-w-[9.5rem] whitespace-nowrap px-1 text-center text-sm font-semibold text-gray-900"
        >
          {period ? periodLabel(period) : 'All dates'}
        </output>
        <button type="button" onClick={() => step(1)} className={small} aria-label="Next month">
          ›
        </button>
      </div>
      {!onThisMonth && (
        <button type="button" onClick={() => onChange(current)} className={small}>
          This month
        </button>
      )}
      {allowAll && period && (
        <button type="button" onClick={() => onChange(null)} className={small}>
          All dates
        </button>
      )}
      <button
        type="button"
        aria-expanded={!!editing}
        onClick={() => setEditing(editing ? null : (period ?? current))}
        className={small}
      >
        {period && isWholeMonth(period) ? 'Range…' : 'Change range…'}
      </button>
      {editing && (
        <form onSubmit={apply} className="flex basis-full flex-wrap items-end gap-2">
          {RANGE_ENDS.map(({ end, label }) => (
            <div key={end} className="w-44">
              <DateField
                id={`${idPrefix}-${end}`}
                label={label}
                required
                value={editing[end]}
                // A range that ends before it starts: the end is what is wrong.
                {...(end === 'to' && backwards
                  ? { 'aria-invalid': true, 'aria-describedby': `${idPrefix}-error` }
                  : {})}
                onChange={(e) => setEditing({ ...editing, [end]: e.target.value })}
              />
            </div>
          ))}
          <button type="submit" className={`${styles.btnPrimary} py-1.5`} disabled={backwards}>
            Show
          </button>
          {backwards && (
            <p id={`${idPrefix}-error`} role="alert" className="basis-full text-sm text-red-700">
              End date must be on or after the start date
            </p>
          )}
        </form>
      )}
    </div>
  );
}
