import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowserSuite, visit, type PageWatch } from './harness';
import {
  expectNoSidewaysScroll,
  expectText,
  journeySteps,
  registerAdmin,
  signIn as signInOn,
} from './helpers';
import { person } from './steps';

/**
 * The khata on a phone (390 px), as one person would use it: add a person by mobile number,
 * You gave, the reminder sheet (its WhatsApp text with a UPI link, sent from the phone), a
 * statement shared by link and opened by someone with no account, You got by keyboard, and
 * the net at zero, seen live in a second tab signed in elsewhere. Each step needs the one
 * before.
 */

const me = person('Kavya Nair', 'kavya.khata', 'first password 123');
const PHONE = { width: 390, height: 844 };

const suite = useBrowserSuite();
let page: Page;
let watch: PageWatch;
let context: BrowserContext;
let other: Page;
let otherWatch: PageWatch;
let personUrl = '';
let statementUrl = '';

beforeAll(async () => {
  ({ page, watch, context } = await suite.newPage({ viewport: PHONE, label: 'khata' }));
  // The phone's WhatsApp: the share link opens here instead of wa.me.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
});
journeySteps(() => [watch, otherWatch]);

const dialog = (name: string) => page.getByRole('dialog', { name });
const net = (p: Page) => p.getByTestId('khata-net');

/** Nothing on the page scrolls sideways at 390 px. */
const fitsThePhone = (p: Page) => expectNoSidewaysScroll(p, PHONE.width);

const signIn = (p: Page) => signInOn(suite, p, me);

describe.sequential('khata on a phone', () => {
  test('adds a person by name and mobile number', async () => {
    await registerAdmin(suite.server.origin, me);
    await signIn(page);
    await page.goto(suite.url('/app/khata'));
    await page.getByRole('button', { name: 'Add person' }).click();
    const form = dialog('Add person');
    await form.getByLabel('Name').fill('Ramesh bhaiya');
    await form.getByLabel('Mobile').fill('12345');
    await form.getByRole('button', { name: 'Add' }).click();
    await expectText(form.getByRole('alert'), /must be an Indian mobile number/);
    await form.getByLabel('Mobile').fill('098765-43210');
    await form.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('heading', { name: 'Ramesh bhaiya' }).waitFor();
    await expectText(page.getByText('+91 98765 43210'), '+91 98765 43210');
    await expectText(net(page), 'All settled with Ramesh bhaiya');
    personUrl = page.url();
    await fitsThePhone(page);
    await visit(page, 'khata-01-person');
  });

  test('a second tab, signed in elsewhere, opens the same page', async () => {
    ({ page: other, watch: otherWatch } = await suite.newPage({ viewport: PHONE, label: 'other' }));
    await signIn(other);
    await other.goto(personUrl);
    await expectText(net(other), 'All settled with Ramesh bhaiya');
  });

  test('You gave ₹2,500: the page and the other tab say Ramesh owes you', async () => {
    await page.getByRole('button', { name: 'You gave' }).click();
    const form = dialog('You gave Ramesh bhaiya');
    await form.getByLabel('Amount (₹)').fill('2500');
    await form.getByLabel('Note (optional)').fill('For the shop');
    await fitsThePhone(page);
    await visit(page, 'khata-02-you-gave');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectText(net(page), 'Ramesh bhaiya owes you ₹2,500.00');
    await expectText(
      page.getByRole('list', { name: 'Entries with Ramesh bhaiya' }),
      /For the shop/,
    );
    await expectText(net(other), 'Ramesh bhaiya owes you ₹2,500.00');
  });

  test('the UPI ID is set in Profile', async () => {
    await page.goto(suite.url('/app/profile'));
    await page.getByLabel('UPI ID', { exact: true }).fill('Kavya.Nair@OKHDFCBANK');
    await page.getByRole('button', { name: 'Save UPI ID' }).click();
    await page.getByText('UPI ID saved').first().waitFor();
    await fitsThePhone(page);
  });

  test('the reminder sheet shows the text with its UPI link, editable, and records what is sent', async () => {
    await page.goto(personUrl);
    await page.getByRole('button', { name: 'Remind' }).click();
    const sheet = dialog('Remind Ramesh bhaiya');
    const text = sheet.getByLabel('Message');
    await expect
      .poll(() => text.inputValue())
      .toBe(
        [
          'Hello Ramesh bhaiya,',
          `A reminder from Kavya Nair: ₹2,500.00 is due to me (due date ${new Date().toLocaleDateString('en-GB')}).`,
          'Pay by UPI: upi://pay?pa=kavya.nair@okhdfcbank&pn=Kavya%20Nair&am=2500.00&tn=Repayment%20to%20Kavya%20Nair&cu=INR',
          'Thank you.',
        ].join('\n'),
      );
    await text.fill(`${await text.inputValue()}\nSee you Sunday.`);
    const whatsapp = sheet.getByRole('link', { name: 'Send on WhatsApp' });
    const href = await whatsapp.getAttribute('href');
    expect(href).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(decodeURIComponent(href!.split('?text=')[1]!)).toContain('See you Sunday.');
    expect(await sheet.getByRole('link', { name: 'Send SMS' }).getAttribute('href')).toMatch(
      /^sms:\+919876543210\?body=/,
    );
    await fitsThePhone(page);
    await visit(page, 'khata-03-reminder');
    const [popup] = await Promise.all([page.waitForEvent('popup'), whatsapp.click()]);
    await popup.close();
    await page.getByText('Reminder recorded').first().waitFor();
    await page.keyboard.press('Escape');
    await expectText(
      page.getByRole('list', { name: 'Entries with Ramesh bhaiya' }),
      /Reminder sent by WhatsApp/,
    );
  });

  test('a shared statement opens in a fresh browser, with that ledger only', async () => {
    await page.getByRole('button', { name: 'Share statement' }).click();
    const sheet = dialog('Share statement with Ramesh bhaiya');
    await sheet.getByRole('button', { name: 'Create link' }).click();
    statementUrl = await sheet.getByLabel('Statement link', { exact: true }).inputValue();
    expect(statementUrl).toMatch(/\/statement\/[A-Za-z0-9_-]{43}$/);
    await visit(page, 'khata-04-share');
    await page.keyboard.press('Escape');

    const stranger = await suite.browser.newContext({ viewport: PHONE });
    try {
      const visitor = await stranger.newPage();
      await visitor.goto(statementUrl);
      await expectText(
        visitor.getByRole('heading', { level: 1 }),
        'Statement between Kavya Nair and Ramesh bhaiya',
      );
      await expectText(
        visitor.getByTestId('statement-net'),
        'Ramesh bhaiya owes Kavya Nair ₹2,500.00',
      );
      const shown = await visitor.locator('body').innerText();
      expect(shown).not.toContain(me.email);
      expect(shown).not.toContain('Reminder');
      await fitsThePhone(visitor);
      await visit(visitor, 'khata-05-statement');
      const pdf = await visitor.request.get(
        statementUrl.replace('/statement/', '/api/public/khata/') + '/pdf',
      );
      expect(pdf.headers()['content-type']).toBe('application/pdf');
    } finally {
      await stranger.close();
    }
  });

  test('You got ₹2,500 by keyboard: all settled, here and in the other tab', async () => {
    await page.getByRole('button', { name: 'You got' }).focus();
    await page.keyboard.press('Enter');
    const form = dialog('You got from Ramesh bhaiya');
    await expect
      .poll(() => form.getByLabel('Amount (₹)').evaluate((e) => e === document.activeElement))
      .toBe(true);
    await page.keyboard.type('2500');
    await page.keyboard.press('Enter');
    await expectText(net(page), 'All settled with Ramesh bhaiya');
    await expectText(net(other), 'All settled with Ramesh bhaiya');
    await fitsThePhone(page);
    await visit(page, 'khata-06-settled');
    await visit(other, 'khata-07-other-tab');
  });
});
