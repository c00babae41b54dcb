import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit, type PageWatch } from './harness';
import {
  addBankAccount,
  expectAlert,
  expectText,
  journeySteps,
  pickOption,
  signedInPage,
} from './helpers';
import { person, seedCompany } from './steps';

/**
 * Two people on two computers (separate browser contexts): the admin auditing a company has
 * its bank accounts open; the company records a payment; the admin's list and total change
 * within about a second, without a click, and the header says Live.
 */

const admin = person('Meera Iyer', 'meera');
const company = { ...person('Kaveri Traders', 'kaveri'), mobile: '9876512345', reg: 'KAV-1' };

const suite = useBrowserSuite();
let adminPage: Page;
let adminWatch: PageWatch;
let companyPage: Page;
let companyWatch: PageWatch;

/** The admin, its company (with its own password, from the invite) and its account. */
async function setUp() {
  const { token } = await seedCompany(suite, admin, company);
  await addBankAccount(suite.server.origin, token, {
    holder_name: 'Kaveri Current',
    account_no: '112233445566',
    branch: 'Jayanagar',
    ifsc: 'SBIN0004321',
    mobile: '9876512345',
    address: '9 Jayanagar, Bengaluru',
    openingBalance: 1000,
  });
}
journeySteps(() => [adminWatch, companyWatch]);

const row = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text });

describe.sequential('live updates', () => {
  test('the admin opens the company’s bank accounts; the header says Live', async () => {
    await setUp();
    ({ page: adminPage, watch: adminWatch } = await signedInPage(suite, admin, 'admin'));
    await adminPage.goto(suite.url('/app/account'));
    await adminPage.getByRole('heading', { level: 2, name: 'All Bank' }).waitFor();
    await expectText(row(adminPage, 'Kaveri Current'), '₹1,000.00');
    await expectText(adminPage.getByText(/^Total Balance:/), '₹1,000.00');
    await expectText(adminPage.getByRole('banner').getByRole('status'), 'Live');
    await visit(adminPage, 'live-01-admin-before');
  });

  test('the company records a payment; the admin’s list and total follow within a second', async () => {
    ({ page: companyPage, watch: companyWatch } = await signedInPage(suite, company, 'company'));
    await companyPage.goto(suite.url('/app/payment'));
    await pickOption(companyPage, 'Account Holder', 'Kaveri Current · ••5566', 'Kaveri Current');
    await companyPage.getByLabel('Remark').fill('Invoice 42 paid');
    await companyPage.getByLabel('Payment Type').selectOption('credit');
    await companyPage.getByLabel('Amount (₹)').fill('250.50');

    // The admin's page watches its own screen; nothing is clicked there.
    const seen = adminPage.waitForFunction(
      () =>
        document.body.innerText.includes('Total Balance: ₹1,250.50') &&
        [...document.querySelectorAll('tr')].some(
          (tr) =>
            tr.textContent?.includes('Kaveri Current') && tr.textContent.includes('₹1,250.50'),
        ),
      undefined,
      { timeout: 10_000, polling: 20 },
    );
    const recorded = companyPage.waitForResponse(
      (r) => r.url().includes('/api/company/addpayment') && r.status() === 201,
    );
    await companyPage.getByRole('button', { name: 'Submit' }).click();
    await recorded;
    const committed = Date.now();
    await seen;
    const delay = Date.now() - committed;
    console.log(`payment: the admin's list and total changed ${delay} ms after the answer`);
    expect(delay).toBeLessThan(1000);

    await expectAlert(companyPage, 'Payment recorded successfully');
    await visit(companyPage, 'live-02-company-paid');
    await expectText(adminPage.getByRole('banner').getByRole('status'), 'Live');
    await visit(adminPage, 'live-03-admin-after');
  });
});
