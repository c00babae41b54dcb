import { beforeAll, describe, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit } from './harness';
import {
  addBankAccount,
  expectPath,
  expectText,
  menuLink,
  pickOption,
  signIn,
  submitDialog,
} from './helpers';
import { journeyPage, person, seedCompany } from './steps';

/**
 * A recurring payment as a company adds it: office rent paid from its bank account monthly,
 * from today, is posted at once, and the account's balance shows it.
 */

const admin = person('Anil Rao', 'anil');
const company = { ...person('Nila Textiles', 'nila'), mobile: '9876501234', reg: 'NILA-7' };

const suite = useBrowserSuite();
let page: Page;

// The company and its account, through the API: the test's set-up, not its subject.
beforeAll(async () => {
  const { token } = await seedCompany(suite, admin, company);
  await addBankAccount(suite.server.origin, token, {
    holder_name: 'Nila Current',
    account_no: '556677889900',
    branch: 'Anna Salai',
    ifsc: 'HDFC0001234',
    mobile: '9876501234',
    address: '12 Anna Salai, Chennai',
    openingBalance: 50000,
  });
});
journeyPage(suite, 'recurring-payments', (opened) => (page = opened));

const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const menu = (name: string) => menuLink(page, name);

describe.sequential('recurring payments', () => {
  test('the company opens Recurring Payments under Banking', async () => {
    await signIn(suite, page, company, 'company');
    await menu('Recurring Payments').click();
    await expectPath(page, '/app/recurringpayments');
    await page.getByRole('heading', { level: 2, name: 'Recurring Payments' }).waitFor();
  });

  test("adds monthly office rent from today: today's payment is posted at once", async () => {
    await page.getByRole('button', { name: 'Add Recurring Payment' }).click();
    const form = page.getByRole('dialog', { name: 'Add Recurring Payment' });
    await pickOption(form, 'Account', 'Nila Current · ••9900');
    await form.getByLabel('Type').selectOption('debit');
    await form.getByLabel('Amount').fill('20000');
    await form.getByLabel('Remark').fill('Office rent');
    // Monthly, on today's day of the month, from today: the form's defaults.
    await submitDialog(page, form, 'Create', 'Recurring payment created successfully');
    await expectText(row('Office rent'), '₹20,000.00');
    await expectText(row('Office rent'), 'Active');
    await visit(page, 'recurring-payments-list');
  });

  test("the account's balance is ₹30,000.00 after the rent", async () => {
    await menu('All Bank').click();
    await page.getByRole('heading', { level: 2, name: 'All Bank' }).waitFor();
    await expectText(row('Nila Current'), '₹30,000.00');
  });
});
