import { NavLink } from 'react-router-dom';
import { MENU_GROUPS, routesFor, type AppRoute } from '../../app/appRoutes';
import { roleLabel } from '../../lib/labels';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../session/sessionSlice';
import { Avatar } from '../../ui/Avatar';
import { LogoutIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { BRAND } from '../../lib/brand';
import { useLogout } from '../../session/useLogout';

export const SIDE_MENU_ID = 'side-menu';

const ITEM = `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${styles.focus} focus-visible:ring-offset-gray-900`;
const IDLE = 'text-gray-200 hover:bg-gray-800 hover:text-white';

function MenuLink({ route, onNavigate }: { route: AppRoute; onNavigate: () => void }) {
  const { path, title, icon: Icon } = route;
  return (
    <li>
      <NavLink
        to={`/app/${path}`}
        onClick={onNavigate}
        className={({ isActive }) => `${ITEM} ${isActive ? 'bg-indigo-700 text-white' : IDLE}`}
      >
        <Icon className="h-5 w-5" />
        {title}
      </NavLink>
    </li>
  );
}

/**
 * The side menu: the Dashboard, then the role's screens in groups (Personal, Company,
 * Banking, Reports, Audit); Profile and Logout stay at its foot, in view however long the
 * list. On small screens it is hidden until the header's menu button opens it.
 */
export function SideMenu({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const user = useAppSelector(selectUser);
  const logout = useLogout();
  const routes = routesFor(user?.role);
  const loose = routes.filter((r) => !r.group && r.path !== 'profile');
  const profile = routes.find((r) => r.path === 'profile');
  const groups = MENU_GROUPS.map((group) => ({
    group,
    routes: routes.filter((r) => r.group === group),
  })).filter((g) => g.routes.length > 0);
  return (
    <aside
      id={SIDE_MENU_ID}
      className={`${open ? 'flex' : 'hidden'} w-full flex-col bg-gray-900 text-gray-100 md:sticky md:top-0 md:flex md:h-screen`}
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
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col">
        <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-4">
          <ul className="space-y-1">
            {loose.map((route) => (
              <MenuLink key={route.path} route={route} onNavigate={onNavigate} />
            ))}
          </ul>
          {groups.map(({ group, routes: inGroup }) => (
            <div key={group} className="mt-4">
              <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-300">
                {group}
              </h2>
              <ul className="space-y-1">
                {inGroup.map((route) => (
                  <MenuLink key={route.path} route={route} onNavigate={onNavigate} />
                ))}
              </ul>
            </div>
          ))}
        </div>
        {/* Always in view: the profile and the way out. */}
        <div className="border-t border-gray-800 px-3 py-3">
          <ul className="space-y-1">
            {profile && <MenuLink route={profile} onNavigate={onNavigate} />}
          </ul>
          <button
            type="button"
            onClick={logout}
            className={`mt-1 flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-gray-200 hover:bg-gray-800 hover:text-white ${styles.focus} focus-visible:ring-offset-gray-900`}
          >
            <LogoutIcon className="h-5 w-5" />
            Logout
          </button>
        </div>
      </nav>
    </aside>
  );
}
