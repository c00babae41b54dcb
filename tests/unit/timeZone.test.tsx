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
