import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../session/sessionSlice';
import { Avatar } from '../../ui/Avatar';
import { LiveIndicator } from '../../ui/LiveIndicator';
import { CloseIcon, LockIcon, MenuIcon } from '../../ui/icons';
import { NotificationBell } from '../../ui/NotificationBell';
import { styles } from '../../ui/styles';
import { useDismiss } from '../../ui/useDismiss';
import { useLogout } from '../../session/useLogout';
import { SIDE_MENU_ID } from './SideMenu';

interface HeaderProps {
  title: string;
  /** The signed-in user only reads this screen. */
  readOnly?: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** Top bar: menu button (mobile), page title (and Read-only where so), bell, profile dropdown. */
export function Header({ title, readOnly = false, menuOpen, onToggleMenu }: HeaderProps) {
  const user = useAppSelector(selectUser);
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useDismiss(open, () => setOpen(false), [panel, button], button);

  return (
    <header className="flex items-center gap-2 border-b border-gray-200 bg-white px-3 py-3 sm:gap-3 sm:px-6">
      <button
        type="button"
        onClick={onToggleMenu}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls={SIDE_MENU_ID}
        className={`${styles.btnGhost} px-2 md:hidden`}
      >
        {menuOpen ? <CloseIcon /> : <MenuIcon />}
      </button>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <h1 className="truncate text-xl font-semibold text-gray-900">{title}</h1>
        {readOnly && (
          <span
            title="You can read everything here; only the company changes it."
            className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300 sm:px-2.5"
          >
            {/* On a phone the lock alone: the page title needs the room. */}
            <LockIcon className="h-3.5 w-3.5 sm:hidden" />
            <span className="sr-only sm:not-sr-only">Read-only</span>
          </span>
        )}
      </div>
      <LiveIndicator />
      <NotificationBell />
      <div className="relative">
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((o) => !o)}
          className={`${styles.btnGhost} px-2`}
        >
          <Avatar name={user?.name} size="sm" />
          <span className="hidden max-w-[10rem] truncate sm:inline">{user?.name}</span>
          <span className="sr-only sm:hidden">Account menu</span>
        </button>
        {/* Above the toasts (z 9999): a menu the user just opened must not sit under one. */}
        {/* A disclosure: a panel of a link and a button, reached with Tab (not an ARIA menu). */}
        {open && (
          <div
            ref={panel}
            id={panelId}
            className="absolute right-0 z-[10000] mt-2 w-64 rounded-md border border-gray-200 bg-white py-2 shadow-lg"
          >
            <div className="border-b border-gray-100 px-4 pb-2">
              {/* Long names and addresses wrap: the whole address is always readable. */}
              <p className="break-words font-semibold text-gray-900">{user?.name}</p>
              <p className="break-all text-sm text-gray-700">{user?.email}</p>
            </div>
            <Link
              to="/app/profile"
              onClick={() => setOpen(false)}
              className={`block px-4 py-2 text-sm text-gray-800 hover:bg-gray-100 ${styles.focus}`}
            >
              Profile
            </Link>
            <button
              type="button"
              onClick={logout}
              className={`block w-full px-4 py-2 text-left text-sm text-red-700 hover:bg-gray-100 ${styles.focus}`}
            >
              Logout
            </button>
          </div>
        )}
      </div>
    </header>
  );
}
