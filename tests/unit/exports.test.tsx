import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserAnswer } from '../../contract/api/auth';
import { ExpenseList } from '../../contract/api/expenses';
import { accountHandlers, captureSaves, testUser } from './helpers';
import { TEAM_LUNCH } from './fixtures/records';
import { onePage } from './fixtures/pages';
import { server } from './msw';
import { renderApp } from './fixtures/screens';

const CSV = '\uFEFFDate,Description,Category,Amount\r\n2024-05-02,Team lunch,Other,12345678.50\r\n';

const listHandler = () =>
  http.get('/api/expense/getuserallexpenses', () =>
    HttpResponse.json(ExpenseList.parse(onePage([TEAM_LUNCH], { totalAmount: 12345678.5 }))),
  );

describe('Expenses: Export CSV', () => {
  afterEach(() => vi.restoreAllMocks());

  it("downloads the list's current period, search and order with the session, waiting while it runs", async () => {
    let request: Request | undefined;
    let calls = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      listHandler(),
      http.get('/api/expense/export', async ({ request: r }) => {
        request = r;
        calls++;
        await released;
        return new HttpResponse(CSV, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="expenses-x.csv"',
          },
        });
      }),
    );
    const saves = captureSaves();
    const { user } = renderApp(
      '/app/expenses?q=lunch&sort=amount&order=asc&page=2&from=2024-05-01&to=2024-05-31',
    );
    await screen.findByText('Team lunch');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    // One download at a time: the button waits, and says so.
    const busy = await screen.findByRole('button', { name: 'Exporting…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    release();
    await waitFor(() => expect(saves.clicked).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(calls).toBe(1);

    expect(request!.headers.get('authorization')).toBe('Bearer tok-1');
    const params = new URL(request!.url).searchParams;
    // Every page of the filter and its period: the page is not sent.
    expect(Object.fromEntries(params)).toEqual({
      search: 'lunch',
      from: '2024-05-01',
      to: '2024-05-31',
      sort: 'amount',
      order: 'asc',
    });
    expect(saves.clicked[0]!.download).toBe('expenses-x.csv');
    expect(saves.clicked[0]!.href).toBe('blob:csv');
    // The bytes as the server sent them, byte-order mark included.
    const bytes = new Uint8Array(await saves.blob().arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("tells the server's refusal and saves nothing", async () => {
    server.use(
      listHandler(),
      http.get('/api/expense/export', async () => {
        await delay(10);
        return HttpResponse.json(
          {
            success: false,
            message: 'Too many downloads. Please try again in a few minutes.',
            code: 'rate_limited',
          },
          { status: 429, headers: { 'retry-after': '60' } },
        );
      }),
    );
    const saves = captureSaves();
    const { user } = renderApp('/app/expenses');
    await screen.findByText('Team lunch');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('Too many downloads. Please try again in a few minutes.'),
    ).toBeVisible();
    expect(saves.clicked).toHaveLength(0);
    // The refusal is told before the button is given back: it comes back, enabled.
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});

describe('Profile: Export my data', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves the ZIP of CSV files, one download at a time', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let auth: string | null = null;
    server.use(
      ...accountHandlers(),
      http.get('/api/user/profile', () =>
        HttpResponse.json(UserAnswer.parse({ success: true, data: testUser })),
      ),
      http.get('/api/user/exportmydata/zip', async ({ request }) => {
        auth = request.headers.get('authorization');
        await released;
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="my-data.zip"',
          },
        });
      }),
    );
    const saves = captureSaves();
    const { user } = renderApp('/app/profile');
    await screen.findByText('05/03/2024');
    await user.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByRole('button', { name: 'Exporting…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeDisabled();
    release();
    await waitFor(() => expect(saves.clicked).toHaveLength(1));
    expect(auth).toBe('Bearer tok-1');
    expect(saves.clicked[0]!.download).toBe('my-data.zip');
    expect(await screen.findByRole('button', { name: 'Export my data' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});
