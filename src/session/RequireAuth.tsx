import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { selectEndedBecause, selectToken } from './sessionSlice';

/**
 * Guards /app: without a token the visitor goes to '/' with the requested location as
 * `from` state (spec). After an ended session (401) it goes to /login instead, keeping the
 * page, so login returns there; after a logout simply to '/'.
 */
export function RequireAuth() {
  const token = useAppSelector(selectToken);
  const endedBecause = useAppSelector(selectEndedBecause);
  const location = useLocation();
  if (token) return <Outlet />;
  if (endedBecause === 'expired')
    return <Navigate to="/login" replace state={{ from: location }} />;
  if (endedBecause === 'logout') return <Navigate to="/" replace />;
  return <Navigate to="/" replace state={{ from: location }} />;
}
