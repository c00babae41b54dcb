import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import axe, { type RunOptions } from 'axe-core';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  type ConsoleMessage,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { takeFileServer, type AppServer } from './appServer';
import { connectBrowser } from './chromium';

/**
 * The browser-test harness: the real built app served by the real server (a child
 * process on a free port with a scratch DATA_DIR, so PGlite on disk as in `npm start`:
 * appServer.ts, started by fileSetup.ts before the file loads),
 * Debian's Chromium driven by playwright-core, screenshots, axe-core, and a watch on
 * every page that fails the test on an uncaught error or a console error from the app.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = join(root, 'tests/browser/screenshots');

export type { AppServer };

/**
 * Chromium's own line for a response with an error status: the app handles those
 * (and the tests check what it shows), so they are not app errors. 5xx still fails.
 */
const HANDLED_HTTP_ERROR = /^Failed to load resource: the server responded with a status of 4\d\d/;

export interface PageWatch {
  /** The uncaught errors and console errors seen so far, one line each. */
  problems: string[];
  /** Throws when the page had an uncaught error or logged a console error. */
  assertClean(): void;
}

/** Records uncaught page errors and console errors of one page (call before goto). */
export function watchPage(page: Page, label = 'page'): PageWatch {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`${label}: uncaught ${err.name}: ${err.message}`));
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (HANDLED_HTTP_ERROR.test(text)) return;
    const where = msg.location().url ? ` (${msg.location().url})` : '';
    problems.push(`${label}: console.error: ${text}${where}`);
  });
  return {
    problems,
    assertClean() {
      if (problems.length > 0) {
        throw new Error(`The page reported errors:\n  ${problems.join('\n  ')}`);
      }
    },
  };
}

/** A request of a page: what went out and when, and its answer's status once it came. */
interface OpenRequest {
  line: string;
  sentAt: number;
  status?: number;
}

/** A page's last settled requests (each line with its outcome) and those still open. */
interface RequestLog {
  settled: OpenRequest[];
  open: Map<Request, OpenRequest>;
}

/** Each page's request log, printed when a test fails. */
const requestLogs = new WeakMap<Page, RequestLog>();
const SETTLED_KEPT = 40;

/**
 * Keeps what the page asked the server (API calls and the app's own files): when each request
 * went out, its answer's status, how long until the whole answer was in, and which are still
 * open. A failure the screenshot shows but cannot explain (a list not refreshed, a screen still
 * loading) then says what the page asked and what came back.
 */
function logRequests(page: Page): void {
  const log: RequestLog = { settled: [], open: new Map() };
  requestLogs.set(page, log);
  const since = Date.now();
  const settle = (request: Request, outcome: (open: OpenRequest, took: number) => string) => {
    const open = log.open.get(request);
    if (!open) return;
    log.open.delete(request);
    const line = `${open.line} → ${outcome(open, Date.now() - open.sentAt)}`;
    log.settled.push({ sentAt: open.sentAt, line });
    if (log.settled.length > SETTLED_KEPT) log.settled.shift();
  };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.protocol.startsWith('http')) return;
    const sentAt = Date.now();
    const at = ((sentAt - since) / 1000).toFixed(1);
    const line = `+${at} s ${request.method()} ${url.pathname}${url.search}`;
    log.open.set(request, { line, sentAt });
  });
  page.on('response', (response) => {
    const open = log.open.get(response.request());
    if (open) open.status = response.status();
  });
  page.on('requestfinished', (request) =>
    settle(request, (open, took) => `${open.status ?? '?'} in ${took} ms`),
  );
  page.on('requestfailed', (request) =>
    settle(request, (open, took) => {
      const failure = request.failure()?.errorText ?? 'no answer';
      return `${open.status ? `${open.status}, then ` : ''}failed after ${took} ms: ${failure}`;
    }),
  );
}

/** A page's request log, as lines to print. */
function requestLines(page: Page): string[] {
  const log = requestLogs.get(page);
  if (!log) return [];
  const open = [...log.open.values()].map(({ sentAt, line, status }) => ({
    sentAt,
    line: `${line} → ${status ? `${status}, its body not finished` : 'no answer yet'}`,
  }));
  // In the order they went out.
  return [...log.settled, ...open].sort((a, b) => a.sentAt - b.sentAt).map(({ line }) => line);
}

// ---------------------------------------------------- screenshots and accessibility

/** Saves a full-page screenshot to tests/browser/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/**
 * The rules whose findings are at most moderate: axe gives each finding its rule's impact, and
 * the check below fails on serious or critical ones only, so these are not run at all (they
 * cost a fifth of a run). Read from axe's own rule set (`_audit`, its loaded rules); if a
 * release moved that, every rule runs, as before.
 */
type AxeRuleSet = { _audit?: { rules?: { id: string; impact?: string }[] } };
const BELOW_SERIOUS: Record<string, { enabled: false }> = Object.fromEntries(
  ((axe as unknown as AxeRuleSet)._audit?.rules ?? [])
    .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
    .map((rule) => [rule.id, { enabled: false }]),
);
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'], rules: BELOW_SERIOUS };

/** axe.run in the page, or null when axe is not in this document yet. */
const runAxe = (page: Page) =>
  page.evaluate((options) => {
    const inPage = (window as { axe?: typeof axe }).axe;
    return inPage ? inPage.run(document, options) : null;
  }, AXE_OPTIONS);

/**
 * axe's minified build, gzipped, in base64: what is sent into a document the first time one of
 * its screens is checked. Sending a script into a page costs by its size: this is a sixth of the
 * bytes of `axe.source` (1.3 MB), and takes about half the time.
 */
const AXE_GZIPPED = gzipSync(
  readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js')),
).toString('base64');

type WithAxeSource = { axeSource?: string };

/** Puts axe in the page's document: unpacked there, then run as a script. */
async function loadAxe(page: Page): Promise<void> {
  await page.evaluate(async (gzipped) => {
    const bytes = Uint8Array.from(atob(gzipped), (char) => char.charCodeAt(0));
    const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    (window as WithAxeSource).axeSource = await new Response(unpacked).text();
  }, AXE_GZIPPED);
  // A call of its own, with no await before the eval: the app's script policy refuses eval,
  // and DevTools lifts that only for the synchronous part of its own evaluation.
  await page.evaluate(() => {
    const w = window as WithAxeSource;
    (0, eval)(w.axeSource!);
    delete w.axeSource;
  });
}

/**
 * Runs axe-core on the page as it is now; fails on serious or critical violations. One call
 * into the page per check once axe is in its document (the app has no frames; axe's Playwright
 * wrapper made seven calls a check, sent the script twice, and could finish in a blank page of
 * its own). Only violations are gathered in full: the passes, a selector made for each node,
 * went unread.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  let results = await runAxe(page);
  if (!results) {
    await loadAxe(page);
    results = await runAxe(page);
  }
  if (!results) throw new Error(`axe did not load on ${screen} (${page.url()})`);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length === 0) return;
  const lines = bad.flatMap((v) => [
    `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.slice(0, 5).map((n) => `    at ${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  ]);
  throw new Error(
    `axe found ${bad.length} serious/critical violation(s) on ${screen} (${page.url()}):\n${lines.join('\n')}`,
  );
}

/** Both checks a journey makes on every screen it reaches: a picture and an axe run. */
export async function visit(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await expectAccessible(page, name);
}

// ------------------------------------------------------------------ one test file

export interface BrowserSuite {
  server: AppServer;
  browser: Browser;
  /** `server.origin` + path. */
  url(path: string): string;
  /** A new context (its own storage) with one watched page; closed with the suite. */
  newPage(opts?: { viewport?: { width: number; height: number }; label?: string }): Promise<{
    context: BrowserContext;
    page: Page;
    watch: PageWatch;
  }>;
}

/**
 * Makes `context.newPage()` open its page in a window of its own, as a user's second window,
 * rather than as a background tab of the first page's window. Headless Chromium draws a
 * window's frames for its front tab: a tab behind it that runs a CSS animation (a toast's
 * timer bar) gets about one frame a second, and every click there waits ~2 s for the two
 * frames Playwright's stability check needs. A window each keeps every page drawn.
 */
function opensWindows(context: BrowserContext, session: CDPSession): void {
  let contextId: string | undefined;
  context.newPage = async () => {
    if (!contextId) {
      const page = await (
        await context.newCDPSession(context.pages()[0]!)
      ).send('Target.getTargetInfo');
      contextId = page.targetInfo.browserContextId;
    }
    const opened = context.waitForEvent('page');
    await session.send('Target.createTarget', {
      url: 'about:blank',
      browserContextId: contextId,
      newWindow: true,
    });
    return opened;
  };
}

/** Registers the hooks of a browser test file: a server and a browser for the whole file. */
export function useBrowserSuite(): BrowserSuite {
  const contexts: BrowserContext[] = [];
  let browserSession: CDPSession | undefined;
  const suite: BrowserSuite = {
    server: undefined as unknown as AppServer,
    browser: undefined as unknown as Browser,
    url: (path) => `${suite.server.origin}${path}`,
    async newPage({ viewport = { width: 1280, height: 800 }, label = 'page' } = {}) {
      const context = await suite.browser.newContext({ viewport });
      // As the waits of helpers.ts: another test file may share the cores.
      context.setDefaultTimeout(20_000);
      contexts.push(context);
      context.on('page', logRequests);
      const page = await context.newPage();
      browserSession ??= await suite.browser.newBrowserCDPSession();
      opensWindows(context, browserSession);
      return { context, page, watch: watchPage(page, label) };
    },
  };
  // The file's server and its connection to the run's Chromium (tests/setup/browserServer.ts)
  // come side by side, and end so.
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([
      takeFileServer(),
      connectBrowser(inject('chromiumEndpoint')),
    ]);
    if (server.status === 'fulfilled') suite.server = server.value;
    if (browser.status === 'fulfilled') suite.browser = browser.value;
    for (const started of [server, browser])
      if (started.status === 'rejected') throw started.reason;
  });
  afterEach(async (ctx) => {
    // A failed test says what the server printed (LOG_LEVEL=warn) and whether it is up.
    if (ctx.task.result?.state !== 'fail' || !suite.server) return;
    const up = await fetch(suite.url('/api/health')).then(
      (r) => `answers ${r.status}`,
      () => 'does not answer',
    );
    console.error(`server ${up}; its output:\n${suite.server.output().slice(-4000) || '(none)'}`);
    // And what each page showed when it failed, to look at rather than guess.
    const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    const pages = contexts.flatMap((c) => c.pages());
    for (const [n, page] of pages.entries()) {
      const saved = await screenshot(page, `failed-${name}-${n + 1}`).catch(() => undefined);
      if (saved) console.error(`the page at the failure: ${saved}`);
      const requests = requestLines(page);
      if (requests.length) console.error(`its last requests:\n  ${requests.join('\n  ')}`);
    }
  });
  afterAll(async () => {
    const closing = async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      // Connected: this disconnects, and the run's Chromium goes on for the next file.
      await suite.browser?.close();
    };
    await Promise.all([closing(), suite.server?.stop()]);
  });
  return suite;
}
