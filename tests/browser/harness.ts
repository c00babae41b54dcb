import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startServerProcess } from '../../support/serverProcess';

/**
 * The browser-test harness: the real built app served by the real server (a child
 * process on a free port with a scratch DATA_DIR, so PGlite on disk as in `npm start`),
 * Debian's Chromium driven by playwright-core, screenshots, axe-core, and a watch on
 * every page that fails the test on an uncaught error or a console error from the app.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = join(root, 'tests/browser/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// ---------------------------------------------------------------------------- server

export interface AppServer {
  origin: string;
  dataDir: string;
  /** What the server printed so far (LOG_LEVEL=warn: warnings and errors only). */
  output(): string;
  stop(): Promise<void>;
}

function ensureBuilt(): void {
  if (existsSync(join(root, 'dist/index.html'))) return;
  const built = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('`npx vite build` failed');
}

/**
 * Starts the server as `npm start` would, on a free port and a data folder of its own: under
 * vitest the bundle `npm start` runs, on a copy of the migrated folder that
 * tests/setup/browserServer.ts made for the run; otherwise `server/main.ts` on a new folder.
 */
export async function startAppServer(): Promise<AppServer> {
  const template = process.env.TEST_BROWSER_DATA_DIR;
  if (!template) ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'ecm-browser-'));
  try {
    if (template) cpSync(template, dataDir, { recursive: true });
    // The browser tests always run on the embedded database (DATABASE_URL is dropped).
    const server = await startServerProcess({ dataDir, built: Boolean(template) });
    return {
      origin: server.origin,
      dataDir,
      output: server.output,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

// --------------------------------------------------------------------------- browser

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

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

// ---------------------------------------------------- screenshots and accessibility

/** Saves a full-page screenshot to tests/browser/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/**
 * Runs axe-core on the page as it is now; fails on serious or critical violations. In one
 * pass in the page (axe.run, which reaches same-origin frames): the app has no other frames,
 * and the default splits the run to finish it in a blank page of its own, which cost a
 * second or more per screen. axe (580 kB of script) is put in the page once per document,
 * not again at each check of it; and only violations are gathered in full: the passes and
 * the rules that did not apply, a selector made for every node of them, went unread.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const present = await page.evaluate(() => 'axe' in window);
  const results = await new AxeBuilder({ page, axeSource: present ? 'void 0' : undefined })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
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
      const page = await context.newPage();
      browserSession ??= await suite.browser.newBrowserCDPSession();
      opensWindows(context, browserSession);
      return { context, page, watch: watchPage(page, label) };
    },
  };
  // The server and Chromium start side by side (each waits mostly on its own start-up), and
  // stop so at the end.
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startAppServer(), launchBrowser()]);
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
    }
  });
  afterAll(async () => {
    const closing = async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await suite.browser?.close();
    };
    await Promise.all([closing(), suite.server?.stop()]);
  });
  return suite;
}
