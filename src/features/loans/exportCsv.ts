import { useCallback } from 'react';
import type { LoanDirection } from '../../../contract/enums';
import { useDownload } from '../../api/download';
import { loanUrl, type LoanFilter } from './loansApi';

export const EXPORT_FAILED = 'Failed to export CSV. Please try again.';

/** Downloads the filtered rows of a direction as CSV. Resolves to whether it worked. */
export function useExportLoansCsv() {
  const download = useDownload();
  return useCallback(
    (direction: LoanDirection, filter: LoanFilter): Promise<boolean> => {
      const params = new URLSearchParams(
        Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])),
      );
      return download(`${loanUrl.exportCsv(direction)}?${params}`, {
        filename: `${direction}-report.csv`,
        failure: EXPORT_FAILED,
      });
    },
    [download],
  );
}
