import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The live stream of changes made elsewhere: 'live' while it is open, 'reconnecting' after it
 * dropped until it is back, 'off' when signed out (or before the first connection is up).
 */
export type LiveStatus = 'off' | 'live' | 'reconnecting';

export const liveSlice = createSlice({
  name: 'live',
  initialState: { status: 'off' as LiveStatus },
  reducers: {
    liveStatusChanged(state, action: PayloadAction<LiveStatus>) {
      state.status = action.payload;
    },
  },
  selectors: {
    selectLiveStatus: (s) => s.status,
  },
});

export const { liveStatusChanged } = liveSlice.actions;
export const { selectLiveStatus } = liveSlice.selectors;
