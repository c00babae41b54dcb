import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Message } from '../../contract/api/fields';
import { startCrossTabSync } from '../../src/session/crossTab';
import { expensesApi } from '../../src/features/expenses/expensesApi';
import {
  dashboardData,
  dashboardHandler,
  recordRequests,
  renderWithProviders,
  signedIn,
  storeSession,
  testUser,
} from './helpers';
import { server } from './msw';
import { renderApp, refusal, renderSignedOut } from './fixtures/screens';

describe('Guard', () => {
  it('sends a visitor without a token to / with the requested location', async () => {
    const { location } = renderSignedOut('/app/expenses?x=1');
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect((location().state as { from: { pathname: string; search: string } }).from).toMatchObject(
      {
        pathname: '/app/expenses',
        search: '?x=1',
      },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Manage Your Expenses With',
    );
  });

  it('lets a stored session in (the session starts from localStorage)', async () => {
    storeSession();
    server.use(dashboardHandler(2, 10));
    const log = recordRequests();
    renderSignedOut('/app/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('₹10.00')).toBeInTheDocument();
    expect(log.to('/api/user/getalldata')[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
  });
});

describe('Session end', () => {
  it('a 401 ends the session: storage cleared, back to /login keeping the page', async () => {
    storeSession();
    server.use(
      http.get('/api/expense/getuserallexpenses', () =>
        refusal('Session expired', { code: 'unauthorized', status: 401 }),
      ),
    );
    const { location, store } = renderSignedOut('/app/expenses');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect((location().state as { from: { pathname: string } }).from.pathname).toBe(
      '/app/expenses',
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().session.token).toBeNull();
    expect(
      await screen.findByText('Your session has ended. Please log in again.'),
    ).toBeInTheDocument();
  });

  it('logout calls the server, clears storage, toasts and goes home', async () => {
    storeSession();
    server.use(
      dashboardHandler(),
      http.post('/api/logout', () =>
        HttpResponse.json(Message.parse({ success: true, message: 'Logout successful' })),
      ),
    );
    const log = recordRequests();
    const { user, location } = renderSignedOut('/app/dashboard');
    await screen.findAllByText('₹0.00');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
        name: 'Logout',
      }),
    );
    expect(await screen.findByText('Logout successful')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(location().state).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(log.to('/api/logout')[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('logout still ends the session when the server call fails', async () => {
    storeSession();
    server.use(
      dashboardHandler(),
      http.post('/api/logout', () => HttpResponse.error()),
    );
    const { user, location } = renderSignedOut('/app/dashboard');
    await screen.findAllByText('₹0.00');
    await user.click(screen.getByRole('button', { name: /Asha Rao/ }));
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[1]!);
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Cross-tab', () => {
  it('a logout in another tab (token removed) logs this tab out', async () => {
    storeSession();
    server.use(dashboardHandler());
    const { location, store } = renderSignedOut('/app/dashboard');
    const stop = startCrossTabSync(store);
    await screen.findAllByText('₹0.00');
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));
    });
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(store.getState().session.token).toBeNull();
    stop();
  });

  it('a login in another tab signs this tab in', async () => {
    server.use(dashboardHandler());
    const { location, store } = renderSignedOut('/login');
    const stop = startCrossTabSync(store);
    await screen.findByLabelText('Email Address');
    act(() => {
      storeSession('tok-other');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'tok-other' }));
    });
    await waitFor(() => expect(location().pathname).toBe('/app/dashboard'));
    expect(store.getState().session.token).toBe('tok-other');
    stop();
  });

  it.runIf(typeof BroadcastChannel === 'function')(
    'tags invalidated in another tab of the same user are refetched here',
    async () => {
      storeSession();
      let count = 0;
      server.use(
        http.get('/api/user/getalldata', () => {
          count += 1;
          return HttpResponse.json({ success: true, data: dashboardData(count) });
        }),
      );
      const { store } = renderApp('/app/dashboard');
      const stop = startCrossTabSync(store);
      expect(await screen.findByText('1')).toBeInTheDocument();
      const otherTab = new BroadcastChannel('ecm-sync');
      otherTab.postMessage({ kind: 'invalidate', userId: 'someone-else', tags: ['dashboard'] });
      otherTab.postMessage({ kind: 'invalidate', userId: testUser._id, tags: ['dashboard'] });
      expect(await screen.findByText('2')).toBeInTheDocument();
      await new Promise((r) => setTimeout(r, 100));
      expect(count).toBe(2); // the other user's message changed nothing
      otherTab.close();
      stop();
    },
  );

  it.runIf(typeof BroadcastChannel === 'function')(
    'a successful change here tells the other tabs what to refetch; a refused one tells nothing',
    async () => {
      storeSession();
      const heard: unknown[] = [];
      const otherTab = new BroadcastChannel('ecm-sync');
      otherTab.addEventListener('message', (e) => heard.push((e as MessageEvent).data));
      let refuse = true;
      server.use(
        http.post('/api/expense/deleteexpense', () =>
          refuse
            ? refusal('Expense not found', { code: 'not_found', status: 404 })
            : HttpResponse.json({ success: true, message: 'Expense deleted' }),
        ),
      );
      const { store } = renderWithProviders(<div />, { preloadedState: signedIn() });
      await store.dispatch(expensesApi.endpoints.deleteExpense.initiate('e-1'));
      refuse = false;
      await store.dispatch(expensesApi.endpoints.deleteExpense.initiate('e-2'));
      await waitFor(() => expect(heard).toHaveLength(1));
      expect(heard[0]).toEqual({
        kind: 'invalidate',
        userId: testUser._id,
        tags: [{ type: 'expense', id: 'e-2' }, { type: 'expense', id: 'LIST' }, 'dashboard'],
      });
      otherTab.close();
    },
  );
});
