import { useParams } from 'react-router-dom';
import { STATEMENT_ENTRY_WORDS } from '../../../contract/khataShare';
import { pathOf } from '../../api/endpoint';
import { refusal } from '../../api/errors';
import { formatDMY } from '../../lib/dates';
import { ErrorWithRetry, LoadState } from '../../ui/LoadState';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { EntryLine } from './EntryLine';
import { useGetPublicStatementQuery } from './khataApi';

/**
 * The statement a shared link opens, without signing in: read-only, the two names and their
 * entries with the running balance, and its PDF. Nothing else of the sender's.
 */
export default function PublicStatementScreen() {
  const { token = '' } = useParams();
  const query = useGetPublicStatementQuery(token);
  const s = query.data?.data;
  // An unknown, expired or revoked link stays so: its message, and no Retry to try it again.
  const refused = refusal(query.error);
  const unusable = refused?.code === 'invalid_link';
  return (
    <main className="min-h-screen bg-gray-50 px-4 py-6">
      <div className="mx-auto max-w-2xl space-y-4">
        {unusable && (
          <div className={`${styles.card} px-4 text-center`}>
            <ErrorWithRetry message={refused.message} />
          </div>
        )}
        <LoadState
          isLoading={query.isLoading}
          isError={query.isError && !unusable}
          error={query.error}
          onRetry={query.refetch}
        >
          {s && (
            <>
              <header className={`${styles.card} p-4`}>
                <h1 className="text-lg font-semibold text-gray-900">
                  Statement between {s.from} and {s.to}
                </h1>
                <p className="mt-2 text-xl text-gray-900" data-testid="statement-net">
                  {s.net > 0 ? (
                    <>
                      {s.to} owes {s.from} <Money value={s.net} className="font-semibold" />
                    </>
                  ) : s.net < 0 ? (
                    <>
                      {s.from} owes {s.to} <Money value={-s.net} className="font-semibold" />
                    </>
                  ) : (
                    <>
                      {s.from} and {s.to} are settled up
                    </>
                  )}
                </p>
                <p className="mt-1 text-xs text-gray-600">
                  Shared by {s.from}; this link works until {formatDMY(s.expiresAt)}.
                </p>
                {s.totalEvents > s.events.length && (
                  <p className="mt-1 text-xs text-gray-600">
                    The latest {s.events.length} of {s.totalEvents} entries are below; the PDF has
                    every one.
                  </p>
                )}
                <a
                  href={`/api${pathOf('publicKhataStatementPdf', { params: { token } })}`}
                  className={`${styles.btnSecondary} mt-3`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Download PDF
                </a>
              </header>
              <ol className={`${styles.card} divide-y divide-gray-100 px-4`} aria-label="Entries">
                {s.events.length === 0 && (
                  <li className="py-6 text-center text-sm text-gray-700">No data</li>
                )}
                {s.events.map((e, i) => (
                  <EntryLine
                    key={i}
                    what={STATEMENT_ENTRY_WORDS[e.kind]}
                    date={e.date}
                    note={e.note}
                    amount={e.amount}
                    balance={e.balance}
                  />
                ))}
              </ol>
            </>
          )}
        </LoadState>
      </div>
    </main>
  );
}
