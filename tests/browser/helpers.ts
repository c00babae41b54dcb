import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import type { BrowserSuite, PageWatch } from './harness';

/**
 * Small waits in the spirit of Playwright's web-first assertions (playwright-core has no
 * `expect`): each polls until the page agrees or the timeout runs out.
 */

// `npm test` runs another test file beside this one on the same two cores.
const TIMEOUT = 20_000;

/** Waits until the locator's text contains (or matches) `expected`. */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  const read = () => locator.first().textContent({ timeout: TIMEOUT });
  if (typeof expected === 'string') {
    await expect.poll(read, { timeout: TIMEOUT }).toContain(expected);
  } else {
    await expect.poll(read, { timeout: TIMEOUT }).toMatch(expected);
  }
}

/** Waits until the locator matches exactly `count` elements. */
export async function expectCount(locator: Locator, count: number): Promise<void> {
  await expect.poll(() => locator.count(), { timeout: TIMEOUT }).toBe(count);
}

/** Waits until the page's path (and query) is `path`. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect
    .poll(
      () => {
        const url = new URL(page.url());
        return url.pathname + url.search;
      },
      { timeout: TIMEOUT },
    )
    .toBe(path);
}

/** Waits for a toast (or other alert) with this text. */
export async function expectAlert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ timeout: TIMEOUT });
}

/** Presses the dialog `form`'s `button`, waits for the toast `alert`, then for the dialog to close. */
export async function submitDialog(
  page: Page,
  form: Locator,
  button: string,
  alert: string,
): Promise<void> {
  await form.getByRole('button', { name: button }).click();
  await expectAlert(page, alert);
  await form.waitFor({ state: 'hidden' });
}

/**
 * Waits for a toast with this text, then closes it, as one does once it is read: a toast
 * stays five seconds at the top right, over the buttons a screen has there, and a click
 * on one of them waits until it has gone.
 */
export async function dismissAlert(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text }).first();
  await toast.waitFor({ timeout: TIMEOUT });
  await toast.getByRole('button', { name: 'close' }).click();
  await toast.waitFor({ state: 'detached', timeout: TIMEOUT });
}

/**
 * Picks `name` in the search picker (combobox) labelled `label` within `scope`: opens it,
 * types `search` when given (the server searches as one types), clicks the option.
 */
export async function pickOption(
  scope: Page | Locator,
  label: string,
  name: string,
  search?: string,
): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (search) await box.fill(search);
  await scope.getByRole('option', { name, exact: true }).click();
  await expect.poll(() => box.getAttribute('aria-expanded'), { timeout: TIMEOUT }).toBe('false');
}

/**
 * What a download holds, read through Playwright's stream (which serves a browser launched
 * here or one connected to elsewhere alike, where the file has no local path).
 */
export async function downloaded(download: Download | Promise<Download>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Registers an admin through the API (for tests that are not about the Register screen). */
export async function registerAdmin(
  origin: string,
  user: { name: string; email: string; password: string },
): Promise<void> {
  const res = await fetch(`${origin}/api/user/registeruser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, cpassword: user.password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

/** Fills and sends the Login form (email, password, user type). */
export async function logIn(
  page: Page,
  user: { email: string; password: string },
  userType: 'admin' | 'company' | 'pm' | '' = 'admin',
): Promise<void> {
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('User Type').selectOption(userType);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * A journey's steps build on each other: after a failed step the rest are skipped (their
 * failures would only echo it), and after each step every watched page must be clean.
 */
export function journeySteps(watched: () => (PageWatch | undefined)[]): void {
  let broken = false;
  beforeEach((ctx) => {
    if (broken) ctx.skip();
  });
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') broken = true;
    for (const watch of watched()) watch?.assertClean();
  });
}

/** The mails the server wrote to its outbox (it has no SMTP_URL) for `to`, oldest first. */
export function outbox(dataDir: string, to: string): string[] {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((text) => text.includes(`To: ${to}`));
}

/** A mail's text with quoted-printable undone. */
export const decodeQP = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** The mails the server wrote to `to`, oldest first, as their reader sees them (decoded). */
export const mailsTo = (dataDir: string, to: string) => outbox(dataDir, to).map(decodeQP);

/**
 * Accepts the newest invite e-mailed to `email` (the server's outbox) with `password`, as
 * its link's page would: for tests that are not about that page.
 */
export async function acceptInvite(
  server: { origin: string; dataDir: string },
  email: string,
  password: string,
): Promise<void> {
  // Polled by hand: set-up (beforeAll) has no expect.poll. The mail goes after the answer.
  for (let waited = 0; outbox(server.dataDir, email).length === 0; waited += 50) {
    if (waited > TIMEOUT) throw new Error(`no invite e-mail to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const token = mailsTo(server.dataDir, email)
    .at(-1)!
    .match(/\/invite\?token=([\w-]+)/)?.[1];
  const res = await fetch(`${server.origin}/api/user/acceptinvite`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password, cpassword: password }),
  });
  if (res.status !== 200)
    throw new Error(`accept invite failed: ${res.status} ${await res.text()}`);
}

/**
 * A request to the API at `origin`, as the holder of `token` when given: a GET, or a POST of
 * `body`. Answers the status and the body, read as JSON when it is JSON and as text when not
 * (a proxy's or a crash's page), refusals included.
 */
async function apiRequest(origin: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${origin}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the text as it came.
  }
  return { status: res.status, text, body: parsed as { data?: any } };
}

/**
 * A seed's call to the API at `origin` as the holder of `token`: a GET, or a POST of `body`.
 * Answers the answer's `data`; a refusal throws, naming the call and its status.
 */
export async function apiCall(origin: string, token: string, path: string, body?: unknown) {
  const res = await apiRequest(origin, path, body, token);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Signs `who` in through the API as `userType`: its session's token. */
export async function apiToken(
  origin: string,
  who: { email: string; password: string },
  userType: string,
) {
  const res = await apiRequest(origin, '/user/loginuser', {
    email: who.email,
    password: who.password,
    userType,
  });
  if (res.status >= 300) throw new Error(`sign-in of ${who.email}: ${res.status} ${res.text}`);
  return (res.body as { data: { token: string } }).data.token;
}

/**
 * A POST of `body` to the API at `origin`, as the holder of `token` when given: the answer's
 * status and body, refusals included (for seeds that check the status themselves).
 */
export async function apiPost(origin: string, path: string, body: unknown, token?: string) {
  const { status, body: answer } = await apiRequest(origin, path, body, token);
  return { status, body: answer };
}

/**
 * The usual seed: `admin` registers through the API and creates `company` (mobile and
 * registration number its own), which chooses `password` from its invite. Answers the
 * admin's session and the company's id.
 */
export async function seedAdminAndCompany(
  server: { origin: string; dataDir: string },
  admin: { name: string; email: string; password: string },
  company: { name: string; email: string; mobile: string; reg: string },
  password: string,
): Promise<{ adminToken: string; companyId: string }> {
  await registerAdmin(server.origin, admin);
  const adminToken = await apiToken(server.origin, admin, 'admin');
  const created = await apiPost(
    server.origin,
    '/user/createUser',
    {
      name: company.name,
      email: company.email,
      mobile: company.mobile,
      registration_number: company.reg,
      userType: 'company',
    },
    adminToken,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await acceptInvite(server, company.email, password);
  return { adminToken, companyId: created.body.data._id as string };
}

/** The page fits `width` px: nothing scrolls sideways but inside a table's own card. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(width);
}

/** Today in the date fields' form, YYYY-MM-DD, by the local clock. */
export function todayIso(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The app's main menu. */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The main menu's link to `name`. */
export const menuLink = (page: Page, name: string) =>
  mainMenu(page).getByRole('link', { name, exact: true });

/** Opens `title` from the main menu and waits for its heading (`heading`, if other). */
export async function openScreen(page: Page, title: string, heading = title): Promise<void> {
  await menuLink(page, title).click();
  await page.getByRole('heading', { level: 2, name: heading }).waitFor();
}

/** Opens the Login form on `page`, signs `who` in as `userType` and waits for the dashboard. */
export async function signIn(
  suite: Pick<BrowserSuite, 'url'>,
  page: Page,
  who: { email: string; password: string },
  userType: 'admin' | 'company' | 'pm' = 'admin',
): Promise<void> {
  await page.goto(suite.url('/login'));
  await logIn(page, who, userType);
  await expectPath(page, '/app/dashboard');
}

/**
 * A new page of `suite` (its own storage; 1280 px unless `opts` says otherwise, labelled by
 * `userType` unless named) on which `who` has signed in through the Login form as `userType`
 * and reached the dashboard.
 */
export async function signedInPage(
  suite: Pick<BrowserSuite, 'newPage' | 'url'>,
  who: { email: string; password: string },
  userType: 'admin' | 'company' | 'pm',
  opts: { viewport?: { width: number; height: number }; label?: string } = {},
): Promise<{ page: Page; watch: PageWatch }> {
  const { page, watch } = await suite.newPage({ label: userType, ...opts });
  await signIn(suite, page, who, userType);
  return { page, watch };
}

/** What Add New Bank's form is filled with (Default and Opening Balance only when given). */
export interface BankForm {
  holder: string;
  number: string;
  confirm: string;
  branch: string;
  ifsc: string;
  mobile: string;
  address: string;
  defaultStatus?: 'active' | 'deActive';
  opening?: string;
}

/** Fills Add New Bank's `form` as typed: the confirmation and IFSC are the form's to check. */
export async function fillBankForm(form: Locator, a: BankForm): Promise<void> {
  await form.getByLabel('Holder Name').fill(a.holder);
  await form.getByLabel('Account Number', { exact: true }).fill(a.number);
  await form.getByLabel('Confirm Account Number').fill(a.confirm);
  await form.getByLabel('Branch').fill(a.branch);
  await form.getByLabel('IFSC').fill(a.ifsc);
  await form.getByLabel('Mobile').fill(a.mobile);
  await form.getByLabel('Address').fill(a.address);
  if (a.defaultStatus) await form.getByLabel('Default').selectOption(a.defaultStatus);
  if (a.opening !== undefined) await form.getByLabel('Opening Balance (₹)').fill(a.opening);
}

/** A bank account as the API takes it (its number confirmed as typed). */
export interface BankAccountSeed {
  holder_name: string;
  account_no: string;
  branch: string;
  ifsc: string;
  mobile: string;
  address: string;
  bank_name?: string;
  openingBalance?: number;
  defaultStatus?: 'active' | 'deActive';
}

/** A bank account the holder of `token` opens through the API (confirmed as typed): its data. */
export const addBankAccount = (origin: string, token: string, account: BankAccountSeed) =>
  apiCall(origin, token, '/company/createbank', { ...account, confirm_no: account.account_no });

/** `account` as one types it into Add New Bank, the number confirmed as it is. */
export const typedAs = (account: BankAccountSeed): BankForm => ({
  holder: account.holder_name,
  number: account.account_no,
  confirm: account.account_no,
  branch: account.branch,
  ifsc: account.ifsc,
  mobile: account.mobile,
  address: account.address,
  defaultStatus: account.defaultStatus,
  opening: account.openingBalance === undefined ? undefined : String(account.openingBalance),
});
