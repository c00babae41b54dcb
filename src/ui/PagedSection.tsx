import { useState, type ReactNode } from 'react';
import { CardTable, type CardHeading } from './CardTable';
import { QueryState, type LoadingQuery } from './QueryState';
import { Pagination } from './Pagination';
import { styles } from './styles';

/** The page a section shows, of `pageSize` rows. */
export function usePaging(pageSize: number) {
  const [page, setPage] = useState(1);
  return { page, pageSize, setPage };
}
export type Paging = ReturnType<typeof usePaging>;

/**
 * A card listing a server page at a time under its heading: the list's loading and error
 * states, `empty` when the page has no rows, else the rows in a card table (each row's cells
 * as `row` lays them out), and the pages under them when there is more than one.
 */
export function PagedSection<T extends { _id: string }>({
  id,
  title,
  query,
  paging: { page, pageSize, setPage },
  empty,
  headings,
  cell,
  row,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  query: LoadingQuery & { data?: { data: readonly T[]; total: number } };
  paging: Paging;
  empty: string;
  headings: ReadonlyArray<CardHeading>;
  /** The cells' padding. */
  cell: string;
  /** A row's cells. */
  row: (row: T) => ReactNode;
}) {
  const data = query.data;
  return (
    <section className={`${styles.card} p-4`} aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      <QueryState query={query}>
        {data && data.data.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">{empty}</p>
        ) : (
          <CardTable headings={headings} cell={cell} className="mt-3">
            {(data?.data ?? []).map((r) => (
              <tr key={r._id} role="row" className="border-t border-gray-100">
                {row(r)}
              </tr>
            ))}
          </CardTable>
        )}
        {data && data.total > pageSize && (
          <Pagination page={page} pageSize={pageSize} total={data.total} onPageChange={setPage} />
        )}
      </QueryState>
    </section>
  );
}
