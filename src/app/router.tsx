import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import Landing from '../features/auth/Landing';
import { NotFound } from '../features/errors/NotFound';
import { RequireAuth } from '../session/RequireAuth';
import { Spinner } from '../ui/Spinner';
import { useToastsClearedOnNavigation } from '../ui/Toasts';
import { useAppSelector } from './hooks';
import { selectUser } from '../session/sessionSlice';
import { routesFor } from './appRoutes';

const LoginScreen = lazy(() => import('../features/auth/LoginScreen'));
const RegisterScreen = lazy(() => import('../features/auth/RegisterScreen'));
const ForgotPasswordScreen = lazy(() => import('../features/auth/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('../features/auth/ResetPasswordScreen'));
const AcceptInviteScreen = lazy(() => import('../features/auth/AcceptInviteScreen'));
const RevertEmailScreen = lazy(() => import('../features/auth/RevertEmailScreen'));
const AppShell = lazy(() => import('../features/shell/AppShell'));

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
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/register" element={<RegisterScreen />} />
        <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
        <Route path="/reset-password" element={<ResetPasswordScreen />} />
        <Route path="/invite" element={<AcceptInviteScreen />} />
        <Route path="/revert-email" element={<RevertEmailScreen />} />
        <Route path="/app" element={<RequireAuth />}>
          <Route element={<AppShell />}>
            <Route index element={<Navigate to="dashboard" replace />} />
            {routesFor(role).map(({ path, Screen }) => (
              <Route
                key={path}
                path={path}
                element={
                  <Suspense fallback={<PageLoading />}>
                    <Screen />
                  </Suspense>
                }
              />
            ))}
            <Route path="*" element={<NotFound inShell />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
