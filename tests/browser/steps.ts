import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSuite, PageWatch } from './harness';
import {
  apiToken,
  expectPath,
  journeySteps,
  logIn,
  registerAdmin,
  seedAdminAndCompany,
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

/** A company as the admin creates it: a person with a mobile number and a registration. */
export type CompanyPerson = Person & { mobile: string; reg: string };

/**
 * Seeds `admin` and its `company` (which accepts its invite with its own password) and signs
 * the company in over the API: its token, for the file's own set-up calls.
 */
export async function seedCompany(
  suite: BrowserSuite,
  admin: Person,
  company: CompanyPerson,
): Promise<string> {
  await seedAdminAndCompany(suite.server, admin, company, company.password);
  return apiToken(suite.server.origin, company, 'company');
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

/** Registers `me` as an admin and signs in on `page`: the dashboard opens. */
export async function signUpAndIn(suite: BrowserSuite, page: Page, me: Person): Promise<void> {
  await registerAdmin(suite.server.origin, me);
  await page.goto(suite.url('/login'));
  await logIn(page, me);
  await expectPath(page, '/app/dashboard');
}
