import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit, type PageWatch } from './harness';
import {
  addBankAccount,
  expectAlert,
  expectText,
  journeySteps,
  menuLink,
  pickOption,
  signedInPage,
} from './helpers';
import { addPayments, person, seedCompany } from './steps';

/**
 * A company reconciles its account against Axis Bank's download: the books have four of the
 * statement's eight lines, a day or two apart and in other words. The screen reads the file
 * and shows the statement against the books; Start suggests the four; one click confirms
 * them; two lines the books lack become entries; the difference is then zero, and a second
 * tab of the company, open on the same reconciliation, shows it without a click.
 */

const password = 'reconcile password 1';
const admin = person('Meera Iyer', 'meera', password);
const company = { ...person('Acme Traders', 'acme', password), mobile: '9876512345', reg: 'ACM-1' };
/** The reconciliation screen's width: its statement and books side by side. */
const WIDE = { width: 1400, height: 900 };
const FILE = readFileSync(join(import.meta.dirname, '../fixtures/banks/axis-statement.csv'));

const suite = useBrowserSuite();
let page: Page;
let watch: PageWatch;
let other: Page;
let otherWatch: PageWatch;

/** The admin, its company, the company's account at ₹50,000 and its April entries. */
async function setUp() {
  const { token } = await seedCompany(suite, admin, company);
  const account = await addBankAccount(suite.server.origin, token, {
    holder_name: 'Acme Current',
    account_no: '917020012345678',
    branch: 'Koramangala',
    ifsc: 'UTIB0000009',
    mobile: '9876512345',
    address: '12 Koramangala, Bengaluru',
    openingBalance: 50000,
  });
  await addPayments(suite, token, account._id, [
    ['2026-04-01', 'debit', 45000, 'Office rent April - Sharma Properties'],
    ['2026-04-02', 'credit', 125000, 'Payment from Acme Clients for INV 2041'],
    ['2026-04-05', 'debit', 2360, 'Electricity bill BESCOM'],
    ['2026-04-14', 'credit', 18000, 'Cheque 000123 from Globex'],
  ]);
}
journeySteps(() => [watch, otherWatch]);

const status = (p: Page) => p.getByRole('status').filter({ hasText: /Reconciled|Difference/ });
const line = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text });

describe.sequential('reconcile an account against the bank’s download', () => {
  test('the company reads Axis Bank’s file: the statement beside the books', async () => {
    await setUp();
    ({ page, watch } = await signedInPage(suite, company, 'company', { viewport: WIDE }));
    await menuLink(page, 'Reconciliation').click();
    await pickOption(page, 'Bank account', 'Acme Current · ••5678', 'Acme');
    await page.getByLabel('Bank statement file').setInputFiles({
      name: 'axis-statement.csv',
      mimeType: 'text/csv',
      buffer: FILE,
    });
    await expectText(
      page.locator('p', { hasText: 'Axis statement' }),
      /8 lines, 02\/04\/2026 to 20\/04\/2026/,
    );
    // The books have ₹13,680 more than the bank: the two lines they lack.
    await expectText(status(page), /Difference to explain: .*13,680\.00/);
    await visit(page, 'reconciliation-01-preview');
  });

  test('Start suggests the four entries the books have; one click confirms them', async () => {
    await page.getByRole('button', { name: 'Start reconciliation' }).click();
    await page
      .getByRole('heading', { level: 2, name: 'Axis statement, 02/04/2026 to 20/04/2026' })
      .waitFor();
    await expectText(line(page, 'SHARMA PROPERTIES'), 'Office rent April - Sharma Properties');
    await expectText(line(page, 'SHARMA PROPERTIES'), 'Suggested');
    await visit(page, 'reconciliation-02-suggested');

    // The same reconciliation in a second tab of the company.
    ({ page: other, watch: otherWatch } = await signedInPage(suite, company, 'company', {
      label: 'second tab',
      viewport: WIDE,
    }));
    await other.goto(page.url());
    await expectText(status(other), 'Difference to explain');

    await page.getByRole('button', { name: 'Confirm all suggested (4)' }).click();
    await expectAlert(page, '4 matches confirmed');
    await expectText(line(page, 'SHARMA PROPERTIES'), 'Matched');
  });

  test('two lines the books lack become entries; the difference is zero, in both tabs', async () => {
    for (const text of ['KAVERI STATIONERS', 'AMAZON PAY']) {
      await line(page, text)
        .getByRole('button', { name: /^Create an entry/ })
        .click();
      await expectText(line(page, text), 'Created');
    }
    await expectText(status(page), 'Reconciled: the books agree with the statement.');
    // The second tab follows through the change feed, nothing clicked there.
    await expectText(status(other), 'Reconciled: the books agree with the statement.');
    await expectText(line(other, 'KAVERI STATIONERS'), 'Created');
    // The failed transfer and its return cancel out: set aside.
    for (const text of ['RAJ TRADERS-ADVANCE', 'RAJ TRADERS-ACCOUNT CLOSED'])
      await line(page, text).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Ignore selected' }).click();
    await expectText(line(page, 'RAJ TRADERS-ADVANCE'), 'Ignored');
    await page.getByRole('button', { name: 'Ignored (2)' }).waitFor();
    await visit(page, 'reconciliation-03-reconciled');
    await expectText(line(other, 'RAJ TRADERS-ADVANCE'), 'Ignored');
    await visit(other, 'reconciliation-04-second-tab');
  });

  test('on a phone the balances, every line and the list of reconciliations fit the screen, each with its buttons', async () => {
    await other.setViewportSize({ width: 390, height: 844 });
    await expectText(status(other), 'Reconciled: the books agree with the statement.');
    const kaveri = line(other, 'KAVERI STATIONERS');
    const undo = kaveri.getByRole('button', { name: /^Undo/ });
    await undo.scrollIntoViewIfNeeded();
    const box = await undo.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    const closing = other.getByRole('table', { name: 'Balances' }).getByRole('columnheader', {
      name: 'Closing balance',
    });
    const edge = await closing.boundingBox();
    expect(edge && edge.x + edge.width).toBeLessThanOrEqual(390);
    // Nothing makes the page wider than the phone.
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await visit(other, 'reconciliation-05-phone');

    // The account's reconciliations, each with its Open in view.
    await other.getByRole('button', { name: 'All reconciliations' }).click();
    const reopen = line(other, 'axis-statement.csv').getByRole('button', { name: 'Open' });
    const openBox = await reopen.boundingBox();
    expect(openBox && openBox.x + openBox.width).toBeLessThanOrEqual(390);
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await visit(other, 'reconciliation-06-phone-list');
  });
});
