import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { ReloadButton } from './ReloadButton';
import { styles } from './styles';

/** What a page shows when its code could not load or it failed to draw: never a blank app. */
function PageFailed() {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-12 text-center">
      <p className="font-semibold text-gray-900">This page could not be shown.</p>
      <p className="mt-1 text-sm text-gray-700">
        The connection may have dropped, or a newer version of the app is on the server. Reloading
        the page brings it back.
      </p>
      <ReloadButton className={`${styles.btnPrimary} mt-4`} />
    </div>
  );
}

/**
 * Catches a page that fails to load its code (a dropped connection, or a screen's chunk gone
 * after a new version was installed) or to draw: the page says so and the rest of the app
 * stays. Another address (a menu link, Back) tries again.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={PageFailed} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
