import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit } from './harness';
import {
  expectAlert,
  expectCount,
  expectText,
  fillBankForm,
  openScreen as openScreenOn,
  seedAdminAndCompany,
  signIn,
  submitDialog,
  typedAs,
} from './helpers';
import { journeyPage, LOTUS_CURRENT, person } from './steps';

/**
 * A bank download brought into an account as a company would: the file has the bank's
 * account details above its header line, DD/MM/YYYY dates and Indian-grouped amounts, and
 * one row whose transaction date does not exist. The preview flags that row; reading the
 * dates from the Value Date column instead fixes it; the import moves the balance, which
 * the statement shows; the same file again is all "already there".
 */

const password = 'import password 1';
const admin = person('Meera Iyer', 'meera', password);
const company = {
  ...person('Lotus Exports', 'lotus', password),
  mobile: '9876501234',
  reg: 'LOT-9',
};

/** A day `back` days before today, as the bank writes it (DD/MM/YYYY). */
function daysAgo(back: number): string {
  const d = new Date();
  d.setDate(d.getDate() - back);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** Row 9's transaction date was mistyped: there is no 31 February. Its value date is real. */
const BANK_CSV = [
  'Lotus Exports',
  'Account Number,123456789012',
  'IFSC,SBIN0001234',
  `Statement from ${daysAgo(30)} to ${daysAgo(0)}`,
  'Txn Date,Value Date,Description,Ref No,Withdrawal Amt.,Deposit Amt.,Balance',
  `${daysAgo(20)},${daysAgo(20)},Invoice 42 received,UTR1001,,"1,23,456.50","1,33,456.50"`,
  `${daysAgo(15)},${daysAgo(15)},Office rent,CHQ2002,"25,000.00",,"1,08,456.50"`,
  `${daysAgo(10)},${daysAgo(10)},Electricity BESCOM,BBPS3003,"1,234.75",0.00,"1,07,221.75"`,
  `31/02/2026,${daysAgo(3)},Courier charges,UPI4004,850.25,,"1,06,371.50"`,
].join('\r\n');
const file = {
  name: 'statement.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(BANK_CSV, 'utf8'),
};
// 10,000 + 1,23,456.50 − 25,000 − 1,234.75 − 850.25
const CLOSING = '₹1,06,371.50';

const suite = useBrowserSuite();
let page: Page;

beforeAll(async () => {
  // The company chooses its password from the invite.
  await seedAdminAndCompany(suite.server, admin, company, password);
});
journeyPage(suite, 'import', (opened) => (page = opened));

const dialog = (name: string) => page.getByRole('dialog', { name });
const previewRow = (text: string) =>
  page.getByRole('table', { name: 'The rows of the file' }).getByRole('row').filter({
    hasText: text,
  });
const counts = () => page.getByText(/^\d+ rows?: /);

const openScreen = (title: string) => openScreenOn(page, title);

describe.sequential('import a bank download', () => {
  test('the company adds a bank account with ₹10,000 opening balance', async () => {
    await signIn(suite, page, company, 'company');
    await openScreen('All Bank');
    await page.getByRole('button', { name: 'Add New Bank' }).click();
    const form = dialog('Add New Bank');
    await fillBankForm(form, typedAs({ ...LOTUS_CURRENT, openingBalance: 10000 }));
    await submitDialog(page, form, 'Create', 'Bank account created successfully');
  });

  test('Payment Mode opens Import on that account; the preview flags the bad row', async () => {
    await openScreen('Payment Mode');
    // The company's only account is chosen.
    await expectText(page.getByLabel('Account details'), '••9012');
    await page.getByRole('link', { name: 'Import from file' }).click();
    await page.getByRole('heading', { level: 2, name: 'Import' }).waitFor();
    expect(new URL(page.url()).searchParams.get('kind')).toBe('payments');
    expect(await page.getByLabel('Import as').inputValue()).toBe('payments');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Bank account' }).inputValue())
      .toBe('Lotus Current · ••9012');

    await page.getByLabel('File (.csv or .xlsx)').setInputFiles(file);
    // The header line found below the bank's details, the columns guessed from it.
    await expectText(counts(), '4 rows: 3 ready, 1 with errors, 0 already there, 0 skipped');
    expect(await page.getByLabel('Header row', { exact: true }).inputValue()).toBe('5');
    const selected = (label: string) =>
      page.getByLabel(label, { exact: true }).locator('option:checked').textContent();
    expect(await selected('Date column')).toBe('A · Txn Date');
    expect(await selected('Description column')).toBe('C · Description');
    expect(await selected('Debit column')).toBe('E · Withdrawal Amt.');
    expect(await selected('Credit column')).toBe('F · Deposit Amt.');
    expect(await selected('Amounts')).toBe('Debit and credit columns');
    await expectCount(page.getByText('Rows above the header row (not imported)'), 1);
    await expectText(page.getByText('Row 2', { exact: true }).locator('xpath=..'), '123456789012');

    const bad = previewRow('Courier charges');
    await expectText(bad, 'Error');
    const cell = bad.getByRole('cell', { name: '31/02/2026', exact: true });
    expect(await cell.getAttribute('title')).toMatch(/not a real date/);
    await expectText(
      page.getByRole('region', { name: 'Problems in the file' }),
      'Row 9, column A “Txn Date”:',
    );
    await expectText(previewRow('Invoice 42'), 'Ready');
    await expectText(previewRow('Invoice 42'), '1,23,456.50');
    const importButton = page.getByRole('button', { name: /^Import \d/ });
    expect(await importButton.isDisabled()).toBe(true);
    await expectText(page.getByText(/^1 row has an error/), 'change the settings above');
    await visit(page, 'import-01-preview-bad-row');
  });

  test('reading the dates from Value Date fixes the row, and the import moves the balance', async () => {
    await page.getByLabel('Date column', { exact: true }).selectOption({ label: 'B · Value Date' });
    await expectText(counts(), '4 rows: 4 ready, 0 with errors, 0 already there, 0 skipped');
    await expectText(previewRow('Courier charges'), 'Ready');
    await expectCount(page.getByRole('region', { name: 'Problems in the file' }), 0);
    await visit(page, 'import-02-preview-fixed');

    await page.getByRole('button', { name: 'Import 4 rows' }).click();
    await expectAlert(page, 'Import finished: 4 payments imported');
    const result = page.getByRole('region', { name: 'Import finished' });
    await expectText(result, '4 payments');
    await expectText(result, CLOSING);
    await visit(page, 'import-03-result');
  });

  test('the statement shows the closing balance the import left', async () => {
    await page.getByRole('link', { name: 'Open the statement' }).click();
    await page.getByRole('heading', { level: 2, name: 'Report List' }).waitFor();
    const closing = page
      .getByRole('term')
      .filter({ hasText: 'Closing Balance' })
      .locator('xpath=following-sibling::dd');
    await expectText(closing, CLOSING);
    await expectText(page.getByRole('row').filter({ hasText: 'Closing Balance' }), CLOSING);
    await visit(page, 'import-04-statement');
  });

  test('the same file again: every row is already there, nothing to import', async () => {
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Import' }).waitFor();
    await page.getByLabel('File (.csv or .xlsx)').setInputFiles(file);
    await expectText(counts(), '4 rows: 0 ready, 0 with errors, 4 already there, 0 skipped');
    // This import's settings were remembered: the dates come from Value Date again.
    await expectText(page.getByText(/settings of your last import/), 'check them');
    expect(
      await page.getByLabel('Date column', { exact: true }).locator('option:checked').textContent(),
    ).toBe('B · Value Date');
    await expectCount(
      page
        .getByRole('table', { name: 'The rows of the file' })
        .getByText('Already there', { exact: true }),
      4,
    );
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await expectText(page.getByText(/^Nothing new to import/), 'every row is already there');
    await page.getByLabel('Also import the 4 rows that are already there').waitFor();
    await visit(page, 'import-05-all-already-there');
    // A phone's width: the settings stack, the rows scroll sideways in their own box.
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, 'import-06-small-screen');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
