import { useSearchParams } from 'react-router-dom';
import { useDownload } from '../../api/download';
import { formatDMY, isBackwards } from '../../lib/dates';
import { todayLocalISO } from '../../lib/today';
import { useScope } from '../../session/scope';
import { DataTable, type Column } from '../../ui/DataTable';
import { nameColumn } from '../../ui/columns';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { QueryState } from '../../ui/QueryState';
import { Money } from '../../ui/Money';
import { BackIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { useUrlFilters } from '../../ui/useListParams';
import { statementFilePath, useGetClientStatementQuery, type Statement } from './receivablesApi';

type Line = Statement['lines'][number];

const KIND = { invoice: 'Invoice', credit_note: 'Credit note', receipt: 'Receipt' } as const;

/** The financial year so far: 1 April to today. */
function yearToDate(): { from: string; to: string } {
  const today = todayLocalISO();
  const [y, m] = today.split('-').map(Number) as [number, number];
  return { from: `${m >= 4 ? y : y - 1}-04-01`, to: today };
}

/** A client's statement for a range: opening, each document and receipt, running balance. */
export function ClientStatementView({ clientId }: { clientId: string }) {
  const scope = useScope();
  const [, setUrl] = useSearchParams();
  const [range, setRange] = useUrlFilters(yearToDate());
  const download = useDownload();
  const backwards = isBackwards(range.from, range.to);
  const args = { clientId, ...range, companyId: scope.companyId || undefined };
  const query = useGetClientStatementQuery(args, { skip: backwards || !range.from || !range.to });
  const s = query.data;
  const columns: Column<Line>[] = [
    { key: 'date', header: 'Date', render: (l) => formatDMY(l.date) },
    { key: 'kind', header: 'Document', render: (l) => KIND[l.kind] },
    nameColumn('reference', 'Reference'),
    {
      key: 'debit',
      header: 'Debit',
      align: 'right',
      render: (l) => (l.debit ? <Money value={l.debit} /> : ''),
    },
    {
      key: 'credit',
      header: 'Credit',
      align: 'right',
      render: (l) => (l.credit ? <Money value={l.credit} /> : ''),
    },
    {
      key: 'balance',
      header: 'Balance',
      align: 'right',
      card: 'money',
      render: (l) => <Money value={l.balance} />,
    },
  ];
  const file = (kind: 'csv' | 'pdf') =>
    void download(statementFilePath(kind, clientId, args), {
      filename: `statement.${kind}`,
      failure: `Could not download the ${kind.toUpperCase()}.`,
    });
  return (
    <section className={`${styles.card} p-4 sm:p-6`} aria-labelledby="statement-title">
      <button
        type="button"
        className={`${styles.link} inline-flex items-center gap-1 text-sm`}
        onClick={() =>
          setUrl((p) => {
            const next = new URLSearchParams();
            const companyId = p.get('companyId');
            if (companyId) next.set('companyId', companyId);
            return next;
          })
        }
      >
        <BackIcon className="h-4 w-4" /> Back to Receivables
      </button>
      <h2 id="statement-title" className="mt-3 text-xl font-semibold text-gray-900">
        Statement{s ? ` of ${s.client.name}` : ''}
      </h2>
      {s?.client.gstin && <p className="text-sm text-gray-700">GSTIN {s.client.gstin}</p>}
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <DateRangeFields
          idPrefix="statement"
          range={range}
          onChange={(r) => setRange(r)}
          fieldClassName="w-44"
        />
        <div className="flex gap-2">
          <button type="button" className={styles.btnSecondary} onClick={() => file('csv')}>
            Download CSV
          </button>
          <button type="button" className={styles.btnSecondary} onClick={() => file('pdf')}>
            Download PDF
          </button>
        </div>
      </div>
      <QueryState query={query}>
        {s && (
          <div className="mt-4 space-y-3">
            <p className="text-sm text-gray-800">
              Opening balance <Money value={s.opening} /> · invoiced <Money value={s.debits} /> ·
              paid and credited <Money value={s.credits} /> · closing balance{' '}
              <Money value={s.closing} className="font-semibold text-gray-900" />
              {s.closing < 0 ? ' (in credit)' : ''}
            </p>
            <DataTable
              caption={`Statement of ${s.client.name}`}
              columns={columns}
              rows={s.lines}
              rowKey={(l) => `${l.date}-${l.kind}-${l.reference}-${l.balance}`}
              emptyText="Nothing in this range"
            />
          </div>
        )}
      </QueryState>
    </section>
  );
}
