import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RecurringPaymentAnswer, RecurringPaymentList } from '../../contract/api/recurringPayments';
import type { Role } from '../../src/api/types';
import { accountsHandler } from './bankFixtures';
import type { RecurringPayment } from '../../src/features/recurringPayments/recurringPaymentsApi';
import { todayLocalISO } from '../../src/lib/dates';
import { expectShown, pick, recordRequests } from './helpers';
import { adminCompanies } from './fixtures/people';
import { server } from './msw';
import {
  asksBeforeDeleting,
  editsWithItsVersion,
  pausesAndResumes,
  SCHEDULED,
  templatePages,
  type TemplateScreen,
} from './scheduleScenarios';
import { renderAs, openDialog, fill } from './fixtures/screens';

const LIST = '/api/company/getrecurringpayments';

const ACCOUNT = { holder_name: 'Lotus Current', account_no: '123456789012', closed: false };
const rows: RecurringPayment[] = [
  {
    _id: 'p1',
    accountId: 'a1',
    account: ACCOUNT,
    paymentType: 'debit',
    amount: 45000,
    remark: 'Salary: Ravi',
    skipped: 2,
    lastSkippedDate: '2026-10-01',
    ...SCHEDULED.monthly,
  },
  {
    _id: 'p2',
    accountId: 'a1',
    account: ACCOUNT,
    paymentType: 'credit',
    amount: 1200,
    remark: 'Parking rent',
    skipped: 0,
    lastSkippedDate: null,
    ...SCHEDULED.weekly,
  },
];

const { page, listHandler } = templatePages(LIST, RecurringPaymentList, rows);
const answer = (message: string, data: RecurringPayment, status = 200) =>
  HttpResponse.json(
    RecurringPaymentAnswer.parse({ success: true, message, data, posted: 0, skipped: 0 }),
    { status },
  );

/** The Recurring Payments screen, signed in as the test user in `role`. */
const renderPayments = (role: Role) => renderAs(role, '/app/recurringpayments');

const paymentsScreen: TemplateScreen<RecurringPayment> = {
  what: 'recurring payment',
  paths: {
    pause: '/company/pauserecurringpayment',
    resume: '/company/resumerecurringpayment',
    delete: '/company/deleterecurringpayment',
  },
  listHandler,
  answer: (message, data) => answer(message, data),
  render: () => renderPayments('company'),
  active: { id: 'p1', name: 'Salary: Ravi', version: 3, row: rows[0]! },
  paused: { id: 'p2', name: 'Parking rent', version: 1, row: rows[1]! },
};

describe('Recurring payments', () => {
  it('lists each template with its account, type, schedule, skipped days and status', async () => {
    server.use(listHandler());
    const log = recordRequests();
    renderPayments('company');
    const salary = (await screen.findByText('Salary: Ravi')).closest('tr')!;
    expectShown(salary, ['Lotus Current · ••9012', 'Debit', '₹45,000.00', 'Monthly on the 1st']);
    expect(within(salary).getByTitle('Last skipped on 2026-10-01')).toHaveTextContent('2');
    expect(within(salary).getByText('Active')).toBeInTheDocument();
    const rent = screen.getByText('Parking rent').closest('tr')!;
    expectShown(rent, ['Weekly on Monday', 'Paused']);
    expect(screen.getByText('2 recurring payments')).toBeInTheDocument();
    const params = new URL(log.to(LIST)[0]!.url).searchParams;
    expect([params.get('sort'), params.get('order')]).toEqual(['nextDate', 'asc']);
  });

  it('adds a monthly debit on an open account: sends the payload and refetches', async () => {
    let created = false;
    server.use(
      accountsHandler(),
      http.get(LIST, () => HttpResponse.json(page(created ? rows : rows.slice(1)))),
      http.post('/api/company/addrecurringpayment', () => {
        created = true;
        return answer('Recurring payment created successfully', rows[0]!, 201);
      }),
    );
    const log = recordRequests();
    const { user } = renderPayments('company');
    await screen.findByText('Parking rent');
    const dialog = await openDialog(user, 'Add Recurring Payment');
    await fill(user, dialog, { 'Amount (₹)': '45000', Remark: 'Salary: Ravi' });
    // No account yet: refused before sending.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('Choose the account it is paid from or into.'),
    ).toBeInTheDocument();
    expect(log.to('/api/company/addrecurringpayment')).toHaveLength(0);
    await pick(user, 'Account', /Lotus Current/);
    await user.selectOptions(within(dialog).getByLabelText('Day of the month'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Recurring payment created successfully')).toBeInTheDocument();
    expect(await log.to('/api/company/addrecurringpayment')[0]!.json()).toEqual({
      accountId: 'a1',
      paymentType: 'debit',
      amount: 45000,
      remark: 'Salary: Ravi',
      schedule: 'monthly',
      day: 1,
      startDate: todayLocalISO(),
      endDate: null,
    });
    // The open accounts only: a closed one takes no payments.
    const picked = new URL(log.to('/api/company/getallbankbyuserid')[0]!.url).searchParams;
    expect(picked.get('state')).toBe('open');
    expect(await screen.findByText('Salary: Ravi')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits a template with its values and sends its id and version', () =>
    editsWithItsVersion(paymentsScreen, {
      title: 'Edit Recurring Payment',
      path: '/company/updaterecurringpayment',
      shows: (dialog) =>
        expect(within(dialog).getByRole('combobox', { name: 'Account' })).toHaveValue(
          'Lotus Current · ••9012',
        ),
      amount: ['46000', 46000],
      sent: {
        accountId: 'a1',
        paymentType: 'debit',
        remark: 'Salary: Ravi',
        schedule: 'monthly',
        day: 1,
        startDate: '2026-01-01',
        endDate: null,
      },
    }));

  it('pauses and resumes, with the version it read', () => pausesAndResumes(paymentsScreen));

  it('asks before deleting, then deletes and toasts', () =>
    asksBeforeDeleting(
      paymentsScreen,
      paymentsScreen.paused,
      'The payments it already posted stay.',
    ));

  it("an admin reads its companies' templates: no Add, no writes in the row menu", async () => {
    server.use(listHandler(), adminCompanies());
    const { user } = renderPayments('admin');
    await screen.findByText('Salary: Ravi');
    expect(screen.queryByRole('button', { name: 'Add Recurring Payment' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Salary: Ravi' }));
    expect(screen.getByRole('button', { name: 'Show' })).toBeInTheDocument();
    for (const name of ['Edit', 'Delete', 'Pause'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
