import { useId, useRef, useState } from 'react';
import {
  useGetNotificationsQuery,
  useGetUnreadNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '../api/notificationsApi';
import { formatWhen } from '../lib/dates';
import { BellIcon } from './icons';
import { LoadState } from './LoadState';
import { styles } from './styles';
import { useDismiss } from './useDismiss';

/**
 * The header's bell: how many notifications are unread, and a panel of the latest with
 * "Mark all as read". New ones arrive through the live stream (the 'notifications' tag), so
 * the badge changes without a reload, and reading them on one device clears the others.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useDismiss(open, () => setOpen(false), [panel, button], button);
  const { data: unread = 0 } = useGetUnreadNotificationsQuery();
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={`${styles.btnGhost} relative px-2`}
      >
        <BellIcon className="h-5 w-5 text-gray-600" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {/* Above the toasts (z 9999), as the account menu is. */}
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="absolute right-0 z-[10000] mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-gray-200 bg-white shadow-lg"
        >
          <Panel unread={unread} />
        </div>
      )}
    </div>
  );
}

function Panel({ unread }: { unread: number }) {
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
            <li key={n._id} className="flex gap-2 px-4 py-3 text-sm">
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
            </li>
          ))}
        </ul>
      </LoadState>
    </>
  );
}
