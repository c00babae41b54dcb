import type { ReactNode } from 'react';

/** A column's heading: its text; right-aligned over amounts; read out only (a buttons column). */
export type CardHeading = string | { label: string; align?: 'right'; srOnly?: boolean };

interface CardTableProps {
  headings: ReadonlyArray<CardHeading>;
  /** The cells' padding. */
  cell: string;
  /** A heading cell's content before the others (a select-all). */
  first?: ReactNode;
}

/**
 * A table that is a stack of cards below 640 px (index.css, `table.cards`): its headings are
 * read out only there, each cell taking its own under its `data-label`; the roles keep it a
 * table for assistive technology. `children` are its rows; `className`, its margin.
 */
export function CardTable({
  className = '',
  children,
  ...head
}: CardTableProps & { className?: string; children: ReactNode }) {
  return (
    <table role="table" className={`cards w-full text-left text-sm ${className}`}>
      <CardTableHead {...head} />
      <tbody role="rowgroup">{children}</tbody>
    </table>
  );
}

function CardTableHead({ headings, cell, first }: CardTableProps) {
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
