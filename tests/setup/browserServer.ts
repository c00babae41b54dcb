import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared Chromium (playwright-core's browser server), for each file to connect to. */
    chromiumEndpoint: string;
  }
}

/**
 * The browser tests' servers run the bundle `npm start` runs and start from one migrated data
 * folder, made here once per run. Each test file's server gets a copy of it (its own DATA_DIR):
 * unpacking PGlite's template and running every migration took ~2.5 s of CPU per file, and
 * compiling the sources through tsx ~2 s more. The folder is made by the server itself, as
 * `npm start` makes one, so a broken migration or bundle still fails the run.
 *
 * And one Chromium for the run, started beside that server: each file connects to it and
 * works in browser contexts of its own (their own cookies and storage), rather than launching
 * and closing a Chromium of its own.
 */
export const BROWSER_DATA_TEMPLATE = join(tmpdir(), `ecm-browser-data-${process.pid}`);

const root = resolve(import.meta.dirname, '../..');

export default async function makeBrowserDataFolder(project: TestProject) {
  // npm start's prestart: the web app and the server bundle, built when missing or stale.
  try {
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(
      `scripts/ensure-build.mjs failed:\n${String(stdout ?? '')}${String(stderr ?? '')}`,
    );
  }
  const { startServerProcess } = await import('../../support/serverProcess');
  // Imported here: vite.config.ts reads this file for every project.
  const { chromium } = await import('playwright-core');
  const { CHROMIUM } = await import('../browser/chromium');
  rmSync(BROWSER_DATA_TEMPLATE, { recursive: true, force: true });
  mkdirSync(BROWSER_DATA_TEMPLATE);
  const [made, browser] = await Promise.allSettled([
    (async () => {
      const server = await startServerProcess({ dataDir: BROWSER_DATA_TEMPLATE, built: true });
      const exit = await server.stop();
      if (exit !== 0) {
        throw new Error(
          `the server making the browser tests' data folder exited with ${exit}:\n${server.output()}`,
        );
      }
    })(),
    chromium.launchServer(CHROMIUM),
  ]);
  const teardown = async () => {
    if (browser.status === 'fulfilled') await browser.value.close();
    rmSync(BROWSER_DATA_TEMPLATE, { recursive: true, force: true });
  };
  if (made.status === 'rejected' || browser.status === 'rejected') {
    await teardown();
    throw made.status === 'rejected' ? made.reason : (browser as PromiseRejectedResult).reason;
  }
  project.provide('chromiumEndpoint', browser.value.wsEndpoint());
  return teardown;
}
