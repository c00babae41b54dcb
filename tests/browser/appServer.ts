import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../../support/serverProcess';

/**
 * The server of one browser test file: the real server as `npm start` runs it (but for a
 * memory setting a test's server leaves out, `keepMemoryLow`), a child process on a free
 * port with a data folder of its own (PGlite on disk). Kept apart from the rest of the harness,
 * and light to import, so that tests/browser/fileSetup.ts can start it before the test file
 * and its heavier imports (playwright-core, axe-core) load.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

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
    // Copied without blocking: the test file goes on loading meanwhile.
    if (template) await cp(template, dataDir, { recursive: true });
    // The browser tests always run on the embedded database (DATABASE_URL is dropped).
    const server = await startServerProcess({
      dataDir,
      built: Boolean(template),
      keepMemoryLow: false,
    });
    // A file whose hooks never run (all its tests filtered out, or its import failing) would
    // leave the server and its folder behind: the test process's exit ends them too.
    const orphaned = () => {
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    };
    process.once('exit', orphaned);
    return {
      origin: server.origin,
      dataDir,
      output: server.output,
      async stop() {
        // Killed: its data folder goes next, so the database's clean shutdown (a checkpoint
        // of seconds) would be written for nothing.
        process.off('exit', orphaned);
        await server.kill();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

let early: Promise<AppServer> | undefined;

/** Starts the file's server now, for `takeFileServer` to hand over once the file has loaded. */
export function startFileServerEarly(): void {
  early ??= startAppServer();
  // A start that fails is reported where it is taken; not also as an unhandled rejection.
  early.catch(() => undefined);
}

/** The server started early for this file (now its caller's to stop), or a new one. */
export function takeFileServer(): Promise<AppServer> {
  const server = early ?? startAppServer();
  early = undefined;
  return server;
}

/** Stops the server started early if no one took it. */
export async function stopUntakenServer(): Promise<void> {
  const untaken = early;
  early = undefined;
  await (await untaken?.catch(() => undefined))?.stop();
}
