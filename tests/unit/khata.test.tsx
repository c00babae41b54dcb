import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  KhataEntryAnswer,
  KhataLedgerAnswer,
  KhataPersonAnswer,
  UpiSettingsAnswer,
} from '../../contract/api/khata';
import { refusal, renderApp, renderSignedOut } from './fixtures/screens';
import { server } from './msw';

/**
 * A person's page and its reminder sheet: the message asks for what the person owes on
 * balance, the figure the page states, with a UPI link for exactly that amount.
 */

const PERSON_ID = '00000000-0000-4000-8000-000000000001';
const LEND_ID = '00000000-0000-4000-8000-000000000002';

/** Mohan was lent ₹1,000 and lent the user ₹300 back: he owes ₹700 on balance. */
const ledger = KhataLedgerAnswer.parse({
  success: true,
  data: {
    person: { _id: PERSON_ID, name: 'Mohan', mobile: '+919811100000', email: null, version: 1 },
    net: 700,
    theyOwe: 1000,
    iOwe: 300,
    events: [
      {
        _id: LEND_ID,
        date: '2026-11-01',
        kind: 'lend',
        loanId: LEND_ID,
        amount: 1000,
        change: 1000,
        balance: 1000,
        note: '',
        channel: null,
      },
      {
        _id: '00000000-0000-4000-8000-000000000003',
        date: '2026-11-02',
        kind: 'borrowed',
        loanId: '00000000-0000-4000-8000-000000000003',
        amount: 300,
        change: -300,
        balance: 700,
        note: '',
        channel: null,
      },
    ],
    totalEvents: 2,
    openLends: [
      {
        _id: LEND_ID,
        outstanding: 1000,
        issueDate: '2026-11-01',
        repaymentDate: '2026-11-20',
        autoRemind: false,
      },
    ],
  },
});

describe("a person's reminder sheet", () => {
  it('asks for what the person owes on balance, as the page says, with its UPI link', async () => {
    server.use(
      http.get(`/api/khata/people/${PERSON_ID}`, () => HttpResponse.json(ledger)),
      http.get('/api/user/upi', () =>
        HttpResponse.json(
          UpiSettingsAnswer.parse({
            success: true,
            data: { upiId: 'asha@okhdfcbank', name: 'Asha' },
          }),
        ),
      ),
    );
    const { user } = renderApp(`/app/khata?person=${PERSON_ID}`);
    expect((await screen.findByTestId('khata-net')).textContent).toBe('Mohan owes you ₹700.00');

    await user.click(screen.getByRole('button', { name: 'Remind' }));
    const sheet = screen.getByRole('dialog', { name: 'Remind Mohan' });
    const message = within(sheet).getByLabelText('Message');
    const text = [
      'Hello Mohan,',
      'A reminder from Asha: ₹700.00 is due to me (due date 20/11/2026).',
      'Pay by UPI: upi://pay?pa=asha@okhdfcbank&pn=Asha&am=700.00&tn=Repayment%20to%20Asha&cu=INR',
      'Thank you.',
    ].join('\n');
    await waitFor(() => expect(message).toHaveValue(text));
    expect(within(sheet).getByText(/^Due:/).textContent).toBe('Due: ₹700.00 (due date 20/11/2026)');
    expect(within(sheet).getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/919811100000?text=${encodeURIComponent(text)}`,
    );
  });
});

describe('You gave', () => {
  it('offers reminders on schedule once a due date is given, and sends them with it', async () => {
    let sent: unknown;
    server.use(
      http.get(`/api/khata/people/${PERSON_ID}`, () => HttpResponse.json(ledger)),
      http.post(`/api/khata/people/${PERSON_ID}/entries`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          KhataEntryAnswer.parse({
            success: true,
            message: 'Entry recorded',
            data: { repaid: 0, newLoanId: LEND_ID, net: 800 },
          }),
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp(`/app/khata?person=${PERSON_ID}`);
    await screen.findByTestId('khata-net');
    await user.click(screen.getByRole('button', { name: 'You gave' }));
    const form = screen.getByRole('dialog', { name: 'You gave Mohan' });
    const remind = within(form).getByRole('checkbox', { name: /give a due date first/ });
    expect(remind).toBeDisabled();

    await user.type(within(form).getByLabelText('Amount (₹)'), '100');
    await user.type(within(form).getByLabelText('Due date (optional)'), '30/12/2099');
    const enabled = within(form).getByRole('checkbox', { name: /^Remind me on the due date/ });
    expect(enabled).toBeEnabled();
    await user.click(enabled);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toMatchObject({
        type: 'gave',
        amount: 100,
        dueDate: '2099-12-30',
        autoRemind: true,
      }),
    );
  });
});

describe("a person's Edit", () => {
  it('shows the mobile number as people read it, and saves it so', async () => {
    let sent: unknown;
    server.use(
      http.get(`/api/khata/people/${PERSON_ID}`, () => HttpResponse.json(ledger)),
      http.put(`/api/khata/people/${PERSON_ID}`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          KhataPersonAnswer.parse({
            success: true,
            message: 'Person saved',
            data: { ...ledger.data.person, version: 2 },
          }),
        );
      }),
    );
    const { user } = renderApp(`/app/khata?person=${PERSON_ID}`);
    await screen.findByTestId('khata-net');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('dialog', { name: 'Edit Mohan' });
    expect(within(form).getByLabelText('Mobile')).toHaveValue('+91 98111 00000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual({ name: 'Mohan', mobile: '+91 98111 00000', email: '', version: 1 }),
    );
  });
});

describe('a shared statement link', () => {
  const TOKEN = 'x'.repeat(43);
  it('that was revoked says so, with nothing to retry', async () => {
    server.use(
      http.get(`/api/public/khata/${TOKEN}`, () =>
        refusal('This statement link was withdrawn by its sender. Please ask for a new one.', {
          code: 'invalid_link',
          status: 404,
        }),
      ),
    );
    renderSignedOut(`/statement/${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This statement link was withdrawn by its sender. Please ask for a new one.',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('opened too often for now says so, and offers Retry', async () => {
    server.use(
      http.get(`/api/public/khata/${TOKEN}`, () =>
        refusal('Too many tries. Please try again later.', { code: 'rate_limited', status: 429 }),
      ),
    );
    renderSignedOut(`/statement/${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Too many tries.');
  });
});
