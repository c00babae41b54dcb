import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectToken, sessionEnded } from '../session/sessionSlice';

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
 * Downloads a file from the API. Exports need the bearer header, so they are fetched (not
 * plain links) and saved from a blob. A 401 ends the session like any call; other failures
 * toast the server's message or `failure`. Resolves to whether it worked.
 */
export function useDownload() {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  return useCallback(
    async (path: string, opts: { filename: string; failure: string }): Promise<boolean> => {
      try {
        const res = await fetch(`${window.location.origin}/api${path}`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
        if (res.status === 401) {
          dispatch(sessionEnded({ reason: 'expired' }));
          return false;
        }
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          toast.error(res.status < 500 && body?.message ? body.message : opts.failure);
          return false;
        }
        const name = attachmentName(res.headers.get('content-disposition')) ?? opts.filename;
        saveBlob(await res.blob(), name);
        return true;
      } catch {
        toast.error(opts.failure);
        return false;
      }
    },
    [token, dispatch],
  );
}
