import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite, visit } from './harness';
import {
  acceptInvite,
  dismissAlert,
  expectAlert,
  expectText,
  openScreen,
  pickOption,
  registerAdmin,
} from './helpers';
import { person, signInSteps, startRiversideTower } from './steps';
import { rowAction } from './rows';

/**
 * The audit trail as its users see it: a company's changes show to its admin, who,
 * what, and the values before and after. And text a user typed is shown, never run: an
 * expense and a lend named like markup, in the lists, Data Details and the trail.
 * Each step needs the one before, so after a failure the rest are skipped.
 */

const admin = person('Meera Iyer', 'meera.audit');
const company = {
  ...person('Acme Builders', 'acme.audit'),
  mobile: '9876543210',
  reg: 'ACME-001',
};
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';

const suite = useBrowserSuite();
let page: Page;

beforeAll(() => registerAdmin(suite.server.origin, admin));
const signIn = signInSteps(suite, (opened) => (page = opened));

const dialog = (name: string) => page.getByRole('dialog', { name });
const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const xss = () => page.evaluate(() => (window as { __xss?: unknown }).__xss);

/** Text shown as text: no markup made of it, and nothing of it ran. */
async function expectLiteral(text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
  expect(await xss()).toBeUndefined();
  const made = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    scripts: [...document.querySelectorAll('script')].filter((s) =>
      s.textContent?.includes('__xss'),
    ).length,
  }));
  expect(made).toEqual({ images: 0, scripts: 0 });
}

describe.sequential('audit trail', () => {
  test('the admin creates a company', async () => {
    await signIn(admin, 'admin');
    await openScreen(page, 'Company List');
    await page.getByRole('button', { name: 'Add New Company' }).click();
    const form = dialog('Create New User');
    await form.getByLabel('Name').fill(company.name);
    await form.getByLabel('Email').fill(company.email);
    await form.getByLabel('Contact').fill(company.mobile);
    await form.getByLabel('Registration Number').fill(company.reg);
    await form.getByRole('button', { name: 'Create' }).click();
    await expectAlert(page, 'User created successfully');
    await row(company.email).waitFor();
    // Invited (the default): the company chooses its own password.
    await acceptInvite(suite.server, company.email, company.password);
  });

  test('the company creates a project and changes its price', async () => {
    await signIn(company, 'company');
    await openScreen(page, 'Project List');
    const form = await startRiversideTower(page, '1000');
    await form.getByLabel('Date').fill('2026-03-15');
    await form.getByRole('button', { name: 'Create' }).click();
    // Read and closed: two toasts show at a time, and the next one would wait for this one.
    await dismissAlert(page, 'Project created successfully');
    await expectText(row('Riverside Tower'), '₹1,000.00');

    await rowAction(page, 'Riverside Tower', 'Edit');
    const edit = dialog('Edit Project');
    await edit.getByLabel('Price (₹)').fill('1500.50');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expectAlert(page, 'Project updated successfully');
    await expectText(row('Riverside Tower'), '₹1,500.50');

    // The company reads its own trail, with no company picker.
    await openScreen(page, 'Audit Trail');
    await expectText(row('Updated'), 'price: ₹1,000.00 → ₹1,500.50');
    expect(await page.getByLabel('Company').count()).toBe(0);
    await visit(page, 'audit-01-company-trail');
  });

  test('text typed by a user is shown, never run: lists and Data Details', async () => {
    await openScreen(page, 'Expenses', 'Expenses List');
    await page.getByRole('button', { name: 'Add New Expense' }).click();
    const form = dialog('Add New Expense');
    await form.getByLabel('Date').fill('2026-03-20');
    await form.getByLabel('Description').fill(IMG);
    await form.getByLabel('Amount').fill('450.75');
    await form.getByLabel('Category').selectOption('other');
    await form.getByRole('button', { name: 'Create' }).click();
    await expectAlert(page, 'Expense created successfully');
    await form.waitFor({ state: 'hidden' });
    // The list opens on this month: the expense of March shows among all dates.
    await page.getByRole('button', { name: 'All dates' }).click();
    await expectLiteral(IMG);
    await visit(page, 'audit-02-expense-markup');
    await rowAction(page, IMG, 'Show');
    const details = dialog('Data Details');
    await expectText(details, IMG);
    await expectLiteral(IMG);
    await visit(page, 'audit-03-expense-markup-details');
    await details.getByRole('button', { name: 'Close' }).click();

    await openScreen(page, 'Lend', 'All Lend');
    await page.getByRole('button', { name: 'Add New Lend' }).click();
    const lend = dialog('Add New Lend');
    await lend.getByLabel('Name').fill(SCRIPT);
    await lend.getByLabel('Email').fill('ravi@example.com');
    await lend.getByLabel('Amount').fill('5000');
    await lend.getByLabel('Issue Date', { exact: true }).fill('2026-03-01');
    await lend.getByLabel('Repayment Date', { exact: true }).fill('2026-04-01');
    await lend.getByRole('button', { name: 'Create' }).click();
    await expectAlert(page, 'Lend created successfully');
    await lend.waitFor({ state: 'hidden' });
    await expectLiteral(SCRIPT);
    await visit(page, 'audit-04-lend-markup');
    await rowAction(page, `${SCRIPT} (2026-03-01)`, 'Show');
    await expectText(dialog('Data Details'), SCRIPT);
    await expectLiteral(SCRIPT);
    await dialog('Data Details').getByRole('button', { name: 'Close' }).click();

    // The company's own trail shows its own expense and lend, as text.
    await openScreen(page, 'Audit Trail');
    await expectText(row('Expenses'), IMG);
    await expectText(row('Lend'), SCRIPT);
    await expectLiteral(IMG);
    await expectLiteral(SCRIPT);
    await visit(page, 'audit-07-company-markup');
    await row('Expenses')
      .getByRole('button', { name: /^Details/ })
      .click();
    await expectText(dialog('Data Details'), IMG);
    await expectText(dialog('Data Details'), '₹450.75');
    await expectLiteral(IMG);
    await visit(page, 'audit-08-company-markup-details');
    await dialog('Data Details').getByRole('button', { name: 'Close' }).click();
  });

  test("the admin reads the company's trail: the project's create and its price change", async () => {
    await signIn(admin, 'admin');
    await openScreen(page, 'Audit Trail');
    await pickOption(page, 'Company', company.name, company.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('companyId')).toBeTruthy();

    await page.getByLabel('Kind').selectOption({ label: 'Projects' });
    const update = row('Updated');
    await expectText(update, 'Riverside Tower');
    await expectText(update, company.name);
    await expectText(update, 'price: ₹1,000.00 → ₹1,500.50');
    expect(await update.getByText(company.name).getAttribute('title')).toBe(company.email);
    const created = row('Created').filter({ hasText: 'Riverside Tower' });
    await expectText(created, 'Projects');
    await visit(page, 'audit-05-admin-projects');

    await created.getByRole('button', { name: /^Details/ }).click();
    const details = dialog('Data Details');
    await expectText(details, 'Kapoor Estates');
    await expectText(details, '₹1,000.00');
    expect(await details.textContent()).not.toMatch(/Company Id|Updated At/);
    await visit(page, 'audit-06-admin-create-details');
    await details.getByRole('button', { name: 'Close' }).click();

    // The company's acts, all kinds: its own expense and lend are its alone, not the admin's.
    await page.getByLabel('Kind').selectOption({ label: 'All kinds' });
    const loaded = page.waitForResponse(
      (r) => r.url().includes('/api/audit/getaudit') && r.url().includes('actorId='),
    );
    await pickOption(page, 'User', `${company.name} (Company)`, company.name);
    await loaded;
    await expectText(row('Updated'), 'Riverside Tower');
    expect(await row('Expenses').count()).toBe(0);
    expect(await row('Lend').count()).toBe(0);
    expect(await page.getByText(IMG).count()).toBe(0);
    await visit(page, 'audit-09-admin-company-acts');

    // Nothing on the screen changes the trail.
    expect(await page.getByRole('button', { name: /Add|Edit|Delete/ }).count()).toBe(0);
    expect(await xss()).toBeUndefined();
  });

  test("the trail pages from the entries at a page's edges: Next, then Previous", async () => {
    // 25 more projects, made by the company: with the two entries of Riverside Tower, 27
    // entries of projects by the company, newest first, on two pages.
    const login = await fetch(suite.url('/api/user/loginuser'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: company.email,
        password: company.password,
        userType: 'company',
      }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    for (let i = 1; i <= 25; i++) {
      const made = await fetch(suite.url('/api/company/createproject'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          projectName: `Tower ${i}`,
          clientName: 'Kapoor Estates',
          clientNumber: '9811122233',
          duration: '1 month',
          price: 100 + i,
          paymentStatus: 'pending',
        }),
      });
      expect(made.status).toBe(201);
    }
    const towers = () =>
      page
        .getByRole('row')
        .filter({ hasText: /Tower \d/ })
        .count();
    await page.reload();
    await page.getByLabel('Kind').selectOption({ label: 'Projects' });
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expectText(pager, 'Page 1 of 2');
    await expectText(page.getByRole('row').nth(1), 'Tower 25');

    await pager.getByRole('button', { name: 'Next' }).click();
    await expectText(pager, 'Page 2 of 2');
    expect(new URL(page.url()).searchParams.get('after')).toBeTruthy();
    await expectText(page.getByRole('row').nth(1), 'Tower 5');
    await expectText(row('Updated'), 'Riverside Tower');
    expect(await towers()).toBe(5);
    await visit(page, 'audit-10-admin-page-2');

    await pager.getByRole('button', { name: 'Previous' }).click();
    await expectText(pager, 'Page 1 of 2');
    await expectText(page.getByRole('row').nth(1), 'Tower 25');
    expect(await towers()).toBe(20);
  });

  test("names two accounts of one holder apart, a payment's account and its reversal", async () => {
    const token = await companyToken();
    const account = async (accountNo: string, openingBalance: number) => {
      const made = await api(token, '/company/createbank', {
        holder_name: 'Asha Rao',
        account_no: accountNo,
        confirm_no: accountNo,
        branch: 'MG Road',
        ifsc: 'SBIN0001234',
        mobile: '9876543210',
        address: '1 MG Road, Bengaluru',
        openingBalance,
      });
      return made.data._id as string;
    };
    const first = await account('123456789012', 1000);
    await account('999988887777', 0);
    const paid = await api(token, '/company/addpayment', {
      accountId: first,
      date: '2026-03-21',
      remark: 'rent',
      paymentType: 'debit',
      amount: 40.5,
    });
    await api(token, `/company/payments/${paid.data.payment._id}/reverse`, {});

    await signIn(company, 'company');
    await openScreen(page, 'Audit Trail');
    await page.getByLabel('Kind').selectOption({ label: 'Bank accounts' });
    // Their creation alone: the balance each payment moved is no entry of its own.
    await expectText(page.getByText(/ entr(y|ies)$/).first(), '2 entries');
    await row('Asha Rao ••9012').waitFor();
    await row('Asha Rao ••7777').waitFor();

    await page.getByLabel('Kind').selectOption({ label: 'Payments' });
    // The payment's own row (the reversal's names it too, as what it reverses).
    const payment = page.getByRole('row').filter({ hasText: /CreatedDebit of ₹40\.50/ });
    await expectText(payment, 'Account: Asha Rao ••9012');
    await expectText(payment, 'Reversed by: Credit reversal of ₹40.50');
    await expectText(row('Credit reversal'), 'Reverses: Debit of ₹40.50: rent');
    await visit(page, 'audit-11-payments-named');

    await payment.getByRole('button', { name: /^Details/ }).click();
    const details = dialog('Data Details');
    await expectText(details, 'AccountAsha Rao ••9012');
    expect(await details.textContent()).not.toMatch(/Seq|Id|Version/);
    await visit(page, 'audit-12-payment-details');
    await details.getByRole('button', { name: 'Close' }).click();

    // The account opens its history: its own entries alone.
    await payment.getByRole('link', { name: 'History of Asha Rao ••9012' }).click();
    await expectText(page.getByText(/The history of one record/), 'Asha Rao ••9012');
    expect(new URL(page.url()).searchParams.get('recordId')).toBe(first);
    await expectText(page.getByText(/ entr(y|ies)$/).first(), '1 entry');
    await visit(page, 'audit-13-account-history');
  });

  test("a save made stale by another's change keeps the typing beside theirs", async () => {
    const token = await companyToken();
    // Among the 26 projects, searched for.
    await page.goto(suite.url('/app/project?q=Riverside'));
    await rowAction(page, 'Riverside Tower', 'Edit');
    const edit = dialog('Edit Project');
    await edit.getByLabel('Duration').fill('9 months');
    // Someone else changes the client meanwhile.
    const listed = await api(token, '/company/getcompanyallproject?search=Riverside');
    const project = listed.data[0];
    await api(token, '/company/updateproject', {
      _id: project._id,
      version: project.version,
      projectName: project.projectName,
      clientName: 'Kapoor Group',
      clientNumber: project.clientNumber,
      duration: project.duration,
      price: project.price,
      paymentStatus: project.paymentStatus,
    });
    await edit.getByRole('button', { name: 'Update' }).click();
    const notice = edit.getByRole('alert').filter({ hasText: 'changed by someone else' });
    await expectText(notice, 'Client Name: now “Kapoor Group” (was “Kapoor Estates”)');
    expect(await edit.getByLabel('Duration').inputValue()).toBe('9 months');
    await visit(page, 'conflicts-05-kept-beside-theirs');

    await notice.getByRole('button', { name: 'Save mine' }).click();
    await expectAlert(page, 'Project updated successfully');
    await edit.waitFor({ state: 'hidden' });
    await expectText(row('Riverside Tower'), 'Kapoor Group');
    await expectText(row('Riverside Tower'), '9 months');
    await visit(page, 'conflicts-06-saved-over-theirs');
  });
});

/** A signed-in company's token, for changes made "elsewhere" while the screen is open. */
async function companyToken() {
  const login = await api(undefined, '/user/loginuser', {
    email: company.email,
    password: company.password,
    userType: 'company',
  });
  return login.data.token as string;
}

/** One API call (a GET without a body); its answer, which must be a success. */
async function api(token: string | undefined, path: string, body?: unknown) {
  const res = await fetch(suite.url(`/api${path}`), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; data: any; message?: string };
  expect(answer, `${path}: ${answer.message}`).toMatchObject({ success: true });
  return answer;
}
