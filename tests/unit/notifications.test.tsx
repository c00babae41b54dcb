import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { startLiveUpdates } from '../../src/api/liveUpdates';
import { NotificationBell } from '../../src/ui/NotificationBell';
import { renderWithProviders, signedIn } from './helpers';
import { bellServer } from './fixtures/notifications';
import { server } from './msw';

const note = (n: number, read = false) => ({
  _id: `n${n}`,
  kind: 'payment' as const,
  recordId: `p${n}`,
  target: { id: `p${n}` },
  message: `Credit payment of ₹${n}00.00 recorded on Acme Current (123456789012) by Acme.`,
  createdAt: '2026-11-23T10:00:00.000Z',
  read,
});

/** The server's notifications: `unread` of the three unread; marking read reads them all. */
const fakeServer = (unread: number) =>
  bellServer((left) => [1, 2, 3].map((n) => note(n, n > left)), unread);

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('the bell', () => {
  it('shows how many are unread, lists the latest, and marks them all read', async () => {
    const state = fakeServer(2);
    const { user } = renderWithProviders(<NotificationBell />, { preloadedState: signedIn() });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).getAllByText(/^Unread:/)).toHaveLength(2);
    expect(panel).toHaveTextContent('Credit payment of ₹100.00 recorded on Acme Current');

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(state.marked).toEqual([{}]);
    await waitFor(() => expect(within(panel).queryAllByText(/^Unread:/)).toHaveLength(0));
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(bell).toHaveFocus();
  });

  it('opens the record a notification tells of, and reads it', async () => {
    const state = fakeServer(2);
    const { user, location } = renderWithProviders(<NotificationBell />, {
      route: '/app/dashboard',
      preloadedState: signedIn(),
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const payment = await within(panel).findByRole('link', {
      name: /Credit payment of ₹100\.00 recorded on Acme Current/,
    });
    // A payment opens its history in the Audit Trail, with its account and reversal.
    expect(payment).toHaveAttribute('href', '/app/audit?recordId=p1');
    await user.click(payment);
    expect(location().pathname + location().search).toBe('/app/audit?recordId=p1');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    await waitFor(() => expect(state.marked).toEqual([{ ids: ['n1'] }]));
  });

  it('counts a new one as soon as the live stream says so', async () => {
    const state = fakeServer(0);
    let send!: (text: string) => void;
    server.use(
      http.get('/api/events', () => {
        const body = new ReadableStream<Uint8Array>({
          start: (c) => void (send = (text) => c.enqueue(new TextEncoder().encode(text))),
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const { store } = renderWithProviders(<NotificationBell />, { preloadedState: signedIn() });
    stops.push(startLiveUpdates(store));
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(send).toBeDefined());

    state.unread = 1;
    act(() => send('id: e-1\nevent: change\ndata: {"tags":["notifications"],"ids":["n9"]}\n\n'));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });
});
