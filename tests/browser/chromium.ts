import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/**
 * Debian's Chromium for the browser tests: one process for the whole run, which each test file
 * connects to and gets browser contexts of its own (storage, cookies and pages apart). A launch
 * costs ~1.7 s of CPU and ~1.4 s of the browser lane's time; a connection, a few milliseconds.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAUNCH_OPTIONS = {
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
};

/** The run's Chromium, for tests/setup/browserServer.ts: test files reach it by its endpoint. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

/** The run's Chromium when the run has one (`endpoint`), else a Chromium of the caller's own. */
export function openBrowser(endpoint: string | undefined): Promise<Browser> {
  return endpoint ? chromium.connect(endpoint) : chromium.launch(LAUNCH_OPTIONS);
}
