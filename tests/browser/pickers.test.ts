import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit, type PageWatch } from './harness';
import {
  addBankAccount,
  apiCall,
  apiToken,
  expectText,
  journeySteps,
  openScreen as openScreenOn,
  registerAdmin,
  signedInPage,
} from './helpers';
import { person } from './steps';

/**
 * Pickers search the server: an admin with 150 companies reaches the 150th, by typing part
 * of its name and by paging through the list, and the screen then shows that company's
 * project and bank account. Each step needs the one before.
 */

const admin = person('Nisha Verma', 'nisha.pickers');
const { password } = admin;
const COMPANIES = 150;
const name = (n: number) => `Metro Traders ${String(n).padStart(3, '0')}`;
const email = (n: number) => person(name(n), `metro${n}.pickers`).email;
const LAST = name(COMPANIES);
const ACCOUNT = 'Harbour Current · ••0150';

const suite = useBrowserSuite();
let page: Page;
let watch: PageWatch;

// 150 companies over the API (one at a time: password hashing is bounded), the last with
// a project and a bank account of its own.
beforeAll(async () => {
  const origin = suite.server.origin;
  await registerAdmin(origin, admin);
  const adminToken = await apiToken(origin, admin, 'admin');
  for (let n = 1; n <= COMPANIES; n++) {
    await apiCall(origin, adminToken, '/user/createUser', {
      name: name(n),
      email: email(n),
      password,
      mobile: '9876543210',
      registration_number: `MT-${n}`,
      userType: 'company',
    });
  }
  const token = await apiToken(origin, { email: email(COMPANIES), password }, 'company');
  // A first password chosen by the admin is changed before anything else.
  await apiCall(origin, token, '/user/updatepassword', {
    currentPassword: password,
    newPassword: `${password}!`,
    confirmPassword: `${password}!`,
  });
  await apiCall(origin, token, '/company/createproject', {
    projectName: 'Harbour Bridge',
    clientName: 'Port Trust',
    clientNumber: '9811122233',
    duration: '1 year',
    price: 750000,
    paymentStatus: 'Advance paid',
    date: '2026-03-15',
  });
  await addBankAccount(origin, token, {
    holder_name: 'Harbour Current',
    account_no: '900000000150',
    branch: 'Fort, Mumbai',
    ifsc: 'SBIN0001234',
    mobile: '9876501234',
    address: '1 Harbour Road',
    openingBalance: 12345.5,
  });
}, 300_000);
journeySteps(() => [watch]);

const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const combobox = (label: string) => page.getByRole('combobox', { name: label, exact: true });
const status = (text: string) => page.getByRole('status').filter({ hasText: text });

const openScreen = (title: string) => openScreenOn(page, title);

describe.sequential('pickers', () => {
  test('the admin types part of the 150th company’s name and sees its projects', async () => {
    ({ page, watch } = await signedInPage(suite, admin, 'admin'));
    await openScreen('Project List');

    const company = combobox('Company');
    await company.click();
    await status(`Showing 20 of ${COMPANIES}`).waitFor();
    expect(await page.getByRole('option', { name: LAST }).count()).toBe(0);
    await company.fill('traders 150');
    await status('Showing 1 of 1').waitFor();
    await visit(page, 'pickers-01-company-search');
    await page.getByRole('option', { name: LAST, exact: true }).click();

    await expect.poll(() => company.inputValue()).toBe(LAST);
    await expect.poll(() => company.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => new URL(page.url()).searchParams.get('companyId')).toBeTruthy();
    await expectText(row('Harbour Bridge'), 'Port Trust');
    await visit(page, 'pickers-02-company-projects');
  });

  test('the address names the company: its name shows, though on no loaded page', async () => {
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Project List' }).waitFor();
    await expect.poll(() => combobox('Company').inputValue()).toBe(LAST);
    await row('Harbour Bridge').waitFor();
  });

  test('on Payment Mode the admin pages to the 150th company, then picks its account', async () => {
    await page.goto(suite.url('/app/payment'));
    await page.getByRole('heading', { level: 2, name: 'Payment Mode' }).waitFor();
    const company = combobox('Company');
    await company.click();
    await status(`Showing 20 of ${COMPANIES}`).waitFor();
    for (let loaded = 40; loaded < COMPANIES + 20; loaded += 20) {
      await page.getByRole('button', { name: 'Show more' }).click();
      await status(`Showing ${Math.min(loaded, COMPANIES)} of ${COMPANIES}`).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    const last = page.getByRole('option', { name: LAST, exact: true });
    await last.scrollIntoViewIfNeeded();
    await visit(page, 'pickers-03-company-paged');
    await last.click();
    await expect.poll(() => company.inputValue()).toBe(LAST);

    const account = combobox('Account Holder');
    await account.click();
    await page.getByRole('option', { name: ACCOUNT, exact: true }).click();
    await expect.poll(() => account.inputValue()).toBe(ACCOUNT);
    const card = page.getByRole('group', { name: 'Account details' });
    await expectText(card, '₹12,345.50');
    // The admin reads the last four digits of the company's account number, never the whole.
    await expectText(card, '••0150');
    expect(await card.textContent()).not.toContain('900000000150');
    await visit(page, 'pickers-04-company-account');
  });

  test('the keyboard alone picks: type, arrow down, Enter', async () => {
    await openScreen('Project List');
    const company = combobox('Company');
    await company.focus();
    await page.keyboard.type('traders 001');
    await status('Showing 1 of 1').waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => company.getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('Enter');
    await expect.poll(() => company.inputValue()).toBe(name(1));
    await page.getByText('No data').waitFor();
  });
});
