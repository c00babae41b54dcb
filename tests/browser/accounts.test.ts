import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { useBrowserSuite, visit, type PageWatch } from './harness';
import {
  expectAlert,
  expectPath,
  expectText,
  journeySteps,
  logIn,
  mailsTo,
  registerAdmin,
  signIn,
} from './helpers';
import { person } from './steps';

/**
 * An account owner's security as they would use it: where they are signed in (and signing
 * another browser out), two-factor sign-in set up with a real code and used to sign in, a
 * recovery code, and an e-mail change confirmed from the new address's mail and undone from the
 * old address's.
 */

const me = person('Farah Khan', 'farah', 'farah password 1');
const NEW_EMAIL = person('Farah Khan', 'farah.new').email;

const suite = useBrowserSuite();
const url = suite.url;
let page: Page;
let other: Page;
let watch: PageWatch;
let otherWatch: PageWatch;
let secret = '';
let recoveryCodes: string[] = [];

beforeAll(async () => {
  ({ page, watch } = await suite.newPage({ label: 'owner' }));
  ({ page: other, watch: otherWatch } = await suite.newPage({ label: 'other browser' }));
  await registerAdmin(suite.server.origin, me);
});
journeySteps(() => [watch, otherWatch]);

const totp = (offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function openProfile(p: Page) {
  await p.goto(url('/app/profile'));
  await p.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
}

describe.sequential('accounts people can trust', () => {
  test('two browsers sign in; one signs the other out from Profile', async () => {
    await page.goto(url('/login'));
    await page.getByLabel('Remember Me').check();
    await logIn(page, me);
    await expectPath(page, '/app/dashboard');
    await signIn(suite, other, me);

    await openProfile(page);
    const sessions = page.getByRole('region', { name: 'Where you are signed in' }).or(
      page.locator('section', {
        has: page.getByRole('heading', { name: 'Where you are signed in' }),
      }),
    );
    await expectText(sessions.first(), 'This session');
    await expect
      .poll(() => page.getByRole('button', { name: /^Sign out .*last used/ }).count())
      .toBe(1);
    await visit(page, 'accounts-01-sessions');

    await page.getByRole('button', { name: /^Sign out .*last used/ }).click();
    await expectAlert(page, 'That session is signed out');
    await expect
      .poll(() => page.getByRole('button', { name: /^Sign out .*last used/ }).count())
      .toBe(0);

    // The other browser's next call ends its session: back to login, keeping the page.
    await other
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Expenses', exact: true })
      .click();
    await expectPath(other, '/login');
    await expectAlert(other, 'Your session has ended. Please log in again.');
  });

  test('turns two-factor sign-in on with a code from an authenticator', async () => {
    await openProfile(page);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await dialog.getByLabel('Current Password').fill(me.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('img', { name: 'QR code of the two-factor key' }).waitFor();
    secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await visit(page, 'accounts-02-two-factor-key');
    await dialog.getByLabel('Code from the app').fill(totp());
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    recoveryCodes = (await codes.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await visit(page, 'accounts-03-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expectText(
      page.getByRole('heading', { name: 'Two-factor sign-in' }).locator('..'),
      'On.',
    );
  });

  test('signs in with the password and then a code', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expectPath(page, '/');
    await page.goto(url('/login'));
    await logIn(page, me);
    const code = page.getByLabel('Code', { exact: true });
    await code.waitFor();
    await visit(page, 'accounts-04-code-step');
    // The code that turned it on was spent: a wrong one is refused, the next one works.
    await code.fill('000000' === totp(1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectText(page.locator('#login-code-error'), 'That code is not right');
    await page.getByLabel('Code', { exact: true }).fill(totp(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectPath(page, '/app/dashboard');
  });

  test('changes the e-mail once the new address confirms it, and the old address undoes it', async () => {
    await openProfile(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile' });
    await dialog.getByLabel('Email').fill(NEW_EMAIL);
    await dialog.getByLabel('Current Password').fill(me.password);
    await visit(page, 'accounts-05-email-change');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expectAlert(page, `Open the link we sent to ${NEW_EMAIL}`);

    // Nothing changes until the new address confirms, in the other browser as from a mail app.
    const mails = (to: string) => mailsTo(suite.server.dataDir, to);
    await expect.poll(() => mails(NEW_EMAIL).length).toBe(1);
    const confirmation = mails(NEW_EMAIL)[0]!;
    const confirm = /\/confirm-email\?token=([\w-]+)/.exec(confirmation)![1]!;
    expect(mails(me.email)).toHaveLength(0);
    await other.goto(url(`/confirm-email?token=${confirm}`));
    await other.getByRole('button', { name: 'Confirm my new e-mail' }).waitFor();
    await visit(other, 'accounts-06-confirm-email');
    await other.getByRole('button', { name: 'Confirm my new e-mail' }).click();
    await expectText(other.getByRole('status'), `Your e-mail is now ${NEW_EMAIL}`);

    await expect.poll(() => mails(me.email).length).toBe(1);
    const mail = mails(me.email)[0]!;
    expect(mail).toContain(`from ${me.email} to ${NEW_EMAIL}`);
    const token = /\/revert-email\?token=([\w-]+)/.exec(mail)![1]!;

    // Opened in the other browser, as from a mail app.
    await other.goto(url(`/revert-email?token=${token}`));
    await other.getByRole('button', { name: 'Put my e-mail back' }).waitFor();
    await visit(other, 'accounts-06-revert-email');
    await other.getByRole('button', { name: 'Put my e-mail back' }).click();
    await expectText(other.getByRole('status'), `Your e-mail is ${me.email} again`);

    // Every session of the account ended, this one too: its live stream closes and the
    // open tab goes to the sign-in page without a click.
    await expectPath(page, '/login');
  });

  test('a recovery code signs in once with the old e-mail', async () => {
    await page.goto(url('/login'));
    await logIn(page, me);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    // Back to the page the ended session was on.
    await expectPath(page, '/app/profile');

    await openProfile(page);
    await expectText(page.locator('main'), me.email);
    await expectText(
      page.getByRole('heading', { name: 'Two-factor sign-in' }).locator('..'),
      '9 recovery codes left',
    );
    const history = page.getByRole('region', { name: 'Recent sign-ins' });
    await expectText(history, 'Wrong two-factor code');
    await visit(page, 'accounts-07-profile-security');
  });
});
