import { Money } from './Money';

/**
 * Categories' amounts as horizontal bars, the largest full width, each with its name and
 * amount: the dashboard's month and the Category Report draw them alike. Hidden from screen
 * readers where a table or list beside it carries the same figures (`hidden`).
 */
export function CategoryBars({
  rows,
  label,
  hidden = false,
}: {
  rows: ReadonlyArray<{ category: string; amount: number }>;
  /** What the list is, for screen readers (when not hidden). */
  label: string;
  hidden?: boolean;
}) {
  const largest = Math.max(0, ...rows.map((r) => r.amount));
  return (
    <ul
      // One grid for every row (each row a subgrid): the bars start and end alike.
      className="grid grid-cols-[minmax(0,8rem)_1fr_auto] gap-x-2 gap-y-1.5 text-sm sm:gap-x-3"
      aria-label={hidden ? undefined : label}
      aria-hidden={hidden || undefined}
    >
      {rows.map((c) => (
        <li key={c.category} className="col-span-3 grid grid-cols-subgrid items-center">
          <span className="truncate text-gray-800" title={c.category}>
            {c.category}
          </span>
          <span aria-hidden="true" className="h-2.5 rounded-full bg-gray-200">
            <span
              className="block h-2.5 rounded-full bg-indigo-600"
              style={{ width: `${largest > 0 ? (c.amount / largest) * 100 : 0}%` }}
            />
          </span>
          <Money value={c.amount} className="whitespace-nowrap text-right text-gray-900" />
        </li>
      ))}
    </ul>
  );
}
