import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { ExpenseAnswer } from '../../contract/api/expenses';
import { parseRupees } from '../../contract/rules';
import type { Expense } from '../../src/features/expenses/expensesApi';
import { datePresets } from '../../src/lib/dates';
import { groupRupees, lakhCrore } from '../../src/lib/money';
import { AmountField } from '../../src/ui/AmountField';
import { DataTable, serialColumn, type Column } from '../../src/ui/DataTable';
import { dashboardHandler, recordRequests, renderWithProviders, textsOf } from './helpers';
import { emptyPage, expensePage } from './fixtures/pages';
import { undoableDelete } from './fixtures/undo';
import { server } from './msw';
import { renderApp, renderAs, openDialog, pressInDialog } from './fixtures/screens';

const LIST = '/api/expense/getuserallexpenses';

const lunch: Expense = {
  _id: 'e1',
  date: '2024-05-02',
  description: 'Team lunch',
  amount: 1250000.5,
  category: 'other',
  createdAt: '2024-05-02T08:00:00.000Z',
  version: 1,
};
const cinema: Expense = { ...lunch, _id: 'e2', description: 'Cinema tickets', amount: 450 };

/** The expense list: rows whose description holds the search, in the asked order. */
const listHandler = (rows: Expense[] = [lunch, cinema]) =>
  http.get(LIST, ({ request }) => {
    const q = new URL(request.url).searchParams;
    const search = q.get('search') ?? '';
    const found = rows.filter((r) => r.description.toLowerCase().includes(search));
    if (q.get('sort') === 'amount')
      found.sort((a, b) => (q.get('order') === 'asc' ? a.amount - b.amount : b.amount - a.amount));
    return HttpResponse.json(expensePage(found));
  });

const descriptions = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[2]?.textContent);

describe('a list keeps its place in the address', () => {
  it('search, sort and page go into the address, defaults left out', async () => {
    server.use(listHandler());
    const { user, location } = renderApp('/app/expenses');
    await screen.findByText('Team lunch');
    expect(location().search).toBe('');

    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Search expenses'), 'c');
    await waitFor(() => expect(location().search).toBe('?q=c'));
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(location().search).toBe('?q=c&sort=amount&order=asc'));
    expect(await screen.findByText('Cinema tickets')).toBeInTheDocument();
    await waitFor(() => expect(descriptions()).toEqual(['Cinema tickets', 'Team lunch']));
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(location().search).toBe('?q=c&sort=amount&order=desc'));
    await waitFor(() => expect(descriptions()).toEqual(['Team lunch', 'Cinema tickets']));
  }, 15_000);

  it('opens the view a link (or a reload) names: search box, sort and rows', async () => {
    server.use(listHandler());
    const log = recordRequests();
    renderApp('/app/expenses?q=cinema&sort=amount&order=asc&page=1');
    expect(await screen.findByText('Cinema tickets')).toBeInTheDocument();
    expect(screen.queryByText('Team lunch')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search expenses')).toHaveValue('cinema');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const sent = new URL(log.to(LIST)[0]!.url).searchParams;
    expect([sent.get('search'), sent.get('sort'), sent.get('order')]).toEqual([
      'cinema',
      'amount',
      'asc',
    ]);
  });

  it('ignores a sort the list does not offer, and a page that is not a number', async () => {
    server.use(listHandler());
    const log = recordRequests();
    renderApp('/app/expenses?sort=password&page=abc');
    await screen.findByText('Team lunch');
    const sent = new URL(log.to(LIST)[0]!.url).searchParams;
    expect([sent.get('sort'), sent.get('page')]).toEqual(['date', '1']);
  });

  it('a search that finds nothing says so and offers to clear it', async () => {
    server.use(listHandler());
    const { user, location } = renderApp('/app/expenses?q=zzz');
    expect(await screen.findByText('Nothing matches “zzz”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Team lunch')).toBeInTheDocument();
    expect(location().search).toBe('');
    expect(screen.getByLabelText('Search expenses')).toHaveFocus();
  });
});

describe('useful starts', () => {
  it('an empty list says what it is for, with a button that opens the add form', async () => {
    server.use(listHandler([]));
    const { user } = renderApp('/app/expenses');
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByText('Record what you spend, and see where it goes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add your first expense' }));
    expect(screen.getByRole('dialog', { name: 'Add New Expense' })).toBeInTheDocument();
  });

  it('date presets: this month, last month, and the financial year from April to March', () => {
    const [month, last, year] = datePresets(new Date(2026, 1, 14));
    expect(month).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(last).toMatchObject({ from: '2026-01-01', to: '2026-01-31' });
    expect(year).toMatchObject({
      label: 'This financial year (2025–26)',
      from: '2025-04-01',
      to: '2026-03-31',
    });
    const [, lastOfJanuary, yearOfApril] = datePresets(new Date(2026, 3, 1));
    expect(lastOfJanuary).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
    expect(yearOfApril).toMatchObject({ from: '2026-04-01', to: '2027-03-31' });
  });

  it('Lend Report applies a preset at once and keeps the range in the address', async () => {
    const log = recordRequests();
    server.use(
      http.get('/api/lend/getuseralllends', () =>
        HttpResponse.json(emptyPage({ totalAmount: 0, repaidAmount: 0, outstandingAmount: 0 })),
      ),
    );
    const { user, location } = renderApp('/app/lendreport');
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    const [, last] = datePresets();
    await waitFor(() => expect(location().search).toBe(`?from=${last!.from}&to=${last!.to}`));
    expect(screen.getByLabelText('Start Date')).toHaveValue(last!.from);
    await waitFor(() =>
      expect(
        log.to('/api/lend/getuseralllends').some((r) => {
          const q = new URL(r.url).searchParams;
          return q.get('from') === last!.from && q.get('to') === last!.to;
        }),
      ).toBe(true),
    );
  });
});

describe('keyboard', () => {
  it('n opens the add dialog, but not while typing in a field', async () => {
    server.use(listHandler());
    const { user } = renderApp('/app/expenses');
    await screen.findByText('Team lunch');
    await user.type(screen.getByLabelText('Search expenses'), 'n');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Expenses List' }));
    await user.keyboard('n');
    const dialog = screen.getByRole('dialog', { name: 'Add New Expense' });
    // Typed in the dialog, n is just a letter.
    await user.type(within(dialog).getByLabelText('Description'), 'nn');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('nn');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('the row menu moves with the arrow keys, and focus returns to its button when the dialog closes', async () => {
    server.use(listHandler());
    const { user } = renderApp('/app/expenses');
    const toggle = await screen.findByRole('button', { name: 'Actions for Team lunch' });
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Show' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Show' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Edit Expense' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('a press on the backdrop keeps the focus in the dialog', async () => {
    server.use(listHandler());
    const { user } = renderApp('/app/expenses');
    await screen.findByText('Team lunch');
    const dialog = await openDialog(user, 'Add New Expense');
    expect(within(dialog).getByLabelText('Date')).toHaveFocus();
    await user.click(dialog.parentElement!);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('the first Tab reaches "Skip to content", which moves to the screen', async () => {
    server.use(listHandler());
    const { user } = renderApp('/app/expenses');
    await screen.findByText('Team lunch');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveFocus();
  });
});

describe('toasts', () => {
  it('at most two at once, and a new page clears the old ones', async () => {
    server.use(listHandler(), dashboardHandler());
    const { user } = renderApp('/app/expenses');
    await screen.findByText('Team lunch');
    act(() => {
      toast.error('First');
      toast.error('Second');
      toast.error('Third');
    });
    await screen.findByText('Second');
    expect(screen.queryByText('Third')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(2);

    // Shown more than a moment before the page changes: gone with it.
    await new Promise((r) => setTimeout(r, 1100));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Dashboard',
      }),
    );
    // A dismissed toast stops being an alert at once (jsdom never ends its exit animation).
    const alerts = () =>
      screen.queryAllByRole('alert').filter((a) => /First|Second/.test(a.textContent ?? ''));
    await waitFor(() => expect(alerts()).toHaveLength(0));
  }, 15_000);
});

describe('admins read', () => {
  it('keeps "You can\'t Create" for Add New Project, with Read-only in the header', async () => {
    server.use(http.get('/api/company/getcompanyallproject', () => HttpResponse.json(emptyPage())));
    const { user } = renderApp('/app/project');
    await screen.findByText('No data');
    expect(screen.getByRole('banner')).toHaveTextContent('Read-only');
    await user.click(screen.getByRole('button', { name: 'Add New Project' }));
    expect(await screen.findByText("You can't Create")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // An empty list offers an admin nothing to add.
    expect(screen.queryByRole('button', { name: /Add your first/ })).not.toBeInTheDocument();
  });

  it("an admin's own expenses are not read-only", async () => {
    server.use(listHandler());
    renderApp('/app/expenses');
    await screen.findByText('Team lunch');
    expect(screen.getByRole('banner')).not.toHaveTextContent('Read-only');
  });
});

describe('the menu', () => {
  it('groups the links, the Dashboard first, Profile and Logout at its foot', async () => {
    server.use(dashboardHandler());
    renderAs('company', '/app/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const headings = textsOf(nav, 'heading');
    expect(headings).toEqual(['Personal', 'Company', 'Banking', 'Reports', 'Audit']);
    const links = textsOf(nav, 'link');
    expect(links[0]).toBe('Dashboard');
    expect(links.at(-1)).toBe('Profile');
    // The spec's link names are all there.
    for (const name of ['Expenses', 'Lend', 'Borrowed', 'Lend Report', 'Borrowed Report'])
      expect(links).toContain(name);
    const logout = within(nav).getByRole('button', { name: 'Logout' });
    const profile = within(nav).getByRole('link', { name: 'Profile' });
    // Both outside the scrolling part of the menu.
    expect(profile.closest('.overflow-y-auto')).toBeNull();
    expect(logout.closest('.overflow-y-auto')).toBeNull();
  });
});

describe('amount fields', () => {
  function Form({ initial = '' }: { initial?: string }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <AmountField id="amount" value={value} onChange={(e) => setValue(e.target.value)} />
        <output data-testid="typed">{value}</output>
        <button type="button">Elsewhere</button>
      </>
    );
  }

  it('groups the Indian way once left, reads lakh and crore, and hands on the plain number', async () => {
    const { user } = renderWithProviders(<Form />);
    const field = screen.getByLabelText('Amount (₹)');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'decimal');
    await user.type(field, '1250000.5');
    expect(field).toHaveValue('1250000.5');
    expect(field).toHaveAccessibleDescription('₹12,50,000.50 · 12.5 lakh');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(field).toHaveValue('12,50,000.50');
    expect(screen.getByTestId('typed')).toHaveTextContent('1250000.5');
    // Back in it, nothing moves under the cursor; typed over, grouping and ₹ are taken out.
    await user.click(field);
    expect(field).toHaveValue('12,50,000.50');
    await user.clear(field);
    await user.type(field, '₹3,15,00,000');
    expect(screen.getByTestId('typed')).toHaveTextContent(/^31500000$/);
    expect(field).toHaveAccessibleDescription('₹3,15,00,000.00 · 3.15 crore');
  });

  it('reads typed amounts as the server will take them', () => {
    expect(parseRupees('12,50,000.50')).toBe(1250000.5);
    expect(parseRupees('₹ 1,000')).toBe(1000);
    expect(parseRupees('.5')).toBe(0.5);
    for (const bad of ['', '1e3', '12.3.4', 'abc', '1,00,0x'])
      expect(parseRupees(bad), bad).toBeNaN();
    expect(groupRupees(99999999999.99)).toBe('99,99,99,99,999.99');
    expect(lakhCrore(99999)).toBeUndefined();
    expect(lakhCrore(100000)).toBe('1 lakh');
    expect(lakhCrore(123456789)).toBe('12.35 crore');
  });
});

describe('money first', () => {
  interface Row {
    id: string;
    what: string;
    when: string;
    amount: number;
  }
  const columns: Column<Row>[] = [
    serialColumn(),
    { key: 'when', header: 'Date', render: (r) => r.when },
    { key: 'what', header: 'Description', card: 'primary', render: (r) => r.what },
    { key: 'amount', header: 'Amount', card: 'money', render: (r) => `₹${r.amount}` },
    { key: 'note', header: 'Note', render: () => '' },
    { key: 'action', header: 'Action', render: () => <button type="button">...</button> },
  ];

  it('marks each cell for the narrow card and pins the money beside the actions', () => {
    renderWithProviders(
      <DataTable
        caption="Things"
        columns={columns}
        rows={[{ id: '1', what: 'Rent', when: '2026-11-01', amount: 500 }]}
        rowKey={(r) => r.id}
        pinLastColumn
      />,
    );
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-card'))).toEqual([
      'hidden',
      null,
      'primary',
      'money',
      null,
      'actions',
    ]);
    // The rest read "Heading: value" on the card.
    expect(cells[1]).toHaveAttribute('data-label', 'Date');
    expect(cells[3]).toHaveClass('sticky');
    expect(cells[5]).toHaveClass('sticky');
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveClass('sticky');
    expect(screen.getByRole('columnheader', { name: 'Date' })).not.toHaveClass('sticky');
  });

  it('a delete of an expense offers Undo, which restores it', async () => {
    server.use(
      ...undoableDelete('expense', LIST, expensePage, [lunch, cinema], [cinema]),
      http.post('/api/expense/addexpense', () =>
        HttpResponse.json(ExpenseAnswer.parse({ success: true, message: 'x', data: lunch }), {
          status: 201,
        }),
      ),
    );
    const { user } = renderApp('/app/expenses');
    await user.click(await screen.findByRole('button', { name: 'Actions for Team lunch' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await pressInDialog(user, 'Delete expense', 'Delete');
    const said = await screen.findByText('Expense deleted successfully');
    await waitFor(() => expect(screen.queryByText('Team lunch')).not.toBeInTheDocument());
    // The row's menu is gone: the focus goes to the screen, not lost.
    expect(screen.getByRole('main')).toHaveFocus();
    await user.click(within(said.closest('[role="alert"]')!).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Expense restored')).toBeInTheDocument();
    expect(await screen.findByText('Team lunch')).toBeInTheDocument();
  });
});
