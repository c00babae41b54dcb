import { Link } from 'react-router-dom';
import type { ImportQuery } from '../../../contract/api/imports';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import type { ImportResult } from './importApi';
import { KINDS, rowCount } from './importKinds';

/** What an import did, with the way to its rows and to the next import. */
export function ResultPanel({
  result,
  settings,
  onAgain,
}: {
  result: ImportResult;
  settings: ImportQuery;
  onAgain: () => void;
}) {
  const kind = KINDS[settings.kind];
  // The imported count always; the others when there were any.
  const figures = [
    { label: 'Imported', value: kind.count(result.imported), shown: true },
    {
      label: 'Already there, left out',
      value: rowCount(result.duplicatesSkipped),
      shown: result.duplicatesSkipped > 0,
    },
    {
      label: 'Already there, imported anyway',
      value: rowCount(result.duplicatesKept),
      shown: result.duplicatesKept > 0,
    },
    { label: 'Skipped (not entries)', value: rowCount(result.skipped), shown: result.skipped > 0 },
  ].filter((f) => f.shown);
  return (
    <section
      aria-labelledby="import-result-title"
      className="space-y-3 rounded-md border border-green-200 bg-green-50 p-4"
    >
      <h3 id="import-result-title" className="text-lg font-semibold text-green-900">
        Import finished
      </h3>
      <dl className="grid gap-2 text-sm sm:grid-cols-4">
        {figures.map(({ label, value }) => (
          <div key={label} className="rounded-md border border-green-200 bg-white p-3">
            <dt className="text-gray-700">{label}</dt>
            <dd className="text-base font-semibold text-gray-900">{value}</dd>
          </div>
        ))}
        {result.balance !== null && (
          <div className="rounded-md border border-green-200 bg-white p-3">
            <dt className="text-gray-700">Balance now</dt>
            <dd className="text-base font-semibold text-gray-900">
              <Money value={result.balance} />
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        {kind.links(settings.accountId ?? '', result).map((link) => (
          <Link key={link.to} to={link.to} className={styles.btnSecondary}>
            {link.label}
          </Link>
        ))}
        <button type="button" onClick={onAgain} className={styles.btnPrimary}>
          Import another file
        </button>
      </div>
    </section>
  );
}
