import { useState, type FormEvent } from 'react';
import type { LoanDirection } from '../../../contract/enums';
import { isBackwards, todayLocalISO } from '../../lib/dates';
import { DatePresets, DateRangeFields } from '../../ui/DateRangeFields';
import { loadingNewArguments, TotalsPending } from '../../ui/LoadState';
import { Money } from '../../ui/Money';
import { formatRupees } from '../../lib/money';
import { PagedTable } from '../../ui/PagedTable';
import { styles } from '../../ui/styles';
import { ScreenCard } from '../../ui/ScreenCard';
import { useListParams, useUrlFilters } from '../../ui/useListParams';
import { useExportLoansCsv } from './exportCsv';
import { LOAN_COLUMNS, LOAN_SORTS } from './loanColumns';
import { DATES_REQUIRED, LOAN_KINDS } from './loanKinds';
import { useGetLoansQuery, type LoanSort } from './loansApi';
import { BusyButton } from '../../ui/BusyButton';

const todayRange = () => ({ from: todayLocalISO(), to: todayLocalISO() });

/**
 * Lend Report and Borrowed Report: the rows issued between Start Date and End Date
 * (inclusive, filtered on the server; today unless the address says otherwise), their
 * total, and the same rows as CSV.
 */
export function ReportScreen({ direction }: { direction: LoanDirection }) {
  const kind = LOAN_KINDS[direction];
  const list = useListParams<LoanSort>('issueDate', 'desc', { sorts: LOAN_SORTS });
  const [range, setRange] = useUrlFilters(todayRange());
  const [draft, setDraft] = useState(range);
  // Another range in the address (Back, a link): the fields show it.
  const [shownRange, setShownRange] = useState(range);
  if (shownRange !== range) {
    setShownRange(range);
    setDraft(range);
  }
  const [rangeError, setRangeError] = useState<string>();
  const [exporting, setExporting] = useState(false);
  const exportCsv = useExportLoansCsv();
  const filter = { ...range, today: todayLocalISO() };
  // A report always asks the server again, even for a range it has seen before.
  // The report is by dates and has no search box: a `q` in the address is not the report's.
  const { search: _notSearched, ...paging } = list.params;
  const query = useGetLoansQuery(
    { direction, ...paging, ...filter },
    { refetchOnMountOrArgChange: true },
  );
  const page = query.currentData ?? query.data;
  // The last range's totals are not this range's: '…' until they arrive.
  const pending = loadingNewArguments(query);

  /** Applies `next` (a new range, or the same one again: then it reloads). */
  const apply = (next: { from: string; to: string }) => {
    setRangeError(undefined);
    if (next.from === range.from && next.to === range.to) {
      list.setPage(1);
      void query.refetch();
    } else setRange(next, { page: null });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to) {
      setRangeError(DATES_REQUIRED);
      return;
    }
    if (isBackwards(draft.from, draft.to)) return; // said under the end date already
    apply(draft);
  };

  const resetToToday = () => {
    const today = todayRange();
    setDraft(today);
    apply(today);
  };

  const download = async () => {
    setExporting(true);
    await exportCsv(direction, filter);
    setExporting(false);
  };

  return (
    <ScreenCard title={kind.reportTitle}>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <DateRangeFields
          idPrefix={`${direction}-report`}
          range={draft}
          onChange={setDraft}
          required
          error={rangeError}
          fieldClassName="w-44"
        />
        <button type="submit" className={styles.btnPrimary}>
          Submit
        </button>
        <DatePresets
          range={range}
          onPick={(preset) => {
            setDraft(preset);
            apply(preset);
          }}
        />
      </form>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
          <button
            type="button"
            onClick={resetToToday}
            aria-busy={query.isFetching}
            // The spec's total is also its reset: its name says both, not only the figure.
            aria-label={`Total Amount: ${pending ? 'loading' : formatRupees(page?.totalAmount)}, reset both dates to today`}
            className={styles.btnSecondary}
          >
            Total Amount: {pending ? <TotalsPending /> : <Money value={page?.totalAmount} />}
            <span className="font-normal text-gray-600"> · reset to today</span>
          </button>
          {pending ? (
            <TotalsPending />
          ) : (
            <span>
              Outstanding:{' '}
              <Money value={page?.outstandingAmount} className="font-semibold text-gray-900" /> ·{' '}
              {(page?.total ?? 0).toLocaleString('en-IN')} {page?.total === 1 ? 'entry' : 'entries'}{' '}
              from {range.from} to {range.to}
            </span>
          )}
        </div>
        <BusyButton
          busy={exporting}
          onClick={download}
          className={styles.btnSecondary}
          label="Export CSV"
          busyLabel="Exporting…"
        />
      </div>

      <div className="mt-4">
        <PagedTable
          caption={`${kind.reportTitle} from ${range.from} to ${range.to}`}
          columns={LOAN_COLUMNS}
          list={list}
          query={query}
          density="compact"
        />
      </div>
    </ScreenCard>
  );
}

export function LendReportScreen() {
  return <ReportScreen direction="lend" />;
}

export function BorrowedReportScreen() {
  return <ReportScreen direction="borrowed" />;
}
