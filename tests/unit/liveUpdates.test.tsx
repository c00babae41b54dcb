import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { apiSlice, TAG_TYPES } from '../../src/api/apiSlice';
import { startLiveUpdates } from '../../src/api/liveUpdates';
import { makeStore } from '../../src/app/store';
import { sessionEnded } from '../../src/session/sessionSlice';
import { LiveIndicator } from '../../src/ui/LiveIndicator';
import { signedIn } from './helpers';
import { server } from './msw';
import { refusal } from './fixtures/screens';

const encoder = new TextEncoder();

/** The fake stream endpoint: each request gets a stream the test writes events into. */
function fakeStreams() {
  const opened: {
    request: Request;
    send(text: string): void;
    end(): void;
  }[] = [];
  server.use(
    http.get('/api/events', ({ request }) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      opened.push({
        request,
        send: (text) => controller.enqueue(encoder.encode(text)),
        end: () => controller.close(),
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return opened;
}

const event = (id: string, name: string, data: unknown = {}) =>
  `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A store signed in, its live updates started, and the actions it saw. */
function start(options: Parameters<typeof startLiveUpdates>[1] = {}) {
  const store = makeStore(signedIn());
  const actions: unknown[] = [];
  const stop = startLiveUpdates(
    {
      getState: store.getState,
      subscribe: store.subscribe,
      dispatch: (action) => {
        actions.push(action);
        return store.dispatch(action as Parameters<typeof store.dispatch>[0]);
      },
    },
    { baseDelayMs: 10, maxDelayMs: 20, random: () => 0.5, ...options },
  );
  stops.push(stop);
  const invalidated = () =>
    actions.filter(apiSlice.util.invalidateTags.match).map((action) => action.payload);
  render(
    <Provider store={store}>
      <LiveIndicator />
    </Provider>,
  );
  return { store, invalidated, stop };
}
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('live updates', () => {
  it('opens the stream with the session, shows Live, and invalidates the tags of each change', async () => {
    const streams = fakeStreams();
    const { store, invalidated } = start();
    await waitFor(() => expect(streams).toHaveLength(1));
    const { request } = streams[0]!;
    expect(request.headers.get('authorization')).toBe('Bearer tok-1');
    expect(request.headers.get('accept')).toBe('text/event-stream');
    expect(screen.getByRole('status')).toHaveTextContent('');

    act(() => streams[0]!.send(event('e1-0', 'ready')));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
    expect(store.getState().live.status).toBe('live');

    act(() =>
      streams[0]!.send(
        event('e1-1', 'change', { tags: ['expense', 'dashboard', 'future'], ids: ['x'] }),
      ),
    );
    await waitFor(() => expect(invalidated()).toEqual([['expense', 'dashboard']]));
  });

  it('reconnects after a drop with the last event id, and refetches everything on reset', async () => {
    const streams = fakeStreams();
    const { store, invalidated } = start();
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => {
      streams[0]!.send(event('e1-0', 'ready'));
      streams[0]!.send(event('e1-4', 'change', { tags: ['bank'], ids: [] }));
      streams[0]!.end();
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…'));
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[1]!.request.headers.get('last-event-id')).toBe('e1-4');

    act(() => {
      streams[1]!.send(event('e2-0', 'reset'));
      streams[1]!.send(event('e2-0', 'ready'));
    });
    await waitFor(() => expect(store.getState().live.status).toBe('live'));
    expect(invalidated()).toEqual([['bank'], [...TAG_TYPES]]);
  });

  it('waits as long as a 429 says before trying again', async () => {
    const streams = fakeStreams();
    let refused = 0;
    server.use(
      http.get('/api/events', () => {
        if (refused++ > 0) return undefined;
        return HttpResponse.json(
          { success: false, message: 'Too many open live connections.', code: 'rate_limited' },
          { status: 429, headers: { 'retry-after': '1' } },
        );
      }),
    );
    const began = Date.now();
    const { store } = start();
    await waitFor(() => expect(store.getState().live.status).toBe('reconnecting'));
    await waitFor(() => expect(streams).toHaveLength(1), { timeout: 3000 });
    expect(Date.now() - began).toBeGreaterThanOrEqual(1000);
  });

  it('a 401 ends the session, as any call does', async () => {
    server.use(
      http.get('/api/events', () =>
        refusal('Please log in', { code: 'unauthorized', status: 401 }),
      ),
    );
    const { store } = start();
    await waitFor(() => expect(store.getState().session.token).toBeNull());
    expect(store.getState().session.endedBecause).toBe('expired');
    expect(store.getState().live.status).toBe('off');
  });

  it('closes the stream at logout, and opens none while signed out', async () => {
    const streams = fakeStreams();
    const { store } = start();
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => streams[0]!.send(event('e1-0', 'ready')));
    await waitFor(() => expect(store.getState().live.status).toBe('live'));

    act(() => void store.dispatch(sessionEnded({ reason: 'logout' })));
    await waitFor(() => expect(streams[0]!.request.signal.aborted).toBe(true));
    expect(store.getState().live.status).toBe('off');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams).toHaveLength(1);
  });

  it('gives up a silent stream and opens another', async () => {
    const streams = fakeStreams();
    start({ silenceMs: 100 });
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => streams[0]!.send(event('e1-0', 'ready')));
    await waitFor(() => expect(streams).toHaveLength(2), { timeout: 2000 });
    expect(streams[1]!.request.headers.get('last-event-id')).toBe('e1-0');
  });
});
