import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Dashboard } from '../../contract/api/dashboard';
import type { DashboardData } from '../../src/features/dashboard/dashboardApi';
import { buildExpenseSeries, monthLabel } from '../../src/features/dashboard/expenseSeries';
import { todayLocalISO } from '../../src/lib/dates';
import { dashboardData, recordRequests, textsOf } from './helpers';
import { server } from './msw';
import { renderApp, renderAs } from './fixtures/screens';

/** A new account's dashboard: nothing recorded yet. */
const EMPTY = dashboardData();

const thisMonth = todayLocalISO().slice(0, 7);

const FULL: DashboardData = {
  expenses: { count: 7, totalAmount: 100000.5 },
  lend: { count: 3, totalAmount: 150000, outstandingAmount: 99999.25, overdueCount: 2 },
  borrowed: { count: 1, totalAmount: 4500.75, outstandingAmount: 4000, overdueCount: 1 },
  totalTurnoverLength: 4,
  totalTurnoverAmount: 12345678.9,
  lentRepaidPercent: 33.3339,
  recent: [
    { kind: 'lend', _id: 'l1', label: 'Ravi Kumar', amount: 150000, date: '2025-05-03' },
    { kind: 'expense', _id: 'e1', label: 'Team lunch', amount: 850.5, date: '2025-05-02' },
  ],
  expensesByMonth: [
    { month: thisMonth, category: 'shopping', amount: 1000.25 },
    { month: thisMonth, category: 'movie', amount: 500 },
  ],
};

/** The dashboard answer as the server gives it (checked against the contract's answer). */
const handler = (data: DashboardData) =>
  http.get('/api/user/getalldata', () =>
    HttpResponse.json(Dashboard.parse({ success: true, data })),
  );

/** A card's figure: the label's parent holds the label and the value. */
const card = (label: string) =>
  within(screen.getByRole('region', { name: 'Overview' })).getByText(label, { selector: 'p' })
    .parentElement!;

function renderDashboard() {
  return renderApp('/app/dashboard');
}

describe('Dashboard', () => {
  it("the shared fixtures (helpers' dashboardHandler) are answers the server could give", () => {
    for (const data of [EMPTY, FULL, dashboardData(3, 1500)])
      expect(() => Dashboard.parse({ success: true, data })).not.toThrow();
  });

  it('gives an admin a way to the Company List; a company does not get it', async () => {
    server.use(handler(EMPTY));
    const { unmount } = renderDashboard();
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(within(overview).getByRole('link', { name: 'Company List' })).toHaveAttribute(
      'href',
      '/app/company',
    );
    unmount();
    renderAs('company', '/app/dashboard');
    await screen.findByText('Total Turnover');
    expect(
      within(screen.getByRole('region', { name: 'Overview' })).queryByRole('link', {
        name: 'Company List',
      }),
    ).not.toBeInTheDocument();
  });

  it('shows the counts, amounts, recent entries and customer figures from the server', async () => {
    server.use(handler(FULL));
    const log = recordRequests();
    renderDashboard();
    await screen.findByRole('heading', { name: 'Recent Invoices' });
    expect(card('Expenses')).toHaveTextContent(/^Expenses7/);
    expect(card('Lend')).toHaveTextContent(/^Lend3/);
    expect(card('Borrowed')).toHaveTextContent(/^Borrowed1/);
    expect(card('Total Turnover')).toHaveTextContent(/^Total Turnover4Projects, counted$/);
    expect(card('Total Expenses')).toHaveTextContent('₹1,00,000.50');
    expect(card('Total Lend')).toHaveTextContent('₹1,50,000.00');
    expect(card('Total Borrowed')).toHaveTextContent('₹4,500.75');
    expect(card('Total Turnover Amount')).toHaveTextContent('₹1,23,45,678.90');
    // What the turnover counts is said on its face: prices, not money received.
    expect(card('Total Turnover Amount')).toHaveTextContent('not money received');

    const recent = screen.getByRole('table', { name: 'Recent Invoices' });
    expect(textsOf(recent, 'row').slice(1)).toEqual([
      'LendRavi Kumar2025-05-03₹1,50,000.00',
      'ExpenseTeam lunch2025-05-02₹850.50',
    ]);

    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByText('33.3%')).toBeInTheDocument();
    expect(
      within(customer).getByText('Owed to you (lend outstanding)').nextSibling,
    ).toHaveTextContent('₹99,999.25');
    expect(
      within(customer).getByText('You owe (borrowed outstanding)').nextSibling,
    ).toHaveTextContent('₹4,000.00');
    expect(within(customer).getByText('Overdue lends').nextSibling).toHaveTextContent('2');
    expect(within(customer).getByText('Overdue borrowings').nextSibling).toHaveTextContent('1');

    // The figures are for the user's local today.
    expect(new URL(log.to('/api/user/getalldata')[0]!.url).searchParams.get('today')).toBe(
      todayLocalISO(),
    );
  });

  it("lists a company's real invoices under Recent Invoices and keeps its latest entries", async () => {
    server.use(
      handler({
        ...FULL,
        position: {
          cash: 2716,
          accounts: [
            {
              _id: 'a1',
              holder_name: 'Lotus Current',
              account_no: '998877665544',
              balance: 2716,
              closed: false,
            },
          ],
          receivable: 0,
          overdue: 0,
          invoicedThisMonth: 2716,
          receivedThisMonth: 2716,
          recentInvoices: [
            {
              _id: 'i1',
              number: 'INV/2026-27/0001',
              clientName: 'Acme Traders',
              date: '2026-11-26',
              status: 'paid',
              total: 2716,
              pending: 0,
            },
          ],
        },
      }),
    );
    renderAs('company', '/app/dashboard');
    const recent = await screen.findByRole('table', { name: 'Recent Invoices' });
    expect(textsOf(recent, 'row').slice(1)).toEqual([
      'INV/2026-27/0001Acme Traders26/11/2026₹2,716.00₹0.00',
    ]);
    expect(within(recent).getByRole('link', { name: 'INV/2026-27/0001' })).toHaveAttribute(
      'href',
      '/app/invoices?invoice=i1',
    );
    expect(card('Cash')).toHaveTextContent('₹2,716.00');
    // Cash per account names an account by its last four digits, never the whole number.
    expect(screen.getByText(/Lotus Current — ••5544/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('998877665544');
    // The company's own latest expenses and loans stay on its dashboard, below.
    const latest = screen.getByRole('table', { name: 'Latest entries' });
    expect(textsOf(latest, 'row').slice(1)).toEqual([
      'LendRavi Kumar2025-05-03₹1,50,000.00',
      'ExpenseTeam lunch2025-05-02₹850.50',
    ]);
  });

  it('has a text alternative for the chart: a summary and a table of every month', async () => {
    server.use(handler(FULL));
    renderDashboard();
    expect(
      await screen.findByText(/₹1,500.25 spent in the last 12 months; the most in/),
    ).toHaveTextContent(/\(₹1,500\.25\)\.$/);
    const table = screen.getByRole('table', {
      name: 'Expenses per category per month, last 12 months',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    // The categories spent on, most first, named as the user named them.
    expect(rows[0]!.textContent).toBe('MonthshoppingmovieTotal');
    // This month last, with its figures; an empty month shows zeros.
    expect(rows[12]!.textContent).toMatch(/₹1,000\.25₹500\.00₹1,500\.25$/);
    expect(rows[1]!.textContent).toMatch(/₹0\.00₹0\.00₹0\.00$/);
  });

  it('shows 0, ₹0.00 and — when there is nothing yet', async () => {
    server.use(handler(EMPTY));
    renderDashboard();
    await screen.findByRole('heading', { name: 'Recent Invoices' });
    for (const label of ['Expenses', 'Lend', 'Borrowed', 'Total Turnover'])
      expect(card(label)).toHaveTextContent(new RegExp(`^${label}0`));
    for (const label of ['Total Expenses', 'Total Lend', 'Total Borrowed', 'Total Turnover Amount'])
      expect(card(label)).toHaveTextContent('₹0.00');
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('No data')).toBeInTheDocument();
    expect(screen.getByText('No expenses in the last 12 months.')).toBeInTheDocument();
  });
});

describe('buildExpenseSeries', () => {
  it('covers the 12 months up to today, oldest first, and fills missing months with 0', () => {
    const s = buildExpenseSeries(
      [
        { month: '2025-03', category: 'movie', amount: 10.1 },
        { month: '2025-03', category: 'movie', amount: 0.2 },
        { month: '2024-05', category: 'other', amount: 7 },
        { month: '2024-04', category: 'other', amount: 99 }, // 13 months back: outside
      ],
      '2025-04-15',
    );
    expect(s.months[0]).toBe('2024-05');
    expect(s.months[11]).toBe('2025-04');
    // Only the categories spent on in the 12 months, most first.
    expect(s.categories).toEqual(['movie', 'other']);
    expect(s.amounts[0]![10]).toBe(10.3);
    expect(s.amounts[1]![0]).toBe(7);
    expect(s.amounts[1]![1]).toBe(0);
    expect(s.total).toBe(17.3);
  });

  it('counts months across a year boundary and names them', () => {
    const s = buildExpenseSeries([{ month: '2025-02', category: 'Rent', amount: 5 }], '2026-01-31');
    expect(s.months[0]).toBe('2025-02');
    expect(s.months[10]).toBe('2025-12');
    expect(s.months[11]).toBe('2026-01');
    expect(s.amounts[0]![0]).toBe(5);
    expect(monthLabel('2025-12')).toBe('Dec 2025');
    expect(monthLabel('2026-01', true)).toBe('Jan 26');
    expect(monthLabel('2026-13')).toBe('2026-13');
    expect(buildExpenseSeries([], '2026-12-31').months).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('shows the four biggest categories and sums the rest as Other categories', () => {
    const names = ['Rent', 'Food', 'Fuel', 'Books', 'Gifts', 'Toys'];
    const s = buildExpenseSeries(
      names.map((category, i) => ({ month: '2025-04', category, amount: 60 - i * 10 })),
      '2025-04-15',
    );
    expect(s.categories).toEqual(['Rent', 'Food', 'Fuel', 'Books', 'Other categories']);
    expect(s.amounts.map((a) => a[11])).toEqual([60, 50, 40, 30, 30]);
    expect(s.total).toBe(210);
  });
});
