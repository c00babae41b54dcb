import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { expectAccessible, screenshotDir, useBrowserSuite, visit, type PageWatch } from './harness';
import {
  expectAlert,
  expectCount,
  expectPath,
  expectText,
  journeySteps,
  logIn,
  seedAdminAndCompany,
  signedInPage,
  submitDialog,
} from './helpers';
import { person } from './steps';
import { rowAction, rowMenuItems } from './rows';

/**
 * An admin edits its company, deactivates it while the company is signed in elsewhere
 * (that session ends, and signing in is refused with the reason), then reactivates it and
 * the company signs in again. Each step needs the one before.
 */

const admin = person('Meera Iyer', 'meera.status');
const company = { ...person('Kestrel Works', 'kestrel'), mobile: '9876501234', reg: 'KES-001' };

const suite = useBrowserSuite();
let adminPage: Page;
let companyPage: Page;
const watches: PageWatch[] = [];

beforeAll(async () => {
  await seedAdminAndCompany(suite.server, admin, company, company.password);
});
journeySteps(() => watches);

async function signIn(who: { email: string; password: string }, userType: 'admin' | 'company') {
  const { page, watch } = await signedInPage(suite, who, userType);
  watches.push(watch);
  return page;
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe.sequential('an admin deactivates its company', () => {
  test('the admin edits its company', async () => {
    companyPage = await signIn(company, 'company');
    adminPage = await signIn(admin, 'admin');
    await adminPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', {
        name: 'Company List',
      })
      .click();
    const r = row(adminPage, company.email);
    await expectText(r, company.reg);
    await expectCount(r.getByText('Inactive'), 0);
    expect(await rowMenuItems(adminPage, company.name)).toEqual(['Show', 'Edit', 'Deactivate']);

    await rowAction(adminPage, company.name, 'Edit');
    const form = adminPage.getByRole('dialog', { name: 'Update Company Details' });
    expect(await form.getByLabel('Contact Email').inputValue()).toBe(company.email);
    // The company signs in with that e-mail: only it changes it, on its Profile.
    expect(await form.getByLabel('Contact Email').isEditable()).toBe(false);
    await expectText(form, 'Only the company can change the e-mail it signs in with');
    await form.getByLabel('Contact Mobile').fill('9811100000');
    await visit(adminPage, 'company-status-01-edit');
    await submitDialog(adminPage, form, 'Update', 'Company updated successfully');
    await expectText(r, '9811100000');
  });

  test('deactivating ends the company’s open session and refuses its login', async () => {
    await rowAction(adminPage, company.name, 'Deactivate');
    const confirm = adminPage.getByRole('dialog', { name: 'Deactivate company' });
    await expectText(confirm, 'Nothing is deleted');
    await visit(adminPage, 'company-status-02-confirm');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expectAlert(adminPage, 'Company deactivated. It and its people can no longer sign in.');
    await expectText(row(adminPage, company.email).getByRole('cell').nth(2), 'Inactive');
    expect(await rowMenuItems(adminPage, company.name)).toEqual(['Show', 'Edit', 'Reactivate']);
    await visit(adminPage, 'company-status-03-inactive');

    // The company's tab, signed in before, is at the login page on its own: its live
    // stream ended with the session, without a click.
    await expectAlert(companyPage, 'Your session has ended. Please log in again.');
    await expectPath(companyPage, '/login');
    const answer = companyPage.waitForResponse((r) => r.url().includes('/api/user/loginuser'));
    await logIn(companyPage, company, 'company');
    expect((await answer).status()).toBe(403);
    await expectAlert(companyPage, 'This account is inactive. Ask your administrator.');
    await expectPath(companyPage, '/login');
    // With animations running (stopping them would run the toasts' timers out), once the
    // refusal's toast has slid in: the picture is of the refusal.
    await companyPage.waitForTimeout(800);
    await companyPage.screenshot({
      path: join(screenshotDir, 'company-status-04-login-refused.png'),
      animations: 'allow',
    });
    await expectAccessible(companyPage, 'company-status-04-login-refused');
  });

  test('reactivating lets the company sign in again', async () => {
    await rowAction(adminPage, company.name, 'Reactivate');
    const confirm = adminPage.getByRole('dialog', { name: 'Reactivate company' });
    await confirm.getByRole('button', { name: 'Reactivate' }).click();
    await expectAlert(adminPage, 'Company reactivated. It and its people can sign in again.');
    await expectCount(row(adminPage, company.email).getByText('Inactive'), 0);

    await logIn(companyPage, company, 'company');
    // Back where the ended session was.
    await expectPath(companyPage, '/app/dashboard');
    await companyPage.getByRole('region', { name: 'Overview' }).waitFor();
    await visit(companyPage, 'company-status-05-signed-in-again');
  });
});
