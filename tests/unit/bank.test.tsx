import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  BankAccountAnswer,
  PaymentAnswer,
  PaymentList,
  StatementAnswer,
} from '../../contract/api/bank';
import { ReconciliationList } from '../../contract/api/reconciliation';
import type { Role } from '../../src/api/types';
import type { Statement } from '../../src/features/bank/bankApi';
import { accountErrors } from '../../src/features/bank/validation';
import { todayLocalISO } from '../../src/lib/dates';
import { expectAmountRule, expectShown, pick, recordRequests, textsOf } from './helpers';
import { account, accountPage, accountsHandler } from './bankFixtures';
import { BANK_LIST_HEADINGS } from './fixtures/bankList';
import { pressInDialog, renderAs } from './fixtures/screens';
import { adminCompanies } from './fixtures/people';
import { server } from './msw';

/** An entry that says nothing of what it was, and that no bank statement's line holds. */
const NO_DETAILS = {
  mode: null,
  reference: null,
  party: null,
  project: null,
  category: null,
  reconciled: false,
};

/** Latest payments: these entries (none unless given) on one page. */
const paymentsHandler = (data: unknown[] = []) =>
  http.get('/api/company/getpayments', () =>
    HttpResponse.json(
      PaymentList.parse({ success: true, data, total: data.length, page: 1, pageSize: 10 }),
    ),
  );

/**
 * The accounts as the server searches them, none the default: open ones only when asked,
 * one by its id, and never the one it is told to leave out.
 */
const searchedAccountsHandler = (accounts: (typeof account)[]) =>
  http.get('/api/company/getallbankbyuserid', ({ request }) => {
    const query = new URL(request.url).searchParams;
    let data = query.get('defaultStatus') === 'active' ? [] : accounts;
    if (query.get('state') === 'open') data = data.filter((a) => !a.closedAt);
    if (query.get('accountId')) data = data.filter((a) => a._id === query.get('accountId'));
    if (query.get('excludeId')) data = data.filter((a) => a._id !== query.get('excludeId'));
    return HttpResponse.json(accountPage(data, 0));
  });

/** The ledger refusing a payment's debit, under its amount. */
const shortOfBalance = () =>
  http.post('/api/company/addpayment', () =>
    HttpResponse.json(
      {
        success: false,
        message: 'Insufficient balance',
        code: 'insufficient_balance',
        field: 'amount',
      },
      { status: 400 },
    ),
  );

/** Picks the account once the server's answer lists it. */
const chooseAccount = (user: ReturnType<typeof renderAs>['user'], label: string) =>
  pick(user, label, /Lotus Current/);

/** A debit of 1200 for cement, typed into Payment Mode's form. */
async function typeCementDebit(user: ReturnType<typeof renderAs>['user']) {
  await user.type(screen.getByLabelText('Remark'), 'Cement');
  await user.selectOptions(screen.getByLabelText('Payment Type'), 'debit');
  await user.type(screen.getByLabelText('Amount (₹)'), '1200');
}

/** What Submit sent to addpayment, once it has. */
async function sentPayment(log: ReturnType<typeof recordRequests>) {
  await waitFor(() => expect(log.to('/api/company/addpayment')).toHaveLength(1));
  return log.to('/api/company/addpayment')[0]!.json();
}

/** Payment Mode as the company opens it, its account chosen; `handlers` answer first. */
async function openPaymentMode(...handlers: RequestHandler[]) {
  server.use(...handlers, accountsHandler(), paymentsHandler());
  const rendered = renderAs('company', '/app/payment');
  await chooseAccount(rendered.user, 'Account Holder');
  return rendered;
}

const validForm = {
  holder_name: 'Lotus',
  account_no: '123456789012',
  confirm_no: '123456789012',
  branch: 'Fort',
  ifsc: 'SBIN0001234',
  mobile: '9876501234',
  address: 'Mumbai',
  defaultStatus: 'deActive',
  openingBalance: '0',
  bank_name: '',
  overdraftLimit: '0',
};

describe('bank form checks', () => {
  it('accepts a valid account, lower-case IFSC included', () => {
    expect(accountErrors(validForm, true)).toEqual({});
    expect(accountErrors({ ...validForm, ifsc: 'hdfc0000456' }, true)).toEqual({});
  });

  it('refuses a mismatched confirmation, a bad IFSC, a short number', () => {
    expect(accountErrors({ ...validForm, confirm_no: '1234' }, true).confirm_no).toBe(
      'Account numbers do not match',
    );
    for (const ifsc of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN0001234X'])
      expect(accountErrors({ ...validForm, ifsc }, true).ifsc).toBeDefined();
    expect(accountErrors({ ...validForm, account_no: '12345' }, false).account_no).toBeDefined();
    // On update there is no confirmation field.
    expect(accountErrors({ ...validForm, confirm_no: '' }, false)).toEqual({});
  });

  // 19.99 * 100 is 1998.9999999999998: an exact float comparison refused it.
  it('takes the opening balances the server takes: 2 decimals at most, up to 99999999999.99', () => {
    const opening = (openingBalance: string) =>
      accountErrors({ ...validForm, openingBalance }, true).openingBalance;
    for (const ok of ['19.99', '1.10', '0.29', '0', '', '1000.5', '99999999999.99'])
      expect(opening(ok), ok).toBeUndefined();
    for (const bad of ['1.234', '-1', '-0.01', 'abc'])
      expect(opening(bad), bad).toBe('Must be 0 or more, with at most 2 decimals.');
    expect(opening('100000000000')).toBe('Must be at most 99999999999.99.');
    // No opening balance on update.
    expect(accountErrors({ ...validForm, openingBalance: '1.234' }, false)).toEqual({});
  });
});

describe('All Bank', () => {
  async function openCreate(role: Role = 'company') {
    server.use(accountsHandler(), adminCompanies());
    const log = recordRequests();
    const view = renderAs(role, '/app/account');
    await screen.findByText('Lotus Current');
    await view.user.click(screen.getByRole('button', { name: 'Add New Bank' }));
    return { ...view, log };
  }

  async function fill(user: ReturnType<typeof renderAs>['user'], fields: Record<string, string>) {
    const dialog = screen.getByRole('dialog', { name: 'Add New Bank' });
    for (const [label, value] of Object.entries(fields)) {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      await user.type(input, value);
    }
    return dialog;
  }

  const fields = {
    'Holder Name': 'Lotus Savings',
    'Account Number': '998877665544',
    'Confirm Account Number': '998877665544',
    Branch: 'Indiranagar',
    IFSC: 'HDFC0000456',
    Mobile: '9876505678',
    Address: 'Bengaluru',
  };

  it('shows headings and cells in the same order, with the balance', async () => {
    server.use(accountsHandler());
    renderAs('company', '/app/account');
    const row = (await screen.findByText('Lotus Current')).closest('tr')!;
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent!.replace(/[↕▲▼]/g, ''));
    expect(headers).toEqual(BANK_LIST_HEADINGS);
    expect(textsOf(row, 'cell').slice(0, 9)).toEqual([
      '1',
      '01/02/2026',
      'Lotus Current',
      // The last four digits, read as such, and Show (see accountReveal.test.tsx).
      '••9012ending 9012Show the account number of Lotus Current',
      'Fort, Mumbai',
      'SBIN0001234',
      '9876501234',
      'deActive',
      '₹3,801.00',
    ]);
  });

  it('a mismatched confirmation blocks the call', async () => {
    const { user, log } = await openCreate();
    const dialog = await fill(user, { ...fields, 'Confirm Account Number': '998877665500' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Account numbers do not match')).toBeInTheDocument();
    expect(log.to('/api/company/createbank')).toHaveLength(0);
  });

  it('a bad IFSC blocks the call', async () => {
    const { user, log } = await openCreate();
    const dialog = await fill(user, { ...fields, IFSC: 'HDFC1000456' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/Must be 4 letters, a 0/)).toBeInTheDocument();
    expect(log.to('/api/company/createbank')).toHaveLength(0);
  });

  it('a valid form is sent; the server refusal shows its message', async () => {
    server.use(
      http.post('/api/company/createbank', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'An account with this number already exists',
            code: 'duplicate',
            field: 'account_no',
          },
          { status: 409 },
        ),
      ),
    );
    const { user, log } = await openCreate();
    const dialog = await fill(user, { ...fields, 'Opening Balance (₹)': '1000.5' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('An account with this number already exists'),
    ).toBeInTheDocument();
    expect(await log.to('/api/company/createbank')[0]!.json()).toEqual({
      holder_name: 'Lotus Savings',
      account_no: '998877665544',
      confirm_no: '998877665544',
      branch: 'Indiranagar',
      ifsc: 'HDFC0000456',
      mobile: '9876505678',
      address: 'Bengaluru',
      defaultStatus: 'deActive',
      openingBalance: 1000.5,
      bank_name: '',
      overdraftLimit: 0,
    });
  });

  it('the form sends opening balances of 19.99, 1.10 and 0.29; refuses 1.234, -1 and 100000000000', async () => {
    server.use(
      http.post('/api/company/createbank', () =>
        HttpResponse.json(
          { success: false, message: 'Duplicate account', code: 'duplicate' },
          { status: 409 },
        ),
      ),
    );
    const { user, log } = await openCreate();
    const dialog = await fill(user, fields);
    await expectAmountRule(user, dialog, log, '/api/company/createbank', {
      label: 'Opening Balance (₹)',
      key: 'openingBalance',
    });
  });

  it('an admin reads All Bank: Read-only in the header, no Add New Bank, only Show', async () => {
    server.use(accountsHandler(), adminCompanies());
    const { user } = renderAs('admin', '/app/account');
    await screen.findByText('Lotus Current');
    expect(screen.getByRole('banner')).toHaveTextContent('Read-only');
    expect(screen.queryByRole('button', { name: 'Add New Bank' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Lotus Current ••9012' }));
    const panel = document.getElementById(
      screen.getByRole('button', { name: /^Actions for/ }).getAttribute('aria-controls')!,
    )!;
    expect(textsOf(panel, 'button')).toEqual(['Show']);
  });

  it("a company's own All Bank has no Read-only badge", async () => {
    server.use(accountsHandler());
    renderAs('company', '/app/account');
    await screen.findByText('Lotus Current');
    expect(screen.getByRole('banner')).not.toHaveTextContent('Read-only');
    expect(screen.getByRole('button', { name: 'Add New Bank' })).toBeInTheDocument();
  });

  it('an account with payments offers Close account, a closed one Reopen account, an unused one Delete', async () => {
    const used = { ...account, hasPayments: true, defaultStatus: 'active' as const };
    const closed = {
      ...account,
      _id: 'a2',
      holder_name: 'Lotus Savings',
      account_no: '998877665544',
      hasPayments: true,
      version: 3,
      closedAt: '2026-11-20T10:00:00.000Z',
    };
    const unused = {
      ...account,
      _id: 'a3',
      holder_name: 'Lotus Spare',
      account_no: '555566667777',
      hasPayments: false,
    };
    server.use(
      accountsHandler([used, closed, unused]),
      http.post('/api/company/bankaccounts/:id/close', () =>
        HttpResponse.json(
          BankAccountAnswer.parse({
            success: true,
            message: 'Bank account closed successfully',
            data: { ...used, defaultStatus: 'deActive', version: 2, closedAt: closed.closedAt },
          }),
        ),
      ),
      http.post('/api/company/bankaccounts/:id/reopen', () =>
        HttpResponse.json(
          BankAccountAnswer.parse({
            success: true,
            message: 'Bank account reopened successfully',
            data: { ...closed, version: 4, closedAt: null },
          }),
        ),
      ),
    );
    const log = recordRequests();
    const { user } = renderAs('company', '/app/account');
    const items = async (label: string) => {
      const toggle = await screen.findByRole('button', { name: `Actions for ${label}` });
      await user.click(toggle);
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      const names = textsOf(panel, 'button');
      await user.keyboard('{Escape}');
      return names;
    };
    expect(await items('Lotus Current ••9012')).toEqual([
      'Show',
      'Edit',
      'Reconcile',
      'Close account',
    ]);
    expect(await items('Lotus Savings ••5544')).toEqual([
      'Show',
      'Edit',
      'Reconcile',
      'Reopen account',
    ]);
    expect(await items('Lotus Spare ••7777')).toEqual(['Show', 'Edit', 'Reconcile', 'Delete']);
    // The closed account is marked where its name is; the others are not.
    expect(screen.getByText('Lotus Savings').closest('td')).toHaveTextContent(
      'Lotus SavingsClosed',
    );
    expect(screen.getAllByText('Closed')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Actions for Lotus Current ••9012' }));
    await user.click(screen.getByRole('button', { name: 'Close account' }));
    const dialog = screen.getByRole('dialog', { name: 'Close bank account' });
    expect(dialog).toHaveTextContent('it stays in the books');
    expect(dialog).toHaveTextContent('refuses new payments');
    expect(dialog).toHaveTextContent('no longer the default account');
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await screen.findByText('Bank account closed successfully')).toBeInTheDocument();
    expect(await log.to('/api/company/bankaccounts/a1/close')[0]!.json()).toEqual({ version: 1 });

    await user.click(screen.getByRole('button', { name: 'Actions for Lotus Savings ••5544' }));
    await user.click(screen.getByRole('button', { name: 'Reopen account' }));
    const reopen = screen.getByRole('dialog', { name: 'Reopen bank account' });
    expect(reopen).toHaveTextContent('will take payments again');
    await user.click(within(reopen).getByRole('button', { name: 'Reopen account' }));
    expect(await screen.findByText('Bank account reopened successfully')).toBeInTheDocument();
    expect(await log.to('/api/company/bankaccounts/a2/reopen')[0]!.json()).toEqual({
      version: 3,
    });
    expect(log.to('/api/company/deletebank')).toHaveLength(0);
    expect(log.to('/api/company/updatebankaccount')).toHaveLength(0);
  });

  it("Reconcile opens the account's reconciliation with the account chosen", async () => {
    server.use(
      accountsHandler(),
      http.get('/api/company/reconciliations', () =>
        HttpResponse.json(
          ReconciliationList.parse({ success: true, data: [], total: 0, page: 1, pageSize: 20 }),
        ),
      ),
    );
    const { user, location } = renderAs('company', '/app/account');
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Lotus Current ••9012' }),
    );
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    expect(location().pathname).toBe('/app/reconciliation');
    expect(location().search).toBe('?accountId=a1');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Bank account' })).toHaveValue(
        'Lotus Current · ••9012',
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'Reconciliations of this account' }),
    ).toBeInTheDocument();
  });

  it('a refused close shows the server message', async () => {
    server.use(
      accountsHandler([{ ...account, hasPayments: true }]),
      http.post('/api/company/bankaccounts/:id/close', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'This record was changed by someone else. Reload to see it.',
            code: 'stale_record',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderAs('company', '/app/account');
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Lotus Current ••9012' }),
    );
    await user.click(screen.getByRole('button', { name: 'Close account' }));
    await pressInDialog(user, 'Close bank account', 'Close account');
    expect(
      await screen.findByText('This record was changed by someone else. Reload to see it.'),
    ).toBeInTheDocument();
  });

  it('an admin sees a closed account marked, and no Close or Reopen', async () => {
    const closed = { ...account, hasPayments: true, closedAt: '2026-11-20T10:00:00.000Z' };
    const used = { ...account, _id: 'a2', account_no: '998877665544', hasPayments: true };
    server.use(accountsHandler([closed, used]), adminCompanies());
    const { user } = renderAs('admin', '/app/account');
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    for (const label of ['Lotus Current ••9012', 'Lotus Current ••5544']) {
      const toggle = screen.getByRole('button', { name: `Actions for ${label}` });
      await user.click(toggle);
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(textsOf(panel, 'button')).toEqual(['Show']);
      await user.keyboard('{Escape}');
    }
  });

  it('editing a closed account cannot make it the default', async () => {
    server.use(
      accountsHandler([{ ...account, hasPayments: true, closedAt: '2026-11-20T10:00:00.000Z' }]),
    );
    const { user } = renderAs('company', '/app/account');
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Lotus Current ••9012' }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Bank Account' });
    const select = within(dialog).getByLabelText('Default');
    expect(select).toBeDisabled();
    expect(select).toHaveValue('deActive');
    expect(select).toHaveAccessibleDescription(
      'This account is closed, so it cannot be the default. Reopen it first.',
    );
  });
});

describe('Payment Mode', () => {
  it('names each missing field under it and sends nothing', async () => {
    const { user } = await openPaymentMode();
    const log = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Remark')).toHaveAccessibleDescription('Enter a remark.');
    expect(screen.getByLabelText('Payment Type')).toHaveAccessibleDescription(
      'Choose Credit or Debit.',
    );
    expect(screen.getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the amount.'),
    );
    // The first one missing has the focus; filling one in takes its message away alone.
    expect(screen.getByLabelText('Remark')).toHaveFocus();
    await user.type(screen.getByLabelText('Remark'), 'Rent');
    expect(screen.getByLabelText('Remark')).not.toHaveAccessibleDescription('Enter a remark.');
    await user.selectOptions(screen.getByLabelText('Payment Type'), 'debit');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the amount.'),
    );
    expect(screen.getByLabelText('Payment Type')).not.toHaveAccessibleDescription(
      'Choose Credit or Debit.',
    );
    // A cheque needs its number, named under it.
    await user.type(screen.getByLabelText('Amount (₹)'), '100');
    await user.selectOptions(screen.getByLabelText('Mode'), 'cheque');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Cheque number')).toHaveAccessibleDescription(
      'Enter the cheque number.',
    );
    expect(screen.queryByText('Please fill in all fields.')).not.toBeInTheDocument();
    expect(log.to('/api/company/addpayment')).toHaveLength(0);
  });

  it('writes the payment date as DD/MM/YYYY and sends the day typed either way', async () => {
    const { user } = await openPaymentMode(shortOfBalance());
    const log = recordRequests();
    const date = screen.getByLabelText('Date');
    const [year, month, day] = todayLocalISO().split('-');
    expect(date).toHaveValue(`${day}/${month}/${year}`);
    await user.clear(date);
    await user.type(date, '05/11/2026');
    await typeCementDebit(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await sentPayment(log)).toMatchObject({ date: '2026-11-05' });
    // A date typed as YYYY-MM-DD is read too.
    await user.clear(date);
    await user.type(date, '2026-11-06');
    await user.tab();
    expect(date).toHaveValue('2026-11-06');
    expect(date).not.toHaveAccessibleDescription(/Enter the date/);
  });

  it('sends the mode, reference and party with the payment', async () => {
    const { user } = await openPaymentMode(
      http.post('/api/company/addpayment', () =>
        HttpResponse.json(
          { success: false, message: 'Not now', code: 'internal' },
          { status: 500 },
        ),
      ),
    );
    const log = recordRequests();
    await typeCementDebit(user);
    await user.selectOptions(screen.getByLabelText('Mode'), 'neft');
    await user.type(screen.getByLabelText('Reference (UTR, cheque number)'), 'UTR42');
    await user.selectOptions(screen.getByLabelText('Party'), 'name');
    await user.type(screen.getByLabelText('Party name'), 'Tea stall');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await sentPayment(log)).toEqual({
      accountId: 'a1',
      date: expect.any(String),
      remark: 'Cement',
      paymentType: 'debit',
      amount: 1200,
      mode: 'neft',
      reference: 'UTR42',
      party: { kind: 'name', name: 'Tea stall' },
    });
  });

  it('shows the chosen account; changing the type keeps the amount and shows the balance after', async () => {
    const { user } = await openPaymentMode();
    const card = await screen.findByRole('group', { name: 'Account details' });
    expect(card).toHaveTextContent('₹3,801.00');
    expect(card).toHaveTextContent('SBIN0001234');
    expect(card).toHaveTextContent('12 Marine Drive');
    await user.type(screen.getByLabelText('Remark'), 'Rent');
    await user.selectOptions(screen.getByLabelText('Payment Type'), 'credit');
    await user.type(screen.getByLabelText('Amount (₹)'), '250');
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue('250');
    expect(screen.getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      'Balance before: ₹3,801.00, after: ₹4,051.00',
    );
    await user.selectOptions(screen.getByLabelText('Payment Type'), 'debit');
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue('250.00');
    expect(screen.getByLabelText('Remark')).toHaveValue('Rent');
    expect(screen.getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      'Balance before: ₹3,801.00, after: ₹3,551.00',
    );
  });

  it('shows an overdraft account’s limit, drawn and available', async () => {
    server.use(
      accountsHandler([{ ...account, balance: -1500, overdraftLimit: 5000, bank_name: 'SBI' }]),
      paymentsHandler(),
    );
    const { user } = renderAs('company', '/app/payment');
    await chooseAccount(user, 'Account Holder');
    const card = await screen.findByRole('group', { name: 'Account details' });
    expect(card).toHaveTextContent('Limit₹5,000.00');
    expect(card).toHaveTextContent('Drawn₹1,500.00');
    expect(card).toHaveTextContent('Available₹3,500.00');
    expect(card).toHaveTextContent('BankSBI');
    expect(screen.getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      'Available balance: ₹3,500.00 (with the overdraft limit of ₹5,000.00)',
    );
  });

  it('starts on the default account and shows what is available under Amount', async () => {
    const spare = { ...account, _id: 'a2', holder_name: 'Lotus Spare', account_no: '555566667777' };
    const main = { ...account, defaultStatus: 'active' as const };
    server.use(
      http.get('/api/company/getallbankbyuserid', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const data = query.get('defaultStatus') === 'active' ? [main] : [spare, main];
        const id = query.get('accountId');
        return HttpResponse.json(accountPage(id ? data.filter((a) => a._id === id) : data, 0));
      }),
      paymentsHandler(),
    );
    const { location } = renderAs('company', '/app/payment');
    expect(await screen.findByRole('group', { name: 'Account details' })).toHaveTextContent(
      'Lotus Current',
    );
    expect(screen.getByRole('combobox', { name: 'Account Holder' })).toHaveValue(
      'Lotus Current · ••9012',
    );
    expect(location().search).toBe('?accountId=a1');
    expect(screen.getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      'Available balance: ₹3,801.00',
    );
  });

  it('offers only open accounts, and starts on the only open one', async () => {
    const closed = {
      ...account,
      _id: 'a2',
      holder_name: 'Lotus Old',
      account_no: '555566667777',
      closedAt: '2026-11-20T10:00:00.000Z',
    };
    server.use(searchedAccountsHandler([closed, account]), paymentsHandler());
    const log = recordRequests();
    const { user, location } = renderAs('company', '/app/payment');
    await waitFor(() => expect(location().search).toBe('?accountId=a1'));
    const picker = screen.getByRole('combobox', { name: 'Account Holder' });
    await user.click(picker);
    expect(await screen.findByRole('option', { name: /Lotus Current/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Lotus Old/ })).not.toBeInTheDocument();
    const searches = log
      .to('/api/company/getallbankbyuserid')
      .map((r) => new URL(r.url).searchParams)
      .filter((q) => q.get('sort') === 'holder_name');
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((q) => q.get('state') === 'open')).toBe(true);
  });

  it('a closed account opened from the address shows its payments, with no form', async () => {
    const closed = { ...account, closedAt: '2026-11-20T10:00:00.000Z' };
    server.use(accountsHandler([closed]), paymentsHandler());
    renderAs('company', '/app/payment?accountId=a1');
    expect(await screen.findByRole('group', { name: 'Account details' })).toHaveTextContent(
      '₹3,801.00',
    );
    expect(
      screen.getByText('This bank account is closed: reopen it under All Bank to record payments.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer to another account' })).toBeNull();
    expect(await screen.findByRole('table', { name: /Latest payments/ })).toBeInTheDocument();
  });

  it("an admin reads its companies' accounts: Read-only, and no payment form", async () => {
    server.use(accountsHandler(), paymentsHandler(), adminCompanies());
    const { user } = renderAs('admin', '/app/payment');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Payment Mode' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Read-only');
    expect(await screen.findByLabelText('Company')).toBeInTheDocument();
    await chooseAccount(user, 'Account Holder');
    expect(await screen.findByRole('group', { name: 'Account details' })).toHaveTextContent(
      '₹3,801.00',
    );
    expect(screen.queryByRole('form', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Amount (₹)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('records a payment and shows "Insufficient balance" from the server', async () => {
    const { user } = await openPaymentMode(shortOfBalance());
    const log = recordRequests();
    await user.type(screen.getByLabelText('Remark'), 'Too much');
    await user.selectOptions(screen.getByLabelText('Payment Type'), 'debit');
    await user.type(screen.getByLabelText('Amount (₹)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Under the amount it is about, not in a toast; the form keeps what was typed.
    const amount = screen.getByLabelText('Amount (₹)');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Insufficient balance'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Insufficient balance')).toHaveLength(1);
    expect(amount).toHaveValue('5,000.00');
    expect(screen.getByLabelText('Remark')).toHaveValue('Too much');
    // Changing the amount clears it.
    await user.type(amount, '1');
    expect(amount).not.toHaveAccessibleDescription('Insufficient balance');
    const body = await log.to('/api/company/addpayment')[0]!.json();
    expect(body).toMatchObject({ accountId: 'a1', paymentType: 'debit', amount: 5000 });
  });
});

describe('Payment Mode corrections', () => {
  const entry = (overrides: Record<string, unknown>) => ({
    _id: 'p1',
    accountId: 'a1',
    date: '2026-11-02',
    remark: 'Invoice 9',
    paymentType: 'credit' as const,
    amount: 500,
    balanceAfter: 3801,
    createdAt: '2026-11-02T10:00:00.000Z',
    reversesId: null,
    reversedById: null,
    transferAccount: null,
    ...overrides,
  });

  it('shows how entries are linked and reverses one with a dated, linked entry', async () => {
    const SHORT =
      'Insufficient balance: this debit would take the account below zero on 02/11/2026';
    let reversals = 0;
    const rows = [
      entry({ _id: 'p3', remark: 'Reversal: Rent', paymentType: 'credit', reversesId: 'p2' }),
      entry({ _id: 'p2', remark: 'Rent', paymentType: 'debit', reversedById: 'p3' }),
      entry({
        _id: 'p4',
        remark: 'Float',
        paymentType: 'debit',
        transferAccount: { _id: 'a2', holder_name: 'Site', account_no: '99887766' },
      }),
      entry({}),
    ];
    const { user } = await openPaymentMode(
      paymentsHandler(rows),
      http.post('/api/company/payments/:id/reverse', () =>
        ++reversals === 1
          ? HttpResponse.json(
              {
                success: false,
                message: SHORT,
                code: 'insufficient_balance',
                field: 'date',
              },
              { status: 400 },
            )
          : HttpResponse.json(
              PaymentAnswer.parse({
                success: true,
                message: 'Payment reversed',
                data: { payment: entry({ _id: 'p5', reversesId: 'p1' }), balance: 3301 },
              }),
              { status: 201 },
            ),
      ),
    );
    const log = recordRequests();
    const table = await screen.findByRole('table', { name: /Latest payments/ });
    expectShown(table, ['Reversal', 'Reversed', 'Transfer to Site (••7766)']);
    // A reversal, and a payment already reversed, cannot be reversed again.
    expect(within(table).getAllByRole('button', { name: /^Reverse / })).toHaveLength(2);

    await user.click(within(table).getByRole('button', { name: /^Reverse credit .*Invoice 9/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse payment' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('02/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    // A balance the reversal would take below zero is its date's refusal, under the date.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription(SHORT),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Payment reversed')).toBeInTheDocument();
    const [call] = log.to('/api/company/payments/p1/reverse');
    expect(await call!.json()).toEqual({ date: '2026-11-02', remark: 'Reversal: Invoice 9' });
  });

  it('an admin sees the links but no Reverse or Transfer', async () => {
    server.use(accountsHandler(), adminCompanies(), paymentsHandler([entry({})]));
    const { user } = renderAs('admin', '/app/payment');
    await chooseAccount(user, 'Account Holder');
    await screen.findByText('Invoice 9');
    expect(screen.queryByRole('button', { name: /^Reverse / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer to another account' })).toBeNull();
  });

  it('marks a reconciled entry and offers no Reverse until its reconciliation is undone', async () => {
    await openPaymentMode(
      paymentsHandler([
        entry({ _id: 'p1', remark: 'Rent April', reconciled: true }),
        entry({ _id: 'p2', remark: 'Invoice 9' }),
      ]),
    );
    const table = await screen.findByRole('table', { name: /Latest payments/ });
    const rent = within(table).getByText('Rent April').closest('tr')!;
    expectShown(rent, ['Reconciled', 'Undo its reconciliation to reverse it']);
    expect(within(rent).queryByRole('button', { name: /^Reverse / })).toBeNull();
    const other = within(table).getByText('Invoice 9').closest('tr')!;
    expect(within(other).queryByText('Reconciled')).toBeNull();
    expect(within(other).getByRole('button', { name: /^Reverse / })).toBeInTheDocument();
  });

  it('Transfer never offers the account money leaves, and names each missing field under it', async () => {
    const site = { ...account, _id: 'a2', holder_name: 'Lotus Site', account_no: '555566667777' };
    server.use(searchedAccountsHandler([account, site]), paymentsHandler());
    const log = recordRequests();
    const { user } = renderAs('company', '/app/payment?accountId=a1');
    await user.click(await screen.findByRole('button', { name: 'Transfer to another account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer between accounts' });
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(
      within(dialog).getByRole('combobox', { name: 'To account' }),
    ).toHaveAccessibleDescription('Choose the account to credit.');
    expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription('Enter the date.');
    expect(within(dialog).getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      /Enter the amount\./,
    );
    expect(within(dialog).getByLabelText('Remark')).toHaveAccessibleDescription('Enter a remark.');
    expect(screen.queryByText('Please fill in all fields.')).toBeNull();

    await user.click(within(dialog).getByRole('combobox', { name: 'To account' }));
    expect(await within(dialog).findByRole('option', { name: /Lotus Site/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: /Lotus Current/ })).toBeNull();
    const searches = log
      .to('/api/company/getallbankbyuserid')
      .map((r) => new URL(r.url).searchParams)
      .filter((q) => q.get('sort') === 'holder_name' && q.get('excludeId'));
    expect(searches.map((q) => q.get('excludeId'))).toContain('a1');
    await user.click(within(dialog).getByRole('option', { name: /Lotus Site/ }));
    // Choosing the account forgets what was said under it; the others stay.
    expect(
      within(dialog).getByRole('combobox', { name: 'To account' }),
    ).not.toHaveAccessibleDescription('Choose the account to credit.');
    expect(within(dialog).getByLabelText('Remark')).toHaveAccessibleDescription('Enter a remark.');
  });
});

describe('Payment Mode amounts', () => {
  it('sends 19.99, 1.10 and 0.29; says what is wrong with 1.234, -1 and 100000000000', async () => {
    const { user } = await openPaymentMode(shortOfBalance());
    const log = recordRequests();
    await user.type(screen.getByLabelText('Remark'), 'Rent');
    await user.selectOptions(screen.getByLabelText('Payment Type'), 'debit');
    const send = async (amount: string) => {
      await user.clear(screen.getByLabelText('Amount (₹)'));
      await user.type(screen.getByLabelText('Amount (₹)'), amount);
      await user.click(screen.getByRole('button', { name: 'Submit' }));
    };
    for (const [bad, message] of [
      ['1.234', 'Must be more than 0, with at most 2 decimals.'],
      ['-1', 'Must be more than 0, with at most 2 decimals.'],
      ['100000000000', 'Must be at most 99999999999.99.'],
    ]) {
      await send(bad!);
      expect(await screen.findByText(message!)).toBeInTheDocument();
    }
    expect(log.to('/api/company/addpayment')).toHaveLength(0);

    for (const [n, good] of ['19.99', '1.10', '0.29'].entries()) {
      await send(good);
      await waitFor(() => expect(log.to('/api/company/addpayment')).toHaveLength(n + 1));
    }
    const sent = await Promise.all(log.to('/api/company/addpayment').map((r) => r.json()));
    expect(sent.map((b) => b.amount)).toEqual([19.99, 1.1, 0.29]);
  }, 15_000);
});

describe('Report List', () => {
  /** A line of account a1's statement, recorded on 5 November, that says nothing more. */
  const statementLine = (
    line: Pick<
      Statement['entries'][number],
      '_id' | 'date' | 'remark' | 'paymentType' | 'amount' | 'balance'
    >,
  ) => ({
    accountId: 'a1',
    createdAt: '2026-11-05T10:00:00.000Z',
    reversesId: null,
    reversedById: null,
    transferAccount: null,
    ...NO_DETAILS,
    ...line,
  });
  const statement: Statement = {
    account,
    matching: null,
    from: '2026-11-01',
    to: '2026-11-30',
    openingBalance: 1000.5,
    totalCredits: 5001.25,
    totalDebits: 1200.25,
    closingBalance: 4801.5,
    total: 2,
    page: 1,
    pageSize: 20,
    cursors: null,
    entries: [
      statementLine({
        _id: 'x1',
        date: '2026-11-03',
        remark: 'Invoice 17',
        paymentType: 'credit',
        amount: 5001.25,
        balance: 6001.75,
      }),
      statementLine({
        _id: 'x2',
        date: '2026-11-04',
        remark: 'Office rent',
        paymentType: 'debit',
        amount: 1200.25,
        balance: 4801.5,
      }),
    ],
  };

  /** The statement the server answers: November's unless told otherwise. */
  const statementHandler = (data: Statement = statement) =>
    http.get('/api/company/statement', () =>
      HttpResponse.json(StatementAnswer.parse({ success: true, data })),
    );

  /** Asks for the account's November statement. */
  async function showNovember(user: ReturnType<typeof renderAs>['user']) {
    await chooseAccount(user, 'Bank Account');
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2026-11-01');
    await user.clear(screen.getByLabelText('End Date'));
    await user.type(screen.getByLabelText('End Date'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it('renders the opening balance, each entry with its running balance, and the closing', async () => {
    server.use(accountsHandler(), statementHandler());
    const log = recordRequests();
    const { user } = renderAs('company', '/app/report');
    await showNovember(user);

    const opening = (await screen.findByRole('rowheader', { name: 'Opening Balance' })).closest(
      'tr',
    )!;
    expect(opening).toHaveTextContent('₹1,000.50');
    expect(screen.getByText('Office rent').closest('tr')).toHaveTextContent('₹4,801.50');
    // A bank list writes its dates DD/MM/YYYY.
    expect(screen.getByText('Office rent').closest('tr')).toHaveTextContent('04/11/2026');
    expect(screen.getByText(/^Statement from/)).toHaveTextContent(
      'Statement from 01/11/2026 to 30/11/2026',
    );
    const closing = screen.getByRole('rowheader', { name: 'Closing Balance' }).closest('tr')!;
    expect(closing).toHaveTextContent('₹5,001.25');
    expect(closing).toHaveTextContent('₹1,200.25');
    expect(closing).toHaveTextContent('₹4,801.50');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    const params = new URL(log.to('/api/company/statement')[0]!.url).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      accountId: 'a1',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '1',
      pageSize: '20',
    });
  }, 15_000);

  it("shows a cash-credit account's limit, drawn and available, and marks a reconciled entry", async () => {
    const cashCredit = { ...account, balance: -2500.5, overdraftLimit: 20000 };
    server.use(
      accountsHandler([cashCredit]),
      statementHandler({
        ...statement,
        account: cashCredit,
        entries: [{ ...statement.entries[0]!, reconciled: true }, statement.entries[1]!],
      }),
    );
    const { user } = renderAs('company', '/app/report');
    await showNovember(user);
    const card = await screen.findByRole('group', { name: 'Account details' });
    const figure = (label: string) => within(card).getByText(label).nextElementSibling;
    expect(figure('Current Balance')).toHaveTextContent('-₹2,500.50');
    expect(figure('Limit')).toHaveTextContent('₹20,000.00');
    expect(figure('Drawn')).toHaveTextContent('₹2,500.50');
    expect(figure('Available')).toHaveTextContent('₹17,499.50');
    expect(screen.getByText('Invoice 17').closest('tr')).toHaveTextContent('Reconciled');
    expect(screen.getByText('Office rent').closest('tr')).not.toHaveTextContent('Reconciled');
  }, 30_000);

  it("a statement entry's card leads with its own amount, the running balance labelled under it", async () => {
    server.use(accountsHandler(), statementHandler());
    const { user } = renderAs('company', '/app/report');
    await showNovember(user);
    const credit = (await screen.findByText('Invoice 17')).closest('tr')!;
    const debit = screen.getByText('Office rent').closest('tr')!;
    // On a phone the money cell is the card's large figure (index.css, table.cards).
    const lead = (row: HTMLElement) => row.querySelector('td[data-card="money"]:not(:empty)');
    expect(lead(credit)).toHaveTextContent('₹5,001.25');
    expect(lead(credit)).toHaveAttribute('data-label', 'Credit');
    expect(lead(debit)).toHaveTextContent('₹1,200.25');
    expect(lead(debit)).toHaveAttribute('data-label', 'Debit');
    const balance = debit.querySelector('td[data-label="Balance"]')!;
    expect(balance).toHaveTextContent('₹4,801.50');
    expect(balance).not.toHaveAttribute('data-card');
  });

  it('filters by mode, party and text, shows what each entry was, and what matches', async () => {
    const cheque = {
      ...statement.entries[1]!,
      mode: 'cheque' as const,
      reference: '004512',
      party: { kind: 'vendor' as const, id: 'v1', name: 'Steel Traders' },
    };
    server.use(
      accountsHandler(),
      statementHandler({
        ...statement,
        total: 1,
        entries: [cheque],
        matching: { credits: 0, debits: 1200.25 },
      }),
    );
    const log = recordRequests();
    const { user } = renderAs('company', '/app/report?accountId=a1&from=2026-11-01&to=2026-11-30');
    // The lazy screen compiles on first use: slow beside the other test projects.
    await screen.findByText('Office rent', undefined, { timeout: 15_000 });
    await user.selectOptions(screen.getByLabelText('Mode'), 'cheque');
    await user.selectOptions(screen.getByLabelText('Party'), 'vendor');
    await user.type(screen.getByLabelText('Search'), 'steel');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(
        log
          .to('/api/company/statement')
          .map((r) => Object.fromEntries(new URL(r.url).searchParams)),
      ).toContainEqual({
        accountId: 'a1',
        from: '2026-11-01',
        to: '2026-11-30',
        mode: 'cheque',
        partyKind: 'vendor',
        search: 'steel',
        page: '1',
        pageSize: '20',
      }),
    );
    // The filtered statement is in once it says what matches.
    expect(await screen.findByText(/that match/)).toHaveTextContent('debits ₹1,200.25');
    // The rows may still be the previous page's while the filtered page renders.
    expect((await screen.findByText('Office rent')).closest('tr')).toHaveTextContent(
      'Cheque 004512 · Party: Steel Traders',
    );
  }, 30_000);

  it('starts on the only account; the statement shown is kept in the address', async () => {
    server.use(accountsHandler(), statementHandler());
    const { user, location } = renderAs('company', '/app/report');
    const picker = await screen.findByRole('combobox', { name: 'Bank Account' });
    await waitFor(() => expect(picker).toHaveValue('Lotus Current · ••9012'));
    await user.click(screen.getByRole('button', { name: 'This month' }));
    const { from, to } = Object.fromEntries(new URLSearchParams(location().search));
    expect(from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(new URLSearchParams(location().search).get('accountId')).toBe('a1');
    expect(to! > from!).toBe(true);
    expect(await screen.findByText('Office rent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This month' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('opens the statement the address names, as a shared link or a reload does', async () => {
    server.use(accountsHandler(), statementHandler());
    renderAs('company', '/app/report?accountId=a1&from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('Office rent')).toBeInTheDocument();
    expect(screen.getByLabelText('Start Date')).toHaveValue('01/11/2026');
    expect(screen.getByLabelText('End Date')).toHaveValue('30/11/2026');
  });

  it('says an end before the start under the end date, and Submit sends nothing', async () => {
    server.use(accountsHandler());
    const log = recordRequests();
    const { user } = renderAs('company', '/app/report');
    await chooseAccount(user, 'Bank Account');
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2026-11-30');
    await user.clear(screen.getByLabelText('End Date'));
    await user.type(screen.getByLabelText('End Date'), '2026-11-01');
    expect(screen.getByLabelText('End Date')).toHaveAccessibleDescription(
      'End date must be on or after the start date',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(log.to('/api/company/statement')).toHaveLength(0);
  });

  it("pages the entries: Next asks for page 2 and shows its rows, the figures stay the range's", async () => {
    // 25 credits of ₹10 from ₹1,000: entry n leaves ₹1,000 + 10n.
    const entry = (n: number) =>
      statementLine({
        _id: `e${n}`,
        date: '2026-11-05',
        remark: `Entry ${n}`,
        paymentType: 'credit',
        amount: 10,
        balance: 1000 + 10 * n,
      });
    const figures = {
      account,
      openingBalance: 1000,
      totalCredits: 250,
      totalDebits: 0,
      closingBalance: 1250,
      total: 25,
      pageSize: 20,
    };
    let releasePage2 = () => {};
    const page2Held = new Promise<void>((resolve) => (releasePage2 = resolve));
    server.use(
      accountsHandler(),
      http.get('/api/company/statement', async ({ request }) => {
        const query = new URL(request.url).searchParams;
        const page = Number(query.get('page'));
        if (page === 2) await page2Held;
        const numbers = page === 1 ? [...Array(20).keys()].map((i) => i + 1) : [21, 22, 23, 24, 25];
        return HttpResponse.json(
          StatementAnswer.parse({
            success: true,
            data: {
              ...figures,
              from: query.get('from'),
              to: query.get('to'),
              page,
              entries: numbers.map(entry),
              cursors: { first: `p${page}-first`, last: `p${page}-last` },
            },
          }),
        );
      }),
    );
    const log = recordRequests();
    const { user } = renderAs('company', '/app/report');
    await chooseAccount(user, 'Bank Account');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const figure = (label: string) =>
      screen.getAllByRole('term').find((t) => t.textContent === label)!.nextElementSibling;
    const expectFigures = () => {
      expect(figure('Opening Balance')).toHaveTextContent('₹1,000.00');
      expect(figure('Total Credits')).toHaveTextContent('₹250.00');
      expect(figure('Total Debits')).toHaveTextContent('₹0.00');
      expect(figure('Closing Balance')).toHaveTextContent('₹1,250.00');
    };
    const balanceRow = (label: string) =>
      screen.getByRole('rowheader', { name: label }).closest('tr')!;

    expect(await screen.findByText('Entry 20')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText(/25 entries/)).toBeInTheDocument();
    expectFigures();
    expect(balanceRow('Opening Balance')).toHaveTextContent('₹1,000.00');
    expect(balanceRow('Carried Forward')).toHaveTextContent('₹1,200.00');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    // While page 2 loads, the range's figures stay and the old rows go.
    await waitFor(() => expect(screen.queryByText('Entry 20')).not.toBeInTheDocument());
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading…');
    expect(screen.queryByRole('rowheader', { name: 'Carried Forward' })).not.toBeInTheDocument();
    expectFigures();
    releasePage2();

    expect(await screen.findByText('Entry 21')).toBeInTheDocument();
    expect(screen.getByText('Entry 21').closest('tr')).toHaveTextContent('₹1,210.00');
    expect(screen.getAllByRole('row').filter((r) => /Entry \d/.test(r.textContent!))).toHaveLength(
      5,
    );
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expectFigures();
    expect(balanceRow('Brought Forward')).toHaveTextContent('₹1,200.00');
    const closing = balanceRow('Closing Balance');
    expect(closing).toHaveTextContent('₹250.00');
    expect(closing).toHaveTextContent('₹1,250.00');
    const pages = log.to('/api/company/statement').map((r) => new URL(r.url).searchParams);
    // Next is read from page 1's last entry, not by summing the 20 in front.
    expect(pages.map((q) => [q.get('page'), q.get('pageSize'), q.get('after')])).toEqual([
      ['1', '20', null],
      ['2', '20', 'p1-last'],
    ]);

    // Another range starts again at page 1.
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Entry 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    const last = new URL(log.to('/api/company/statement').at(-1)!.url).searchParams;
    expect([last.get('from'), last.get('page'), last.get('after')]).toEqual([
      '2026-10-01',
      '1',
      null,
    ]);
  });
});

describe('bank account update', () => {
  it('Edit opens the update modal without the confirmation and sends the changes', async () => {
    server.use(
      accountsHandler(),
      http.post('/api/company/updatebankaccount', () =>
        HttpResponse.json(
          BankAccountAnswer.parse({
            success: true,
            message: 'Bank account updated successfully',
            data: { ...account, defaultStatus: 'active' },
          }),
        ),
      ),
    );
    const log = recordRequests();
    const { user } = renderAs('company', '/app/account');
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Lotus Current ••9012' }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Bank Account' });
    expect(within(dialog).queryByLabelText('Confirm Account Number')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Opening Balance (₹)')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Default'), 'active');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Bank account updated successfully')).toBeInTheDocument();
    // The account's own details as listed, with Default as chosen.
    const { _id, version, holder_name, account_no, branch, ifsc, mobile, address } = account;
    expect(await log.to('/api/company/updatebankaccount')[0]!.json()).toEqual({
      ...{ _id, version, holder_name, account_no, branch, ifsc, mobile, address },
      defaultStatus: 'active',
      bank_name: '',
      overdraftLimit: 0,
    });
  });
});
