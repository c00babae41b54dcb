import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit } from './harness';
import { dismissAlert, expectAlert, expectPath, expectText, menuLink, todayIso } from './helpers';
import { journeyPage, person, signUpAndIn } from './steps';

/**
 * Categories of one's own and a budget, as a user meets them: a starting category renamed,
 * given a monthly budget, an expense that goes over it, and the dashboard and the bell
 * saying so; a category in use cannot be deleted but is merged into another, its expense
 * and budget going with it; an unused one is deleted.
 */

const me = person('Meera Iyer', 'meera', 'categories password 1');
/** The browser's calendar day: the expense falls in the budget's month. */
const today = todayIso();

const suite = useBrowserSuite();
let page: Page;
journeyPage(suite, 'categories', (opened) => (page = opened));

const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const menu = (name: string) => menuLink(page, name);

describe.sequential('categories and budgets', () => {
  test('opens Categories: the three every account starts with', async () => {
    await signUpAndIn(suite, page, me);
    await menu('Categories').click();
    await expectPath(page, '/app/categories');
    for (const name of ['movie', 'other', 'shopping']) await row(name).waitFor();
  });

  test('renames shopping to Groceries', async () => {
    await page.getByRole('button', { name: 'Rename shopping' }).click();
    await page.getByLabel('New name of shopping').fill('Groceries');
    await visit(page, 'categories-rename');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Read and closed: two toasts show at a time, and the next one would wait for this one.
    await dismissAlert(page, 'Category renamed');
    await row('Groceries').waitFor();
  });

  test('gives Groceries a monthly budget of ₹1,000', async () => {
    await page.getByRole('button', { name: 'Set the budget of Groceries' }).click();
    await page.getByLabel('Monthly budget of Groceries (₹)').fill('1000');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectAlert(page, 'Budget saved');
    await expectText(row('Groceries'), '₹1,000.00');
    await visit(page, 'categories-budget');
  });

  test('an expense of ₹1,200 in Groceries goes over it', async () => {
    await menu('Expenses').click();
    await expectPath(page, '/app/expenses');
    await page.getByRole('button', { name: 'Add New Expense' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Expense' });
    await form.getByLabel('Date').fill(today);
    await form.getByLabel('Description').fill('Monthly groceries');
    await form.getByLabel('Amount').fill('1200');
    await form.getByLabel('Category').selectOption('Groceries');
    await form.getByRole('button', { name: 'Create' }).click();
    await expectAlert(page, 'Expense created successfully');
    await expectText(row('Monthly groceries'), 'Groceries');
  });

  test('the dashboard shows the budget over, and the bell tells of it once', async () => {
    await menu('Dashboard').click();
    await expectPath(page, '/app/dashboard');
    const budgets = page.getByRole('region', { name: 'Budgets' });
    await expectText(budgets, 'Groceries');
    await expectText(budgets, 'Over budget');
    await expectText(budgets, '₹200.00 over');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await expectText(
      page.getByRole('region', { name: 'Notifications' }),
      /Your Groceries spending for .* is ₹1,200\.00, over its budget of ₹1,000\.00\./,
    );
    await visit(page, 'categories-dashboard-over-budget');
  });

  test('a category in use is not deleted: it is merged into another, its expense and budget with it', async () => {
    await menu('Categories').click();
    await expectPath(page, '/app/categories');
    const groceries = row('Groceries');
    await expect
      .poll(() => groceries.getByRole('button', { name: 'Delete Groceries' }).isDisabled())
      .toBe(true);
    await expectText(groceries, 'Used by 1 expense: merge it into another instead');
    await visit(page, 'categories-delete-refused');

    await page.getByLabel('New category').fill('Food');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expectAlert(page, 'Category added');
    await row('Food').waitFor();
    await page.getByRole('button', { name: 'Merge Groceries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge "Groceries"' });
    await expectText(dialog, 'Its 1 expense and 0 recurring expenses move');
    await dialog.getByLabel('Merge into').selectOption('Food');
    await visit(page, 'categories-merge');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expectAlert(page, 'Categories merged');
    await expect.poll(() => row('Groceries').count()).toBe(0);
    await expectText(row('Food'), '₹1,200.00');
    await expectText(row('Food'), '₹1,000.00');

    await menu('Expenses').click();
    await expectText(row('Monthly groceries'), 'Food');
  });

  test('an unused category is deleted after a confirmation', async () => {
    await menu('Categories').click();
    await page.getByRole('button', { name: 'Delete movie' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete category' });
    await expectText(confirm, 'Delete the category movie?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectAlert(page, 'Category deleted');
    await expect.poll(() => row('movie').count()).toBe(0);
    await visit(page, 'categories-after-merge-and-delete');
  });
});
