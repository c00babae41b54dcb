import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { apiSlice } from '../api/apiSlice';
import { liveSlice } from '../api/liveSlice';
import { sessionSlice } from '../session/sessionSlice';
import { createSessionListeners } from './listeners';

const rootReducer = combineSlices(sessionSlice, apiSlice, liveSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (tests make one per test); the session starts from localStorage. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createSessionListeners();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(listeners.middleware).concat(apiSlice.middleware),
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** The app's store (main.tsx wires focus/reconnect refetching and the cross-tab sync). */
export const store = makeStore();
