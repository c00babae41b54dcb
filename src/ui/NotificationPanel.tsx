import { Link } from 'react-router-dom';
import {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '../api/notificationsApi';
import { formatWhen } from '../lib/dates';
import { LoadState } from './LoadState';
import { GONE_MESSAGE, notificationTarget } from './notificationTargets';
import { styles } from './styles';

const ITEM =
  'flex gap-2 px-4 py-3 text-sm hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-600';

/**
 * The bell's panel: the latest notifications and "Mark all as read". Each opens what it
 * tells of (notificationTargets.ts), and is read once opened; one whose record was deleted
 * says so instead.
 */
export default function NotificationPanel({
  unread,
  onOpen,
}: {
  unread: number;
  /** A notification was opened: the panel closes. */
  onOpen: () => void;
}) {
  const { data, isLoading, isError, refetch } = useGetNotificationsQuery();
  const [markRead, { isLoading: marking }] = useMarkNotificationsReadMutation();
  return (
    <>
      <div className="flex items-center justify-between border-b border-gray-100 px-4 py-2">
        <h2 className="text-sm font-semibold text-gray-900">Notifications</h2>
        <button
          type="button"
          disabled={unread === 0 || marking}
          onClick={() => void markRead({})}
          className={`${styles.btnGhost} px-2 py-1 text-xs`}
        >
          Mark all as read
        </button>
      </div>
      <LoadState isLoading={isLoading} isError={isError} onRetry={() => void refetch()}>
        {!data?.data.length && <p className="px-4 py-6 text-sm text-gray-700">No notifications</p>}
        <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto">
          {data?.data.map((n) => {
            const to = notificationTarget(n);
            const body = (
              <>
                <span
                  aria-hidden="true"
                  className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-indigo-600'}`}
                />
                <span className="min-w-0">
                  <span
                    className={`block break-words ${n.read ? 'text-gray-700' : 'font-medium text-gray-900'}`}
                  >
                    {n.read ? '' : <span className="sr-only">Unread: </span>}
                    {n.message}
                  </span>
                  {!to && (
                    <span className="mt-1 block text-xs italic text-gray-700">{GONE_MESSAGE}</span>
                  )}
                  <span className="block text-xs text-gray-600">{formatWhen(n.createdAt)}</span>
                </span>
              </>
            );
            return (
              <li key={n._id}>
                {to ? (
                  <Link
                    to={to}
                    onClick={() => {
                      if (!n.read) void markRead({ ids: [n._id] });
                      onOpen();
                    }}
                    className={ITEM}
                  >
                    {body}
                  </Link>
                ) : (
                  // Nothing to open: reading it marks it read, and the panel stays.
                  <button
                    type="button"
                    onClick={() => {
                      if (!n.read) void markRead({ ids: [n._id] });
                    }}
                    className={`${ITEM} w-full text-left`}
                  >
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </LoadState>
    </>
  );
}
