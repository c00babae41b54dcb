import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../api/types';
import { readStoredSession } from './storage';

/** Why the last session ended: decides where the guard sends the visitor. */
export type EndReason = 'logout' | 'expired';

export interface SessionState {
  token: string | null;
  user: User | null;
  endedBecause: EndReason | null;
}

/** `remote`: the change came from another tab, so it must not be written or broadcast again. */
interface Remote {
  remote?: boolean;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({ ...readStoredSession(), endedBecause: null }),
  reducers: {
    loggedIn(state, action: PayloadAction<{ token: string; user: User } & Remote>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.endedBecause = null;
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
  },
});

export const { loggedIn, userUpdated, sessionEnded } = sessionSlice.actions;
export const { selectToken, selectUser, selectEndedBecause } = sessionSlice.selectors;
