import { beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { STALE_RECORD_MESSAGE } from '../../contract/rules';
import { useBrowserSuite, visit, watchPage, type PageWatch } from './harness';
import { apiCall, apiPost, expectText, journeySteps, signedInPage, submitDialog } from './helpers';
import { person, seedCompany } from './steps';
import { rowAction } from './rows';

/**
 * Two tabs of one browser edit the same project. The first saves; the second's save is
 * refused instead of silently overwriting it: the form says the record changed, Reload puts
 * the first tab's values into it, and the second tab's own change then saves on top.
 */

const admin = person('Nila Rao', 'nila');
const company = { ...person('Harbour Works', 'harbour'), mobile: '9876501234', reg: 'HBR-1' };

const suite = useBrowserSuite();
let tabA: Page;
let watchA: PageWatch;
let tabB: Page;
let watchB: PageWatch;
let companyToken: string;

beforeAll(async () => {
  // The company chooses its password from the invite.
  ({ token: companyToken } = await seedCompany(suite, admin, company));
  const project = await apiPost(
    suite.server.origin,
    '/company/createproject',
    {
      projectName: 'Harbour View',
      clientName: 'Dock Estates',
      clientNumber: '9811100000',
      duration: '6 months',
      price: 500000,
      paymentStatus: 'Advance paid',
    },
    companyToken,
  );
  expect(project.status).toBe(201);
});
journeySteps(() => [watchA, watchB]);

const editDialog = (p: Page) => p.getByRole('dialog', { name: 'Edit Project' });
const row = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text });

async function openProjects(p: Page) {
  await p
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Project List', exact: true })
    .click();
  await p.getByRole('heading', { level: 2, name: 'Project List' }).waitFor({ timeout: 30_000 });
}

async function setField(dialog: Locator, label: string, value: string) {
  const field = dialog.getByLabel(label, { exact: true });
  await field.fill(value);
}

describe('two tabs edit one project', () => {
  test('both tabs open the edit form of the same project', async () => {
    ({ page: tabA, watch: watchA } = await signedInPage(suite, company, 'company', {
      label: 'tab A',
    }));
    await openProjects(tabA);
    await rowAction(tabA, 'Harbour View', 'Edit');
    await editDialog(tabA).waitFor();

    // A second tab of the same browser: signed in already.
    tabB = await tabA.context().newPage();
    watchB = watchPage(tabB, 'tab B');
    await tabB.goto(suite.url('/app/project'));
    await tabB
      .getByRole('heading', { level: 2, name: 'Project List' })
      .waitFor({ timeout: 30_000 });
    await rowAction(tabB, 'Harbour View', 'Edit');
    await editDialog(tabB).waitFor();
    expect(await editDialog(tabB).getByLabel('Client Name').inputValue()).toBe('Dock Estates');
  });

  test('the first tab saves', async () => {
    await setField(editDialog(tabA), 'Client Name', 'Marine Traders');
    await submitDialog(tabA, editDialog(tabA), 'Update', 'Project updated successfully');
    await expectText(row(tabA, 'Harbour View'), 'Marine Traders');
    await visit(tabA, 'conflicts-01-first-tab-saved');
  });

  test("the second tab's save is refused with the message and a Reload", async () => {
    const dialog = editDialog(tabB);
    // The second tab's form still holds what it opened with.
    expect(await dialog.getByLabel('Client Name').inputValue()).toBe('Dock Estates');
    await setField(dialog, 'Duration', '9 months');
    await dialog.getByRole('button', { name: 'Update' }).click();
    const notice = dialog.getByRole('alert').filter({ hasText: STALE_RECORD_MESSAGE });
    await notice.waitFor();
    await dialog.getByRole('button', { name: 'Reload' }).waitFor();
    // Nothing was overwritten.
    const saved = await apiCall(suite.server.origin, companyToken, '/company/getcompanyallproject');
    expect(saved[0]).toMatchObject({
      clientName: 'Marine Traders',
      duration: '6 months',
      version: 2,
    });
    await visit(tabB, 'conflicts-02-second-tab-stale');
  });

  test("Reload puts the first tab's values into the form; the save then succeeds", async () => {
    const dialog = editDialog(tabB);
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await dialog.getByRole('alert').waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Client Name').inputValue()).toBe('Marine Traders');
    expect(await dialog.getByLabel('Duration', { exact: true }).inputValue()).toBe('6 months');
    await visit(tabB, 'conflicts-03-second-tab-reloaded');

    await setField(dialog, 'Duration', '9 months');
    await submitDialog(tabB, dialog, 'Update', 'Project updated successfully');
    await expectText(row(tabB, 'Harbour View'), 'Marine Traders');
    await expectText(row(tabB, 'Harbour View'), '9 months');
    // The first tab's list follows without a reload.
    await expectText(row(tabA, 'Harbour View'), '9 months');
    await visit(tabB, 'conflicts-04-second-tab-saved');

    const saved = await apiCall(suite.server.origin, companyToken, '/company/getcompanyallproject');
    expect(saved[0]).toMatchObject({
      clientName: 'Marine Traders',
      duration: '9 months',
      version: 3,
    });
  });
});
