import { styles } from './styles';

export interface PaginationProps {
  page: number;
  pageSize: number;
  /** Rows matching the filter, over all pages. */
  total: number;
  /** More rows match than were counted: 'Page X of Y+', and Next goes on past Y. */
  capped?: boolean;
  /** With `capped`: whether this page is full, so that another may follow. */
  hasNext?: boolean;
  onPageChange: (page: number) => void;
}

/** Previous / 'Page X of Y' / Next. */
export function Pagination({
  page,
  pageSize,
  total,
  capped = false,
  hasNext = true,
  onPageChange,
}: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 pt-4">
      <button
        type="button"
        className={styles.btnSecondary}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </button>
      <p className="text-sm text-gray-700">
        {capped ? (
          <>
            Page {page} of {pages.toLocaleString('en-IN')}+
          </>
        ) : (
          <>
            Page {Math.min(page, pages)} of {pages}
          </>
        )}
      </p>
      <button
        type="button"
        className={styles.btnSecondary}
        disabled={capped ? !hasNext : page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
