import { chromium, type Browser } from 'playwright-core';

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

/**
 * The run's Chromium, for tests/setup/browserServer.ts: test files reach it by its endpoint. An
 * exit before `close` is said at once: every browser file after it fails to connect.
 */
export async function launchChromiumServer(): Promise<{
  endpoint: string;
  close(): Promise<void>;
}> {
  const server = await chromium.launchServer(LAUNCH_OPTIONS);
  let closing = false;
  server.process().once('exit', (code, signal) => {
    if (!closing)
      console.error(
        `The run's Chromium exited (${signal ?? code}): the browser test files after this cannot connect to it.`,
      );
  });
  return {
    endpoint: server.wsEndpoint(),
    async close() {
      closing = true;
      await server.close();
    },
  };
}

/** A connection to the run's Chromium (its contexts are this connection's alone). */
export async function connectBrowser(endpoint: string | undefined): Promise<Browser> {
  if (!endpoint)
    throw new Error(
      "No Chromium for this run: browser test files run in vitest's browser project, whose set-up launches it",
    );
  try {
    return await chromium.connect(endpoint);
  } catch (error) {
    throw new Error(
      `The run's Chromium does not answer at ${endpoint} (has it exited?): ${(error as Error).message}`,
    );
  }
}
