import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpendingList } from '../../contract/api/bank';
import { recordRequests } from './helpers';
import { renderAs } from './fixtures/screens';
import { onePage } from './fixtures/pages';
import { server } from './msw';

/** April's spending as the server sums it: by party, or by project. */
const spendingHandler = () =>
  http.get('/api/company/spending', ({ request }) => {
    const byProject = new URL(request.url).searchParams.get('by') === 'project';
    const data = byProject
      ? [
          {
            kind: 'project',
            id: 'p1',
            name: 'Harbour Wall',
            paid: 45000,
            received: 0,
            payments: 2,
          },
          { kind: null, id: null, name: 'No project', paid: 2360, received: 125000, payments: 2 },
        ]
      : [
          {
            kind: 'vendor',
            id: 'v1',
            name: 'Sharma Traders',
            paid: 45000,
            received: 0,
            payments: 2,
          },
          { kind: 'name', id: null, name: 'Tea stall', paid: 2360, received: 0, payments: 1 },
          { kind: null, id: null, name: 'No party', paid: 0, received: 125000, payments: 1 },
        ];
    return HttpResponse.json(
      SpendingList.parse(onePage(data, { totalPaid: 47360, totalReceived: 125000 })),
    );
  });

describe('Spending', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sums what was paid and received per party, then per project, for the days asked, and downloads it as CSV', async () => {
    const csv = '\uFEFFParty,Kind,Paid,Received,Payments\r\n';
    server.use(
      spendingHandler(),
      http.get(
        '/api/company/spending/export',
        () => new HttpResponse(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
      ),
    );
    // The file the app saves: the link it clicks.
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: vi.fn() });
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const log = recordRequests();
    const { user } = renderAs('company', '/app/spending');
    const from = await screen.findByLabelText('Start Date');
    await user.clear(from);
    await user.type(from, '01/04/2026');
    const to = screen.getByLabelText('End Date');
    await user.clear(to);
    await user.type(to, '30/04/2026');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // The table may be on screen before the days' sums are: its rows are waited for.
    const sharma = (await screen.findByText('Sharma Traders')).closest('tr')!;
    const table = screen.getByRole('table', { name: 'Spending by party' });
    expect(table).toContainElement(sharma);
    expect(within(sharma).getByText('Vendor')).toBeInTheDocument();
    expect(within(sharma).getByText('₹45,000.00')).toBeInTheDocument();
    expect(within(table).getByText('No party').closest('tr')).toHaveTextContent('₹1,25,000.00');
    expect(screen.getByText(/^Paid/, { selector: 'p' })).toHaveTextContent(
      'Paid ₹47,360.00 · Received ₹1,25,000.00',
    );
    const [asked] = log.to('/api/company/spending').map((r) => new URL(r.url).searchParams);
    expect(Object.fromEntries(asked!)).toMatchObject({
      by: 'party',
      from: '2026-04-01',
      to: '2026-04-30',
    });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect((save.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'spending-by-party-2026-04-01-to-2026-04-30.csv',
    );
    const [exported] = log.to('/api/company/spending/export');
    expect(Object.fromEntries(new URL(exported!.url).searchParams)).toEqual({
      by: 'party',
      from: '2026-04-01',
      to: '2026-04-30',
    });

    await user.selectOptions(screen.getByLabelText('By'), 'project');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const harbour = (await screen.findByText('Harbour Wall')).closest('tr')!;
    const projects = screen.getByRole('table', { name: 'Spending by project' });
    expect(projects).toContainElement(harbour);
    expect(harbour).toHaveTextContent('₹45,000.00');
    expect(within(projects).queryByText('Vendor')).toBeNull();
  }, 30_000);
});
