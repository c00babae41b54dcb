import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { IMPORT_MAX_ROWS_EMBEDDED } from '../../contract/imports';
import { expectAccessible, screenshot, useBrowserSuite, visit, type PageWatch } from './harness';
import { expectAlert, expectCount, expectPath, expectText, logIn, registerAdmin } from './helpers';

/**
 * Everything around the journey: the guard on deep links, Not Found pages, the refusals
 * of Login and Register, the small-screen menu, and the API docs page.
 */

const user = {
  name: 'Ravi Kumar',
  email: `ravi.${Date.now()}@example.com`,
  password: 'correct horse battery',
};

const suite = useBrowserSuite();
const url = suite.url;
let page: Page;
let watch: PageWatch;

/** Each test starts signed out, in a context of its own. */
async function freshPage(viewport?: { width: number; height: number }) {
  ({ page, watch } = await suite.newPage({ viewport }));
}

beforeAll(() => registerAdmin(suite.server.origin, user));
beforeEach(() => freshPage());
afterEach(() => watch.assertClean());

describe('routes', () => {
  test('a deep link without a session goes to / and, after login, back to the page', async () => {
    await page.goto(url('/app/expenses'));
    await expectPath(page, '/');
    await page.getByRole('heading', { name: /Manage Your Expenses With/ }).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await expectPath(page, '/login');
    await logIn(page, user);
    await expectPath(page, '/app/expenses');
    await page.getByRole('heading', { name: 'Expenses List' }).waitFor();
  });

  test("the accessibility check loads axe under the app's script policy and fails on a serious finding", async () => {
    const answer = await page.goto(url('/no/such/page'));
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self';");
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectAccessible(page, 'routes-not-found-before');
    // Text a person could hardly read: axe's color-contrast rule, of serious impact.
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Faint text';
      faint.style.cssText = 'color:#eee;background:#fff';
      document.querySelector('main')!.append(faint);
    });
    await expect(expectAccessible(page, 'routes-faint-text')).rejects.toThrow(
      /serious\/critical violation\(s\) on routes-faint-text[\s\S]*color-contrast/,
    );
  });

  test('an unknown path shows Not Found, outside and inside the app', async () => {
    await page.goto(url('/no/such/page'));
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await visit(page, 'routes-not-found');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expectPath(page, '/');

    await page.goto(url('/login'));
    await logIn(page, user);
    await expectPath(page, '/app/dashboard');
    await page.goto(url('/app/no-such-screen'));
    await page.getByRole('heading', { level: 1, name: 'Not Found' }).waitFor();
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await visit(page, 'routes-not-found-in-app');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expectPath(page, '/app/dashboard');
  });

  test('Login says so when an account has had too many wrong passwords', async () => {
    const victim = {
      name: 'Locked Out',
      email: `locked.${Date.now()}@example.com`,
      password: 'the real password',
    };
    await registerAdmin(suite.server.origin, victim);
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${suite.server.origin}/api/user/loginuser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: victim.email, password: `guess ${i}`, userType: 'admin' }),
      });
      expect(res.status).toBe(401);
    }
    await page.goto(url('/login'));
    const answer = page.waitForResponse((r) => r.url().includes('/api/user/loginuser'));
    await logIn(page, victim);
    expect((await answer).status()).toBe(429);
    await expectAlert(page, 'Too many login attempts. Please try again later.');
    await expectPath(page, '/login');
    await visit(page, 'routes-login-too-many');
  });

  test('Login refuses a wrong type or password with the server message', async () => {
    await page.goto(url('/login'));
    const attempt = async (password: string, userType: 'admin' | 'company', message: string) => {
      const answer = page.waitForResponse((r) => r.url().includes('/api/user/loginuser'));
      await logIn(page, { ...user, password }, userType);
      expect((await answer).status()).toBe(401);
      await expectAlert(page, message);
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    };
    // The right password with the wrong type says which type; a wrong password says nothing.
    await attempt(user.password, 'company', 'This account signs in as Admin.');
    await attempt('not the password', 'admin', 'Invalid email or password');
    await expectPath(page, '/login');
    expect(
      await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')),
    ).toBeNull();
    await visit(page, 'routes-login-refused');
  });

  test('Register checks the confirmation and refuses a taken e-mail', async () => {
    await page.goto(url('/register'));
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email').fill(user.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm Password').fill('correct horse batteries');
    await page.getByRole('button', { name: 'Register' }).click();
    await expectAlert(page, 'Passwords do not match');
    await visit(page, 'routes-register-mismatch');

    await page.getByLabel('Confirm Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Register' }).click();
    await expectAlert(page, 'An account with this email already exists');
    await expectPath(page, '/register');
  });

  test('on a small screen the side menu opens from the header', async () => {
    await freshPage({ width: 390, height: 844 });
    await page.goto(url('/login'));
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await visit(page, 'routes-mobile-login');
    await logIn(page, user);
    await expectPath(page, '/app/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByText('Total Expenses', { exact: true }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    await visit(page, 'routes-mobile-dashboard');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.waitFor();
    await visit(page, 'routes-mobile-menu');
    await nav.getByRole('link', { name: 'Expenses' }).click();
    await expectPath(page, '/app/expenses');
    await page.getByRole('heading', { name: 'Expenses List' }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    await visit(page, 'routes-mobile-expenses');
  });

  test("the app's scripts and styles arrive compressed, as made at build time", async () => {
    const assets: { url: string; encoding?: string }[] = [];
    page.on('response', (res) => {
      if (/\/assets\/.+\.(js|css)$/.test(res.url()))
        assets.push({ url: res.url(), encoding: res.headers()['content-encoding'] });
    });
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(assets.length).toBeGreaterThan(0);
    // Chromium accepts Brotli: every file of the first page came as the build's .br copy.
    expect(assets.filter((a) => a.encoding !== 'br')).toEqual([]);
  });

  test('/api/docs serves the OpenAPI UI of the API', async () => {
    await page.goto(url('/api/docs'));
    await page.getByText('Expense and company manager API').first().waitFor();
    // Every area is listed, folded; opening one shows its calls.
    for (const area of ['auth', 'invoicing', 'expenses', 'health'])
      await page.locator('.opblock-tag', { hasText: area }).first().waitFor();
    await page.locator('.opblock-tag', { hasText: 'expenses' }).first().click();
    await expectText(page.locator('body'), '/api/expense/addexpense');
    // The docs page is Swagger UI's own markup, not a screen of the app: no axe run here.
    await screenshot(page, 'routes-api-docs');
    const json = await fetch(url('/api/docs/json'));
    expect(json.status).toBe(200);
    expect((await json.json()).openapi).toMatch(/^3\./);
  });

  test('a search matching over 10,000 expenses says 10,000+ and still pages', async () => {
    const many = { ...user, name: 'Meena Rao', email: `meena.${Date.now()}@example.com` };
    await registerAdmin(suite.server.origin, many);
    await page.goto(url('/login'));
    await logIn(page, many);
    await expectPath(page, '/app/dashboard');
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    // 10,001 matching rows and one that does not match, imported as a spreadsheet's rows
    // are, in files of the most the embedded database takes at once.
    const rows = Array.from(
      { length: 10_002 },
      (_, i) =>
        `2026-11-01,${i < 10_001 ? `Cinema ticket ${i + 1}` : 'Rent for November'},150,other`,
    );
    for (let first = 0; first < rows.length; first += IMPORT_MAX_ROWS_EMBEDDED) {
      const part = rows.slice(first, first + IMPORT_MAX_ROWS_EMBEDDED);
      const res = await fetch(
        url('/api/import/run?kind=expenses&dateFormat=YYYY-MM-DD&amountStyle=single'),
        {
          method: 'POST',
          headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
          body: ['Date,Description,Amount,Category', ...part].join('\n'),
        },
      );
      const text = await res.text();
      expect(res.status, text).toBe(200);
      // The answer is a line of progress at a time, the result last.
      expect(JSON.parse(text.trim().split('\n').at(-1)!).result).toMatchObject({
        imported: part.length,
      });
    }

    // Every date: the list opens on this month, and these are dated over many.
    await page.goto(url('/app/expenses?q=cinema&dates=all'));
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expectText(pager, 'Page 1 of 500+');
    await expectCount(page.getByRole('row').filter({ hasText: 'Cinema ticket' }), 20);
    await expectText(
      page.getByText(/expenses · narrow the search/),
      '10,000+ expenses · narrow the search to see their total',
    );
    await visit(page, 'routes-search-10000-plus');
    // A search for one entry finds it, with its exact total.
    await page.getByLabel('Search expenses').fill('rent for');
    await expectText(page.getByText(/^Total Amount:/), '₹150.00 · 1 expense');
    await expectCount(page.getByRole('row').filter({ hasText: 'Rent for November' }), 1);
  });

  test('the expense list pages on the server; the total covers every page', async () => {
    await page.goto(url('/login'));
    await logIn(page, user);
    await expectPath(page, '/app/dashboard');
    // Not remembered: the session is this tab's (sessionStorage).
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    // 23 rows: 1000.01, 2000.01, … 23000.01 (sum 2,76,000.23), one day apart.
    for (let i = 1; i <= 23; i++) {
      const res = await fetch(url('/api/expense/addexpense'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          date: `2026-10-${String(i).padStart(2, '0')}`,
          description: `Paged expense ${i}`,
          amount: 1000 * i + 0.01,
          category: 'other',
        }),
      });
      expect(res.status).toBe(201);
    }

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Expenses' })
      .click();
    // The list opens on this month; these are October's, so every date.
    await page.getByRole('button', { name: 'All dates' }).click();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expectText(pager, 'Page 1 of 2');
    const dataRows = page.getByRole('row').filter({ hasText: 'Paged expense' });
    await expectCount(dataRows, 20);
    await expectText(page.getByText(/^Total Amount:/), '₹2,76,000.23');
    await expectText(page.getByText(/^Total Amount:/), '23 expenses');
    // Newest first: page 1 starts with the 23rd.
    await expectText(dataRows.first(), 'Paged expense 23');

    await pager.getByRole('button', { name: 'Next' }).click();
    await expectText(pager, 'Page 2 of 2');
    await expectCount(dataRows, 3);
    await expectText(dataRows.first(), /^21\s*2026-10-03/);
    await expectText(page.getByText(/^Total Amount:/), '₹2,76,000.23');
    await visit(page, 'routes-expenses-page-2');
  });
});
