import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { makeStore, type RootState } from '../../src/app/store';
import type { User } from '../../src/api/types';
import { Toasts } from '../../src/ui/Toasts';
import { server } from './msw';

export const testUser: User = {
  _id: 'u1',
  name: 'Asha Rao',
  email: 'asha@example.com',
  role: 'admin',
  position: 1,
  createdAt: '2024-03-05T10:20:30.000Z',
};

/** Preloaded state of a signed-in user. */
export function signedIn(user: User = testUser, token = 'tok-1'): Partial<RootState> {
  return { session: { token, user, endedBecause: null } };
}

interface Options {
  preloadedState?: Partial<RootState>;
  route?: string | { pathname: string; state?: unknown };
}

/**
 * Renders `ui` with a fresh store, a MemoryRouter at `route` and the toast container.
 * `location()` tells where the router is now.
 */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, route = '/' }: Options = {},
) {
  const store = makeStore(preloadedState);
  let current: Location | undefined;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
      <Toasts />
    </Provider>,
  );
  return { ...result, store, user, location: () => current! };
}

/** Records the requests msw answered, so a test can assert what was sent. */
export function recordRequests() {
  const requests: Request[] = [];
  const onStart = ({ request }: { request: Request }) => {
    requests.push(request.clone());
  };
  server.events.on('request:start', onStart);
  return {
    requests,
    to: (path: string) => requests.filter((r) => new URL(r.url).pathname === path),
    stop: () => server.events.removeListener('request:start', onStart),
  };
}

/** A dashboard answer, for screens that land on /app/dashboard. */
export function dashboardHandler(count = 0, totalAmount = 0) {
  return http.get('/api/user/getalldata', () =>
    HttpResponse.json({ success: true, data: { expenses: { count, totalAmount } } }),
  );
}
