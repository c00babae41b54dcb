import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { CategoryReport, ExpenseList } from '../../contract/api/expenses';
import { Dashboard } from '../../contract/api/dashboard';
import { Project, ProjectList, ProjectStatusHistory } from '../../contract/api/projects';
import { monthOf, periodLabel, thisMonth } from '../../src/ui/period';
import { dashboardData, recordRequests } from './helpers';
import { emptyPage, onePage } from './fixtures/pages';
import { server } from './msw';
import { renderApp, renderAs, openDialog } from './fixtures/screens';

/**
 * Personal money opens on this month: Previous and Next step a month, a range picks any days,
 * and the address keeps the choice. Projects keep who changed their statuses when.
 */

const EXPENSES = '/api/expense/getuserallexpenses';

/** `path` answers what `answer` makes of the range the screen asked for (its from and to). */
const rangeAnswer = (
  path: string,
  answer: (range: { from: string | null; to: string | null }) => JsonBodyType,
) =>
  http.get(path, ({ request }) => {
    const q = new URL(request.url).searchParams;
    return HttpResponse.json(answer({ from: q.get('from'), to: q.get('to') }));
  });
const emptyList = (totalAmount = 0) =>
  ExpenseList.parse({ success: true, data: [], total: 0, page: 1, pageSize: 20, totalAmount });

const asked = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);

describe('Expenses by month', () => {
  it('opens on this month, steps a month back and forth, and offers every date', async () => {
    server.use(http.get(EXPENSES, () => HttpResponse.json(emptyList(250))));
    const log = recordRequests();
    const { user, location } = renderApp('/app/expenses');
    const now = thisMonth();
    await waitFor(() => expect(log.to(EXPENSES).length).toBeGreaterThan(0));
    expect(asked(log.to(EXPENSES).at(-1)!)).toMatchObject(now);
    expect(
      await screen.findByText(
        (text) => text.startsWith('Total Amount:') && text.endsWith(periodLabel(now)),
      ),
    ).toBeInTheDocument();
    const period = screen.getByRole('group', { name: 'Period' });
    expect(within(period).getByText(periodLabel(now))).toBeInTheDocument();
    // This month already: no button to go back to it.
    expect(screen.queryByRole('button', { name: 'This month' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    const before = monthOf(now.from, -1);
    await waitFor(() => expect(asked(log.to(EXPENSES).at(-1)!)).toMatchObject(before));
    expect(within(period).getByText(periodLabel(before))).toBeInTheDocument();
    expect(new URLSearchParams(location().search).get('from')).toBe(before.from);

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const after = monthOf(now.from, 1);
    await waitFor(() => expect(asked(log.to(EXPENSES).at(-1)!)).toMatchObject(after));
    expect(within(period).getByText(periodLabel(after))).toBeInTheDocument();
    // Back to this month (its page is in hand already: no need to ask again).
    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(within(period).getByText(periodLabel(now))).toBeInTheDocument();
    expect(new URLSearchParams(location().search).get('from')).toBe(now.from);

    await user.click(screen.getByRole('button', { name: 'All dates' }));
    await waitFor(() => {
      const last = asked(log.to(EXPENSES).at(-1)!);
      expect(last.from).toBeUndefined();
      expect(last.to).toBeUndefined();
    });
    expect(
      await screen.findByText(
        (text) => text.startsWith('Total Amount:') && text.endsWith('all dates'),
      ),
    ).toBeInTheDocument();
    expect(new URLSearchParams(location().search).get('dates')).toBe('all');
  });

  it('opens on the range its address names, and takes a new range of days', async () => {
    server.use(http.get(EXPENSES, () => HttpResponse.json(emptyList())));
    const log = recordRequests();
    const { user } = renderApp('/app/expenses?from=2026-01-05&to=2026-01-20');
    expect(await screen.findByText('05/01/2026 – 20/01/2026')).toBeInTheDocument();
    await waitFor(() =>
      expect(asked(log.to(EXPENSES).at(-1)!)).toMatchObject({
        from: '2026-01-05',
        to: '2026-01-20',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Change range…' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'End date must be on or after the start date',
    );
    expect(screen.getByRole('button', { name: 'Show' })).toBeDisabled();
    await user.clear(to);
    await user.type(to, '2026-04-15');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(asked(log.to(EXPENSES).at(-1)!)).toMatchObject({
        from: '2026-03-10',
        to: '2026-04-15',
      }),
    );
    expect(screen.getByText('10/03/2026 – 15/04/2026')).toBeInTheDocument();
  });
});

describe('Dashboard by month', () => {
  it("leads with the month's figures, steps a month, and keeps the all-time cards below", async () => {
    const log = recordRequests();
    server.use(
      rangeAnswer('/api/user/getalldata', (range) =>
        Dashboard.parse({
          success: true,
          data: {
            ...dashboardData(40, 99999),
            period: {
              ...range,
              expenses: { count: 3, totalAmount: 1500.5 },
              lend: { count: 1, totalAmount: 200 },
              borrowed: { count: 0, totalAmount: 0 },
              byCategory: [
                { category: 'shopping', amount: 1000 },
                { category: 'movie', amount: 500.5 },
              ],
            },
          },
        }),
      ),
    );
    const { user } = renderApp('/app/dashboard');
    const now = thisMonth();
    const summary = await screen.findByRole('region', { name: periodLabel(now) });
    expect(await within(summary).findByText('₹1,500.50')).toBeInTheDocument();
    expect(within(summary).getByText('3 expenses')).toBeInTheDocument();
    expect(within(summary).getByText('shopping')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Category report' })).toHaveAttribute(
      'href',
      `/app/categoryreport?from=${now.from}&to=${now.to}`,
    );
    // The spec's all-time cards stay, and say which range they cover.
    // They render a step after the period's figures.
    expect(await screen.findByRole('heading', { name: /All time/ })).toBeInTheDocument();
    expect(await screen.findByText('₹99,999.00')).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Previous month' }));
    const before = monthOf(now.from, -1);
    expect(await screen.findByRole('region', { name: periodLabel(before) })).toBeInTheDocument();
    const calls = log.to('/api/user/getalldata').map(asked);
    expect(calls.at(-1)).toMatchObject(before);
  });
});

describe('Category Report', () => {
  it("shows each category's sum and share over the range, linked to its expenses", async () => {
    server.use(
      rangeAnswer('/api/expense/categoryreport', (range) =>
        CategoryReport.parse({
          success: true,
          ...range,
          data: [
            { category: 'shopping', count: 2, amount: 750 },
            { category: 'movie', count: 1, amount: 250 },
          ],
          count: 3,
          totalAmount: 1000,
        }),
      ),
    );
    renderApp('/app/categoryreport?from=2026-10-01&to=2026-10-31');
    const table = await screen.findByRole('table', { name: 'Spending by category, October 2026' });
    const shopping = (await within(table).findByRole('link', { name: 'shopping' })).closest('tr')!;
    expect(within(shopping).getByText('75.0%')).toBeInTheDocument();
    expect(within(shopping).getByText('₹750.00')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'shopping' })).toHaveAttribute(
      'href',
      '/app/expenses?category=shopping&from=2026-10-01&to=2026-10-31',
    );
    expect(
      screen.getByText((text) => text.startsWith('Total (October 2026):')),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});

const project = Project.parse({
  _id: 'p1',
  date: '2026-11-20',
  projectName: 'Harbour Wall',
  clientName: 'Coastal Ports',
  clientNumber: '98765',
  duration: '3 months',
  price: 500,
  paymentStatus: 'part paid',
  status: 'In progress',
  risk: 'Low',
  statusByPm: 'Piling done',
  projectManager: 'Priya',
  projectManagerId: null,
  clientId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 3,
});

const change = (over: Record<string, string>) => ({
  at: '2026-11-20T10:00:00.000Z',
  by: 'Acme',
  byRole: 'company',
  status: 'Started',
  paymentStatus: 'pending',
  risk: 'Low',
  statusByPm: '',
  ...over,
});

describe('Project status history', () => {
  it("shows who changed which status when in the project's details", async () => {
    server.use(
      http.get('/api/company/getcompanyallproject', () =>
        HttpResponse.json(ProjectList.parse(onePage([project], { totalAmount: 500 }))),
      ),
      http.get('/api/company/projectstatushistory', () =>
        HttpResponse.json(
          ProjectStatusHistory.parse({
            success: true,
            data: [
              change({
                _id: 'h3',
                at: '2026-11-22T09:30:00.000Z',
                status: 'In progress',
                paymentStatus: 'part paid',
                statusByPm: 'Piling done',
              }),
              change({
                _id: 'h2',
                at: '2026-11-21T09:30:00.000Z',
                by: 'Priya',
                byRole: 'pm',
                statusByPm: 'Piling done',
              }),
              change({ _id: 'h1' }),
            ],
            total: 3,
            page: 1,
            pageSize: 10,
          }),
        ),
      ),
    );
    const { user } = renderAs('company', '/app/project');
    await user.click(await screen.findByRole('button', { name: 'Actions for Harbour Wall' }));
    const dialog = await openDialog(user, 'Show', 'Data Details');
    const entries = await within(dialog).findAllByRole('listitem');
    expect(entries).toHaveLength(3);
    // Latest first; each says who, and only what changed from the one before.
    expect(entries[0]).toHaveTextContent('Acme (Company)');
    expect(entries[0]).toHaveTextContent('StatusIn progress');
    expect(entries[0]).toHaveTextContent('Payment Statuspart paid');
    expect(entries[0]).not.toHaveTextContent('Risk');
    expect(entries[1]).toHaveTextContent('Priya (PM)');
    expect(entries[1]).toHaveTextContent('Status by PMPiling done');
    expect(entries[1]).not.toHaveTextContent('Payment Status');
    expect(entries[2]).toHaveTextContent('RiskLow');
  });

  it("offers the company's earlier values while the fields stay free text", async () => {
    server.use(
      http.get('/api/company/getcompanyallproject', () =>
        HttpResponse.json(ProjectList.parse(emptyPage())),
      ),
      http.get('/api/company/projectsuggestions', ({ request }) =>
        HttpResponse.json({
          success: true,
          data:
            new URL(request.url).searchParams.get('field') === 'status'
              ? ['In progress', 'Started']
              : [],
        }),
      ),
    );
    const { user } = renderAs('company', '/app/project');
    await user.click(await screen.findByRole('button', { name: 'Add New Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Project' });
    const status = within(dialog).getByLabelText('Status');
    const list = document.getElementById(status.getAttribute('list')!)!;
    await waitFor(() =>
      expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual([
        'In progress',
        'Started',
      ]),
    );
    expect(within(dialog).getByLabelText('Risk')).toHaveAttribute('list');
    expect(within(dialog).getByLabelText('Payment Status')).toHaveAttribute('list');
    await user.type(status, 'Something new');
    expect(status).toHaveValue('Something new');
  });
});
