import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { screenshotDir, useBrowserSuite, visit, type PageWatch } from './harness';
import {
  addBankAccount,
  apiCall,
  expectAlert,
  expectPath,
  expectText,
  journeySteps,
  logIn,
} from './helpers';
import { LOTUS_CURRENT, person, seedCompany } from './steps';
import { rowMenuToggle } from './rows';
import { RIVERSIDE_TOWER } from '../unit/fixtures/records';

/**
 * The screens as office staff, finance users and auditing admins meet them on a 1280 px
 * screen and on a 390 px phone: the money of every list in view, a list that keeps its
 * search and sort through a reload, a refusal said under its field, the focus back on the
 * row's menu button after a dialog, and a delete undone with its totals. Seeded through
 * the API; each width walks the same screens.
 */

const admin = person('Kavya Rao', 'kavya');
const company = { ...person('Lotus Exports', 'lotus'), mobile: '9876501234', reg: 'LOT-9' };
const today = new Date().toLocaleDateString('en-CA');
const monthStart = `${today.slice(0, 8)}01`;
const LONG = 'Quarterly maintenance of the office air conditioning units, all floors';

const suite = useBrowserSuite();
let companyToken = '';

const call = (token: string, path: string, body?: unknown) =>
  apiCall(suite.server.origin, token, path, body);

test("an admin, its company and the company's records", async () => {
  ({ token: companyToken } = await seedCompany(suite, admin, company));
  const c = (path: string, body?: unknown) => call(companyToken, path, body);

  for (const [description, amount, category] of [
    [LONG, 1250000.5, 'other'],
    ['Cinema tickets', 450, 'movie'],
    ['Groceries', 1234.56, 'shopping'],
  ] as const)
    await c('/expense/addexpense', { date: today, description, amount, category });

  const lend = await c('/lend/addlend', {
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    amount: 150000.5,
    issueDate: '2026-01-10',
    repaymentDate: '2026-02-10',
  });
  await c('/lend/addrepayment', { loanId: lend._id, date: '2026-01-20', amount: 50000 });
  await c('/borrowed/addborrowed', {
    name: 'Meera Iyer',
    email: 'meera@example.com',
    amount: 2500,
    issueDate: '2026-03-01',
    repaymentDate: '2027-04-01',
  });
  await c('/company/createproject', {
    ...RIVERSIDE_TOWER,
    status: 'Foundation done',
    date: today,
  });
  const main = await addBankAccount(suite.server.origin, companyToken, {
    ...LOTUS_CURRENT,
    defaultStatus: 'active',
    openingBalance: 5000,
  });
  await addBankAccount(suite.server.origin, companyToken, {
    holder_name: 'Lotus Spare',
    account_no: '555566667777',
    branch: 'Indiranagar',
    ifsc: 'HDFC0000456',
    mobile: '9876505678',
    address: '4 CMH Road, Bengaluru',
  });
  for (const [paymentType, amount, remark] of [
    ['credit', 250000, 'Invoice 17'],
    ['debit', 1200.25, 'Office rent'],
  ] as const)
    await c('/company/addpayment', {
      accountId: main._id,
      date: today,
      remark,
      paymentType,
      amount,
    });
});

const WIDTHS = [
  { name: 'wide', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** The screens with rows, where each one's money is, and a row's text to wait for. */
const LISTS = [
  { path: '/app/expenses', shot: 'expenses', row: 'Groceries' },
  { path: '/app/lend', shot: 'lend', row: 'Ravi Kumar', status: 'Overdue' },
  { path: '/app/borrowed', shot: 'borrowed', row: 'Meera Iyer', status: 'Due' },
  { path: `/app/lendreport?from=2026-01-01&to=${today}`, shot: 'lend-report', row: 'Ravi Kumar' },
  {
    path: `/app/borrowedreport?from=2026-01-01&to=${today}`,
    shot: 'borrowed-report',
    row: 'Meera Iyer',
  },
  { path: '/app/people', shot: 'people', row: 'Ravi Kumar' },
  { path: '/app/project', shot: 'projects', row: 'Riverside Tower' },
  { path: '/app/account', shot: 'bank', row: 'Lotus Current', status: 'active' },
  { path: '/app/payment', shot: 'payment', row: 'Office rent' },
  {
    path: `/app/accountstatement?type=company&from=${monthStart}&to=${today}`,
    shot: 'account-statement',
    row: 'Riverside Tower',
  },
  { path: '/app/report?accountId=', shot: 'report', row: 'Office rent' },
  { path: '/app/dashboard', shot: 'dashboard', row: 'Groceries' },
] as const;

/**
 * Whether the element lies wholly inside the window's width, and is the one seen at its
 * middle once the page is scrolled down to it (down only: a sideways scroll would hide
 * what this is about).
 */
async function inView(target: Locator) {
  await target.waitFor();
  return target.evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight - 80) window.scrollBy(0, top - window.innerHeight / 3);
    const r = el.getBoundingClientRect();
    const seen = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      inside: r.left >= 0 && r.right <= window.innerWidth + 0.5 && r.width > 0,
      uncovered: seen !== null && (el === seen || el.contains(seen)),
      cut: el.scrollWidth > el.clientWidth + 1,
    };
  });
}

for (const { name, viewport } of WIDTHS) {
  describe.sequential(`at ${viewport.width} px`, () => {
    let page: Page;
    let watch: PageWatch;
    journeySteps(() => [watch]);
    const rowOf = (text: string) => page.getByRole('row').filter({ hasText: text });
    // A statement's row has two money cells, Credit and Debit: the one with a figure.
    const money = (text: string) =>
      rowOf(text).first().locator('[data-card="money"]').filter({ hasText: /\d/ }).first();
    const shot = (screen: string) => `screens-${name}-${screen}`;

    test('every list shows its money in view, and its status whole', async () => {
      ({ page, watch } = await suite.newPage({ viewport, label: name }));
      await page.goto(suite.url('/login'));
      await logIn(page, company, 'company');
      await expectPath(page, '/app/dashboard');
      const accountId = (
        await call(companyToken, '/company/getallbankbyuserid?sort=holder_name')
      ).find((a: { holder_name: string }) => a.holder_name === 'Lotus Current')._id;

      for (const list of LISTS) {
        const path =
          list.shot === 'report'
            ? `${list.path}${accountId}&from=${monthStart}&to=${today}`
            : list.path;
        await page.goto(suite.url(path));
        await rowOf(list.row).first().waitFor();
        const where = await inView(money(list.row));
        expect(where, `${list.shot}: the money of ${list.row}`).toMatchObject({
          inside: true,
          uncovered: true,
        });
        if ('status' in list) {
          const badge = rowOf(list.row).getByText(list.status, { exact: true });
          expect(await inView(badge), `${list.shot}: status`).toEqual({
            inside: true,
            uncovered: true,
            cut: false,
          });
        }
        const columns = await page.getByRole('columnheader').count();
        if (name === 'wide' && columns <= 9) {
          // The whole row fits: nothing hides under the pinned money and actions. (Wider
          // lists, Project List and All Bank, scroll sideways under them.)
          const table = rowOf(list.row).first().locator('xpath=ancestor::*[@role="region"][1]');
          const widths = await table.evaluate((el) => [el.scrollWidth, el.clientWidth]);
          expect(widths[0], `${list.shot}: fits without scrolling sideways`).toBeLessThanOrEqual(
            widths[1]! + 1,
          );
        }
        if (name === 'phone') {
          // A card: the description (or name) and the money on the first line.
          const first = rowOf(list.row).first();
          const primary = first.locator('[data-card="primary"]');
          if ((await primary.count()) > 0) {
            const [a, b] = await Promise.all([
              primary.boundingBox(),
              money(list.row).boundingBox(),
            ]);
            const overlap = Math.min(a!.y + a!.height, b!.y + b!.height) - Math.max(a!.y, b!.y);
            expect(overlap, `${list.shot}: one line`).toBeGreaterThan(8);
          }
        }
        await visit(page, shot(list.shot));
      }

      // The admin's Company List: the row's actions in view.
      const admins = await suite.newPage({ viewport, label: `${name} admin` });
      await admins.page.goto(suite.url('/login'));
      await logIn(admins.page, admin, 'admin');
      await expectPath(admins.page, '/app/dashboard');
      await admins.page.goto(suite.url('/app/company'));
      const toggle = admins.page.getByRole('button', { name: `Actions for ${company.name}` });
      expect(await inView(toggle)).toMatchObject({ inside: true, uncovered: true });
      await visit(admins.page, shot('admin-companies'));
      await admins.page.goto(suite.url('/app/account'));
      await admins.page.getByText('Read-only', { exact: true }).waitFor();
      expect(await admins.page.getByRole('button', { name: 'Add New Bank' }).count()).toBe(0);
      await visit(admins.page, shot('admin-bank'));
      admins.watch.assertClean();
    });

    test('a searched and sorted expense list survives a reload', async () => {
      await page.goto(suite.url('/app/expenses'));
      await rowOf('Groceries').waitFor();
      await page.getByLabel('Search expenses').fill('ti');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('ti');
      const order = async () => {
        await rowOf('Cinema tickets').waitFor();
        return page
          .locator('tbody [data-card="primary"]')
          .allTextContents()
          .then((t) => t.map((s) => s.trim()));
      };
      // The search's rows first, as a person sees them before sorting: while they load the
      // headers move with the spinner, and a click then can land beside its button.
      await expect
        .poll(async () => (await order()).sort())
        .toEqual(['Cinema tickets', LONG].sort());
      await page.getByRole('button', { name: /^Amount/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('amount');
      const amountHeader = page.getByRole('columnheader', { name: /Amount/ });
      await expect.poll(() => amountHeader.getAttribute('aria-sort')).toBe('ascending');
      // The sorted page replaces the unsorted one, which holds the same rows: wait for it.
      await expect.poll(order).toEqual(['Cinema tickets', LONG]);
      const before = await order();
      await page.reload();
      await expect.poll(order).toEqual(before);
      expect(await page.getByLabel('Search expenses').inputValue()).toBe('ti');
      expect(await amountHeader.getAttribute('aria-sort')).toBe('ascending');
      await expect
        .poll(() => page.getByText(/^Total Amount:/).textContent())
        .toContain('2 expenses');
      await visit(page, shot('expenses-reloaded'));
      // Away and Back: the same view.
      await page.goto(suite.url('/app/dashboard'));
      await page.goBack();
      await expect.poll(order).toEqual(before);
    });

    test('a refusal shows under its field; the form keeps what was typed', async () => {
      await page.goto(suite.url('/app/lend'));
      await (await rowMenuToggle(page, 'Ravi Kumar (2026-01-10)')).click();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Edit Lend' });
      const field = form.getByLabel('Repayment Date', { exact: true });
      await field.fill('2025-12-31');
      await form.getByRole('button', { name: 'Update' }).click();
      const message = 'repaymentDate must be on or after issueDate';
      await expectText(form, message);
      const describedBy = await field.getAttribute('aria-describedby');
      expect(describedBy).toBeTruthy();
      const said = page.locator(`[id="${describedBy}"]`);
      expect(await said.textContent()).toBe(message);
      const [input, under] = await Promise.all([field.boundingBox(), said.boundingBox()]);
      expect(under!.y).toBeGreaterThanOrEqual(input!.y + input!.height - 1);
      expect(under!.y - (input!.y + input!.height)).toBeLessThan(24);
      expect(Math.abs(under!.x - input!.x)).toBeLessThan(4);
      // Said there, not in a toast too.
      expect(await page.locator('.Toastify').getByText(message).count()).toBe(0);
      expect(await field.inputValue()).toBe('2025-12-31');
      await visit(page, shot('field-error'));
      // The mouse wheel over the focused amount changes nothing (a number field would).
      const amount = form.getByLabel('Amount (₹)');
      await amount.focus();
      await amount.hover();
      const typed = await amount.inputValue();
      await page.mouse.wheel(0, 200);
      await page.mouse.wheel(0, -400);
      expect(await amount.inputValue()).toBe(typed);
      expect(await amount.getAttribute('inputmode')).toBe('decimal');
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });
      await expectText(rowOf('Ravi Kumar'), '2026-02-10');
    });

    test('the focus returns to the row menu button when a dialog closes', async () => {
      await page.goto(suite.url('/app/expenses'));
      const toggle = await rowMenuToggle(page, 'Groceries');
      await toggle.click();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('dialog', { name: 'Edit Expense' }).waitFor();
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Actions for Groceries');
      // By keyboard alone: the arrows move in the menu, Enter picks, Escape comes back.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Show');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Data Details' }).waitFor();
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Actions for Groceries');
    });

    test('an undone delete brings the row and the totals back', async () => {
      await page.goto(suite.url('/app/expenses'));
      await rowOf('Groceries').waitFor();
      const total = page.getByText(/^Total Amount:/);
      const before = await total.textContent();
      expect(before).toContain('3 expenses');
      await (await rowMenuToggle(page, 'Groceries')).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Delete expense' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expectAlert(page, 'Expense deleted successfully');
      const said = page.getByRole('alert').filter({ hasText: 'Expense deleted successfully' });
      // The pointer on it holds it, as a person reaching for Undo does.
      await said.hover();
      await expect.poll(() => rowOf('Groceries').count()).toBe(0);
      await expect.poll(() => total.textContent()).toContain('2 expenses');
      // A picture with its animations running: stopping them would end the toast's timer.
      await page.screenshot({
        path: join(screenshotDir, `${shot('deleted-undo')}.png`),
        fullPage: true,
      });
      await said.getByRole('button', { name: 'Undo' }).click();
      await expectAlert(page, 'Expense restored');
      await rowOf('Groceries').waitFor();
      await expect.poll(() => total.textContent()).toBe(before);
      await visit(page, shot('restored'));
    });
  });
}
