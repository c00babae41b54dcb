import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { pageTitle } from '../../app/appRoutes';
import { Header } from './Header';
import { SideMenu } from './SideMenu';

/** The signed-in frame: side menu, top header with the page title, and the screen. */
export default function AppShell() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen bg-gray-100 md:flex">
      <SideMenu open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          title={pageTitle(pathname)}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((o) => !o)}
        />
        <main id="main" className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
