import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CounterpartyHistoryAnswer, CounterpartyList } from '../../contract/api/counterparties';
import { Message } from '../../contract/api/fields';
import { LoanAnswer, LoanList, RepaymentAnswer, RepaymentList } from '../../contract/api/loans';
import type { Loan } from '../../src/features/loans/loansApi';
import { todayLocalISO } from '../../src/lib/dates';
import {
  captureSaves,
  expectAmountRule,
  expectShown,
  recordRequests,
  renderWithProviders,
} from './helpers';
import { onePage } from './fixtures/pages';
import { undoableDelete } from './fixtures/undo';
import { server } from './msw';
import { renderApp, openDialog, fill, refill, refusal } from './fixtures/screens';

const LEND_LIST = '/api/lend/getuseralllends';
const BORROWED_LIST = '/api/borrowed/getuserallborroweds';

const ravi: Loan = {
  _id: 'l1',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  mobile: null,
  counterpartyId: 'p1',
  autoRemind: false,
  amount: 150000.5,
  repaid: 50000,
  outstanding: 100000.5,
  status: 'overdue',
  issueDate: '2025-01-10',
  repaymentDate: '2025-02-10',
  createdAt: '2025-01-10T08:00:00.000Z',
  version: 1,
};
const meera: Loan = {
  _id: 'l2',
  name: 'Meera Iyer',
  email: 'meera@example.com',
  mobile: '+919876543210',
  counterpartyId: 'p2',
  autoRemind: false,
  amount: 2500,
  repaid: 2500,
  outstanding: 0,
  status: 'settled',
  issueDate: '2025-03-01',
  repaymentDate: '2025-04-01',
  createdAt: '2025-03-01T08:00:00.000Z',
  version: 1,
};
const rows = [ravi, meera];

/** A page as the server answers it (checked against the contract's answer). */
function page(data: Loan[]) {
  const sum = (k: 'amount' | 'repaid' | 'outstanding') =>
    data.reduce((s, r) => s + Math.round(r[k] * 100), 0) / 100;
  return LoanList.parse(
    onePage(data, {
      totalAmount: sum('amount'),
      repaidAmount: sum('repaid'),
      outstandingAmount: sum('outstanding'),
    }),
  );
}

const listHandler = (path = LEND_LIST, data: Loan[] = rows) =>
  http.get(path, () => HttpResponse.json(page(data)));

type User = ReturnType<typeof renderWithProviders>['user'];

async function rowAction(user: User, name: string, action: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^Actions for ${name}`) }));
  await user.click(screen.getByRole('button', { name: action }));
}

/** Lend created: the 201 answer naming `data`. */
const lendCreated = (data: Loan) =>
  http.post('/api/lend/addlend', () =>
    HttpResponse.json(
      LoanAnswer.parse({ success: true, message: 'Lend created successfully', data }),
      { status: 201 },
    ),
  );

/** All Lend's Add New Lend, opened; `addlend` answers its Create. */
async function openAddLend(addlend: RequestHandler) {
  server.use(listHandler(), addlend);
  const log = recordRequests();
  const { user } = renderApp('/app/lend');
  await screen.findByText('Ravi Kumar');
  const dialog = await openDialog(user, 'Add New Lend');
  return { user, log, dialog };
}

describe('All Lend', () => {
  it('shows the spec columns, the status as a word, and the server totals in rupees', async () => {
    server.use(listHandler());
    const log = recordRequests();
    renderApp('/app/lend');
    const row = (await screen.findByText('Ravi Kumar')).closest('tr')!;
    expect(
      screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual([
      'S.no',
      'Name',
      'Email',
      'Amount',
      'IssueDate',
      'RepaymentDate',
      'Status',
      'Outstanding',
      'Actions',
    ]);
    // Nine columns: compact, with its Actions and what is outstanding always in view.
    expect(screen.getByRole('table')).toHaveAttribute('data-density', 'compact');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass('sticky');
    expect(within(row).getAllByRole('cell').at(-1)).toHaveClass('sticky');
    expectShown(row, [
      'ravi@example.com',
      '₹1,50,000.50',
      '₹1,00,000.50',
      '2025-01-10',
      '2025-02-10',
      'Overdue',
    ]);
    const settled = screen.getByText('Meera Iyer').closest('tr')!;
    expect(within(settled).getByText('Settled')).toBeInTheDocument();

    const summary = screen.getByText(/^Total Amount:/);
    expect(summary).toHaveTextContent('Total Amount: ₹1,52,500.50');
    expect(summary).toHaveTextContent('Outstanding: ₹1,00,000.50');
    expect(summary).toHaveTextContent('2 entries');

    // Due/overdue are judged against the user's local date.
    const params = new URL(log.to(LEND_LIST)[0]!.url).searchParams;
    expect(params.get('today')).toBe(todayLocalISO());
  });

  it('totals follow the search (the server answers the filtered sums)', async () => {
    server.use(
      http.get(LEND_LIST, ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        return HttpResponse.json(
          page(rows.filter((r) => r.name.toLowerCase().includes(search.toLowerCase()))),
        );
      }),
    );
    const { user } = renderApp('/app/lend');
    await screen.findByText('Ravi Kumar');
    await user.type(screen.getByLabelText('Search lend by name or email'), 'meera');
    await waitFor(() =>
      expect(screen.getByText(/^Total Amount:/)).toHaveTextContent(
        'Total Amount: ₹2,500.00 · Outstanding: ₹0.00 · 1 entry',
      ),
    );
    expect(screen.queryByText('Ravi Kumar')).not.toBeInTheDocument();
    expect(screen.getByText('Meera Iyer')).toBeInTheDocument();
  });

  it('a search matching more than it counts says 10,000+ entries and shows no partial sum', async () => {
    server.use(
      http.get(LEND_LIST, ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        if (!search) return HttpResponse.json(page(rows));
        return HttpResponse.json(
          LoanList.parse({
            ...page([ravi]),
            total: 10_000,
            totalCapped: true,
            totalAmount: null,
            repaidAmount: null,
            outstandingAmount: null,
          }),
        );
      }),
    );
    const { user } = renderApp('/app/lend');
    await screen.findByText('Meera Iyer');
    await user.type(screen.getByLabelText('Search lend by name or email'), 'kumar');
    await screen.findByText('10,000+ entries · narrow the search to see their total');
    expect(screen.queryByText(/^Total Amount:/)).toBeNull();
    expect(screen.queryByText('₹0.00')).toBeNull();
  });

  it('creates a lend with every field, typed: email as email, amount as decimal text', async () => {
    const { user, log, dialog } = await openAddLend(lendCreated(ravi));
    for (const label of ['Name', 'Email', 'Amount (₹)', 'Issue Date', 'Repayment Date']) {
      expect(within(dialog).getByLabelText(label)).toBeRequired();
    }
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    // Text with the decimal keypad: a mouse wheel over it changes nothing.
    expect(within(dialog).getByLabelText('Amount (₹)')).toHaveAttribute('type', 'text');
    expect(within(dialog).getByLabelText('Amount (₹)')).toHaveAttribute('inputmode', 'decimal');
    // Dates written YYYY-MM-DD, as the lend list writes them, whatever the browser's language.
    expect(within(dialog).getByLabelText('Issue Date')).toHaveAttribute(
      'placeholder',
      'YYYY-MM-DD',
    );
    expect(within(dialog).getByLabelText('Issue Date')).toHaveValue(todayLocalISO());

    await fill(user, dialog, {
      Name: ' Anil ',
      Email: 'anil@example.com',
      'Amount (₹)': '1234.56',
    });
    await user.clear(within(dialog).getByLabelText('Issue Date'));
    await fill(user, dialog, { 'Issue Date': '2025-05-01', 'Repayment Date': '2025-06-01' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Lend created successfully')).toBeInTheDocument();
    expect(await log.to('/api/lend/addlend')[0]!.json()).toEqual({
      name: 'Anil',
      email: 'anil@example.com',
      amount: 1234.56,
      issueDate: '2025-05-01',
      repaymentDate: '2025-06-01',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes a person by mobile only: a wrong number is said under Mobile, Email is then not needed', async () => {
    const { user, log, dialog } = await openAddLend(lendCreated(meera));
    await fill(user, dialog, { Name: 'Meera', Mobile: '12345' });
    expect(within(dialog).getByLabelText('Email')).not.toBeRequired();
    await fill(user, dialog, { 'Amount (₹)': '2500', 'Repayment Date': '2099-06-01' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/Mobile must be an Indian mobile number/)).toBeVisible();
    expect(log.to('/api/lend/addlend')).toHaveLength(0);

    await refill(user, dialog, { Mobile: '98765 43210' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Lend created successfully')).toBeInTheDocument();
    expect(await log.to('/api/lend/addlend')[0]!.json()).toMatchObject({
      name: 'Meera',
      email: '',
      mobile: '98765 43210',
      amount: 2500,
    });
  });

  it('sends amounts of 19.99, 1.10 and 0.29; refuses 1.234, -1 and 100000000000', async () => {
    const { user, log, dialog } = await openAddLend(
      http.post('/api/lend/addlend', () => refusal('Refused')),
    );
    await fill(user, dialog, {
      Name: 'Anil',
      Email: 'anil@example.com',
      'Repayment Date': '2099-06-01',
    });
    await expectAmountRule(user, dialog, log, '/api/lend/addlend');
  });

  it("shows the server's 400 (repayment before issue) under that field and keeps the form open", async () => {
    server.use(
      listHandler(),
      http.post('/api/lend/updatelend', () =>
        refusal('repaymentDate must be on or after issueDate', { field: 'repaymentDate' }),
      ),
    );
    const log = recordRequests();
    const { user } = renderApp('/app/lend');
    await screen.findByText('Ravi Kumar');
    await rowAction(user, 'Ravi Kumar', 'Edit');
    const dialog = screen.getByRole('dialog', { name: 'Edit Lend' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ravi Kumar');
    await refill(user, dialog, { 'Repayment Date': '2024-12-31' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    const repaymentDate = within(dialog).getByLabelText('Repayment Date');
    await waitFor(() =>
      expect(repaymentDate).toHaveAccessibleDescription(
        'repaymentDate must be on or after issueDate',
      ),
    );
    expect(repaymentDate).toHaveAttribute('aria-invalid', 'true');
    // Said once, under the field: not in a toast as well.
    expect(screen.getAllByText('repaymentDate must be on or after issueDate')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit Lend' })).toBeInTheDocument();
    expect(repaymentDate).toHaveValue('2024-12-31');
    // Fixing either date takes the message away.
    await user.clear(within(dialog).getByLabelText('Issue Date'));
    expect(repaymentDate).not.toHaveAttribute('aria-invalid');
    expect((await log.to('/api/lend/updatelend')[0]!.json())._id).toBe('l1');
  });

  it('shows the spec failure toast when a save fails on the server side', async () => {
    server.use(
      listHandler(BORROWED_LIST),
      http.post('/api/borrowed/addborrowed', () =>
        refusal('Something went wrong', { code: 'internal', status: 500 }),
      ),
    );
    const { user } = renderApp('/app/borrowed');
    await screen.findByText('Ravi Kumar');
    const dialog = await openDialog(user, 'Add New Borrowed');
    await fill(user, dialog, {
      Name: 'Anil',
      Email: 'anil@example.com',
      'Amount (₹)': '10',
      'Repayment Date': '2099-01-01',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Failed to create or update borrowed. Please try again.'),
    ).toBeInTheDocument();
  });

  it('deletes after a confirmation, and toasts the spec failure when it fails', async () => {
    server.use(
      listHandler(),
      http.post('/api/lend/deletelend', () => HttpResponse.error()),
    );
    const log = recordRequests();
    const { user } = renderApp('/app/lend');
    await screen.findByText('Ravi Kumar');
    await rowAction(user, 'Ravi Kumar', 'Delete');
    const confirm = screen.getByRole('dialog', { name: 'Delete lend' });
    expect(log.to('/api/lend/deletelend')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete lend. Please try again.')).toBeInTheDocument();
    expect(await log.to('/api/lend/deletelend')[0]!.json()).toEqual({ id: 'l1' });
  });

  it('a delete offers Undo, which brings the entry back and refreshes the list and totals', async () => {
    server.use(...undoableDelete('lend', LEND_LIST, page, rows, [meera]));
    const log = recordRequests();
    const { user } = renderApp('/app/lend');
    await screen.findByText('Ravi Kumar');
    await rowAction(user, 'Ravi Kumar', 'Delete');
    const confirm = screen.getByRole('dialog', { name: 'Delete lend' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('Lend deleted successfully')).closest('[role="alert"]')!;
    await waitFor(() => expect(screen.queryByText('Ravi Kumar')).not.toBeInTheDocument());
    expect(screen.getByText(/^Total Amount:/)).toHaveTextContent('Total Amount: ₹2,500.00');

    await user.click(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Lend restored')).toBeInTheDocument();
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText(/^Total Amount:/)).toHaveTextContent('Total Amount: ₹1,52,500.50'),
    );
    expect(await log.to('/api/lend/restorelend')[0]!.json()).toEqual({ id: 'l1' });
  });

  it('sendEmail: success shows the server message, failure the spec text', async () => {
    let fail = false;
    server.use(
      listHandler(),
      http.post('/api/user/sendemaillend', () =>
        fail
          ? HttpResponse.json(
              {
                success: false,
                message: 'SMTP said no: 550 mailbox unavailable',
                code: 'mail_not_sent',
              },
              { status: 502 },
            )
          : HttpResponse.json(
              Message.parse({ success: true, message: 'Reminder email sent successfully' }),
            ),
      ),
    );
    const log = recordRequests();
    const { user } = renderApp('/app/lend');
    await screen.findByText('Ravi Kumar');
    await rowAction(user, 'Ravi Kumar', 'sendEmail');
    expect(await screen.findByText('Reminder email sent successfully')).toBeInTheDocument();
    expect((await log.to('/api/user/sendemaillend')[0]!.json())._id).toBe('l1');

    fail = true;
    await rowAction(user, 'Ravi Kumar', 'sendEmail');
    expect(await screen.findByText('Failed to send email. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/SMTP said no/)).not.toBeInTheDocument();
  });

  it('Borrowed has the same screen without sendEmail', async () => {
    server.use(listHandler(BORROWED_LIST));
    const { user } = renderApp('/app/borrowed');
    await screen.findByText('Ravi Kumar');
    expect(screen.getByRole('heading', { level: 2, name: 'All Borrowed' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Actions for Ravi Kumar/ }));
    expect(screen.getByRole('button', { name: 'Repayments' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'sendEmail' })).not.toBeInTheDocument();
  });
});

describe('Repayments', () => {
  it('lists the repayments, records one, and shows the server refusing more than outstanding', async () => {
    server.use(
      listHandler(),
      http.get('/api/lend/getrepayments', () =>
        HttpResponse.json(
          RepaymentList.parse({
            success: true,
            data: [
              {
                _id: 'r1',
                loanId: 'l1',
                date: '2025-01-20',
                amount: 50000,
                remark: 'cash',
                createdAt: '2025-01-20T08:00:00.000Z',
              },
            ],
          }),
        ),
      ),
      http.post('/api/lend/addrepayment', async ({ request }) => {
        const body = (await request.json()) as { amount: number; date: string; remark: string };
        return body.amount > 100000.5
          ? refusal('amount cannot be more than what is outstanding (₹1,00,000.50)', {
              field: 'amount',
            })
          : HttpResponse.json(
              RepaymentAnswer.parse({
                success: true,
                message: 'Repayment recorded successfully',
                data: {
                  _id: 'r2',
                  loanId: 'l1',
                  date: body.date,
                  amount: body.amount,
                  remark: body.remark,
                  createdAt: `${body.date}T08:00:00.000Z`,
                },
              }),
              { status: 201 },
            );
      }),
    );
    const log = recordRequests();
    const { user } = renderApp('/app/lend');
    await screen.findByText('Ravi Kumar');
    await rowAction(user, 'Ravi Kumar', 'Repayments');
    const dialog = screen.getByRole('dialog', { name: 'Repayments: Ravi Kumar' });
    const repaid = (await within(dialog).findByText('cash')).closest('tr')!;
    expectShown(repaid, ['2025-01-20', '₹50,000.00']);
    expect(within(dialog).getByText('₹1,00,000.50')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Amount (₹)'), '200000');
    await user.click(within(dialog).getByRole('button', { name: 'Record Repayment' }));
    expect(
      await screen.findByText('amount cannot be more than what is outstanding (₹1,00,000.50)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      'amount cannot be more than what is outstanding (₹1,00,000.50)',
    );

    await user.clear(within(dialog).getByLabelText('Amount (₹)'));
    await fill(user, dialog, { 'Amount (₹)': '500.25', Remark: 'UPI' });
    await user.click(within(dialog).getByRole('button', { name: 'Record Repayment' }));
    expect(await screen.findByText('Repayment recorded successfully')).toBeInTheDocument();
    expect(await log.to('/api/lend/addrepayment')[1]!.json()).toEqual({
      loanId: 'l1',
      date: todayLocalISO(),
      amount: 500.25,
      remark: 'UPI',
    });
  });
});

describe('Repayment amounts', () => {
  it('sends 19.99, 1.10 and 0.29; refuses 1.234, -1 and 100000000000', async () => {
    server.use(
      listHandler(),
      http.get('/api/lend/getrepayments', () =>
        HttpResponse.json(RepaymentList.parse({ success: true, data: [] })),
      ),
      http.post('/api/lend/addrepayment', () => refusal('Refused')),
    );
    const log = recordRequests();
    const { user } = renderApp('/app/lend');
    await screen.findByText('Ravi Kumar');
    await rowAction(user, 'Ravi Kumar', 'Repayments');
    const dialog = screen.getByRole('dialog', { name: 'Repayments: Ravi Kumar' });
    await within(dialog).findByText('No repayments yet');
    await expectAmountRule(user, dialog, log, '/api/lend/addrepayment', {
      button: 'Record Repayment',
    });
  });
});

describe('Lend Report and Borrowed Report', () => {
  it('starts with both dates at local today and asks the server for that range', async () => {
    server.use(listHandler());
    const log = recordRequests();
    // A search left in the address (a list's link) is not the report's: it has no search box.
    renderApp('/app/lendreport?q=ravi');
    expect(await screen.findByLabelText('Start Date')).toHaveValue(todayLocalISO());
    expect(screen.getByRole('heading', { level: 2, name: 'Lend Report' })).toBeInTheDocument();
    expect(screen.getByLabelText('End Date')).toHaveValue(todayLocalISO());
    await screen.findByText('Ravi Kumar');
    const params = new URL(log.to(LEND_LIST)[0]!.url).searchParams;
    expect(params.get('from')).toBe(todayLocalISO());
    expect(params.get('to')).toBe(todayLocalISO());
    expect(params.has('search')).toBe(false);
    // No actions in a report.
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Total Amount:/ })).toHaveTextContent(
      '₹1,52,500.50',
    );
  });

  it(
    'Submit sends from/to; an end before the start shows a message and sends nothing',
    {
      timeout: 15_000,
    },
    async () => {
      server.use(
        http.get(BORROWED_LIST, ({ request }) => {
          const from = new URL(request.url).searchParams.get('from');
          return HttpResponse.json(page(from === '2025-01-01' ? [ravi] : []));
        }),
      );
      const log = recordRequests();
      const { user } = renderApp('/app/borrowedreport');
      await screen.findByLabelText('Start Date');
      expect(
        screen.getByRole('heading', { level: 2, name: 'Borrowed Report' }),
      ).toBeInTheDocument();
      await screen.findByText('No data');

      await user.clear(screen.getByLabelText('Start Date'));
      await user.type(screen.getByLabelText('Start Date'), '2025-03-01');
      await user.clear(screen.getByLabelText('End Date'));
      await user.type(screen.getByLabelText('End Date'), '2025-02-01');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(
        await screen.findByText('End date must be on or after the start date'),
      ).toBeInTheDocument();
      expect(log.to(BORROWED_LIST)).toHaveLength(1);

      await user.clear(screen.getByLabelText('Start Date'));
      await user.type(screen.getByLabelText('Start Date'), '2025-01-01');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
      expect(screen.queryByText('End date must be on or after the start date')).toBeNull();
      const params = new URL(log.to(BORROWED_LIST).at(-1)!.url).searchParams;
      expect(params.get('from')).toBe('2025-01-01');
      expect(params.get('to')).toBe('2025-02-01');
      expect(screen.getByRole('button', { name: /^Total Amount:/ })).toHaveTextContent(
        '₹1,50,000.50',
      );

      // The total button reloads and puts both dates back to today.
      await user.click(screen.getByRole('button', { name: /^Total Amount:/ }));
      expect(screen.getByLabelText('Start Date')).toHaveValue(todayLocalISO());
      expect(screen.getByLabelText('End Date')).toHaveValue(todayLocalISO());
      await waitFor(() =>
        expect(new URL(log.to(BORROWED_LIST).at(-1)!.url).searchParams.get('from')).toBe(
          todayLocalISO(),
        ),
      );
    },
  );

  describe('Export CSV', () => {
    afterEach(() => vi.restoreAllMocks());

    it('fetches the filtered rows with the bearer header and saves them as a file', async () => {
      let auth: string | null = null;
      let query = '';
      server.use(
        listHandler(),
        http.get('/api/lend/export', ({ request }) => {
          auth = request.headers.get('authorization');
          query = new URL(request.url).search;
          return new HttpResponse('S.no,Name\n1,Ravi Kumar\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="lend-report-x.csv"',
            },
          });
        }),
      );
      const { clicked, blob } = captureSaves();
      const { user } = renderApp('/app/lendreport');
      await screen.findByText('Ravi Kumar');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(auth).toBe('Bearer tok-1');
      const params = new URLSearchParams(query);
      expect(params.get('from')).toBe(todayLocalISO());
      expect(params.get('to')).toBe(todayLocalISO());
      expect(clicked[0]!.download).toBe('lend-report-x.csv');
      expect(clicked[0]!.href).toBe('blob:csv');
      expect(await blob().text()).toBe('S.no,Name\n1,Ravi Kumar\n');
    });

    it("tells the server's refusal, and a 401 ends the session like any other call", async () => {
      let status = 429;
      server.use(
        listHandler(),
        http.get('/api/lend/export', () =>
          HttpResponse.json(
            {
              success: false,
              message: 'Too many exports. Try again in a minute.',
              code: status === 401 ? 'unauthorized' : 'rate_limited',
            },
            { status },
          ),
        ),
      );
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
      const { user, location, store } = renderApp('/app/lendreport');
      await screen.findByText('Ravi Kumar');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Too many exports. Try again in a minute.')).toBeVisible();
      status = 401;
      // The button comes back once the refused download has settled.
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(location().pathname).toBe('/login'));
      expect(store.getState().session.token).toBeNull();
      expect(click).not.toHaveBeenCalled();
    });
  });
});

describe('People', () => {
  it('lists everyone with They owe / I owe / Net and opens a history with running balance', async () => {
    server.use(
      http.get('/api/user/getcounterparties', () =>
        HttpResponse.json(
          CounterpartyList.parse({
            success: true,
            data: [
              {
                _id: 'p1',
                name: 'Ravi Kumar',
                email: 'ravi@example.com',
                mobile: null,
                theyOwe: 1000,
                iOwe: 250.5,
                net: 749.5,
              },
            ],
            theyOweAmount: 1000,
            iOweAmount: 250.5,
            netAmount: 749.5,
            total: 1,
            page: 1,
            pageSize: 20,
          }),
        ),
      ),
      http.get('/api/user/getcounterparty', ({ request }) => {
        expect(new URL(request.url).searchParams.get('email')).toBe('ravi@example.com');
        return HttpResponse.json(
          CounterpartyHistoryAnswer.parse({
            success: true,
            data: {
              name: 'Ravi Kumar',
              email: 'ravi@example.com',
              balance: 749.5,
              events: [
                {
                  date: '2025-01-01',
                  kind: 'lend',
                  loanId: 'a',
                  amount: 1000,
                  change: 1000,
                  balance: 1000,
                  remark: '',
                },
                {
                  date: '2025-01-05',
                  kind: 'borrowed',
                  loanId: 'b',
                  amount: 250.5,
                  change: -250.5,
                  balance: 749.5,
                  remark: '',
                },
              ],
            },
          }),
        );
      }),
    );
    const { user } = renderApp('/app/people');
    const row = (await screen.findByRole('button', { name: 'Ravi Kumar' })).closest('tr')!;
    expectShown(row, ['₹1,000.00', '₹250.50', '₹749.50']);
    expect(screen.getByText(/^They owe:/)).toHaveTextContent(
      'They owe: ₹1,000.00 · I owe: ₹250.50 · Net: ₹749.50',
    );

    const dialog = await openDialog(user, 'Ravi Kumar', 'History: Ravi Kumar');
    expect(await within(dialog).findByText(/Ravi Kumar owes you/)).toHaveTextContent(
      'Ravi Kumar owes you ₹749.50',
    );
    const events = within(dialog).getAllByRole('row').slice(1);
    expect(events.map((r) => r.textContent)).toEqual([
      '2025-01-01Lent to them₹1,000.00+₹1,000.00₹1,000.00—',
      '2025-01-05Borrowed from them₹250.50-₹250.50₹749.50—',
    ]);
  });
});
