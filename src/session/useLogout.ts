import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../app/hooks';
import { sessionEnded } from './sessionSlice';
import { authApi } from '../api/authApi';
import { showToast } from '../ui/toast';

/**
 * Logout: revoke the token on the server (its failure does not keep anyone signed in), then
 * end the session here (storage, cache and the other tabs follow), toast, go home.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await dispatch(authApi.endpoints.logout.initiate()).unwrap();
    } catch {
      // Ignored: the session ends on this side either way.
    }
    navigate('/', { replace: true });
    dispatch(sessionEnded({ reason: 'logout' }));
    showToast('success', 'Logout successful');
  }, [dispatch, navigate]);
}
