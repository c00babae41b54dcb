import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit, type PageWatch } from './harness';
import {
  expectAlert,
  expectPath,
  expectText,
  journeySteps,
  mailsTo,
  menuLink,
  signIn,
  submitDialog,
  todayIso,
  downloaded,
} from './helpers';
import { person } from './steps';

/**
 * Lend and borrowed as one person would take them: register, lend and borrow, a partial
 * repayment, exact totals in the lists and on the dashboard, a person's net balance, a
 * report by date with its CSV, a reminder e-mail (to the harness server's outbox: it has
 * no SMTP_URL), and a forgotten password reset through the e-mailed link. Each step needs
 * the previous one.
 */

const me = person('Kavya Nair', 'kavya', 'first password 123');
const NEW_PASSWORD = 'second password 456';
const today = todayIso();

const suite = useBrowserSuite();
const url = suite.url;
let page: Page;
let watch: PageWatch;

beforeAll(async () => {
  ({ page, watch } = await suite.newPage({ label: 'lend' }));
});
journeySteps(() => [watch]);

const dialog = (name: string) => page.getByRole('dialog', { name });
const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const summary = () => page.getByText(/^Total Amount:/);
const menu = (name: string) => menuLink(page, name);
/** A dashboard card: its label's parent holds the label and the figure. */
const card = (label: string) =>
  page
    .getByRole('region', { name: 'Overview' })
    .locator('p')
    .getByText(label, { exact: true })
    .first()
    .locator('..');

/**
 * Opens a row's '...' menu. The wide table scrolls sideways to bring the button into view,
 * and the menu closes on scroll: scroll first and let that scroll event pass, then click.
 */
async function openRowMenu(name: string, issueDate: string) {
  const button = page.getByRole('button', { name: `Actions for ${name} (${issueDate})` });
  await button.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  await button.click();
}

async function rowAction(name: string, issueDate: string, action: string) {
  await openRowMenu(name, issueDate);
  await page.getByRole('button', { name: action, exact: true }).click();
}

async function addLoan(
  kind: 'Lend' | 'Borrowed',
  loan: { name: string; email: string; amount: string; issueDate: string; repaymentDate: string },
) {
  await page.getByRole('button', { name: `Add New ${kind}` }).click();
  const form = dialog(`Add New ${kind}`);
  await form.getByLabel('Name').fill(loan.name);
  await form.getByLabel('Email').fill(loan.email);
  await form.getByLabel('Amount').fill(loan.amount);
  await form.getByLabel('Issue Date', { exact: true }).fill(loan.issueDate);
  await form.getByLabel('Repayment Date', { exact: true }).fill(loan.repaymentDate);
  await submitDialog(page, form, 'Create', `${kind} created successfully`);
}

const mails = (to: string) => mailsTo(suite.server.dataDir, to);

describe.sequential('lend and borrowed', () => {
  test('a new user registers and logs in', async () => {
    await page.goto(url('/register'));
    await page.getByLabel('Full Name').fill(me.name);
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByLabel('Confirm Password').fill(me.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expectAlert(page, 'Registration successful. Please log in.');
    await signIn(suite, page, me);
    await expectText(card('Lend'), /^Lend\s*0/);
    await expectText(card('Total Lend'), '₹0.00');
    await page.getByText('No expenses in the last 12 months.').waitFor();
    await visit(page, 'lend-01-dashboard-empty');
  });

  test('records two expenses for the chart', async () => {
    await menu('Expenses').click();
    // The list's header settles (its totals and the category filter's options in) before a
    // click aims at a button beside them.
    await summary().waitFor();
    await page.locator('#expense-category-filter option[value="shopping"]').waitFor({
      state: 'attached',
    });
    for (const [description, amount, category] of [
      ['Groceries', '1200.25', 'shopping'],
      ['Cinema', '300', 'movie'],
    ] as const) {
      await page.getByRole('button', { name: 'Add New Expense' }).click();
      const form = dialog('Add New Expense');
      await form.getByLabel('Description').fill(description);
      await form.getByLabel('Amount').fill(amount);
      await form.getByLabel('Category').selectOption(category);
      await submitDialog(page, form, 'Create', 'Expense created successfully');
      await page.getByRole('cell', { name: description, exact: true }).waitFor();
    }
    await expectText(summary(), '₹1,500.25');
  });

  test('lends money: the list shows status, outstanding and exact totals', async () => {
    await menu('Lend').click();
    await expectPath(page, '/app/lend');
    await page.getByText('No data').waitFor();
    await visit(page, 'lend-02-empty');

    await page.getByRole('button', { name: 'Add New Lend' }).click();
    const form = dialog('Add New Lend');
    await form.getByLabel('Name').fill('Ravi');
    await form.getByLabel('Email').fill('ravi@example.com');
    await form.getByLabel('Amount').fill('1500.50');
    await form.getByLabel('Issue Date', { exact: true }).fill('2025-01-10');
    // A repayment date before the issue date: the server refuses, the form stays.
    await form.getByLabel('Repayment Date', { exact: true }).fill('2025-01-01');
    await visit(page, 'lend-03-form');
    await form.getByRole('button', { name: 'Create' }).click();
    await expectAlert(page, 'repaymentDate must be on or after issueDate');
    await form.getByLabel('Repayment Date', { exact: true }).fill('2025-02-10');
    await submitDialog(page, form, 'Create', 'Lend created successfully');

    await addLoan('Lend', {
      name: 'Meera',
      email: 'meera@example.com',
      amount: '2000',
      issueDate: today,
      repaymentDate: '2099-12-31',
    });
    await expectText(row('ravi@example.com'), 'Overdue');
    await expectText(row('meera@example.com'), 'Due');
    await expectText(summary(), 'Total Amount: ₹3,500.50 · Outstanding: ₹3,500.50 · 2 entries');
    await visit(page, 'lend-04-list');
  });

  test('borrows money', async () => {
    await menu('Borrowed').click();
    await expectPath(page, '/app/borrowed');
    await page.getByText('No data').waitFor();
    await addLoan('Borrowed', {
      name: 'Ravi',
      email: 'ravi@example.com',
      amount: '500.25',
      issueDate: '2025-01-15',
      repaymentDate: '2099-01-01',
    });
    await expectText(summary(), 'Total Amount: ₹500.25 · Outstanding: ₹500.25 · 1 entry');
    // Borrowed has no sendEmail.
    await openRowMenu('Ravi', '2025-01-15');
    await page.getByRole('button', { name: 'Repayments' }).waitFor();
    expect(await page.getByRole('button', { name: 'sendEmail' }).count()).toBe(0);
    await visit(page, 'lend-05-borrowed-menu');
    await page.keyboard.press('Escape');
  });

  test('records a partial repayment; more than outstanding is refused', async () => {
    await menu('Lend').click();
    await row('ravi@example.com').waitFor();
    await rowAction('Ravi', '2025-01-10', 'Repayments');
    const modal = dialog('Repayments: Ravi');
    await modal.getByText('No repayments yet').waitFor();
    await modal.getByLabel('Amount').fill('5000');
    await modal.getByRole('button', { name: 'Record Repayment' }).click();
    await expectAlert(page, 'more than what is outstanding');

    await modal.getByLabel('Date').fill('2025-01-20');
    await modal.getByLabel('Amount').fill('1000');
    await modal.getByLabel('Remark').fill('cash');
    await modal.getByRole('button', { name: 'Record Repayment' }).click();
    await expectAlert(page, 'Repayment recorded successfully');
    await expectText(modal.getByRole('row').filter({ hasText: 'cash' }), '₹1,000.00');
    // The modal's figures follow the repayment.
    await expectText(modal.locator('dl'), 'Outstanding₹500.50');
    await visit(page, 'lend-06-repayments');
    await modal.getByRole('button', { name: 'Close', exact: true }).first().click();

    // The row says what is still outstanding (what was repaid is in Show and Repayments).
    await expectText(row('ravi@example.com'), '₹500.50');
    await expectText(summary(), 'Total Amount: ₹3,500.50 · Outstanding: ₹2,500.50 · 2 entries');
  });

  test('the dashboard shows the same exact figures', async () => {
    await menu('Dashboard').click();
    await expectText(card('Lend'), /^Lend\s*2/);
    await expectText(card('Borrowed'), /^Borrowed\s*1/);
    await expectText(card('Total Lend'), '₹3,500.50');
    await expectText(card('Total Borrowed'), '₹500.25');
    const customer = page.getByRole('region', { name: 'Customer' });
    // 1,000 of 3,500.50 lent has come back.
    await expectText(customer, '28.6%');
    await expectText(customer, 'Owed to you (lend outstanding)₹2,500.50');
    await expectText(customer, 'You owe (borrowed outstanding)₹500.25');
    await expectText(customer, 'Overdue lends1');
    const recent = page.getByRole('table', { name: 'Recent Invoices' });
    await expectText(recent, 'Meera');
    await expectText(
      page.getByRole('region', { name: 'Expenses by category' }),
      '₹1,500.25 spent in the last 12 months',
    );
    // Two bars (one per category with money) in this month's stack.
    await expect
      .poll(() => page.locator('svg.ct-chart-bar line.ct-bar').count())
      .toBeGreaterThan(1);
    await visit(page, 'lend-07-dashboard');
  });

  test("People shows a person's net balance and history", async () => {
    await menu('People').click();
    await expectPath(page, '/app/people');
    // Ravi owes 500.50, the user owes Ravi 500.25: net 0.25.
    await expectText(row('ravi@example.com'), '₹500.50₹500.25₹0.25');
    await expectText(page.getByText(/^They owe:/), 'They owe: ₹2,500.50 · I owe: ₹500.25');
    await visit(page, 'lend-08-people');
    await page.getByRole('button', { name: 'Ravi', exact: true }).click();
    const history = dialog('History: Ravi');
    await expectText(history, 'Ravi owes you ₹0.25');
    const lines = history.getByRole('row');
    await expectText(lines.nth(1), '2025-01-10Lent to them₹1,500.50');
    await expectText(lines.nth(2), '2025-01-15Borrowed from them');
    await expectText(lines.nth(3), '2025-01-20Repayment received₹1,000.00-₹1,000.00₹0.25cash');
    await visit(page, 'lend-09-person-history');
    await page.keyboard.press('Escape');
  });

  test('the Lend Report filters by date and exports the rows as CSV', async () => {
    await menu('Lend Report').click();
    await expectPath(page, '/app/lendreport');
    await expect(page.getByLabel('Start Date').inputValue()).resolves.toBe(today);
    await expect(page.getByLabel('End Date').inputValue()).resolves.toBe(today);
    // Only Meera was lent today.
    await row('meera@example.com').waitFor();
    await visit(page, 'lend-10-report-today');

    await page.getByLabel('Start Date').fill('2025-02-01');
    await page.getByLabel('End Date').fill('2025-01-01');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectAlert(page, 'End date must be on or after the start date');
    await visit(page, 'lend-11-report-bad-range');

    await page.getByLabel('Start Date').fill('2025-01-01');
    await page.getByLabel('End Date').fill('2025-01-31');
    await page.getByRole('button', { name: 'Submit' }).click();
    await row('ravi@example.com').waitFor();
    await expect.poll(() => row('meera@example.com').count()).toBe(0);
    await expectText(page.getByRole('button', { name: /^Total Amount:/ }), '₹1,500.50');
    await visit(page, 'lend-12-report-january');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('lend-report-2025-01-01-to-2025-01-31.csv');
    const csv = (await downloaded(download)).toString('utf8');
    expect(csv.trim().split(/\r?\n/)).toEqual([
      'S.no,Name,Email,Amount,Repaid,Outstanding,Status,IssueDate,RepaymentDate',
      '1,Ravi,ravi@example.com,1500.50,1000.00,500.50,overdue,2025-01-10,2025-02-10',
    ]);

    // The total button reloads with both dates back at today.
    await page.getByRole('button', { name: /^Total Amount:/ }).click();
    await row('meera@example.com').waitFor();
    await expect(page.getByLabel('Start Date').inputValue()).resolves.toBe(today);
  });

  test('the Borrowed Report shows the borrowed rows of its range', async () => {
    await menu('Borrowed Report').click();
    await expectPath(page, '/app/borrowedreport');
    // The address changes before the screen has replaced the Lend Report, whose date fields
    // have the same labels: wait for this one, or a slow machine fills in the old one.
    await page.getByRole('heading', { level: 2, name: 'Borrowed Report' }).waitFor();
    await page.getByLabel('Start Date').fill('2025-01-01');
    await page.getByLabel('End Date').fill('2025-12-31');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectText(row('ravi@example.com'), '₹500.25');
    await expectText(page.getByRole('button', { name: /^Total Amount:/ }), '₹500.25');
    await visit(page, 'lend-13-borrowed-report');
  });

  test('sends a reminder e-mail to the borrower', async () => {
    await menu('Lend').click();
    await row('ravi@example.com').waitFor();
    expect(mails('ravi@example.com')).toHaveLength(0);
    await rowAction('Ravi', '2025-01-10', 'sendEmail');
    await expectAlert(page, 'Reminder email sent successfully');
    const sent = mails('ravi@example.com');
    expect(sent).toHaveLength(1);
    const body = sent[0]!;
    expect(body).toContain('Amount: ₹1,500.50');
    expect(body).toContain('Still outstanding: ₹500.50');
    expect(body).toContain(me.name);
  });

  test('resets a forgotten password through the e-mailed link', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expectPath(page, '/');
    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expectPath(page, '/forgot-password');
    // The URL changes before the screen's chunk has loaded, and Login has an 'Email Address'
    // too: wait for this screen, or a slow machine fills in the old one.
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email Address').fill(me.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'If an account exists' }),
      'If an account exists for that email, we have sent a link to reset the password.',
    );
    await visit(page, 'lend-14-forgot-password');

    await expect.poll(() => mails(me.email).length).toBe(1);
    const link = mails(me.email)[0]!.match(/\/reset-password\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    await page.goto(url(`/reset-password?token=${link![1]}`));
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await visit(page, 'lend-15-reset-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectAlert(page, 'Password has been reset. Please log in.');
    await expectPath(page, '/login');

    // The link works once.
    await page.goto(url(`/reset-password?token=${link![1]}`));
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectAlert(page, 'This reset link is invalid or has expired. Please ask for a new one.');
    await visit(page, 'lend-16-reset-link-used');

    await signIn(suite, page, { email: me.email, password: NEW_PASSWORD });
    await expectText(card('Total Lend'), '₹3,500.50');
  });
});
