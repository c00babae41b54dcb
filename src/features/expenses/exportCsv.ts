import { useCallback, useState } from 'react';
import type { z } from 'zod';
import type { ExpenseExportQuery } from '../../../contract/api/exports';
import { useDownload } from '../../api/download';
import { pathOf } from '../../api/endpoint';

export const EXPORT_FAILED = 'Failed to export CSV. Please try again.';

/** What the export is narrowed and ordered by: the list's filters, without its page. */
export type ExpenseExportFilter = z.input<typeof ExpenseExportQuery>;

/**
 * Downloads every expense matching `filter` as CSV (the server streams it), and whether a
 * download is under way: the button waits for it rather than start a second one.
 */
export function useExportExpensesCsv() {
  const download = useDownload();
  const [exporting, setExporting] = useState(false);
  const exportCsv = useCallback(
    async (filter: ExpenseExportFilter): Promise<boolean> => {
      const params = new URLSearchParams(
        Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])),
      );
      setExporting(true);
      try {
        return await download(`${pathOf('exportExpenses')}?${params}`, {
          filename: 'expenses.csv',
          failure: EXPORT_FAILED,
        });
      } finally {
        setExporting(false);
      }
    },
    [download],
  );
  return { exportCsv, exporting };
}
