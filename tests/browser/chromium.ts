import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/**
 * Debian's Chromium as the browser tests drive it (never a downloaded one), with what makes
 * it quiet and quick headless: no sandbox (containers), no GPU, /tmp for its shared memory,
 * no updates, sync or first-run pages.
 */
export const CHROMIUM: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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

/**
 * The browser of one test file: the run's shared Chromium when tests/setup/browserServer.ts
 * started one (`endpoint`), as a connection of the file's own (its contexts close with it);
 * otherwise a Chromium of its own.
 */
export function openBrowser(endpoint: string | undefined): Promise<Browser> {
  return endpoint ? chromium.connect(endpoint) : chromium.launch(CHROMIUM);
}
