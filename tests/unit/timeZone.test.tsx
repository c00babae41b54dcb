import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDownload } from '../../src/api/download';
import {
  dashboardHandler,
  recordRequests,
  renderWithProviders,
  signedIn,
  storeSession,
} from './helpers';
import { renderSignedOut } from './fixtures/screens';
import { server } from './msw';

/** Makes the browser report `timeZone` as the user's zone. */
function browserZone(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone };
  });
}

function ExportButton() {
  const download = useDownload();
  return (
    <button onClick={() => void download('/lend/export', { filename: 'x.csv', failure: 'No' })}>
      Export
    </button>
  );
}

describe("the user's time zone", () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes with every API call, as X-Time-Zone', async () => {
    browserZone('Asia/Kolkata');
    storeSession();
    server.use(dashboardHandler(2, 10));
    const log = recordRequests();
    renderSignedOut('/app/dashboard');
    expect(await screen.findByText('₹10.00')).toBeInTheDocument();
    const [call] = log.to('/api/user/getalldata');
    expect(call!.headers.get('X-Time-Zone')).toBe('Asia/Kolkata');
  });

  it('goes with file downloads too, whatever the zone', async () => {
    browserZone('America/New_York');
    let zone: string | null = null;
    server.use(
      http.get('/api/lend/export', ({ request }) => {
        zone = request.headers.get('x-time-zone');
        return new HttpResponse('S.no\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<ExportButton />, { preloadedState: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(zone).toBe('America/New_York'));
  });
});

/** A stand-in for the worker the page asks first: it answers when the test says so. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(readonly url: string) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('reading the zone', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    FakeWorker.made = [];
  });

  /** A fresh copy of the module, whose first call has not been made. */
  async function freshLookup() {
    vi.resetModules();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zone'), revokeObjectURL: vi.fn() });
    return (await import('../../src/api/timeZone')).browserTimeZone;
  }

  it('lets a worker load the locale data first, then reads the zone each call', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    browserZone('Asia/Kolkata');
    const browserTimeZone = await freshLookup();
    let zone: string | undefined | null = null;
    void browserTimeZone().then((z) => (zone = z));
    await new Promise((r) => setTimeout(r, 10));
    expect(zone).toBeNull();
    const [worker] = FakeWorker.made;
    worker!.onmessage!({ data: 'Asia/Kolkata' });
    await waitFor(() => expect(zone).toBe('Asia/Kolkata'));
    expect(worker!.terminated).toBe(true);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:zone');
    // The device moved to another zone: the next call says so, with no second worker.
    vi.restoreAllMocks();
    browserZone('Europe/London');
    expect(await browserTimeZone()).toBe('Europe/London');
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('stops waiting for a worker that never answers', async () => {
    // Only the timers: faked, Intl would no longer be the one browserZone stubs.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('Worker', FakeWorker);
    browserZone('Asia/Kolkata');
    const browserTimeZone = await freshLookup();
    let zone: string | undefined | null = null;
    void browserTimeZone().then((z) => (zone = z));
    await vi.advanceTimersByTimeAsync(400);
    expect(zone).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(zone).toBe('Asia/Kolkata');
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  // Timers faked and never run in these two: a path that waited for the cap would never settle.
  it('reads the zone on the page at once when no worker can be made', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('blocked');
        }
      },
    );
    browserZone('Asia/Kolkata');
    const browserTimeZone = await freshLookup();
    expect(await browserTimeZone()).toBe('Asia/Kolkata');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:zone');
  });

  it('reads the zone on the page at once when the worker fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('Worker', FakeWorker);
    browserZone('America/New_York');
    const browserTimeZone = await freshLookup();
    const answer = browserTimeZone();
    expect(FakeWorker.made).toHaveLength(1);
    FakeWorker.made[0]!.onerror!();
    expect(await answer).toBe('America/New_York');
    expect(vi.getTimerCount()).toBe(0);
  });
});
