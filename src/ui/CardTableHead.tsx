import type { ReactNode } from 'react';

/** A column's heading: its text; right-aligned over amounts; read out only (a buttons column). */
export type CardHeading = string | { label: string; align?: 'right'; srOnly?: boolean };

/**
 * The head of a table that is a stack of cards below 640 px (index.css, `table.cards`): the
 * headings are read out only there, each cell taking its own under its `data-label`. `cell`
 * is the cells' padding; `first`, a heading cell's content before the others (a select-all).
 */
export function CardTableHead({
  headings,
  cell,
  first,
}: {
  headings: ReadonlyArray<CardHeading>;
  cell: string;
  first?: ReactNode;
}) {
  return (
    <thead role="rowgroup" className="cards-sr-only text-gray-700">
      <tr role="row">
        {first && (
          <th role="columnheader" className={`${cell} font-medium`}>
            {first}
          </th>
        )}
        {headings.map((heading) => {
          const { label, align, srOnly } =
            typeof heading === 'string' ? { label: heading } : heading;
          return (
            <th
              key={label}
              role="columnheader"
              className={`${cell} font-medium ${align === 'right' ? 'text-right' : ''}`}
            >
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
