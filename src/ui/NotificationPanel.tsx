import { Link } from 'react-router-dom';
import {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '../api/notificationsApi';
import { formatWhen } from '../lib/dates';
import { LoadState } from './LoadState';
import { notificationTarget } from './notificationTargets';
import { styles } from './styles';

/**
 * The bell's panel: the latest notifications and "Mark all as read". Each opens what it
 * tells of (notificationTargets.ts), and is read once opened.
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
          {data?.data.map((n) => (
            <li key={n._id}>
              <Link
                to={notificationTarget(n)}
                onClick={() => {
                  if (!n.read) void markRead({ ids: [n._id] });
                  onOpen();
                }}
                className="flex gap-2 px-4 py-3 text-sm hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-600"
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-indigo-600'}`}
                />
                <div className="min-w-0">
                  <p
                    className={`break-words ${n.read ? 'text-gray-700' : 'font-medium text-gray-900'}`}
                  >
                    {n.read ? '' : <span className="sr-only">Unread: </span>}
                    {n.message}
                  </p>
                  <p className="text-xs text-gray-600">{formatWhen(n.createdAt)}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </LoadState>
    </>
  );
}
