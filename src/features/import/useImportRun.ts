import { useCallback, useState } from 'react';
import { useStore } from 'react-redux';
import { toast } from 'react-toastify';
import type { ImportQuery } from '../../../contract/api/imports';
import { apiSlice } from '../../api/apiSlice';
import type { AppDispatch } from '../../app/store';
import { runImport, type CallFailure, type ImportResult } from './importApi';
import { KINDS } from './importKinds';

export type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'done'; result: ImportResult; settings: ImportQuery }
  | { phase: 'failed'; failure: CallFailure };

/**
 * Runs an import and follows it: its progress as the server reports it, then the result
 * (a toast, and the lists and totals it changed are refetched) or why nothing was saved.
 */
export function useImportRun() {
  const store = useStore();
  const [state, setState] = useState<RunState>({ phase: 'idle' });

  const start = useCallback(
    async (file: File, settings: ImportQuery) => {
      setState({ phase: 'running', done: 0, total: 0 });
      const dispatch = store.dispatch as AppDispatch;
      const outcome = await runImport(
        { dispatch, getState: store.getState },
        file,
        settings,
        ({ done, total }) => setState({ phase: 'running', done, total }),
        // Leaving the screen does not stop an import the server has begun.
        new AbortController().signal,
      );
      if (!outcome.ok) {
        setState({ phase: 'failed', failure: outcome.failure });
        return;
      }
      const kind = KINDS[settings.kind];
      const accountId = settings.accountId ?? '';
      dispatch(apiSlice.util.invalidateTags(kind.tags(accountId)));
      toast.success(`Import finished: ${kind.count(outcome.value.imported)} imported`);
      setState({ phase: 'done', result: outcome.value, settings });
    },
    [store],
  );
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, reset };
}
