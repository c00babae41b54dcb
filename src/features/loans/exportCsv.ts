import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectToken, sessionEnded } from '../../session/sessionSlice';
import { loanUrl, type Direction, type LoanFilter } from './loansApi';

export const EXPORT_FAILED = 'Failed to export CSV. Please try again.';

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
 * Downloads the filtered rows of a direction as CSV. The export needs the bearer header, so
 * it is fetched (not a plain link) and saved from a blob. Resolves to whether it worked.
 */
export function useExportLoansCsv() {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  return useCallback(
    async (direction: Direction, filter: LoanFilter): Promise<boolean> => {
      const params = new URLSearchParams(
        Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])),
      );
      try {
        const res = await fetch(
          `${window.location.origin}/api${loanUrl.exportCsv(direction)}?${params}`,
          { headers: token ? { Authorization: `Bearer ${token}` } : {} },
        );
        if (res.status === 401) {
          dispatch(sessionEnded({ reason: 'expired' }));
          return false;
        }
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          toast.error(res.status < 500 && body?.message ? body.message : EXPORT_FAILED);
          return false;
        }
        const name =
          attachmentName(res.headers.get('content-disposition')) ?? `${direction}-report.csv`;
        saveBlob(await res.blob(), name);
        return true;
      } catch {
        toast.error(EXPORT_FAILED);
        return false;
      }
    },
    [token, dispatch],
  );
}
