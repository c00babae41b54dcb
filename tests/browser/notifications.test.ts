import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowserSuite, visit } from './harness';
import { acceptInvite, addBankAccount, apiCall, apiToken, signedInPage, todayIso } from './helpers';
import { LOTUS_CURRENT, person, seedCompany } from './steps';

/**
 * A notification opens the record it tells of, and the company's account numbers read by
 * their last four digits until shown: at 390 and 1280 px, each screen looked at and run
 * through axe. Seeded through the API: the company's payment (the admin's news), a budget the
 * company's spending went over (its own), a PM's status update of a project since deleted, an
 * overdue lend, two accounts.
 */

const admin = person('Kavya Rao', 'kavya.n');
const company = {
  ...person('Lotus Exports', 'lotus.n'),
  mobile: '+91 98765 01234',
  reg: 'U63090MH2019PTC654321',
};
const today = todayIso();
const month = today.slice(0, 7);

const suite = useBrowserSuite();

/** Waits until the page is at `path`, whatever its query. */
const expectScreen = (page: Page, path: string) =>
  expect.poll(() => new URL(page.url()).pathname).toBe(path);
const seeded = { paymentId: '', accountId: '', lendId: '' };

test('an admin and a company with news in their bells', async () => {
  const { token } = await seedCompany(suite, admin, company);
  const c = (path: string, body?: unknown) => apiCall(suite.server.origin, token, path, body);
  const account = await addBankAccount(suite.server.origin, token, {
    ...LOTUS_CURRENT,
    bank_name: 'State Bank of India',
    defaultStatus: 'active',
    openingBalance: 5000,
  });
  await addBankAccount(suite.server.origin, token, {
    holder_name: 'Lotus Payroll',
    account_no: '998877665544',
    branch: 'Indiranagar, Bengaluru',
    ifsc: 'HDFC0000456',
    mobile: '9876505678',
    address: '4 CMH Road, Bengaluru',
    defaultStatus: 'deActive',
  });
  seeded.accountId = account._id;
  const paid = await c('/company/addpayment', {
    accountId: account._id,
    date: today,
    remark: 'Invoice 17',
    paymentType: 'credit',
    amount: 250.5,
  });
  seeded.paymentId = paid.payment._id;
  const categories = (await c('/category/getcategories')) as { _id: string; name: string }[];
  const shopping = categories.find((cat) => cat.name === 'shopping')!;
  await c('/budget/setbudget', { categoryId: shopping._id, amount: 100 });
  await c('/expense/addexpense', {
    date: today,
    description: 'Office chairs',
    amount: 450,
    category: 'shopping',
  });
  // A PM's status update of a project the company then deleted: news with nothing to open.
  const pmWho = person('Priya Nair', 'priya.n');
  const pm = await c('/user/createUser', {
    name: pmWho.name,
    email: pmWho.email,
    mobile: '+91 98450 12345',
    registration_number: 'PM-2026-0001',
    userType: 'pm',
  });
  await acceptInvite(suite.server, pmWho.email, pmWho.password);
  const project = await c('/company/createproject', {
    projectName: 'Harbour Wall',
    clientName: 'Kapoor Estates',
    clientNumber: '+91 98111 22233',
    duration: '6 months',
    price: 150000,
    paymentStatus: 'pending',
    status: 'Started',
    risk: 'Low',
    projectManager: pm._id,
    date: today,
  });
  const pmToken = await apiToken(suite.server.origin, pmWho, 'pm');
  await apiCall(suite.server.origin, pmToken, '/company/updateprojectstatus', {
    _id: project._id,
    version: 1,
    statusByPm: 'Piling done',
  });
  await c('/company/deleteproject', { id: project._id });
  for (const name of ['Ravi Kumar', 'Ravi Kumar Sharma', 'Anita Desai']) {
    const lend = await c('/lend/addlend', {
      name,
      email: person(name, name.replace(/ /g, '.').toLowerCase()).email,
      amount: 1500,
      issueDate: '2026-01-10',
      repaymentDate: '2026-02-10',
    });
    if (name === 'Ravi Kumar') seeded.lendId = lend._id;
  }
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  describe.sequential(`at ${viewport.width} px`, () => {
    const w = viewport.width;

    test("the company's bell opens the budget's month, and its numbers show on demand", async () => {
      const { page, watch } = await signedInPage(suite, company, 'company', {
        viewport,
        label: `company ${w}`,
      });

      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('region', { name: 'Notifications' });
      const budget = panel.getByRole('link', { name: /shopping spending for .* over its budget/ });
      await budget.waitFor();
      // The deleted project's news still opens its history, which outlives the project.
      const history = panel.getByRole('link', {
        name: /Priya Nair updated the status of Harbour Wall/,
      });
      expect(await history.getAttribute('href')).toMatch(/\/app\/audit\?recordId=[0-9a-f-]{36}$/);
      await visit(page, `notifications-bell-company-${w}`);
      await budget.click();
      await expectScreen(page, '/app/categoryreport');
      const url = new URL(page.url());
      expect(url.searchParams.get('from')).toBe(`${month}-01`);
      expect(url.searchParams.get('to')?.slice(0, 7)).toBe(month);
      await page.getByRole('cell', { name: 'shopping' }).first().waitFor();
      await visit(page, `notifications-budget-report-${w}`);

      // An overdue lend as its notification opens it: the list narrowed, its row marked.
      await page.goto(suite.url(`/app/lend?q=Ravi+Kumar&open=${seeded.lendId}`));
      const marked = page.locator('tr[aria-current="true"]');
      await marked.waitFor();
      expect(await marked.count()).toBe(1);
      expect(await marked.getByRole('cell').allTextContents()).toContain('Ravi Kumar');
      await page.getByRole('cell', { name: 'Ravi Kumar Sharma' }).first().waitFor();
      expect(await page.getByRole('cell', { name: 'Anita Desai' }).count()).toBe(0);
      await visit(page, `notifications-lend-marked-${w}`);

      // All Bank: each number by its last four digits, whole on Show, away again on Hide.
      await page.goto(suite.url('/app/account'));
      const row = page.getByRole('row').filter({ hasText: 'Lotus Current' });
      await row.waitFor();
      expect(await row.textContent()).toContain('••9012');
      expect(await row.textContent()).not.toContain('123456789012');
      await visit(page, `account-numbers-masked-${w}`);
      const show = row.getByRole('button', { name: 'Show the account number of Lotus Current' });
      await show.focus();
      await page.keyboard.press('Enter');
      const hide = row.getByRole('button', { name: 'Hide the account number of Lotus Current' });
      expect(await hide.getAttribute('aria-pressed')).toBeNull();
      expect(await row.textContent()).toContain('123456789012');
      const payroll = page.getByRole('row').filter({ hasText: 'Lotus Payroll' });
      expect(await payroll.textContent()).not.toContain('998877665544');
      await visit(page, `account-numbers-shown-${w}`);
      await page.keyboard.press('Space');
      expect(await row.textContent()).not.toContain('123456789012');

      // The statement's account card, the same way.
      await page.goto(
        suite.url(`/app/report?accountId=${seeded.accountId}&from=${today}&to=${today}`),
      );
      const card = page.getByRole('group', { name: 'Account details' });
      await card.getByRole('button', { name: /^Show the account number/ }).waitFor();
      expect(await card.textContent()).not.toContain('123456789012');
      await card.getByRole('button', { name: /^Show the account number/ }).click();
      expect(await card.textContent()).toContain('123456789012');
      await visit(page, `account-number-statement-shown-${w}`);
      watch.assertClean();
    });

    test("the admin's bell opens the payment's history, the account by its last four", async () => {
      const { page, watch } = await signedInPage(suite, admin, 'admin', {
        viewport,
        label: `admin ${w}`,
      });
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const payment = page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('link', { name: /Credit payment of ₹250\.50 recorded on Lotus Current/ });
      await payment.waitFor();
      expect(await payment.textContent()).toContain('(••9012)');
      await payment.click();
      await expectScreen(page, '/app/audit');
      expect(new URL(page.url()).searchParams.get('recordId')).toBe(seeded.paymentId);
      await page.getByRole('row').filter({ hasText: 'Invoice 17' }).first().waitFor();
      await visit(page, `notifications-payment-history-${w}`);
      watch.assertClean();
    });
  });
}
