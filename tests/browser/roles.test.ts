import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit } from './harness';
import {
  acceptInvite,
  dismissAlert,
  expectAlert,
  expectCount,
  expectText,
  mainMenu,
  openScreen,
  pickOption,
  registerAdmin,
} from './helpers';
import { person, signInSteps, startRiversideTower, type CompanyPerson } from './steps';
import { rowAction, rowMenuItems } from './rows';

/**
 * Companies, people and projects as their users would take them: an admin creates two
 * companies; a company builds its team and a project for its PM; the PM updates that
 * project's status; the admin browses everything read-only. Each step needs the one
 * before, so after a failure the rest are skipped.
 */

const admin = person('Meera Iyer', 'meera');
/** Someone to create: e-mail from the first name, unique to this run. */
const member = (name: string, mobile: string, reg: string) => ({
  ...person(name, name.split(' ')[0]!.toLowerCase()),
  mobile,
  reg,
});
const companyA = member('Acme Builders', '9876543210', 'ACME-001');
const companyB = member('Bluebird Traders', '9123456780', 'BLUE-002');
const pm = member('Priya Menon', '9000000001', 'PM-1');
const tl = member('Tarun Lal', '9000000002', 'TL-1');
const employee = member('Esha Nair', '9000000003', 'EMP-1');
const temp = member('Temp Worker', '9000000004', 'EMP-2');

const suite = useBrowserSuite();
let page: Page;

beforeAll(() => registerAdmin(suite.server.origin, admin));
const signIn = signInSteps(suite, (opened) => (page = opened));

const nav = () => mainMenu(page);
const dialog = (name: string) => page.getByRole('dialog', { name });
const row = (text: string) => page.getByRole('row').filter({ hasText: text });

async function menuLinks(): Promise<string[]> {
  await nav().getByRole('link').first().waitFor();
  return nav().getByRole('link').allTextContents();
}

/**
 * Add New …: checks the preset (disabled) type, fills Create New User, expects success.
 * Someone who signs in is sent an invite (the default), accepted here with `who.password`.
 */
async function createUser(
  addLabel: string,
  type: string,
  who: CompanyPerson,
  screenshotName?: string,
) {
  await page.getByRole('button', { name: addLabel }).click();
  const form = dialog('Create New User');
  await form.waitFor();
  const userType = form.getByLabel('User Type');
  expect(await userType.inputValue()).toBe(type);
  expect(await userType.isDisabled()).toBe(true);
  await form.getByLabel('Name').fill(who.name);
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Contact').fill(who.mobile);
  await form.getByLabel('Registration Number').fill(who.reg);
  if (screenshotName) await visit(page, screenshotName);
  await form.getByRole('button', { name: 'Create' }).click();
  await dismissAlert(page, 'User created successfully');
  await form.waitFor({ state: 'hidden' });
  await row(who.email).waitFor();
  if (type === 'company' || type === 'pm') {
    await expectText(row(who.email), 'Invite pending');
    await acceptInvite(suite.server, who.email, who.password);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectCount(row(who.email).getByText('Invite pending'), 0);
  }
}

describe.sequential('roles', () => {
  test('an admin sees its screens and creates two companies', async () => {
    await signIn(admin, 'admin');
    const links = await menuLinks();
    expect(links).toEqual(
      expect.arrayContaining([
        'Company List',
        'Project Manager List',
        'TL List',
        'Employee List',
        'Project List',
        'All Bank',
        'Account Statement',
        'Report List',
        // To read its companies' accounts (it has no payment form).
        'Payment Mode',
      ]),
    );

    await openScreen(page, 'Company List');
    await page.getByText('No data').waitFor();
    await visit(page, 'roles-01-company-list-empty');
    await createUser('Add New Company', 'company', companyA, 'roles-02-create-company');
    await createUser('Add New Company', 'company', companyB);

    const a = row(companyA.email);
    await expectText(a, companyA.name);
    await expectText(a, companyA.reg);
    await expectText(a, 'India');
    await expectText(a, companyA.mobile);
    // Its own company's details and status are the admin's to change; nothing else is.
    expect(await rowMenuItems(page, companyA.name)).toEqual(['Show', 'Edit', 'Deactivate']);
    await visit(page, 'roles-03-company-list');

    // A taken e-mail: the server's message, the modal stays open.
    await page.getByRole('button', { name: 'Add New Company' }).click();
    const form = dialog('Create New User');
    await form.getByLabel('Name').fill('Copycat');
    await form.getByLabel('Email').fill(companyA.email);
    await form.getByLabel('Contact').fill('9999999999');
    await form.getByLabel('Registration Number').fill('X-1');
    await form.getByRole('button', { name: 'Create' }).click();
    await expectAlert(page, 'An account with this email already exists');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  test('a company adds a PM, a TL and employees, deactivates one and deletes it', async () => {
    await signIn(companyA, 'company');
    const links = await menuLinks();
    expect(links).toEqual(
      expect.arrayContaining(['Project Manager List', 'TL List', 'Employee List', 'Payment Mode']),
    );
    expect(links).not.toContain('Company List');

    await openScreen(page, 'Project Manager List');
    await createUser('Add New PM', 'pm', pm, 'roles-04-create-pm');
    await openScreen(page, 'TL List');
    await createUser('Add New Tl', 'tl', tl);
    await openScreen(page, 'Employee List');
    await createUser('Add New Employee', 'employee', employee);
    await createUser('Add New Employee', 'employee', temp);
    await expectText(row(employee.email), 'Active');
    expect(await rowMenuItems(page, employee.name)).toEqual(['Show', 'Edit', 'Deactivate']);

    // Update User Details: the status really saves.
    await rowAction(page, temp.name, 'Edit');
    const edit = dialog('Update User Details');
    expect(await edit.getByLabel('Contact Email').inputValue()).toBe(temp.email);
    await edit.getByLabel('Status').selectOption('inactive');
    await edit.getByLabel('Registration Number').fill('EMP-2B');
    await visit(page, 'roles-05-update-user');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expectAlert(page, 'User edited successfully');
    await expectText(row(temp.email), 'Inactive');
    await expectText(row(temp.email), 'EMP-2B');

    // An inactive person may be deleted for good (it owns nothing), behind a confirmation.
    expect(await rowMenuItems(page, temp.name)).toEqual(['Show', 'Edit', 'Reactivate', 'Delete']);
    await rowAction(page, temp.name, 'Delete');
    const confirm = dialog('Delete employee permanently');
    await visit(page, 'roles-06-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete permanently' }).click();
    await expectAlert(page, 'User deleted successfully');
    await expectCount(row(temp.email), 0);
    await visit(page, 'roles-07-employee-list');
  });

  test('the company creates a project assigned to its PM', async () => {
    await openScreen(page, 'Project List');
    await page.getByText('No data').waitFor();
    const form = await startRiversideTower(page, '1250000.50');
    await pickOption(form, 'Project Manager', pm.name, pm.name);
    await form.getByLabel('Date').fill('2026-03-15');
    await visit(page, 'roles-08-project-form');
    await form.getByRole('button', { name: 'Create' }).click();
    await expectAlert(page, 'Project created successfully');
    const r = row('Riverside Tower');
    await expectText(r, '15/03/2026');
    await expectText(r, 'Kapoor Estates');
    await expectText(r, '₹12,50,000.50');
    await expectText(r, '#');
    await expectText(r, pm.name);
    await expectText(page.getByText(/^Total Price:/), '₹12,50,000.50');
    await visit(page, 'roles-09-project-list');
  });

  test('the PM sees its project, TLs and employees, and updates the status by PM', async () => {
    await signIn(pm, 'pm');
    const links = await menuLinks();
    expect(links).toEqual(expect.arrayContaining(['TL List', 'Employee List', 'Project List']));
    expect(links).not.toContain('Project Manager List');
    expect(links).not.toContain('All Bank');

    await openScreen(page, 'Employee List');
    await row(employee.email).waitFor();
    expect(await page.getByRole('button', { name: 'Add New Employee' }).count()).toBe(0);
    expect(await rowMenuItems(page, employee.name)).toEqual(['Show']);

    await openScreen(page, 'Project List');
    await row('Riverside Tower').waitFor();
    expect(await page.getByRole('button', { name: 'Add New Project' }).count()).toBe(0);
    expect(await rowMenuItems(page, 'Riverside Tower')).toEqual(['Show']);
    await page.getByRole('button', { name: 'Update status of Riverside Tower' }).click();
    const form = dialog('Update Status by PM');
    await form.getByLabel('Status by PM').fill('Foundation done');
    await visit(page, 'roles-10-pm-status');
    await form.getByRole('button', { name: 'Update' }).click();
    await expectAlert(page, 'Project status updated successfully');
    await form.waitFor({ state: 'hidden' });

    // The PM list is not theirs: the address shows Not Found.
    await page.goto(suite.url('/app/pm'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  test('the admin browses everything read-only', async () => {
    await signIn(admin, 'admin');
    await openScreen(page, 'Company List');
    // No.Employees (the 8th cell) holds the count; the deleted employee is gone.
    await expectText(row(companyA.email).getByRole('cell').nth(7), /^1$/);
    await expectText(row(companyB.email).getByRole('cell').nth(7), /^0$/);

    // From the company's row to its projects.
    await page.getByRole('link', { name: `Projects of ${companyA.name}` }).click();
    await page.getByRole('heading', { level: 2, name: 'Project List' }).waitFor();
    await expect.poll(() => page.getByLabel('Company').inputValue()).not.toBe('');
    await row('Riverside Tower').waitFor();
    expect(await rowMenuItems(page, 'Riverside Tower')).toEqual(['Show']);
    await rowAction(page, 'Riverside Tower', 'Show');
    const details = dialog('Data Details');
    await expectText(details, 'Foundation done');
    await visit(page, 'roles-11-admin-project-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add New Project' }).click();
    await expectAlert(page, "You can't Create");
    expect(await page.getByRole('dialog').count()).toBe(0);
    await visit(page, 'roles-12-admin-projects');

    // Company B has none of A's projects.
    await pickOption(page, 'Company', companyB.name, companyB.name);
    await page.getByText('No data').waitFor();

    for (const [title, who] of [
      ['Project Manager List', pm],
      ['TL List', tl],
      ['Employee List', employee],
    ] as const) {
      await openScreen(page, title);
      await row(who.email).waitFor();
      expect(await page.getByRole('button', { name: /^Add New/ }).count()).toBe(0);
      expect(await rowMenuItems(page, who.name)).toEqual(['Show']);
    }
    await visit(page, 'roles-13-admin-employees');

    // Its companies' accounts are for reading: no Add New Bank, Read-only in the header.
    await openScreen(page, 'All Bank');
    await page.getByRole('banner').getByText('Read-only', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Add New Bank' }).count()).toBe(0);

    // The Account Statement: the admin picks a company and reads it.
    await openScreen(page, 'Account Statement', 'Account Statement List');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectAlert(page, 'Please select a company.');
    await pickOption(page, 'Company', companyA.name);
    await page.getByLabel('Start Date').fill('2026-03-01');
    await page.getByLabel('End Date').fill('2026-03-31');
    await page.getByRole('button', { name: 'Submit' }).click();
    await row('Riverside Tower').waitFor();
    await expectText(page.getByText(/^Total Price:/), '₹12,50,000.50');
    await page.getByLabel('Type').selectOption('pm');
    await pickOption(page, 'Project Manager', pm.name);
    await page.getByRole('button', { name: 'Submit' }).click();
    await row('Riverside Tower').waitFor();
    await visit(page, 'roles-14-admin-statement');
    await page.getByLabel('End Date').fill('2026-03-10');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('No data').waitFor();
    await expectText(page.getByText(/^Total Price:/), '₹0.00');
  });
});
