import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../api/types';
import { readStoredSession } from './storage';

/** Why the last session ended: decides where the guard sends the visitor. */
export type EndReason = 'logout' | 'expired';

export interface SessionState {
  token: string | null;
  user: User | null;
  /** Remember Me: kept for 30 days in localStorage; otherwise only while a tab is open. */
  remember: boolean;
  endedBecause: EndReason | null;
  /** A new tab asking the open ones for their session (not remembered) before it decides. */
  restoring: boolean;
}

/** `remote`: the change came from another tab, so it must not be written or broadcast again. */
interface Remote {
  remote?: boolean;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({
    ...readStoredSession(),
    endedBecause: null,
    restoring: false,
  }),
  reducers: {
    loggedIn(
      state,
      action: PayloadAction<{ token: string; user: User; remember: boolean } & Remote>,
    ) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.remember = action.payload.remember;
      state.endedBecause = null;
      state.restoring = false;
    },
    restoring(state, action: PayloadAction<boolean>) {
      state.restoring = action.payload;
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    sessionEnded(state, action: PayloadAction<{ reason: EndReason } & Remote>) {
      state.token = null;
      state.user = null;
      state.endedBecause = action.payload.reason;
    },
  },
  selectors: {
    selectToken: (s) => s.token,
    selectUser: (s) => s.user,
    selectEndedBecause: (s) => s.endedBecause,
    selectRestoring: (s) => s.restoring,
  },
});

export const { loggedIn, userUpdated, sessionEnded, restoring } = sessionSlice.actions;
export const { selectToken, selectUser, selectEndedBecause, selectRestoring } =
  sessionSlice.selectors;
