import type { ReactElement } from 'react';
import { render, screen, waitFor, within, type ByRoleMatcher } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { expect, onTestFinished, vi } from 'vitest';
import { makeStore, type RootState } from '../../src/app/store';
import type { Role, User } from '../../src/api/types';
import type { DashboardData } from '../../src/features/dashboard/dashboardApi';
import { Toasts } from '../../src/ui/Toasts';
import { server } from './msw';

export const testUser: User = {
  _id: 'u1',
  name: 'Asha Rao',
  email: 'asha@example.com',
  role: 'admin',
  position: 1,
  createdAt: '2024-03-05T10:20:30.000Z',
  version: 1,
  twoFactorEnabled: false,
  requireTwoFactor: false,
  pending: null,
};

/** The test user in `role` (its id and position by the role: admin 1, company 2, others 3). */
export const userAs = (role: Role): User => ({
  ...testUser,
  _id: `${role}-1`,
  role,
  position: role === 'admin' ? 1 : role === 'company' ? 2 : 3,
});

/** A session kept in localStorage, as a signed-in tab leaves it: the app starts from it. */
export function storeSession(token = 'tok-1') {
  localStorage.setItem('user', JSON.stringify(testUser));
  localStorage.setItem('token', token);
}

/** Preloaded state of a signed-in user. */
export function signedIn(user: User = testUser, token = 'tok-1'): Partial<RootState> {
  return { session: { token, user, remember: true, endedBecause: null, restoring: false } };
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

/** `ui` alone (one screen, not the whole app) at `route`, signed in as the test user in `role`. */
export const renderScreenAs = (role: Role, ui: ReactElement, route: string) =>
  renderWithProviders(ui, { route, preloadedState: signedIn(userAs(role)) });

/**
 * Opens the picker (combobox) labelled `label`, types `search` into it when given, and picks
 * the option `name` once the server's answer lists it.
 */
export async function pick(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  name: string | RegExp,
  search?: string,
) {
  const box = await screen.findByRole('combobox', { name: label });
  await user.click(box);
  if (search) await user.type(box, search);
  await user.click(await screen.findByRole('option', { name }));
  return box;
}

/** The text of each element of `role` inside `scope`, in order (a row's cells, a menu's links). */
export const textsOf = (scope: HTMLElement, role: ByRoleMatcher) =>
  within(scope)
    .getAllByRole(role)
    .map((element) => element.textContent);

/** Expects each of `texts` shown inside `scope` (a row, a dialog, a table), once. */
export function expectShown(scope: HTMLElement, texts: (string | RegExp)[]) {
  for (const text of texts) expect(within(scope).getByText(text)).toBeInTheDocument();
}

/**
 * Records the requests msw answered, so a test can assert what was sent: from now until the
 * test ends, or until `stop()` when the test goes on past what it records.
 */
export function recordRequests() {
  const requests: Request[] = [];
  const onStart = ({ request }: { request: Request }) => {
    requests.push(request.clone());
  };
  server.events.on('request:start', onStart);
  const stop = () => server.events.removeListener('request:start', onStart);
  onTestFinished(stop);
  return {
    requests,
    to: (path: string) => requests.filter((r) => new URL(r.url).pathname === path),
    stop,
  };
}

const NO_LOANS = { count: 0, totalAmount: 0, outstandingAmount: 0, overdueCount: 0 };

/** The dashboard's figures with `count` expenses of `totalAmount`, and nothing else yet. */
export const dashboardData = (count = 0, totalAmount = 0): DashboardData => ({
  expenses: { count, totalAmount },
  lend: NO_LOANS,
  borrowed: NO_LOANS,
  totalTurnoverLength: 0,
  totalTurnoverAmount: 0,
  lentRepaidPercent: null,
  recent: [],
  expensesByMonth: [],
});

/**
 * The contract's amount rule through a rendered form (contract/rules.ts amountProblem), typed
 * into `dialog`'s field `label` and sent with its button `button`: 1.234, -1 and 100000000000
 * are not sent to `path` (the last, which the field's step and min let through, says why),
 * then 19.99, 1.10 and 0.29 each are, as `key`. The server must refuse them, so that the
 * form stays open.
 */
export async function expectAmountRule(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  log: ReturnType<typeof recordRequests>,
  path: string,
  { label = 'Amount (₹)', button = 'Create', key = 'amount' } = {},
) {
  const field = within(dialog).getByLabelText(label);
  const submit = within(dialog).getByRole('button', { name: button });
  const send = async (amount: string) => {
    await user.clear(field);
    await user.type(field, amount);
    await user.click(submit);
  };
  for (const bad of ['1.234', '-1', '100000000000']) await send(bad);
  expect(await screen.findByText('Must be at most 99999999999.99.')).toBeInTheDocument();
  expect(log.to(path)).toHaveLength(0);
  for (const [n, good] of ['19.99', '1.10', '0.29'].entries()) {
    await send(good);
    await waitFor(() => expect(log.to(path)).toHaveLength(n + 1));
  }
  const sent = await Promise.all(log.to(path).map((r) => r.json()));
  expect(sent.map((body) => body[key])).toEqual([19.99, 1.1, 0.29]);
}

/**
 * Records the links the app clicks to save a file (each to the object URL `blob:csv`), and
 * the blobs behind them.
 */
export function captureSaves() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  return { clicked, blob: (n = 0) => createObjectURL.mock.calls[n]![0] };
}

/** A dashboard answer, for screens that land on /app/dashboard. */
export function dashboardHandler(count = 0, totalAmount = 0) {
  return http.get('/api/user/getalldata', () =>
    HttpResponse.json({ success: true, data: dashboardData(count, totalAmount) }),
  );
}

/** The session a signed-in test user is in, as Profile's list of sessions shows it. */
export const thisSession = {
  _id: 's1',
  device: 'Chrome 131 on Windows 10',
  address: '127.0.0.1',
  signedInAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-20T11:00:00.000Z',
  remembered: true,
  current: true,
};

/** What Profile's security sections read: one session (this one), no sign-ins, two-factor off. */
export function accountHandlers() {
  return [
    http.get('/api/user/sessions', () => HttpResponse.json({ success: true, data: [thisSession] })),
    http.get('/api/user/signins', () => HttpResponse.json({ success: true, data: [] })),
    http.get('/api/user/two-factor', () =>
      HttpResponse.json({ success: true, data: { enabled: false, recoveryCodesLeft: 0 } }),
    ),
  ];
}
