import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useBrowserSuite, visit, type PageWatch } from './harness';
import {
  addBankAccount,
  apiCall,
  expectAlert,
  expectNoSidewaysScroll,
  expectText,
  journeySteps,
  pickOption,
  signedInPage,
  downloaded,
} from './helpers';
import { person, seedCompany } from './steps';

/**
 * A company bills a client: its invoicing settings, a client, a project, a draft invoice
 * of two lines with the live totals, issue (a number), the PDF, a share link that opens the
 * PDF in a browser that never signed in, a receipt that another tab's dashboard shows within
 * a second; the company's admin reads it all, with no write control. At 1280 and 390 px.
 */

const admin = person('Meera Iyer', 'meera.inv');
const company = { ...person('Lotus Works', 'lotus.inv'), mobile: '9876512345', reg: 'LOT-1' };

const suite = useBrowserSuite();
let page: Page;
let watch: PageWatch;
let dashboard: Page;
let dashboardWatch: PageWatch;
let adminWatch: PageWatch | undefined;
let companyId = '';
let shareUrl = '';

/** The admin, its company (with its password, from the invite), an account and a project. */
async function setUp() {
  const seeded = await seedCompany(suite, admin, company);
  const { token } = seeded;
  companyId = seeded.companyId;
  await addBankAccount(suite.server.origin, token, {
    holder_name: 'Lotus Current',
    account_no: '998877665544',
    branch: 'Fort, Mumbai',
    ifsc: 'SBIN0001234',
    mobile: '9876512345',
    address: '12 Marine Drive, Mumbai',
    openingBalance: 0,
  });
  await apiCall(suite.server.origin, token, '/company/createproject', {
    projectName: 'Website redesign',
    clientName: 'Acme Traders',
    clientNumber: '9876543210',
    duration: '3 months',
    price: 50000,
    paymentStatus: 'pending',
  });
}

/** Both widths of one screen: a picture and an axe run at each. */
async function bothWidths(p: Page, name: string) {
  await visit(p, `${name}-1280`);
  await p.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(p, 390);
  await visit(p, `${name}-390`);
  await p.setViewportSize({ width: 1280, height: 800 });
}

journeySteps(() => [watch, dashboardWatch, adminWatch]);

describe.sequential('invoicing journey', () => {
  test('the company sets up invoicing: GSTIN checked as typed, PAN filled in', async () => {
    await setUp();
    ({ page, watch } = await signedInPage(suite, company, 'company'));
    await page.getByRole('link', { name: 'Invoicing Settings' }).click();
    await page.getByRole('heading', { name: 'Invoicing settings', exact: true }).waitFor();
    await page.getByLabel('Legal name').fill('Lotus Works Private Limited');
    await page.getByLabel('State').selectOption('27');
    await page.getByLabel('Address').fill('12 Marine Drive, Fort, Mumbai 400001');
    await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZX');
    await expectText(page.locator('#profile-gstin-error'), /check character/);
    await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
    await expect.poll(() => page.getByLabel('PAN').inputValue()).toBe('AAPFU0939F');
    await pickOption(page, 'Bank account for receipts', 'Lotus Current · ••5544');
    await page.getByLabel('UPI ID').fill('lotus@okaxis');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectAlert(page, 'saved');
    await bothWidths(page, 'invoicing-01-settings');
  });

  test('adds a client', async () => {
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Add client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add client' });
    await dialog.getByLabel('Name').fill('Acme Traders');
    await dialog.getByLabel('State').selectOption('27');
    await dialog.getByLabel('E-mail').fill('accounts@acme.example');
    await dialog.getByLabel('Mobile').fill('98765 43210');
    await dialog.getByLabel('Billing address').fill('4 MG Road, Pune');
    await screenshot(page, 'invoicing-02-client-form');
    await dialog.getByRole('button', { name: 'Add client' }).click();
    await page.getByRole('cell', { name: 'Acme Traders' }).first().waitFor();
    await bothWidths(page, 'invoicing-03-clients');
  });

  test('drafts an invoice of two lines: the totals follow the typing to the paisa', async () => {
    await page.getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('button', { name: 'New invoice' }).first().click();
    await pickOption(page, 'Client', 'Acme Traders');
    await pickOption(page, 'Project (optional)', 'Website redesign');
    await page.getByLabel('Line 1 description').fill('Design, first phase');
    await page.getByLabel('Line 1 sac/hsn').fill('998391');
    await page.getByLabel('Line 1 qty').fill('1.5');
    await page.getByLabel('Line 1 rate (₹)').fill('1000.50');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel('Line 2 description').fill('Hosting');
    await page.getByLabel('Line 2 sac/hsn').fill('998315');
    await page.getByLabel('Line 2 qty').fill('3');
    await page.getByLabel('Line 2 rate (₹)').fill('333.33');
    await page.getByLabel('Line 2 GST rate').selectOption('5');
    await page.getByLabel('Line 2 discount', { exact: true }).fill('10');
    const totals = page.getByRole('region', { name: 'Totals' });
    await expectText(totals, 'CGST 9% on ₹1,500.75₹135.07');
    await expectText(totals, 'Round off+₹0.12');
    await expectText(totals, 'Total₹2,716.00');
    await expectText(totals, 'Rupees Two Thousand Seven Hundred Sixteen Only');
    await bothWidths(page, 'invoicing-04-editor');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'Invoice Draft' }).waitFor();
  });

  test('issues it after the warning: it gets its number; the PDF downloads', async () => {
    await page.getByRole('button', { name: 'Issue', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue invoice' });
    await expectText(dialog, 'Numbers cannot be reused');
    await dialog.getByRole('button', { name: 'Issue' }).click();
    await page.getByRole('heading', { name: /^Invoice INV\/\d{4}-\d{2}\/0001$/ }).waitFor();
    await bothWidths(page, 'invoicing-05-issued');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await downloaded(download)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('shares it: WhatsApp opens with the text, the link opens the PDF in a fresh browser', async () => {
    // wa.me is outside the test machine: the popup's request is answered here.
    await page
      .context()
      .route('https://wa.me/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
      );
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Share on WhatsApp' }).click();
    const opened = await popup;
    const wa = new URL(opened.url());
    expect(wa.host).toBe('wa.me');
    expect(wa.pathname).toBe('/919876543210');
    expect(wa.searchParams.get('text')).toContain('Dear Acme Traders,');
    await opened.close();
    shareUrl = await page.getByRole('textbox', { name: /Share link/ }).inputValue();
    expect(wa.searchParams.get('text')).toContain(shareUrl);
    await page.getByRole('heading', { name: 'Share links' }).waitFor();
    await screenshot(page, 'invoicing-06-shared');
    const stranger = await suite.browser.newContext();
    const answer = await stranger.request.get(shareUrl);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await stranger.close();
  });

  test('records the receipt; the dashboard in another tab shows it within a second', async () => {
    ({ page: dashboard, watch: dashboardWatch } = await signedInPage(suite, company, 'company', {
      label: 'dashboard',
    }));
    const position = dashboard.getByRole('region', { name: 'Company position' });
    await expectText(position, /Receivable₹2,716\.00/);
    await page.getByRole('button', { name: 'Record receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record receipt' });
    await dialog.getByLabel(/Paid on INV/).waitFor();
    await dialog.getByLabel('Reference (UTR)').fill('UTR20261126001');
    await dialog.getByLabel('Amount received (₹)').fill('2716');
    await expectText(dialog, "Left as the client's advance: ₹0.00");
    await screenshot(page, 'invoicing-07-receipt');
    const seen = dashboard.waitForFunction(
      () => /Received this month\s*₹2,716\.00/.test(document.body.innerText),
      undefined,
      { timeout: 10_000 },
    );
    await dialog.getByRole('button', { name: 'Record receipt' }).click();
    const recorded = Date.now();
    await seen;
    expect(Date.now() - recorded).toBeLessThan(1500);
    // The invoice itself is paid now.
    await page.locator('main').getByText('Paid', { exact: true }).waitFor();
    await bothWidths(dashboard, 'invoicing-08-dashboard');
    await dashboard.getByRole('link', { name: 'Receivables' }).first().click();
    await dashboard.getByRole('heading', { level: 2, name: 'Receivables' }).waitFor();
    await bothWidths(dashboard, 'invoicing-09-receivables');
  });

  test("a client's statement: the invoice, the receipt and the running balance; CSV", async () => {
    await dashboard.getByRole('button', { name: 'Statement of Acme Traders' }).click();
    await dashboard.getByRole('heading', { name: 'Statement of Acme Traders' }).waitFor();
    const invoiceRow = dashboard.getByRole('row').filter({ hasText: 'INV/' });
    await expectText(invoiceRow, '₹2,716.00');
    await expectText(dashboard.getByText(/^Opening balance/), /closing balance\s*₹0\.00/);
    await bothWidths(dashboard, 'invoicing-10-statement');
    const download = dashboard.waitForEvent('download');
    await dashboard.getByRole('button', { name: 'Download CSV' }).click();
    const csv = (await downloaded(download)).toString('utf8');
    expect(csv).toContain('2716.00');
  });

  test('the admin reads the invoice, with no write control', async () => {
    const adminSide = await signedInPage(suite, admin, 'admin');
    adminWatch = adminSide.watch;
    const a = adminSide.page;
    await a.goto(suite.url(`/app/invoices?companyId=${companyId}`));
    await a
      .getByRole('button', { name: /^INV\// })
      .first()
      .waitFor();
    expect(await a.getByRole('button', { name: 'New invoice' }).count()).toBe(0);
    await bothWidths(a, 'invoicing-11-admin-list');
    await a
      .getByRole('button', { name: /^INV\// })
      .first()
      .click();
    await a.getByRole('heading', { name: /^Invoice INV\// }).waitFor();
    await expectText(a.getByRole('banner'), 'Read-only');
    expect(await a.getByRole('button', { name: 'Download PDF' }).isVisible()).toBe(true);
    for (const name of ['Issue', 'Share on WhatsApp', 'Record receipt', 'Cancel by credit note'])
      expect(await a.getByRole('button', { name, exact: true }).count()).toBe(0);
    await bothWidths(a, 'invoicing-12-admin-invoice');
  });
});
