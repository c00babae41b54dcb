import { beforeAll } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { BrowserSuite, PageWatch } from './harness';
import {
  apiCall,
  apiToken,
  journeySteps,
  registerAdmin,
  seedAdminAndCompany,
  signedInPage,
  signIn,
} from './helpers';

/**
 * The set-up most browser files share: the people they sign in as, an admin and its company
 * seeded over the API, and one watched page for a journey whose steps build on each other.
 */

/** Someone who signs in, unique to this run of the file. */
export interface Person {
  name: string;
  email: string;
  password: string;
}

const stamp = Date.now();
/** The password the seeded admins and companies share unless a file chooses its own. */
export const PASSWORD = 'correct horse battery';

/** `name`, with an e-mail address of `slug` unique to this run. */
export const person = (name: string, slug: string, password = PASSWORD): Person => ({
  name,
  email: `${slug}.${stamp}@example.com`,
  password,
});

/** Lotus Current, the company account most files open (through the API or the form). */
export const LOTUS_CURRENT = {
  holder_name: 'Lotus Current',
  account_no: '123456789012',
  branch: 'Fort, Mumbai',
  ifsc: 'SBIN0001234',
  mobile: '9876501234',
  address: '12 Marine Drive, Mumbai',
};

/** A company as the admin creates it: a person with a mobile number and a registration. */
export type CompanyPerson = Person & { mobile: string; reg: string };

/**
 * Seeds `admin` and its `company` (which accepts its invite with its own password) and signs
 * the company in over the API: its token, for the file's own set-up calls, and its id.
 */
export async function seedCompany(
  suite: BrowserSuite,
  admin: Person,
  company: CompanyPerson,
): Promise<{ token: string; companyId: string }> {
  const { companyId } = await seedAdminAndCompany(suite.server, admin, company, company.password);
  return { token: await apiToken(suite.server.origin, company, 'company'), companyId };
}

/** A payment to record on an account: its day, direction, rupees and remark. */
export type PaymentSeed = readonly [
  date: string,
  paymentType: 'credit' | 'debit',
  amount: number,
  remark: string,
];

/** Records `payments` on the account `accountId` through the API, as the holder of `token`. */
export async function addPayments(
  suite: BrowserSuite,
  token: string,
  accountId: string,
  payments: readonly PaymentSeed[],
): Promise<void> {
  for (const [date, paymentType, amount, remark] of payments)
    await apiCall(suite.server.origin, token, '/company/addpayment', {
      accountId,
      date,
      remark,
      paymentType,
      amount,
    });
}

/**
 * One page for the whole file, opened before its first step (handed to `opened`), its console
 * checked after every step; a failed step skips the rest (journeySteps).
 */
export function journeyPage(
  suite: BrowserSuite,
  label: string,
  opened: (page: Page, watch: PageWatch) => void,
): void {
  let watch: PageWatch | undefined;
  beforeAll(async () => {
    const made = await suite.newPage({ label });
    watch = made.watch;
    opened(made.page, made.watch);
  });
  journeySteps(() => [watch]);
}

/**
 * For a file whose steps sign in afresh (a new browser context each time) as one person after
 * another: the returned sign-in hands each new page to `opened`; the latest page's console is
 * checked after every step, and a failed step skips the rest (journeySteps).
 */
export function signInSteps(
  suite: BrowserSuite,
  opened: (page: Page) => void,
): (who: Person, userType: 'admin' | 'company' | 'pm') => Promise<void> {
  let watch: PageWatch | undefined;
  journeySteps(() => [watch]);
  return async (who, userType) => {
    const made = await signedInPage(suite, who, userType);
    watch = made.watch;
    opened(made.page);
  };
}

/**
 * Opens Add New Project on the Project List and fills in Riverside Tower for Kapoor Estates at
 * `price` (as typed): the form, for the fields a step fills in itself.
 */
export async function startRiversideTower(page: Page, price: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add New Project' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Project' });
  const fields = {
    'Project Name': 'Riverside Tower',
    'Client Name': 'Kapoor Estates',
    'Client Number': '9811122233',
    Duration: '6 months',
    'Payment Status': 'Advance paid',
    'Price (₹)': price,
  };
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value);
  return form;
}

/** Registers `me` as an admin and signs in on `page`: the dashboard opens. */
export async function signUpAndIn(suite: BrowserSuite, page: Page, me: Person): Promise<void> {
  await registerAdmin(suite.server.origin, me);
  await signIn(suite, page, me);
}
