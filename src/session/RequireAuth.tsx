import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { selectEndedBecause, selectRestoring, selectToken, selectUser } from './sessionSlice';

/** Where a user with something pending (a password to change, two-factor to turn on) goes. */
const PROFILE = '/app/profile';

/**
 * Guards /app: without a token the visitor goes to '/' with the requested location as
 * `from` state (spec). After an ended session (401) it goes to /login instead, keeping the
 * page, so login returns there; after a logout simply to '/'.
 */
export function RequireAuth() {
  const token = useAppSelector(selectToken);
  const endedBecause = useAppSelector(selectEndedBecause);
  const restoringSession = useAppSelector(selectRestoring);
  const user = useAppSelector(selectUser);
  const location = useLocation();
  if (token) {
    // The server refuses everything else until it is done (403).
    if (user?.pending && location.pathname !== PROFILE) return <Navigate to={PROFILE} replace />;
    return <Outlet />;
  }
  // An open tab may still share its session (a fifth of a second at most).
  if (restoringSession) return null;
  if (endedBecause === 'expired')
    return <Navigate to="/login" replace state={{ from: location }} />;
  if (endedBecause === 'logout') return <Navigate to="/" replace />;
  return <Navigate to="/" replace state={{ from: location }} />;
}
