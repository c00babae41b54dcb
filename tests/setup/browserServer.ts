import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from '../browser/chromium';
import { BROWSER_DATA_TEMPLATE } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, which each browser test file connects to (tests/browser/chromium.ts). */
    chromiumEndpoint?: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

/** The run's data folder (below) and its Chromium (tests/browser/chromium.ts), for every file. */
export default async function setUpBrowserRun(project: TestProject) {
  // Side by side: Chromium starts while the folder's server runs its migrations.
  const [chromium, folder] = await Promise.allSettled([
    launchChromiumServer(),
    makeBrowserDataFolder(),
  ]);
  const stop = async () => {
    try {
      if (chromium.status === 'fulfilled') await chromium.value.close();
    } finally {
      if (folder.status === 'fulfilled') folder.value();
    }
  };
  if (chromium.status === 'rejected' || folder.status === 'rejected') {
    const failures = [chromium, folder].flatMap((step) =>
      step.status === 'rejected' ? [step.reason as unknown] : [],
    );
    // What failed to start is the error to read; a failure to stop the other is only said.
    await stop().catch((error: unknown) => console.error('browser set-up: stopping:', error));
    throw failures.length === 1
      ? failures[0]
      : new AggregateError(failures, 'Neither Chromium nor the data folder started');
  }
  project.provide('chromiumEndpoint', chromium.value.endpoint);
  return stop;
}

/**
 * The browser tests' servers run the bundle `npm start` runs and start from one migrated data
 * folder, made here once per run (paths.ts names it). Each test file's server gets a copy of it
 * (its own DATA_DIR): unpacking PGlite's template and running every migration took ~2.5 s of CPU
 * per file, and compiling the sources through tsx ~2 s more. The folder is made by the server itself, as
 * `npm start` makes one, so a broken migration or bundle still fails the run.
 */
async function makeBrowserDataFolder() {
  // npm start's prestart: the web app and the server bundle, built when missing or stale.
  try {
    const build = promisify(execFile)(process.execPath, ['scripts/ensure-build.mjs'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    build.child.stdin?.end(); // nothing to read: a prompt would end rather than wait
    await build;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`scripts/ensure-build.mjs failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
  const { startServerProcess } = await import('../../support/serverProcess');
  rmSync(BROWSER_DATA_TEMPLATE, { recursive: true, force: true });
  mkdirSync(BROWSER_DATA_TEMPLATE);
  const server = await startServerProcess({
    dataDir: BROWSER_DATA_TEMPLATE,
    built: true,
    keepMemoryLow: false,
  });
  const exit = await server.stop();
  if (exit !== 0) {
    throw new Error(
      `the server making the browser tests' data folder exited with ${exit}:\n${server.output()}`,
    );
  }
  return () => rmSync(BROWSER_DATA_TEMPLATE, { recursive: true, force: true });
}
