import type { ReactNode } from 'react';
import { LoadState } from './LoadState';

/** What QueryState reads of a query's result (an RTK Query hook's answer). */
export interface LoadingQuery {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * LoadState of one query: its spinner while it first loads, its error with a Retry that
 * fetches it again, else the content.
 */
export function QueryState({
  query: { isLoading, isError, error, refetch },
  children,
}: {
  query: LoadingQuery;
  children: ReactNode;
}) {
  return (
    <LoadState isLoading={isLoading} isError={isError} error={error} onRetry={refetch}>
      {children}
    </LoadState>
  );
}
