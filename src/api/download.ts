import { createAsyncThunk } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../app/hooks';
import { baseQuery } from './apiSlice';

/** `attachment; filename="lend-report.csv"` → 'lend-report.csv'. */
export function attachmentName(header: string | null): string | undefined {
  return header?.match(/filename="?([^";]+)"?/)?.[1];
}

/** Saves a blob as a file: an object URL behind a temporary <a download>. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Downloads a file from the API through the app's one transport (`baseQuery`): the same
 * headers, and a 401 ends the session like any call. The body is read as a blob, never
 * stored in the cache. Other failures toast the server's message or `failure`. Resolves to
 * whether it worked.
 */
export function useDownload() {
  const dispatch = useAppDispatch();
  return useCallback(
    (path: string, opts: { filename: string; failure: string }) =>
      dispatch(downloadFile({ path, ...opts }))
        .unwrap()
        .catch(() => {
          toast.error(opts.failure);
          return false;
        }),
    [dispatch],
  );
}

const downloadFile = createAsyncThunk(
  'api/downloadFile',
  async (
    { path, filename, failure }: { path: string; filename: string; failure: string },
    { dispatch, getState, signal, abort, extra },
  ): Promise<boolean> => {
    const result = await baseQuery(
      { url: path, responseHandler: (res) => (res.ok ? res.blob() : res.json()) },
      { dispatch, getState, signal, abort, extra, endpoint: 'download', type: 'query' },
      {},
    );
    if (result.error) {
      const { status, data } = result.error;
      const message = (data as { message?: unknown } | undefined)?.message;
      // The session's end has already been handled and told.
      if (status !== 401) {
        toast.error(
          typeof status === 'number' && status < 500 && typeof message === 'string'
            ? message
            : failure,
        );
      }
      return false;
    }
    const name = attachmentName(result.meta?.response?.headers.get('content-disposition') ?? null);
    saveBlob(result.data as Blob, name ?? filename);
    return true;
  },
);
