import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit, type PageWatch } from './harness';
import {
  expectAlert,
  expectPath,
  expectText,
  journeySteps,
  mailsTo,
  openScreen,
  registerAdmin,
  signedInPage,
  signIn,
} from './helpers';
import { person } from './steps';
import { rowMenuItems, rowMenuToggle } from './rows';

/**
 * An invite instead of a shared password: an admin creates a company by invite and sends
 * it again; the company opens the newest e-mailed link (the server's outbox: it has no
 * SMTP_URL), chooses its own password and signs in with it, and the older link no longer
 * works. Each step needs the one before.
 */

const admin = person('Meera Iyer', 'meera.invite');
const company = {
  ...person('Bluebird Traders', 'bluebird.invite', 'bluebird own secret'),
  mobile: '9876543210',
  reg: 'BB-001',
};
const INVALID = 'This invite link is invalid or has expired. Ask for a new one.';

const suite = useBrowserSuite();
let page: Page;
let watch: PageWatch;
let adminPage: Page;
let adminWatch: PageWatch;

beforeAll(() => registerAdmin(suite.server.origin, admin));
journeySteps(() => [adminWatch, watch]);

const dialog = (name: string) => page.getByRole('dialog', { name });
const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const mails = () => mailsTo(suite.server.dataDir, company.email);
const tokenOf = (mail: string) => mail.match(/\/invite\?token=([\w-]+)/)?.[1];

describe.sequential('invites', () => {
  test('an admin creates a company by invite, then sends it again', async () => {
    ({ page, watch: adminWatch } = await signedInPage(suite, admin, 'admin'));
    adminPage = page;
    await openScreen(page, 'Company List');

    await page.getByRole('button', { name: 'Add New Company' }).click();
    const form = dialog('Create New User');
    await form.waitFor();
    await form.getByLabel('Name').fill(company.name);
    await form.getByLabel('Email').fill(company.email);
    await form.getByLabel('Contact').fill(company.mobile);
    await form.getByLabel('Registration Number').fill(company.reg);
    // An invite is the default: no password is asked for.
    expect(await form.getByRole('radio', { name: /Send an invite/ }).isChecked()).toBe(true);
    expect(await form.getByLabel('Password', { exact: true }).count()).toBe(0);
    await visit(page, 'invites-01-create-company-by-invite');
    await form.getByRole('button', { name: 'Create' }).click();
    await expectAlert(
      page,
      `User created successfully. An invite to set a password was e-mailed to ${company.email}.`,
    );
    await form.waitFor({ state: 'hidden' });
    await expectText(row(company.email), 'Invite pending');

    await expect.poll(() => mails().length).toBe(1);
    const mail = mails()[0]!;
    expect(mail).toContain(
      `${admin.name} has invited you to run ${company.name} on Expense & Company Manager.`,
    );
    expect(mail).toContain('The link works once and expires in 72 hours.');

    expect(await rowMenuItems(page, company.name)).toEqual([
      'Show',
      'Edit',
      'Resend invite',
      'Deactivate',
    ]);
    await (await rowMenuToggle(page, company.name)).click();
    await page.getByRole('button', { name: 'Resend invite', exact: true }).click();
    await expectAlert(page, `Invite sent to ${company.email}.`);
    await expect.poll(() => mails().length).toBe(2);
    await visit(page, 'invites-02-company-list-invite-pending');
  });

  test('the company opens the newest link and chooses its password', async () => {
    const [first, newest] = mails().map(tokenOf);
    expect(first).toBeTruthy();
    expect(newest).toBeTruthy();
    ({ page, watch } = await suite.newPage({ label: 'company' }));

    await page.goto(suite.url(`/invite?token=${newest}`));
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(company.password);
    await page.getByLabel('Confirm Password').fill(company.password);
    await visit(page, 'invites-03-set-your-password');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expectText(page.getByRole('status'), 'Your password is set. Please log in.');
    await visit(page, 'invites-04-password-set');

    // The link sent first stopped working when the second went out.
    await page.goto(suite.url(`/invite?token=${first}`));
    await page.getByLabel('Password', { exact: true }).fill(company.password);
    await page.getByLabel('Confirm Password').fill(company.password);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expectAlert(page, INVALID);
    await visit(page, 'invites-05-old-link-refused');

    await page.goto(suite.url(`/invite?token=${newest}`));
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await expectPath(page, '/login');
  });

  test('the company signs in with its own password; the admin sees no invite pending', async () => {
    await signIn(suite, page, company, 'company');
    await page.getByRole('region', { name: 'Overview' }).waitFor();
    await expectText(page.getByRole('banner'), company.name);
    await visit(page, 'invites-06-company-signed-in');

    page = adminPage;
    await page.reload();
    await row(company.email).waitFor();
    await expectText(row(company.email), company.reg);
    expect(await row(company.email).getByText('Invite pending').count()).toBe(0);
    expect(await rowMenuItems(page, company.name)).toEqual(['Show', 'Edit', 'Deactivate']);
  });
});
