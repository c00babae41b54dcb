import type { ReactNode } from 'react';
import { styles } from './styles';

/**
 * A short read-only table (a loan's repayments, a person's history, the recent sign-ins): its
 * caption for screen readers, one header row, then `children`, the rows. Wider than its place,
 * it scrolls sideways in a region a keyboard can focus, named as the caption.
 */
export function PlainTable({
  caption,
  headers,
  right = [],
  className = '',
  children,
}: {
  caption: string;
  headers: readonly string[];
  /** The headers of the columns aligned right (amounts). */
  right?: readonly string[];
  /** The scrolling region's further classes (its margin, a border). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`overflow-x-auto ${styles.focus} ${className}`}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {headers.map((h) => (
              <th
                key={h}
                scope="col"
                className={`whitespace-nowrap px-3 py-2 font-semibold text-gray-800 ${right.includes(h) ? 'text-right' : 'text-left'}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}
