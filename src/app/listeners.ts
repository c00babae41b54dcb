import { createListenerMiddleware } from '@reduxjs/toolkit';
import { apiSlice } from '../api/apiSlice';
import { tagsInvalidatedBy } from '../api/tags';
import { publishInvalidatedTags, publishSession, publishSessionEnded } from '../session/crossTab';
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
      const { token, user, remember, remote } = payload;
      // A remembered session from another tab is in localStorage already; one shared by
      // another tab goes into this tab's own storage.
      if (!remote || !remember) writeStoredSession(token, user, remember);
      if (!remote && !remember) publishSession(token, user);
    },
  });

  listeners.startListening({
    actionCreator: userUpdated,
    effect: ({ payload }, api) =>
      writeStoredUser(payload, (api.getState() as { session: SessionState }).session.remember),
  });

  listeners.startListening({
    actionCreator: sessionEnded,
    effect: ({ payload }, api) => {
      const before = (api.getOriginalState() as { session: SessionState }).session;
      if (!payload.remote) {
        clearStoredSession();
        if (before.token) publishSessionEnded(before.token, payload.reason);
      }
      api.dispatch(apiSlice.util.resetApiState());
      if (payload.reason === 'expired' && before.token) {
        // The toast library stays out of the first page load; it comes when first needed.
        void import('react-toastify').then(({ toast }) =>
          toast.error('Your session has ended. Please log in again.', { toastId: 'session-ended' }),
        );
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
