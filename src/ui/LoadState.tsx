import type { ReactNode } from 'react';
import { loadErrorMessage } from '../api/errors';
import { Spinner } from './Spinner';
import { styles } from './styles';

/** A failed load: what went wrong and a Retry button. */
export function ErrorWithRetry({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6">
      <p className="text-red-700">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className={styles.btnSecondary}>
          Retry
        </button>
      )}
    </div>
  );
}

export interface LoadStateProps {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  onRetry: () => unknown;
  children: ReactNode;
}

/** Spinner while a screen's query loads, error + Retry when it failed, else the content. */
export function LoadState({ isLoading, isError, error, onRetry, children }: LoadStateProps) {
  if (isLoading)
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  if (isError)
    return <ErrorWithRetry message={loadErrorMessage(error)} onRetry={() => onRetry()} />;
  return <>{children}</>;
}

/**
 * True while a list loads for new arguments (a new search, page, sort or range): its
 * last totals belong to the previous arguments and must not be read as current.
 */
export const loadingNewArguments = (query: { isFetching: boolean; currentData?: unknown }) =>
  query.isFetching && query.currentData === undefined;

/** Stands in for totals while they load: a muted '…', read out as "Loading totals". */
export function TotalsPending() {
  return (
    <span className="text-gray-600" data-testid="totals-pending">
      <span aria-hidden="true">…</span>
      <span className="sr-only">Loading totals</span>
    </span>
  );
}
