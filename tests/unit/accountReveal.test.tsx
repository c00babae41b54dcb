import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { StatementAnswer } from '../../contract/api/bank';
import type { Account, Statement } from '../../src/features/bank/bankApi';
import { lastFourOf } from '../../src/ui/AccountNumber';
import { account, accountsHandler } from './bankFixtures';
import { openRowMenu, renderAs } from './fixtures/screens';
import { adminCompanies } from './fixtures/people';
import { server } from './msw';

const lotus: Account = { ...account, bank_name: 'State Bank of India' };
const payroll: Account = {
  ...lotus,
  _id: 'a2',
  holder_name: 'Lotus Payroll',
  account_no: '998877665544',
};

/** The accounts as the server sends them: whole to their company, the last four to its admin. */
function accounts(data: Account[]) {
  server.use(accountsHandler(data), adminCompanies());
}

const cellOf = (holder: string) =>
  within(screen.getByText(holder).closest('tr')!).getAllByRole('cell')[3]!;

/** `details` gives Account No by its last four digits, and the whole number on Show. */
async function expectMaskedUntilShown(
  user: ReturnType<typeof renderAs>['user'],
  details: HTMLElement,
) {
  expect(details).toHaveTextContent('Account No••9012');
  expect(details).not.toHaveTextContent('123456789012');
  await user.click(
    within(details).getByRole('button', { name: 'Show the account number of Lotus Current' }),
  );
  expect(details).toHaveTextContent('123456789012');
}

describe('account numbers, masked until shown', () => {
  it('writes a number by its last four digits, and one already so as it is', () => {
    expect(lastFourOf('123456789012')).toBe('••9012');
    expect(lastFourOf('••9012')).toBe('••9012');
  });

  it("shows the company its numbers' last four, each whole on Show and put away on Hide", async () => {
    accounts([lotus, payroll]);
    const { user } = renderAs('company', '/app/account');
    await screen.findByText('Lotus Current');
    const lotusCell = cellOf('Lotus Current');
    expect(lotusCell).toHaveTextContent('••9012');
    expect(lotusCell).not.toHaveTextContent('123456789012');
    expect(cellOf('Lotus Payroll')).toHaveTextContent('••5544');

    const show = within(lotusCell).getByRole('button', {
      name: 'Show the account number of Lotus Current',
    });
    // Its name says what it does; not also a pressed toggle, announced twice.
    expect(show).not.toHaveAttribute('aria-pressed');
    // By keyboard: focus it and press Enter.
    show.focus();
    await user.keyboard('{Enter}');
    expect(lotusCell).toHaveTextContent('123456789012');
    const hide = within(lotusCell).getByRole('button', {
      name: 'Hide the account number of Lotus Current',
    });
    expect(hide).toHaveFocus();
    // One account at a time: the other stays masked.
    expect(cellOf('Lotus Payroll')).not.toHaveTextContent('998877665544');

    await user.keyboard(' ');
    expect(lotusCell).not.toHaveTextContent('123456789012');
    expect(lotusCell).toHaveTextContent('••9012');
  });

  it("masks a row's Show details and its menu's name by the last four digits too", async () => {
    accounts([lotus]);
    const { user } = renderAs('company', '/app/account');
    const menu = await openRowMenu(user, 'Lotus Current ••9012');
    await user.click(within(menu).getByRole('button', { name: 'Show' }));
    const details = await screen.findByRole('dialog', { name: 'Data Details' });
    await expectMaskedUntilShown(user, details);
  });

  it('gives an admin, who gets only the last four digits, nothing to show', async () => {
    accounts([{ ...lotus, account_no: '••9012' }]);
    renderAs('admin', '/app/account');
    await screen.findByText('Lotus Current');
    expect(cellOf('Lotus Current')).toHaveTextContent('••9012');
    expect(within(cellOf('Lotus Current')).queryByRole('button', { name: /^Show/ })).toBeNull();
  });

  it("masks the statement header's account number too, shown whole on demand", async () => {
    const statement: Statement = {
      account: lotus,
      matching: null,
      from: '2026-11-01',
      to: '2026-11-30',
      openingBalance: 0,
      totalCredits: 0,
      totalDebits: 0,
      closingBalance: 0,
      total: 0,
      page: 1,
      pageSize: 20,
      cursors: null,
      entries: [],
    };
    accounts([lotus]);
    server.use(
      http.get('/api/company/statement', () =>
        HttpResponse.json(StatementAnswer.parse({ success: true, data: statement })),
      ),
    );
    const { user } = renderAs('company', '/app/report?accountId=a1&from=2026-11-01&to=2026-11-30');
    const details = await screen.findByRole('group', { name: 'Account details' });
    await expectMaskedUntilShown(user, details);
  });
});
