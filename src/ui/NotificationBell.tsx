import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useGetUnreadNotificationsQuery } from '../api/notificationsApi';
import { BellIcon } from './icons';
import { ReloadButton } from './ReloadButton';
import { Spinner } from './Spinner';
import { styles } from './styles';
import { useDismiss } from './useDismiss';

// The panel and its date formatting load on the first opening, not with every page's header.
// A load that fails (the network, or a newer version of the app on the server) says so in the
// panel, rather than taking the page down with it.
const NotificationPanel = lazy(() =>
  import('./NotificationPanel').catch(() => ({ default: PanelUnavailable })),
);

function PanelUnavailable() {
  return (
    <div role="alert" className="px-4 py-6 text-sm text-gray-700">
      <p>The notifications could not be loaded.</p>
      <ReloadButton className={`${styles.link} mt-2`} />
    </div>
  );
}

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
      {/* Above the toasts (z 9999), as the account menu is. On a phone the bell is too far
          right for a panel hung from it: the panel spans the screen under the header. */}
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-4 top-16 z-[10000] rounded-md border border-gray-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-80"
        >
          <Suspense
            fallback={
              <div className="flex justify-center px-4 py-6">
                <Spinner label="Loading notifications…" />
              </div>
            }
          >
            <NotificationPanel unread={unread} onOpen={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
