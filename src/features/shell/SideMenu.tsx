import { NavLink } from 'react-router-dom';
import { routesFor } from '../../app/appRoutes';
import { roleLabel } from '../../lib/labels';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../session/sessionSlice';
import { Avatar } from '../../ui/Avatar';
import { LogoutIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { BRAND } from '../../lib/brand';
import { useLogout } from '../../session/useLogout';

export const SIDE_MENU_ID = 'side-menu';

/** The side menu; on small screens it is hidden until the header's menu button opens it. */
export function SideMenu({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const user = useAppSelector(selectUser);
  const logout = useLogout();
  return (
    <aside
      id={SIDE_MENU_ID}
      className={`${open ? 'block' : 'hidden'} w-full bg-gray-900 text-gray-100 md:sticky md:top-0 md:block md:h-screen md:overflow-y-auto`}
    >
      <div className="px-5 py-5">
        <p className="text-sm font-bold uppercase tracking-wide text-indigo-200">{BRAND}</p>
        <div className="mt-4 flex items-center gap-3">
          <Avatar name={user?.name} size="sm" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-white">{user?.name}</p>
            <p className="truncate text-xs text-gray-300">{roleLabel(user?.role)}</p>
          </div>
        </div>
      </div>
      <nav aria-label="Main" className="px-3 pb-4">
        <ul className="space-y-1">
          {routesFor(user?.role).map(({ path, title, icon: Icon }) => (
            <li key={path}>
              <NavLink
                to={`/app/${path}`}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${styles.focus} focus-visible:ring-offset-gray-900 ${
                    isActive
                      ? 'bg-indigo-700 text-white'
                      : 'text-gray-200 hover:bg-gray-800 hover:text-white'
                  }`
                }
              >
                <Icon className="h-5 w-5" />
                {title}
              </NavLink>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={logout}
          className={`mt-4 flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-gray-200 hover:bg-gray-800 hover:text-white ${styles.focus} focus-visible:ring-offset-gray-900`}
        >
          <LogoutIcon className="h-5 w-5" />
          Logout
        </button>
      </nav>
    </aside>
  );
}
