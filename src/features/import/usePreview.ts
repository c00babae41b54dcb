import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'react-redux';
import type { ImportSettings } from '../../../contract/api/imports';
import type { AppDispatch } from '../../app/store';
import { previewImport, type CallFailure, type ImportPreview, type StoreAccess } from './importApi';

/** The pause after a change of setting before the file is checked again. */
const RECHECK_DELAY_MS = 250;

interface PreviewState {
  /** The latest answer for this file and kind (kept on screen while the next is asked). */
  preview?: ImportPreview;
  /** A check is on its way: what is shown may be about to change. */
  checking: boolean;
  /** Why the latest check failed. */
  failure?: CallFailure;
}

interface Answer {
  file: File;
  preview?: ImportPreview;
  failure?: CallFailure;
  /** The settings the answer is for. */
  key: string;
}

/**
 * Checks `file` with `settings` whenever either changes (after a short pause, so that a
 * run of changes sends one call); a newer check cancels an older one on its way. Nothing
 * is asked without a file or settings (an account still to choose).
 */
export function usePreview(file: File | null, settings: Partial<ImportSettings> | null) {
  const store = useStore();
  const access = useMemo<StoreAccess>(
    () => ({ dispatch: store.dispatch as AppDispatch, getState: store.getState }),
    [store],
  );
  const key = file && settings ? JSON.stringify(settings) : null;
  const [answer, setAnswer] = useState<Answer>();

  useEffect(() => {
    if (!file || key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void previewImport(
        access,
        file,
        JSON.parse(key) as Partial<ImportSettings>,
        controller.signal,
      ).then((outcome) => {
        if (controller.signal.aborted) return;
        setAnswer((previous) =>
          outcome.ok
            ? { file, key, preview: outcome.value }
            : {
                file,
                key,
                // The last good preview stays, so that its settings can be corrected.
                preview: previous?.file === file ? previous.preview : undefined,
                failure: outcome.failure,
              },
        );
      });
    }, RECHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [access, file, key]);

  // What belongs to another file or kind is not shown as this one's.
  const mine = answer && file && answer.file === file ? answer : undefined;
  const preview =
    mine?.preview && mine.preview.settings.kind === settings?.kind ? mine.preview : undefined;
  const state: PreviewState = {
    preview,
    checking: key !== null && mine?.key !== key,
    failure: mine?.key === key ? mine.failure : undefined,
  };
  return state;
}
