import { chromium, type Page } from 'playwright-core';
import { PASSWORD } from './seed';

const LIST_CALL = '/api/expense/getuserallexpenses';

export interface ListScreenMeasure {
  /** Rows behind the list (the response's total). */
  total: number;
  /** From the list call's response (body received) to its first row and total on screen. */
  firstPageMs: number;
  /** The same after pressing Next. */
  nextPageMs: number;
  /** The most rows and kilobytes any list response carried: paging never loads the list. */
  largestResponseRows: number;
  largestResponseKb: number;
  pageSize: number;
}

/** Resolves when a list call's response body has arrived. */
const listCallFinished = (page: Page) => {
  const finished = page.waitForEvent('requestfinished', (r) => r.url().includes(LIST_CALL));
  // Awaited later; until then a step's own error must be the one reported, not this wait's
  // rejection when the browser closes.
  finished.catch(() => {});
  return finished;
};

const firstRowText = (page: Page) =>
  page.evaluate(() => document.querySelector('tbody tr')?.textContent ?? '');

/**
 * Logs in through the built SPA in Debian's Chromium as a user with a very long expense
 * list and times the screen: how long after the response page 1 (with its total) and then
 * page 2 are on screen.
 */
export async function measureListScreen(origin: string, email: string): Promise<ListScreenMeasure> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  try {
    const page = await browser.newPage();
    const responses: { rows: number; kb: number; total: number; pageSize: number }[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes(LIST_CALL)) return;
      const body = await response.body();
      const json = JSON.parse(body.toString()) as {
        data: unknown[];
        total: number;
        pageSize: number;
      };
      responses.push({
        rows: json.data.length,
        kb: body.length / 1024,
        total: json.total,
        pageSize: json.pageSize,
      });
    });

    await page.goto(`${origin}/login`);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('User Type').selectOption('admin');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/app/**');

    // Every date: the screen opens on this month, and the seeded expenses are older.
    const first = listCallFinished(page);
    await page.goto(`${origin}/app/expenses?dates=all`);
    await first;
    let started = performance.now();
    await page.waitForFunction(() => /\d\+? expenses?\b/.test(document.body.innerText));
    await page.waitForFunction(() => document.querySelector('tbody tr td') !== null);
    const firstPageMs = performance.now() - started;

    const before = await firstRowText(page);
    const next = listCallFinished(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await next;
    started = performance.now();
    await page.waitForFunction(
      (previous) => (document.querySelector('tbody tr')?.textContent ?? '') !== previous,
      before,
    );
    const nextPageMs = performance.now() - started;

    return {
      total: responses[0]?.total ?? 0,
      firstPageMs,
      nextPageMs,
      largestResponseRows: Math.max(...responses.map((r) => r.rows)),
      largestResponseKb: Math.max(...responses.map((r) => r.kb)),
      pageSize: responses[0]?.pageSize ?? 0,
    };
  } finally {
    await browser.close();
  }
}
