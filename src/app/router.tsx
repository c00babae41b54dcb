import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
// The pages a visitor arrives on paint from the first script, without a second round trip.
import Landing from '../features/auth/Landing';
import LoginScreen from '../features/auth/LoginScreen';
import RegisterScreen from '../features/auth/RegisterScreen';
import { NotFound } from '../features/errors/NotFound';
import { RequireAuth } from '../session/RequireAuth';
import { PageErrorBoundary } from '../ui/PageErrorBoundary';
import { Spinner } from '../ui/Spinner';
import { useToastsClearedOnNavigation } from '../ui/useToastsClearedOnNavigation';
import type { Role } from '../../contract/enums';
import { useAppSelector } from './hooks';
import { selectUser } from '../session/sessionSlice';
import { preloadableLazy, routesFor } from './appRoutes';
import type { AppDispatch } from './store';

const ForgotPasswordScreen = lazy(() => import('../features/auth/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('../features/auth/ResetPasswordScreen'));
const AcceptInviteScreen = lazy(() => import('../features/auth/AcceptInviteScreen'));
const EmailLinkScreen = lazy(() => import('../features/auth/EmailLinkScreen'));
const PublicStatementScreen = lazy(() => import('../features/khata/PublicStatementScreen'));
const { Component: AppShell, preload: preloadAppShell } = preloadableLazy(
  () => import('../features/shell/AppShell'),
);

/**
 * Starts loading a signed-in page opened directly, before the first render: the shell, the
 * screen and, where it says how, the screen's data at once, rather than each after the other.
 * Settles when the code is in (or has failed); undefined for any other page.
 */
export function preloadPage(
  pathname: string,
  role: Role | undefined,
  dispatch: AppDispatch,
): Promise<unknown> | undefined {
  const match = /^\/app(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!match || role === undefined) return undefined;
  const route = routesFor(role).find((r) => r.path === (match[1] || 'dashboard'));
  route?.prefetch?.(dispatch);
  return Promise.all([preloadAppShell(), route?.preload()]);
}

function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Loading page…" />
    </div>
  );
}

/** Every route of the SPA. */
export function AppRoutes() {
  const role = useAppSelector(selectUser)?.role;
  useToastsClearedOnNavigation();
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<Landing />} />
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/register" element={<RegisterScreen />} />
          <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
          <Route path="/reset-password" element={<ResetPasswordScreen />} />
          <Route path="/invite" element={<AcceptInviteScreen />} />
          <Route path="/confirm-email" element={<EmailLinkScreen kind="confirm" />} />
          <Route path="/revert-email" element={<EmailLinkScreen kind="revert" />} />
          <Route path="/statement/:token" element={<PublicStatementScreen />} />
          <Route path="/app" element={<RequireAuth />}>
            <Route element={<AppShell />}>
              <Route index element={<Navigate to="dashboard" replace />} />
              {routesFor(role).map(({ path, Screen }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <PageErrorBoundary>
                      <Suspense fallback={<PageLoading />}>
                        <Screen />
                      </Suspense>
                    </PageErrorBoundary>
                  }
                />
              ))}
              <Route path="*" element={<NotFound inShell />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
