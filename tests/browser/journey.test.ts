import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowserSuite, visit, watchPage, type PageWatch } from './harness';
import {
  expectAlert,
  expectCount,
  expectPath,
  expectText,
  journeySteps,
  logIn,
  submitDialog,
} from './helpers';
import { person } from './steps';

/**
 * The walking skeleton's journey, as one person would take it in one browser: register,
 * log in with a type, track expenses exact to the paisa, search, dashboard totals, a
 * second tab kept fresh, profile, logout in every tab. Each step needs the previous one,
 * so after a failure the rest are skipped rather than failing for the same reason.
 */

const admin = person('Asha Rao', 'asha');

const suite = useBrowserSuite();
const url = suite.url;
let context: BrowserContext;
let page: Page;
let watch: PageWatch;
let tabB: Page | undefined;
let watchB: PageWatch | undefined;

beforeAll(async () => {
  ({ context, page, watch } = await suite.newPage({ label: 'tab A' }));
});

journeySteps(() => [watch, watchB]);
const mainNav = () => page.getByRole('navigation', { name: 'Main' });
const dialog = (name: string) => page.getByRole('dialog', { name });
const summary = (p: Page = page) => p.getByText(/^Total Amount:/);
/** A dashboard card: its label's parent holds the label and the figure. */
const statCard = (label: string) =>
  page.locator('main').getByText(label, { exact: true }).locator('..');
const row = (text: string, p: Page = page) => p.getByRole('row').filter({ hasText: text });

async function fillExpense(
  name: string,
  fields: { date?: string; description?: string; amount?: string; category?: string },
) {
  const form = dialog(name);
  await form.waitFor();
  if (fields.date !== undefined) await form.getByLabel('Date').fill(fields.date);
  if (fields.description !== undefined)
    await form.getByLabel('Description').fill(fields.description);
  if (fields.amount !== undefined) await form.getByLabel('Amount').fill(fields.amount);
  if (fields.category !== undefined)
    await form.getByLabel('Category').selectOption(fields.category);
}

async function addExpense(fields: {
  date: string;
  description: string;
  amount: string;
  category: string;
}) {
  await page.getByRole('button', { name: 'Add New Expense' }).click();
  await fillExpense('Add New Expense', fields);
  await submitDialog(page, dialog('Add New Expense'), 'Create', 'Expense created successfully');
  await row(fields.description).waitFor();
}

async function openRowAction(description: string, action: 'Show' | 'Edit' | 'Delete') {
  await page.getByRole('button', { name: `Actions for ${description}` }).click();
  await page.getByRole('button', { name: action, exact: true }).click();
}

describe.sequential('journey', () => {
  test('landing page and Admin Register', async () => {
    await page.goto(url('/'));
    await page.getByRole('heading', { name: /Manage Your Expenses With/ }).waitFor();
    await page.getByRole('heading', { name: /Manage Your Company With/ }).waitFor();
    await visit(page, 'journey-01-landing');

    await page.getByRole('link', { name: 'Register' }).first().click();
    await expectPath(page, '/register');
    await page.getByRole('heading', { name: 'Admin Register' }).waitFor();
    await page.getByLabel('Full Name').fill(admin.name);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Confirm Password').fill(admin.password);
    await visit(page, 'journey-02-register');

    await page.getByRole('button', { name: 'Register' }).click();
    await expectAlert(page, 'Registration successful. Please log in.');
    await expectPath(page, '/');
  });

  test('Login asks for the user type, then signs in to the dashboard', async () => {
    await page.getByRole('link', { name: 'Login' }).first().click();
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await expect(page.getByLabel('User Type').locator('option').allTextContents()).resolves.toEqual(
      ['Select Type', 'Admin', 'Company', 'PM'],
    );

    // No type chosen: the message shows and nothing is sent.
    const loginCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user/loginuser')) loginCalls.push(r.url());
    });
    await logIn(page, admin, '');
    await expectAlert(page, 'Please select user type.');
    expect(loginCalls).toHaveLength(0);
    await visit(page, 'journey-03-login-no-type');

    // A slow network for the sign-in, so that the busy state can be seen: Chromium's network
    // emulation delays requests without pausing them. A route would pause them, and removing it
    // while the dashboard loads is suspected of leaving a request without its answer.
    const network = await page.context().newCDPSession(page);
    const latency = (ms: number) =>
      network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: ms,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    try {
      await network.send('Network.enable');
      await latency(600);
      await page.getByLabel('User Type').selectOption('admin');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      const busy = page.getByRole('button', { name: 'Loading...' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
    } finally {
      // The tests after this one use the same page.
      await latency(0);
      await network.detach();
    }
    await expectAlert(page, 'Login successful');
    await expectPath(page, '/app/dashboard');
    expect(loginCalls).toHaveLength(1);
  });

  test('an empty dashboard shows 0 and ₹0.00', async () => {
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expectText(mainNav().locator('..'), admin.name);
    await expectText(statCard('Expenses'), /^Expenses\s*0(?!\d)/);
    await expectText(statCard('Total Expenses'), '₹0.00');
    await visit(page, 'journey-04-dashboard-empty');
  });

  test('add two expenses with paise: the list and its total are exact', async () => {
    await mainNav().getByRole('link', { name: 'Expenses' }).click();
    await expectPath(page, '/app/expenses');
    // The list opens on this month; the journey's expenses are dated as they are, any month.
    await page.getByRole('button', { name: 'All dates' }).click();
    await expectPath(page, '/app/expenses?dates=all');
    await page.getByRole('heading', { level: 1, name: 'Expenses' }).waitFor();
    await page.getByRole('heading', { name: 'Expenses List' }).waitFor();
    await page.getByText('No data').waitFor();
    await expectText(summary(), '₹0.00');
    await visit(page, 'journey-05-expenses-empty');

    await page.getByRole('button', { name: 'Add New Expense' }).click();
    await fillExpense('Add New Expense', {
      date: '2026-11-01',
      description: 'Groceries',
      amount: '1234.56',
      category: 'shopping',
    });
    await visit(page, 'journey-06-expense-form');
    await dialog('Add New Expense').getByRole('button', { name: 'Create' }).click();
    await expectAlert(page, 'Expense created successfully');
    await row('Groceries').waitFor();

    await addExpense({
      date: '2026-11-02',
      description: 'Cinema tickets',
      amount: '123456.78',
      category: 'movie',
    });

    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual([
      'S.no',
      'Date',
      'Description',
      'Amount',
      'Category',
      'Action',
    ]);
    await expectText(row('Groceries'), '2026-11-01');
    await expectText(row('Groceries'), '₹1,234.56');
    await expectText(row('Groceries'), /shopping/i);
    await expectText(row('Cinema tickets'), '₹1,23,456.78');
    await expectText(row('Cinema tickets'), /movie/i);
    // 1234.56 + 123456.78, summed in paise on the server.
    await expectText(summary(), '₹1,24,691.34');
    await expectText(summary(), '2 expenses');
    await visit(page, 'journey-07-expenses-two');
  });

  test('Show lists the record; Edit changes it and the total follows', async () => {
    await openRowAction('Cinema tickets', 'Show');
    const details = dialog('Data Details');
    await details.waitFor();
    await expectText(details, 'Cinema tickets');
    await expectText(details, '₹1,23,456.78');
    await visit(page, 'journey-08-expense-details');
    await details.getByRole('button', { name: 'Close' }).first().click();
    await details.waitFor({ state: 'hidden' });

    await openRowAction('Cinema tickets', 'Edit');
    await fillExpense('Edit Expense', { description: 'Cinema tickets IMAX', amount: '123456.79' });
    await visit(page, 'journey-09-expense-edit');
    await dialog('Edit Expense').getByRole('button', { name: 'Update' }).click();
    await expectAlert(page, 'Expense updated successfully');
    await expectText(row('Cinema tickets IMAX'), '₹1,23,456.79');
    await expectText(summary(), '₹1,24,691.35');
  });

  test('Delete asks first; Cancel keeps the row, Delete removes it', async () => {
    await openRowAction('Groceries', 'Delete');
    const confirm = dialog('Delete expense');
    await confirm.waitFor();
    await expectText(confirm, 'Groceries');
    await visit(page, 'journey-10-expense-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expectCount(row('Groceries'), 1);

    await openRowAction('Groceries', 'Delete');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectAlert(page, 'Expense deleted successfully');
    await expectCount(row('Groceries'), 0);
    await expectText(summary(), '₹1,23,456.79');
    await expectText(summary(), '1 expense');
  });

  test('Search asks the server and narrows the list and its total', async () => {
    await addExpense({
      date: '2026-11-03',
      description: 'Taxi to airport',
      amount: '0.10',
      category: 'other',
    });
    await expectText(summary(), '₹1,23,456.89');

    const searched = page.waitForRequest(
      (r) => r.url().includes('/api/expense/getuserallexpenses') && r.url().includes('search=taxi'),
    );
    await page.getByRole('searchbox', { name: 'Search expenses' }).fill('taxi');
    await searched;
    await expectCount(row('Cinema tickets IMAX'), 0);
    await expectCount(row('Taxi to airport'), 1);
    await expectText(summary(), '₹0.10');
    await expectText(summary(), '1 expense');
    await visit(page, 'journey-11-expenses-search');

    await page.getByRole('searchbox', { name: 'Search expenses' }).fill('');
    await expectCount(row('Cinema tickets IMAX'), 1);
    await expectText(summary(), '₹1,23,456.89');

    // A column header sorts on the server: the first click ascending, the next descending.
    const descriptions = async () =>
      (await page.locator('tbody tr').allTextContents()).map((t) => t.match(/Cinema|Taxi/)?.[0]);
    const sortByDescription = page.getByRole('button', { name: /^Description/ });
    await sortByDescription.click();
    await expect.poll(descriptions).toEqual(['Cinema', 'Taxi']);
    await visit(page, 'journey-11b-expenses-sorted');
    await sortByDescription.click();
    await expect.poll(descriptions).toEqual(['Taxi', 'Cinema']);
  });

  test('the dashboard totals match the list', async () => {
    await mainNav().getByRole('link', { name: 'Dashboard' }).click();
    await expectPath(page, '/app/dashboard');
    await expectText(statCard('Expenses'), /^Expenses\s*2(?!\d)/);
    await expectText(statCard('Total Expenses'), '₹1,23,456.89');
    await visit(page, 'journey-12-dashboard');
  });

  test('an expense added in one tab shows in the other without a reload', async () => {
    tabB = await context.newPage();
    watchB = watchPage(tabB, 'tab B');
    await tabB.goto(url('/app/expenses?dates=all'));
    await row('Taxi to airport', tabB).waitFor();
    await expectText(summary(tabB), '₹1,23,456.89');

    await page.bringToFront();
    await mainNav().getByRole('link', { name: 'Expenses' }).click();
    await addExpense({
      date: '2026-11-04',
      description: 'Coffee beans',
      amount: '45.50',
      category: 'shopping',
    });

    // Tab B was not touched: the other tab's mutation made it refetch.
    await row('Coffee beans', tabB).waitFor();
    await expectText(summary(tabB), '₹1,23,502.39');
    await visit(tabB, 'journey-13-tab-b-synced');
  });

  test('Profile: Update Profile saves the name', async () => {
    await page.getByRole('button', { name: new RegExp(admin.name) }).click();
    await visit(page, 'journey-14-profile-dropdown');
    await page.getByRole('link', { name: 'Profile', exact: true }).last().click();
    await expectPath(page, '/app/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await expectText(page.locator('main'), admin.email);
    await visit(page, 'journey-15-profile');

    await page.getByRole('button', { name: 'Edit' }).click();
    const form = dialog('Update Profile');
    await form.getByLabel('Name').fill('Asha Rao Menon');
    await visit(page, 'journey-16-profile-edit');
    await submitDialog(page, form, 'Update', 'Profile updated successfully');
    await expectText(page.locator('main'), 'Asha Rao Menon');
    await expectText(mainNav().locator('..'), 'Asha Rao Menon');
  });

  test('Logout ends the session here and in the other tab', async () => {
    // Remembered or not, the session is in one of the two storages.
    const stored = () =>
      page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
    const token = await stored();
    expect(token).toBeTruthy();
    await mainNav().getByRole('button', { name: 'Logout' }).click();
    await expectAlert(page, 'Logout successful');
    await expectPath(page, '/');
    expect(await stored()).toBeNull();
    await visit(page, 'journey-17-logged-out');

    // The other tab leaves the signed-in area on its own.
    const other = tabB!;
    await expectPath(other, '/');
    await other.getByRole('heading', { name: /Manage Your Expenses With/ }).waitFor();
    await visit(other, 'journey-18-tab-b-logged-out');

    // The token was revoked on the server, not only forgotten here.
    const res = await fetch(url('/api/user/getalldata'), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);

    // And a deep link now goes back to '/'.
    await page.goto(url('/app/expenses'));
    await expectPath(page, '/');
  });
});
