import { describe, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ordinal } from '../../contract/schedule';
import { useBrowserSuite, visit } from './harness';
import { expectAlert, expectPath, expectText, menuLink, submitDialog, todayIso } from './helpers';
import { journeyPage, person, signUpAndIn } from './steps';
import { rowMenuToggle } from './rows';

/**
 * A recurring expense as a user adds it: monthly rent whose first day is today is recorded
 * at once, shows in the Expenses list and its total, and can be paused and resumed.
 */

const me = person('Rohan Mehta', 'rohan', 'recurring password 1');
/** The browser's calendar day (the SPA sends its time zone: the server's today is the same). */
const today = todayIso();

const suite = useBrowserSuite();
let page: Page;
journeyPage(suite, 'recurring', (opened) => (page = opened));

const dialog = (name: string) => page.getByRole('dialog', { name });
const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const menu = (name: string) => menuLink(page, name);

describe.sequential('recurring expenses', () => {
  test('signs in and opens Recurring from the Personal menu', async () => {
    await signUpAndIn(suite, page, me);
    await menu('Recurring').click();
    await expectPath(page, '/app/recurring');
    await page.getByText('No data').waitFor();
  });

  test("adds monthly rent from today: today's expense is recorded at once", async () => {
    await page.getByRole('button', { name: 'Add Recurring Expense' }).click();
    const form = dialog('Add Recurring Expense');
    await form.getByLabel('Description').fill('Flat rent');
    await form.getByLabel('Amount').fill('25000.50');
    await form.getByLabel('Category').selectOption('other');
    // Monthly, on today's day of the month, from today: the form's defaults.
    await submitDialog(page, form, 'Create', 'Recurring expense created successfully');
    const rent = row('Flat rent');
    await expectText(rent, `Monthly on the ${ordinal(Number(today.slice(8)))}`);
    await expectText(rent, '₹25,000.50');
    await expectText(rent, 'Active');
    await visit(page, 'recurring-list');
  });

  test('the expense is in the Expenses list, with its total', async () => {
    await menu('Expenses').click();
    await expectPath(page, '/app/expenses');
    const expense = row('Flat rent');
    await expectText(expense, today);
    await expectText(expense, '₹25,000.50');
    await expectText(page.getByText(/^Total Amount:/), '₹25,000.50');
  });

  test('pauses and resumes it from its row menu', async () => {
    await menu('Recurring').click();
    // The Expenses list has a Flat rent row too: its menu is not the one wanted.
    await page.getByRole('heading', { level: 2, name: 'Recurring Expenses' }).waitFor();
    await (await rowMenuToggle(page, 'Flat rent')).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expectAlert(page, 'Recurring expense paused');
    await expectText(row('Flat rent'), 'Paused');
    await (await rowMenuToggle(page, 'Flat rent')).click();
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expectAlert(page, 'Recurring expense resumed');
    await expectText(row('Flat rent'), 'Active');
  });
});
