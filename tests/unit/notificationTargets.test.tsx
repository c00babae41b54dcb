import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LoanList } from '../../contract/api/loans';
import { AppRoutes } from '../../src/app/router';
import type { Loan } from '../../src/features/loans/loansApi';
import type { Notification } from '../../src/api/notificationsApi';
import { NotificationBell } from '../../src/ui/NotificationBell';
import { renderWithProviders, signedIn } from './helpers';
import { bellServer } from './fixtures/notifications';
import { server } from './msw';

const LEND = '11111111-1111-4111-8111-111111111111';
const OTHER_LEND = '22222222-2222-4222-8222-222222222222';

const told = (
  n: number,
  kind: Notification['kind'],
  message: string,
  target: Notification['target'],
): Notification => ({
  _id: `n${n}`,
  kind,
  recordId: `r${n}`,
  target,
  message,
  createdAt: '2026-11-23T10:00:00.000Z',
  read: false,
});

/** One of each kind, as the server lists them, and one whose lend was deleted since. */
const EVERY_KIND: Notification[] = [
  told(1, 'payment', 'Credit payment of ₹100.00 recorded on Acme (••9012) by Acme.', {
    id: 'pay1',
  }),
  told(2, 'project_status', 'Priya updated the status of Website: Design done', { id: 'pr1' }),
  told(3, 'lend_overdue', 'Your lend to Ravi Kumar is overdue.', {
    id: LEND,
    search: 'Ravi Kumar',
  }),
  told(4, 'lend_reminder', 'Reminder due: Ravi Kumar owes you ₹500.00.', { id: 'person1' }),
  told(5, 'payments_import', '4 payments imported on Acme (••9012) by Acme.', {
    id: 'acc1',
    from: '2026-04-01',
    to: '2026-04-03',
    companyId: 'co1',
  }),
  told(6, 'budget_over', 'Your shopping spending for October 2026 is over its budget.', {
    from: '2026-10-01',
    to: '2026-10-31',
  }),
  told(7, 'recurring_payment_skipped', 'Recurring debit of ₹400.00 (Rent) was skipped.', {
    id: 'rp1',
    search: 'Rent',
  }),
  told(8, 'invoice_overdue', 'Invoice INV-7 to Globex is overdue.', { id: 'inv1' }),
  told(9, 'lend_overdue', 'Your lend to Meera Iyer is overdue.', null),
];

/** The bell listing `data`, all unread: what Mark as read is sent. */
const bellOf = (data: Notification[]) => bellServer(() => data, data.length).marked;

const loan = (id: string, name: string): Loan => ({
  _id: id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  mobile: null,
  counterpartyId: 'p1',
  autoRemind: false,
  amount: 500,
  repaid: 0,
  outstanding: 500,
  status: 'overdue',
  issueDate: '2025-01-10',
  repaymentDate: '2025-02-10',
  createdAt: '2025-01-10T08:00:00.000Z',
  version: 1,
});

/** The Lend list: the rows whose name has the search in it, 20 to a page. */
function lendServer(rows: Loan[]) {
  server.use(
    http.get('/api/lend/getuseralllends', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = (params.get('search') ?? '').toLowerCase();
      const page = Number(params.get('page') ?? 1);
      const found = rows.filter((r) => r.name.toLowerCase().includes(q));
      return HttpResponse.json(
        LoanList.parse({
          success: true,
          data: found.slice((page - 1) * 20, page * 20),
          total: found.length,
          page,
          pageSize: 20,
          totalAmount: found.length * 500,
          repaidAmount: 0,
          outstandingAmount: found.length * 500,
        }),
      );
    }),
  );
}

const hrefOf = (panel: HTMLElement, text: RegExp) =>
  within(panel).getByRole('link', { name: text }).getAttribute('href');

describe('a notification opens its record', () => {
  it('links each kind to the screen and record it tells of', async () => {
    bellOf(EVERY_KIND);
    const { user } = renderWithProviders(<NotificationBell />, {
      route: '/app/dashboard',
      preloadedState: signedIn(),
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 9 unread' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await within(panel).findByRole('link', { name: /Credit payment/ });

    expect(hrefOf(panel, /Credit payment/)).toBe('/app/audit?recordId=pay1');
    expect(hrefOf(panel, /Priya updated/)).toBe('/app/audit?recordId=pr1');
    expect(hrefOf(panel, /lend to Ravi Kumar/)).toBe(`/app/lend?q=Ravi+Kumar&open=${LEND}`);
    expect(hrefOf(panel, /Reminder due/)).toBe('/app/khata?person=person1');
    expect(hrefOf(panel, /payments imported/)).toBe(
      '/app/report?accountId=acc1&from=2026-04-01&to=2026-04-03&companyId=co1',
    );
    expect(hrefOf(panel, /over its budget/)).toBe(
      '/app/categoryreport?from=2026-10-01&to=2026-10-31',
    );
    expect(hrefOf(panel, /Recurring debit/)).toBe('/app/recurringpayments?q=Rent&open=rp1');
    expect(hrefOf(panel, /Invoice INV-7/)).toBe('/app/invoices?invoice=inv1');
  });

  it('says a deleted record is gone instead of opening it, and reads it', async () => {
    const marked = bellOf(EVERY_KIND);
    const { user, location } = renderWithProviders(<NotificationBell />, {
      route: '/app/dashboard',
      preloadedState: signedIn(),
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 9 unread' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).queryByRole('link', { name: /Meera Iyer/ })).toBeNull();
    const gone = await within(panel).findByRole('button', { name: /Meera Iyer/ });
    expect(gone).toHaveTextContent('has since been deleted: there is nothing to open');

    await user.click(gone);
    await waitFor(() => expect(marked).toEqual([{ ids: ['n9'] }]));
    // It stays where it was, and the panel stays open.
    expect(location().pathname).toBe('/app/dashboard');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeVisible();
  });

  it('opens an overdue lend in the Lend list, narrowed to its name and its row marked', async () => {
    bellOf([EVERY_KIND[2]!]);
    lendServer([loan(OTHER_LEND, 'Ravi Kumar Sr'), loan(LEND, 'Ravi Kumar'), loan('l3', 'Anu')]);
    const { user, location } = renderWithProviders(<AppRoutes />, {
      route: '/app/lend',
      preloadedState: signedIn(),
    });
    await screen.findByRole('cell', { name: 'Anu' });
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /lend to Ravi Kumar/ }));

    expect(location().search).toBe(`?q=Ravi+Kumar&open=${LEND}`);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Anu' })).toBeNull());
    const rows = screen.getAllByRole('row').filter((r) => r.getAttribute('aria-current'));
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('cell', { name: 'Ravi Kumar' })).toBeVisible();
    expect(screen.getByRole('searchbox')).toHaveValue('Ravi Kumar');
  });

  it('says when the lend it opens is no longer in the list, and offers the whole list', async () => {
    lendServer([loan('l3', 'Anu')]);
    const { user, location } = renderWithProviders(<AppRoutes />, {
      route: `/app/lend?open=${LEND}`,
      preloadedState: signedIn(),
    });
    expect(
      await screen.findByText(/The record you opened is not in this list: it has been deleted/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show the whole list' }));
    expect(location().search).toBe('');
    expect(screen.queryByText(/The record you opened is not in this list/)).toBeNull();
  });

  it('lets the opened row go when the user pages on: page 2 is not said to lack it', async () => {
    const others = Array.from({ length: 24 }, (_, i) =>
      loan(`l${i + 10}`, `Borrower ${String(i + 1).padStart(2, '0')}`),
    );
    lendServer([loan(LEND, 'Ravi Kumar'), ...others]);
    const { user, location } = renderWithProviders(<AppRoutes />, {
      route: `/app/lend?open=${LEND}`,
      preloadedState: signedIn(),
    });
    const marked = await waitFor(() => {
      const rows = screen.getAllByRole('row').filter((r) => r.getAttribute('aria-current'));
      expect(rows).toHaveLength(1);
      return rows[0]!;
    });
    expect(within(marked).getByRole('cell', { name: 'Ravi Kumar' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'Borrower 24' })).toBeVisible();
    expect(location().search).toBe('?page=2');
    expect(screen.queryByText(/The record you opened is not in this list/)).toBeNull();
    expect(screen.getAllByRole('row').filter((r) => r.getAttribute('aria-current'))).toEqual([]);
  });
});
