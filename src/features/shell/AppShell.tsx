import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { pageTitle } from '../../app/appRoutes';
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
  return (
    <div className="min-h-screen bg-gray-100 print:!block print:bg-white md:grid md:grid-cols-[16rem_minmax(0,1fr)] md:grid-rows-[auto_1fr]">
      <div className="md:col-start-2 md:row-start-1 print:hidden">
        <Header
          title={pageTitle(pathname)}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((o) => !o)}
        />
      </div>
      {/* The column is dark down to the end of the page; the menu in it stays in view. */}
      <div className="md:col-start-1 md:row-span-2 md:row-start-1 md:bg-gray-900 print:hidden">
        <SideMenu open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      </div>
      <main id="main" className="p-4 sm:p-6 md:col-start-2 md:row-start-2 print:!p-0">
        <Outlet />
      </main>
    </div>
  );
}
