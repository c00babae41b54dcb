import { useState } from 'react';
import { formatWhen } from '../../lib/dates';
import { loadErrorMessage } from '../../api/errors';
import { ErrorWithRetry } from '../../ui/LoadState';
import { Spinner } from '../../ui/Spinner';
import { styles } from '../../ui/styles';
import { useGetProjectStatusHistoryQuery, type ProjectStatusChange } from './projectsApi';

/** The statuses an entry holds, with their spec labels, in the list's order. */
const FIELDS = [
  ['status', 'Status'],
  ['paymentStatus', 'Payment Status'],
  ['risk', 'Risk'],
  ['statusByPm', 'Status by PM'],
] as const;

const ROLE_NAMES: Record<string, string> = {
  admin: 'Admin',
  company: 'Company',
  pm: 'PM',
};

/** How many changes a step shows; the server's page at most (100). */
const STEP = 10;
const MOST = 100;

/** What an entry changed from the one before it (all of it for the first). */
function changesOf(entry: ProjectStatusChange, before: ProjectStatusChange | undefined) {
  return FIELDS.filter(([key]) => !before || before[key] !== entry[key]);
}

function who(entry: ProjectStatusChange) {
  if (!entry.by) return 'Before history was kept';
  const role = ROLE_NAMES[entry.byRole];
  return role ? `${entry.by} (${role})` : entry.by;
}

/**
 * A project's status history, latest first: when, who, and the statuses that changed (the
 * first entry's all), a step of STEP at a time.
 */
export function StatusHistory({ projectId }: { projectId: string }) {
  const [shown, setShown] = useState(STEP);
  const query = useGetProjectStatusHistoryQuery({ id: projectId, pageSize: shown });
  const page = query.data;
  if (query.isError)
    return (
      <ErrorWithRetry
        message={loadErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (!page) return <Spinner />;
  const entries = page.data;
  return (
    <div>
      <ol className="space-y-2">
        {entries.map((entry, i) => {
          // The entry before this one in time is the next in the list (latest first); the
          // oldest shown is compared with nothing only when it is the project's first.
          const before = entries[i + 1];
          const first = !before && entries.length === page.total;
          const changed = before || first ? changesOf(entry, before) : FIELDS;
          return (
            <li key={entry._id} className="rounded-md bg-gray-50 p-2">
              <p className="text-xs text-gray-700">
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time> · {who(entry)}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
                {changed.map(([key, label]) => (
                  <div key={key} className="contents">
                    <dt className="text-gray-700">{label}</dt>
                    <dd className="break-words text-gray-900">{entry[key] || '—'}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ol>
      {page.total > entries.length && shown < MOST && (
        <button
          type="button"
          onClick={() => setShown(Math.min(MOST, shown + STEP))}
          disabled={query.isFetching}
          className={`${styles.btnSecondary} mt-2 px-2 py-1 text-xs`}
        >
          Show older changes ({entries.length} of {page.total})
        </button>
      )}
    </div>
  );
}
