import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { pageTitle, routeOf } from '../../app/appRoutes';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../session/sessionSlice';
import { Header } from './Header';
import { SideMenu } from './SideMenu';

/**
 * The signed-in frame. Wide screens: side menu on the left, header and screen on the
 * right. Narrow screens: header on top, the menu (when opened) right under it, then the
 * screen — so the menu button stays where it was. On paper only the screen is printed.
 */
export default function AppShell() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const role = useAppSelector(selectUser)?.role;
  const readOnly = role !== undefined && !!routeOf(pathname)?.readOnlyFor?.includes(role);
  return (
    <div className="min-h-screen bg-gray-100 print:!block print:bg-white md:grid md:grid-cols-[16rem_minmax(0,1fr)] md:grid-rows-[auto_1fr]">
      {/* The first stop of Tab: straight to the screen, past the header and the menu. */}
      <a
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-[10001] rounded-md bg-white px-4 py-2 text-sm font-semibold text-indigo-800 shadow-lg focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:outline-none focus:ring-2 focus:ring-indigo-600"
      >
        Skip to content
      </a>
      <div className="md:col-start-2 md:row-start-1 print:hidden">
        <Header
          title={pageTitle(pathname)}
          readOnly={readOnly}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((o) => !o)}
        />
      </div>
      {/* The column is dark down to the end of the page; the menu in it stays in view. */}
      <div className="md:col-start-1 md:row-span-2 md:row-start-1 md:bg-gray-900 print:hidden">
        <SideMenu open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      </div>
      <main
        id="main"
        tabIndex={-1}
        className="p-4 focus:outline-none sm:p-6 md:col-start-2 md:row-start-2 print:!p-0"
      >
        <Outlet />
      </main>
    </div>
  );
}
