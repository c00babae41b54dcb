import { createListenerMiddleware } from '@reduxjs/toolkit';
import { toast } from 'react-toastify';
import { apiSlice } from '../api/apiSlice';
import { tagsInvalidatedBy } from '../api/tags';
import { publishInvalidatedTags } from '../session/crossTab';
import { loggedIn, sessionEnded, userUpdated, type SessionState } from '../session/sessionSlice';
import { clearStoredSession, writeStoredSession, writeStoredUser } from '../session/storage';

/**
 * Side effects of session changes and of mutations; the reducers and tag callbacks stay pure.
 * One middleware per store.
 */
export function createSessionListeners() {
  const listeners = createListenerMiddleware();

  listeners.startListening({
    actionCreator: loggedIn,
    effect: ({ payload }, api) => {
      // A different user may have signed in (e.g. in another tab): drop the old user's cache.
      api.dispatch(apiSlice.util.resetApiState());
      if (!payload.remote) writeStoredSession(payload.token, payload.user);
    },
  });

  listeners.startListening({
    actionCreator: userUpdated,
    effect: ({ payload }) => writeStoredUser(payload),
  });

  listeners.startListening({
    actionCreator: sessionEnded,
    effect: ({ payload }, api) => {
      if (!payload.remote) clearStoredSession();
      api.dispatch(apiSlice.util.resetApiState());
      const before = (api.getOriginalState() as { session: SessionState }).session;
      if (payload.reason === 'expired' && before.token) {
        toast.error('Your session has ended. Please log in again.', { toastId: 'session-ended' });
      }
    },
  });

  // What a successful mutation invalidated here, the same user's other tabs refetch too.
  listeners.startListening({
    predicate: (action) => action.type === `${apiSlice.reducerPath}/executeMutation/fulfilled`,
    effect: (action) => {
      const { meta, payload } = action as unknown as {
        meta: { arg: { endpointName: string; originalArgs: unknown } };
        payload: unknown;
      };
      const { endpointName, originalArgs } = meta.arg;
      publishInvalidatedTags(tagsInvalidatedBy(endpointName, payload, originalArgs));
    },
  });

  return listeners;
}
