import { useListUnmatchedEntriesQuery } from '../../api/reconciliationApi';
import { formatDMY } from '../../lib/dates';
import { PagedSection, usePaging } from '../../ui/PagedSection';
import { MONEY_HEADINGS, MoneyCells } from './MoneyCells';

const PAGE_SIZE = 20;
const HEADINGS = ['Date', 'Remark', 'Party', ...MONEY_HEADINGS];
const cell = 'px-2 py-2';

/**
 * The books' entries of the period that no statement line holds or is suggested to: money
 * the bank has not seen (a cheque not yet cleared, an entry made twice, one on the wrong
 * account). Reversing one in Banking takes it off this list.
 */
export function UnmatchedEntries({ id, total }: { id: string; total: number }) {
  const paging = usePaging(PAGE_SIZE);
  const entries = useListUnmatchedEntriesQuery({ id, page: paging.page, pageSize: PAGE_SIZE });
  return (
    <PagedSection
      id="unmatched-entries-title"
      title={<>Entries in the books not on the statement ({total.toLocaleString('en-IN')})</>}
      query={entries}
      paging={paging}
      empty="Every entry of the period is on the statement."
      headings={HEADINGS}
      cell={cell}
      // Below 640 px each entry is a card (index.css, `table.cards`): its remark and amount
      // first, then its date and party.
      row={(e) => (
        <>
          <td role="cell" data-label="Date" className={`whitespace-nowrap ${cell}`}>
            {formatDMY(e.date)}
          </td>
          <td role="cell" data-card="primary" className={cell}>
            {e.remark}
            {e.reference && <span className="block text-xs text-gray-600">Ref {e.reference}</span>}
          </td>
          <td role="cell" data-label="Party" className={cell}>
            {e.partyName ?? '—'}
          </td>
          <MoneyCells row={e} cell={cell} />
        </>
      )}
    />
  );
}
