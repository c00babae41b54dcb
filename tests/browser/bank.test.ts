import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit, watchPage, type PageWatch } from './harness';
import {
  addBankAccount,
  apiCall,
  type BankForm,
  expectAlert,
  expectCount,
  expectText,
  fillBankForm,
  journeySteps,
  mainMenu,
  openScreen as openScreenOn,
  pickOption,
  signedInPage,
  submitDialog,
  typedAs,
  downloaded,
} from './helpers';
import { LOTUS_CURRENT, person, seedCompany } from './steps';
import { rowAction, rowMenuItems } from './rows';
import { BANK_LIST_HEADINGS } from '../unit/fixtures/bankList';

/**
 * Bank accounts, payments and statements as a company would use them: two bank accounts
 * (the form checks the confirmation and the IFSC before anything is sent), credits and
 * debits whose balance moves at once here and in a second tab, an overdraft refused, a
 * statement whose closing balance is opening + credits − debits, printable and
 * downloadable; an account with payments offers no Delete: it is closed (kept in the books,
 * refusing payments) and reopened.
 */

const admin = person('Kiran Shah', 'kiran');
const company = { ...person('Lotus Exports', 'lotus'), mobile: '9876501234', reg: 'LOT-9' };

const suite = useBrowserSuite();
let page: Page;
let watch: PageWatch;
let tabB: Page | undefined;
let watchB: PageWatch | undefined;
let companyToken = '';

beforeAll(async () => {
  // The company chooses its password from the invite.
  ({ token: companyToken } = await seedCompany(suite, admin, company));
});
journeySteps(() => [watch, watchB]);

const dialog = (name: string) => page.getByRole('dialog', { name });
const row = (text: string, p: Page = page) => p.getByRole('row').filter({ hasText: text });
/** The Balance figure of the chosen account's card. */
const card = () => page.getByLabel('Account details').getByRole('definition').first();

const openScreen = (title: string) => openScreenOn(page, title);

const fillAccount = (a: BankForm) => fillBankForm(dialog('Add New Bank'), a);

const first = typedAs(LOTUS_CURRENT);
const second: BankForm = {
  holder: 'Lotus Savings',
  number: '998877665544',
  confirm: '998877665544',
  branch: 'Indiranagar',
  ifsc: 'hdfc0000456',
  mobile: '9876505678',
  address: '4 CMH Road, Bengaluru',
  defaultStatus: 'active',
  opening: '1000.50',
};

/** Picks the account, fills a payment and submits it. */
async function pay(type: 'credit' | 'debit', amount: string, remark: string) {
  await page.getByLabel('Remark').fill(remark);
  await page.getByLabel('Payment Type').selectOption(type);
  await page.getByLabel('Amount (₹)').fill(amount);
  await page.getByRole('button', { name: 'Submit' }).click();
}

describe.sequential('bank', () => {
  test('the company adds two accounts; the form checks confirmation and IFSC first', async () => {
    ({ page, watch } = await signedInPage(suite, company, 'company', { label: 'tab A' }));
    await openScreen('All Bank');
    await page.getByText('No data').waitFor();
    await visit(page, 'bank-01-empty');

    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/company/createbank')) creates.push(r.url());
    });
    await page.getByRole('button', { name: 'Add New Bank' }).click();
    await fillAccount({ ...first, confirm: '123456789099', ifsc: 'SBIN1001234' });
    await dialog('Add New Bank').getByRole('button', { name: 'Create' }).click();
    await expectText(dialog('Add New Bank'), 'Account numbers do not match');
    await expectText(dialog('Add New Bank'), 'Must be 4 letters, a 0');
    await visit(page, 'bank-02-form-errors');
    expect(creates).toHaveLength(0);

    await fillAccount(first);
    await submitDialog(page, dialog('Add New Bank'), 'Create', 'Bank account created successfully');
    expect(creates).toHaveLength(1);

    await page.getByRole('button', { name: 'Add New Bank' }).click();
    await fillAccount(second);
    await dialog('Add New Bank').getByRole('button', { name: 'Create' }).click();
    await expectAlert(page, 'Bank account created successfully');
    await row('Lotus Savings').waitFor();

    // Headings and cells in the same order: … Branch, IFSC, Mobile, Default, Balance.
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.replace(/[↕▲▼]/g, '').trim())).toEqual(BANK_LIST_HEADINGS);
    const cells = await row('Lotus Savings').getByRole('cell').allTextContents();
    expect(cells.slice(2, 9)).toEqual([
      'Lotus Savings',
      // The number by its last four digits, and Show for the whole of it.
      '••5544ending 5544Show the account number of Lotus Savings',
      'Indiranagar',
      'HDFC0000456',
      '9876505678',
      'active',
      '₹1,000.50',
    ]);
    await expectText(page.getByText(/^Total Balance:/), '₹1,000.50');
    await visit(page, 'bank-03-two-accounts');

    // A duplicate account number: the server's message.
    await page.getByRole('button', { name: 'Add New Bank' }).click();
    await fillAccount({ ...first, holder: 'Copy' });
    await dialog('Add New Bank').getByRole('button', { name: 'Create' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /already/i })
      .first()
      .waitFor();
    await dialog('Add New Bank').getByRole('button', { name: 'Cancel' }).click();
  });

  test('payments move the balance at once, here and in a second tab; an overdraft is refused', async () => {
    const context = page.context();
    tabB = await context.newPage();
    watchB = watchPage(tabB, 'tab B');
    await tabB.goto(suite.url('/app/account'));
    // A cold page load (the app's chunks): give it longer on a busy machine.
    await tabB.getByRole('heading', { level: 2, name: 'All Bank' }).waitFor({ timeout: 30_000 });
    await expectText(row('Lotus Current', tabB), '₹0.00');

    await openScreen('Payment Mode');
    await pickOption(page, 'Account Holder', 'Lotus Current · ••9012', 'Lotus Current');
    // Each missing field is named under it.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Enter a remark.').waitFor();
    await page.getByText('Choose Credit or Debit.').waitFor();
    await expectText(card(), '₹0.00');
    await expectText(page.getByLabel('Account details'), 'SBIN0001234');

    // Changing the type keeps the amount; the balance after the payment follows the type.
    await page.getByLabel('Payment Type').selectOption('credit');
    await page.getByLabel('Amount (₹)').fill('10');
    await page.getByText('Balance before: ₹0.00, after: ₹10.00').waitFor();
    await page.getByLabel('Payment Type').selectOption('debit');
    expect(await page.getByLabel('Amount (₹)').inputValue()).toMatch(/^10(\.00)?$/);
    await visit(page, 'bank-03b-payment-form');

    await pay('credit', '5000.50', 'Invoice 17 paid');
    await expectAlert(page, 'Payment recorded successfully');
    await expectText(card(), '₹5,000.50');
    await pay('debit', '1200.25', 'Office rent');
    await expectText(card(), '₹3,800.25');
    await pay('credit', '0.75', 'Interest');
    await expectText(card(), '₹3,801.00');
    await expectCount(
      page.getByRole('row').filter({ hasText: /Invoice 17|Office rent|Interest/ }),
      3,
    );
    await visit(page, 'bank-04-payments');

    // The other tab caught up without a reload.
    await expectText(row('Lotus Current', tabB), '₹3,801.00');
    await expectText(tabB.getByText(/^Total Balance:/), '₹4,801.50');
    await visit(tabB, 'bank-05-second-tab');

    await pay('debit', '5000', 'Too much');
    await expectAlert(page, 'Insufficient balance');
    await expectText(card(), '₹3,801.00');
    await visit(page, 'bank-06-overdraft');
  });

  test('the report: opening + credits − debits = closing; print and CSV', async () => {
    await openScreen('Report List');
    await pickOption(page, 'Bank Account', 'Lotus Current · ••9012', '123456789012');
    await page.getByRole('button', { name: 'Submit' }).click();
    const table = page.getByRole('table');
    await row('Closing Balance').waitFor();
    await expectCount(
      table.getByRole('row').filter({ hasText: /Invoice 17|Office rent|Interest/ }),
      3,
    );
    const figure = async (label: string) => {
      const text = await page
        .getByRole('term')
        .filter({ hasText: label })
        .locator('xpath=following-sibling::dd')
        .first()
        .textContent();
      return Number((text ?? '').replace(/[₹,]/g, ''));
    };
    const opening = await figure('Opening Balance');
    const credits = await figure('Total Credits');
    const debits = await figure('Total Debits');
    const closing = await figure('Closing Balance');
    expect([opening, credits, debits, closing]).toEqual([0, 5001.25, 1200.25, 3801]);
    expect(Math.round((opening + credits - debits) * 100)).toBe(Math.round(closing * 100));
    // Running balances in date order.
    await expectText(row('Office rent'), '₹3,800.25');
    await visit(page, 'bank-07-report');

    // On a phone each entry is a card that leads with its own credit or debit; the running
    // balance follows, labelled.
    await page.setViewportSize({ width: 390, height: 844 });
    const rent = row('Office rent');
    const lead = rent.locator('td[data-card="money"]:not(:empty)');
    // Its heading is drawn small above it (index.css), the balance's before it.
    expect(await lead.getAttribute('data-label')).toBe('Debit');
    await expectText(lead, '₹1,200.25');
    const balance = rent.locator('td[data-label="Balance"]');
    await expectText(balance, '₹3,800.25');
    expect(await balance.evaluate((el) => getComputedStyle(el, '::before').content)).toBe(
      '"Balance: "',
    );
    const [leadBox, remarkBox] = await Promise.all([
      lead.boundingBox(),
      rent.getByRole('cell').filter({ hasText: 'Office rent' }).boundingBox(),
    ]);
    // Beside the remark on the card's first line, in the larger figure.
    expect(Math.abs(leadBox!.y - remarkBox!.y)).toBeLessThan(20);
    expect(
      Number.parseFloat(await lead.evaluate((el) => getComputedStyle(el).fontSize)),
    ).toBeGreaterThan(
      Number.parseFloat(await balance.evaluate((el) => getComputedStyle(el).fontSize)),
    );
    await visit(page, 'bank-07a-report-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.emulateMedia({ media: 'print' });
    expect(await mainMenu(page).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await visit(page, 'bank-08-report-print');
    await page.emulateMedia({ media: 'screen' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = (await downloaded(download)).toString('utf8');
    expect(csv.split('\n')[0]).toContain('Date');
    expect(csv).toContain('Office rent');
    expect(csv).toContain('3801.00');
  });

  test("a long statement pages: page 2 carries on from page 1, the figures stay the range's", async () => {
    // A third account with 25 payments, recorded over the API as the company.
    const origin = suite.server.origin;
    const payroll = await addBankAccount(origin, companyToken, {
      holder_name: 'Lotus Payroll',
      account_no: '555566667777',
      branch: 'Fort, Mumbai',
      ifsc: 'SBIN0001234',
      mobile: '9876501234',
      address: '12 Marine Drive, Mumbai',
      openingBalance: 1000,
    });
    for (let n = 1; n <= 25; n++) {
      await apiCall(origin, companyToken, '/company/addpayment', {
        accountId: payroll._id,
        date: `2026-03-${String(n).padStart(2, '0')}`,
        remark: `Salary ${n}`,
        paymentType: n % 5 === 0 ? 'debit' : 'credit',
        amount: n % 5 === 0 ? 30 : 10.5,
      });
    }

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Report List' }).waitFor();
    await pickOption(page, 'Bank Account', 'Lotus Payroll · ••7777');
    await page.getByLabel('Start Date').fill('2026-03-01');
    await page.getByLabel('End Date').fill('2026-03-31');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectText(page.getByText(/^Statement from/), '25 entries');
    await expectText(page.getByRole('navigation', { name: 'Pagination' }), 'Page 1 of 2');
    await expectText(row('Salary 20'), '₹1,048.00'); // 1,000 + 16 × 10.50 − 4 × 30
    await expectText(row('Carried Forward'), '₹1,048.00');
    const figures = page.getByRole('definition');
    const summary = await figures.allTextContents();
    expect(summary.slice(-4)).toEqual(['₹1,000.00', '₹210.00', '₹150.00', '₹1,060.00']);

    await page.getByRole('button', { name: 'Next' }).click();
    await expectText(page.getByRole('navigation', { name: 'Pagination' }), 'Page 2 of 2');
    await expectText(row('Brought Forward'), '₹1,048.00');
    await expectText(row('Salary 21'), '₹1,058.50');
    await expectText(row('Closing Balance'), '₹1,060.00');
    await expectCount(page.getByRole('row').filter({ hasText: /Salary \d/ }), 5);
    expect((await figures.allTextContents()).slice(-4)).toEqual(summary.slice(-4));
    // Page 2 was read from page 1's last entry (its position is in the address).
    expect(new URL(page.url()).searchParams.get('after')).toBeTruthy();
    await visit(page, 'bank-08b-report-page-2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectText(page.getByRole('navigation', { name: 'Pagination' }), 'Page 1 of 2');
    await expectText(row('Salary 20'), '₹1,048.00');
    await expectText(row('Carried Forward'), '₹1,048.00');
  });

  test('a wrong payment is reversed, and money moves between two accounts as one pair', async () => {
    await openScreen('Payment Mode');
    await pickOption(page, 'Account Holder', 'Lotus Current · ••9012', 'Lotus Current');
    await expectText(card(), '₹3,801.00');

    await page.getByRole('button', { name: 'Transfer to another account' }).click();
    const transfer = dialog('Transfer between accounts');
    await pickOption(transfer, 'To account', 'Lotus Payroll · ••7777', 'Payroll');
    await transfer.getByLabel('Amount (₹)').fill('100');
    await transfer.getByLabel('Remark').fill('Float for payroll');
    // Dated the screen's way, whatever the browser's language.
    expect(await transfer.getByLabel('Date').inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await visit(page, 'bank-08c-transfer');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await expectAlert(page, 'Transfer recorded');
    await expectText(card(), '₹3,701.00');
    await expectText(row('Float for payroll'), 'Transfer to Lotus Payroll (••7777)');

    await row('Float for payroll')
      .getByRole('button', { name: /^Reverse debit/ })
      .click();
    const reverse = dialog('Reverse payment');
    await expectText(reverse, 'Both legs of the transfer are reversed.');
    await reverse.getByRole('button', { name: 'Reverse' }).click();
    await expectAlert(page, 'Payment reversed');
    await expectText(card(), '₹3,801.00');
    await expectText(row('Reversal: Float for payroll'), 'Reversal');
    await expectText(row('Float for payroll').last(), 'Reversed');
    // Neither entry can be reversed again.
    await expectCount(row('Float for payroll').getByRole('button', { name: /^Reverse / }), 0);
    await visit(page, 'bank-08d-reversed');
  });

  test('an account with payments offers no Delete that would fail; one without is deleted', async () => {
    await openScreen('All Bank');
    expect(await rowMenuItems(page, 'Lotus Current ••9012')).not.toContain('Delete');
    await rowAction(page, 'Lotus Savings ••5544', 'Delete');
    await dialog('Delete bank account').getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, 'Bank account deleted successfully');
    await expectCount(row('Lotus Savings'), 0);
    await expectCount(row('Lotus Savings', tabB!), 0);
    await visit(page, 'bank-09-after-delete');
  });

  test('an account with payments is closed: kept in the books, not offered for payments; then reopened', async () => {
    const current = 'Lotus Current ••9012';
    /** The row's menu: Show, Edit, Reconcile and the one that closes or reopens it. */
    const menuOf = (last: string) => ['Show', 'Edit', 'Reconcile', last];
    expect(await rowMenuItems(page, current)).toEqual(menuOf('Close account'));
    await rowAction(page, current, 'Close account');
    const closing = dialog('Close bank account');
    await expectText(closing, 'it stays in the books');
    await expectText(closing, 'refuses new payments');
    await visit(page, 'bank-10-close-confirm');
    await closing.getByRole('button', { name: 'Close account' }).click();
    await expectAlert(page, 'Bank account closed successfully');
    await expectText(row('Lotus Current').getByRole('cell').nth(2), 'Closed');
    // Still in the total, here and in the other tab.
    await expectText(page.getByText(/^Total Balance:/), '₹4,861.00');
    await expectText(row('Lotus Current', tabB!), 'Closed');
    expect(await rowMenuItems(page, current)).toEqual(menuOf('Reopen account'));
    await visit(page, 'bank-11-closed');

    // Payment Mode starts on the only open account, and offers no other.
    await openScreen('Payment Mode');
    await expectText(page.getByLabel('Account details'), 'Lotus Payroll');
    await page.getByRole('combobox', { name: 'Account Holder', exact: true }).click();
    await page.getByRole('option', { name: 'Lotus Payroll · ••7777' }).waitFor();
    await expectCount(page.getByRole('option', { name: /Lotus Current/ }), 0);
    await page.keyboard.press('Escape');
    // The report still reads it.
    await openScreen('Report List');
    await pickOption(page, 'Bank Account', 'Lotus Current · ••9012', '123456789012');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectText(row('Closing Balance'), '₹3,801.00');

    await openScreen('All Bank');
    await rowAction(page, current, 'Reopen account');
    await dialog('Reopen bank account').getByRole('button', { name: 'Reopen account' }).click();
    await expectAlert(page, 'Bank account reopened successfully');
    await expectCount(row('Lotus Current').getByText('Closed', { exact: true }), 0);
    await expectCount(row('Lotus Current', tabB!).getByText('Closed', { exact: true }), 0);
    await visit(page, 'bank-12-reopened');

    await openScreen('Payment Mode');
    await pickOption(page, 'Account Holder', 'Lotus Current · ••9012', 'Lotus Current');
    await pay('credit', '1', 'After reopening');
    await expectAlert(page, 'Payment recorded successfully');
    await expectText(card(), '₹3,802.00');

    // The account's own menu leads to its reconciliation, the account already chosen.
    await openScreen('All Bank');
    await rowAction(page, current, 'Reconcile');
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toMatch(/^\/app\/reconciliation\?accountId=[0-9a-f-]+$/);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Bank account' }).inputValue())
      .toBe('Lotus Current · ••9012');
    await page.getByRole('heading', { name: 'New reconciliation' }).waitFor();
    await visit(page, 'bank-13-reconcile');
  });
});
