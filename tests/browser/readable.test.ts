import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { screenshotDir, useBrowserSuite, visit } from './harness';
import { addBankAccount, apiCall, signedInPage } from './helpers';
import { addPayments, person, seedCompany } from './steps';

/**
 * Screens read without a guide: at 1280 px every list shows all of its columns without a
 * sideways scroll and its badges on one line, whole; on a 390 px phone a statement card leads
 * with its entry's amount, the chart's months do not run together and the dashboard opens on
 * the month's figures. Seeded through the API with the long values real records have.
 */

const admin = person('Kavya Rao', 'kavya.r');
const company = {
  ...person('Lotus Exports and Logistics Private Limited', 'lotus.logistics'),
  mobile: '+91 98765 01234',
  reg: 'U63090MH2019PTC123456',
};
const today = new Date().toLocaleDateString('en-CA');
const monthStart = `${today.slice(0, 8)}01`;

const suite = useBrowserSuite();

test('a company with the long names, numbers and statuses of real records', async () => {
  const { token } = await seedCompany(suite, admin, company);
  const c = (path: string, body?: unknown) => apiCall(suite.server.origin, token, path, body);

  const pm = await c('/user/createUser', {
    name: 'Priyanka Venkataraman',
    email: person('Priyanka Venkataraman', 'priyanka.venkataraman').email,
    mobile: '+91 98450 12345',
    registration_number: 'PM-2024-0001',
    userType: 'pm',
  });
  for (const [i, userType] of (['tl', 'employee'] as const).entries())
    await c('/user/createUser', {
      name: `Sandeep Ramachandran ${i + 1}`,
      email: person('Sandeep Ramachandran', `sandeep.ramachandran.${i}`).email,
      mobile: '+91 99000 11223',
      registration_number: `EMP-2024-00${i}`,
      userType,
    });
  for (const [name, paymentStatus, status, risk] of [
    ['Riverside Tower Phase II Residential Complex', 'pending', 'In progress', 'Medium'],
    ['Harbour Wall', 'Advance paid', 'Foundation done', 'Low'],
  ] as const)
    await c('/company/createproject', {
      projectName: name,
      clientName: 'Kapoor Estates and Infrastructure Developers',
      clientNumber: '+91 98111 22233',
      duration: '18 months',
      price: 125000000.5,
      paymentStatus,
      status,
      risk,
      projectManager: pm._id,
      date: today,
    });
  const main = await addBankAccount(suite.server.origin, token, {
    holder_name: 'Lotus Exports Current Account',
    bank_name: 'State Bank of India',
    account_no: '123456789012345',
    branch: 'Fort, Mumbai Main Branch',
    ifsc: 'SBIN0001234',
    mobile: '9876501234',
    address: '12 Marine Drive, Mumbai',
    defaultStatus: 'active',
    openingBalance: 5000,
  });
  await addBankAccount(suite.server.origin, token, {
    holder_name: 'Lotus Exports Spare Account',
    account_no: '555566667777',
    branch: 'Indiranagar, Bengaluru',
    ifsc: 'HDFC0000456',
    mobile: '9876505678',
    address: '4 CMH Road, Bengaluru',
    defaultStatus: 'deActive',
  });
  await addPayments(suite, token, main._id, [
    [today, 'credit', 2500000, 'Invoice 17 from Kapoor Estates'],
    [today, 'debit', 1200.25, 'Office rent'],
  ]);
  for (const [description, amount, category] of [
    ['Quarterly maintenance of the office air conditioning units', 1250000.5, 'other'],
    ['Cinema tickets', 450, 'movie'],
    ['Groceries', 1234.56, 'shopping'],
  ] as const)
    await c('/expense/addexpense', { date: today, description, amount, category });
});

/**
 * Every list table's scrolling box on the page: how much wider its table is than the box,
 * and the badges (rounded labels) in it that wrap onto a second line or are cut off.
 */
async function measure(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="region"]')]
      .filter((region) => region.querySelector('table'))
      .map((region) => {
        const box = region.getBoundingClientRect();
        const badges = [...region.querySelectorAll('tbody .rounded-full')].filter(
          (b) => (b.textContent ?? '').trim() !== '',
        );
        const bad = badges.filter((b) => {
          const r = b.getBoundingClientRect();
          const line = parseFloat(getComputedStyle(b).lineHeight) || 16;
          const wrapped = b.getClientRects().length > 1 || r.height > line * 1.6 + 4;
          const clipped = r.left < box.left - 0.5 || r.right > box.right + 0.5;
          return wrapped || clipped;
        });
        return {
          // Each heading's width, to say where the room went.
          widths: [...region.querySelectorAll('th')]
            .map((th) => `${th.textContent}:${Math.round(th.getBoundingClientRect().width)}`)
            .join(' '),
          label: region.getAttribute('aria-label'),
          overflow: region.scrollWidth - region.clientWidth,
          badges: badges.length,
          bad: bad.map((b) => b.textContent),
        };
      }),
  );
}

/** The lists of the spec, who opens them, and a row's text to wait for. */
const LISTS = [
  { who: 'company', path: '/app/project', row: 'Harbour Wall', shot: 'projects' },
  { who: 'admin', path: '/app/company', row: company.name, shot: 'companies' },
  { who: 'company', path: '/app/account', row: 'Lotus Exports Spare Account', shot: 'bank' },
  { who: 'company', path: '/app/pm', row: 'Priyanka Venkataraman', shot: 'pms' },
  { who: 'company', path: '/app/tl', row: 'Sandeep Ramachandran 1', shot: 'tls' },
  { who: 'company', path: '/app/employee', row: 'Sandeep Ramachandran 2', shot: 'employees' },
  { who: 'company', path: '/app/payment', row: 'Office rent', shot: 'payments' },
  { who: 'company', path: '/app/expenses', row: 'Groceries', shot: 'expenses' },
  {
    who: 'company',
    path: `/app/accountstatement?type=company&from=${monthStart}&to=${today}`,
    row: 'Harbour Wall',
    shot: 'account-statement',
  },
  { who: 'company', path: '/app/categoryreport', row: 'shopping', shot: 'category-report' },
] as const;

const signedIn = (viewport: { width: number; height: number }, who: 'admin' | 'company') =>
  signedInPage(suite, who === 'admin' ? admin : company, who, {
    viewport,
    label: `${who} ${viewport.width}`,
  });

describe.sequential('at 1280 px', () => {
  test('every list shows its columns without scrolling sideways, its badges whole', async () => {
    const viewport = { width: 1280, height: 800 };
    const pages = {
      admin: await signedIn(viewport, 'admin'),
      company: await signedIn(viewport, 'company'),
    };
    // Every list is measured before any is judged: the failure names them all.
    const problems: string[] = [];
    for (const list of LISTS) {
      const { page } = pages[list.who];
      await page.goto(suite.url(list.path));
      await page.getByRole('row').filter({ hasText: list.row }).first().waitFor();
      const tables = await measure(page);
      if (tables.length === 0) problems.push(`${list.shot}: no table`);
      for (const t of tables) {
        if (t.overflow > 1)
          problems.push(`${list.shot}: ${t.label} is ${t.overflow} px too wide ${t.widths}`);
        if (t.bad.length > 0)
          problems.push(`${list.shot}: badges wrapped or cut: ${t.bad.join(', ')}`);
      }
      await visit(page, `readable-wide-${list.shot}`);
    }
    expect(problems).toEqual([]);
    // The badges were there to measure: an inactive account's status, a new person's invite.
    await pages.company.page.goto(suite.url('/app/account'));
    await pages.company.page.getByText('deActive', { exact: true }).first().waitFor();
    for (const { watch } of Object.values(pages)) watch.assertClean();
  });
});

describe.sequential('at 390 px', () => {
  test('the dashboard leads with the month; a statement card with its amount; the chart reads', async () => {
    const viewport = { width: 390, height: 844 };
    const { page, watch } = await signedIn(viewport, 'company');
    // The month's figures come before any all-time card.
    const month = page.getByRole('region', { name: /\d{4}$/ }).first();
    await month.getByText('Spent').waitFor();
    const allTime = page.getByRole('heading', { name: /All time/ });
    const [m, a] = await Promise.all([month.boundingBox(), allTime.boundingBox()]);
    expect(m!.y).toBeLessThan(a!.y);
    expect(m!.y).toBeLessThan(viewport.height);
    // Tiles two to a row.
    const tiles = page.getByText('Total Expenses', { exact: true });
    const lend = page.getByText('Total Lend', { exact: true });
    const [t1, t2] = await Promise.all([tiles.boundingBox(), lend.boundingBox()]);
    expect(Math.abs(t1!.y - t2!.y)).toBeLessThan(4);
    // The chart's month labels do not overlap one another.
    const labels = page.locator('.ct-label.ct-horizontal');
    await labels.first().waitFor();
    // The named ones, left to right: each starts where the one before it ends, or later.
    const shown = await labels.evaluateAll((els) =>
      els
        .filter((el) => (el.textContent ?? '').trim() !== '')
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0)
        .map((r) => ({ left: r.left, right: r.right })),
    );
    expect(shown.length).toBeGreaterThan(3);
    for (const [i, box] of shown.entries())
      if (i > 0)
        expect(box.left, 'month labels overlap').toBeGreaterThanOrEqual(shown[i - 1]!.right - 1);
    await visit(page, 'readable-phone-dashboard');
    // What a phone shows first, before any scrolling.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(screenshotDir, 'readable-phone-dashboard-top.png') });
    await page
      .locator('section[aria-labelledby="panel-expenses-by-category"]')
      .screenshot({ path: join(screenshotDir, 'readable-phone-chart.png') });

    // A statement card: its first line is the project and its amount, the amount in bold.
    await page.goto(suite.url(`/app/accountstatement?type=company&from=${monthStart}&to=${today}`));
    const row = page.getByRole('row').filter({ hasText: 'Harbour Wall' }).first();
    await row.waitFor();
    const money = row.locator('[data-card="money"]');
    const primary = row.locator('[data-card="primary"]');
    const [p, mo] = await Promise.all([primary.boundingBox(), money.boundingBox()]);
    expect(Math.abs(p!.y - mo!.y)).toBeLessThan(12);
    expect(await money.textContent()).toContain('12,50,00,000.50');
    await visit(page, 'readable-phone-account-statement');
    watch.assertClean();
  });
});
