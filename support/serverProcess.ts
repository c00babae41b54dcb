import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server as `npm start` runs it (in its own process), for tests and the benchmark;
 * a test's server may leave out one memory setting (`keepMemoryLow`).
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The environment and Node flags `npm start` runs the server with on the embedded database or
 * on a PostgreSQL server, read from scripts/start.sh, the one place they are set
 * (docs/operations.md says why each is there); of this checkout unless another is named. A
 * checkout older than the script (the ratio bench's RATIO_COMPARE) set them in package.json's
 * start script, the same for both databases.
 */
export function startCommand(
  database: 'embedded' | 'postgres',
  checkout = root,
): { env: Record<string, string>; nodeArgs: string[] } {
  const pair = (word: string) => [
    word.slice(0, word.indexOf('=')),
    word.slice(word.indexOf('=') + 1),
  ];
  const scriptPath = join(checkout, 'scripts/start.sh');
  if (!existsSync(scriptPath)) {
    const pkg = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    const words = pkg.scripts.start.trim().split(/\s+/);
    const node = words.indexOf('node');
    return {
      env: Object.fromEntries(words.slice(0, node).map(pair)),
      nodeArgs: words.slice(node + 1, -1),
    };
  }
  const script = readFileSync(scriptPath, 'utf8');
  const words = (name: string) => {
    const value = new RegExp(`^${name}="([^"]*)"$`, 'm').exec(script)?.[1];
    if (value === undefined) throw new Error(`scripts/start.sh sets no ${name}`);
    return value.split(/\s+/).filter(Boolean);
  };
  const embedded = database === 'embedded' ? words('EMBEDDED_FLAGS') : [];
  return {
    env: Object.fromEntries(words('SERVER_ENV').map(pair)),
    nodeArgs: [...words('SERVER_FLAGS'), ...embedded],
  };
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => ok(port));
    });
  });
}

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** What the server printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<number | string>;
  /**
   * SIGKILL: ended at once, without the clean shutdown (the database's checkpoint took seconds),
   * for a server whose data folder is thrown away next.
   */
  kill(): Promise<number | string>;
}

export async function startServerProcess(opts: {
  dataDir?: string;
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
  /** Wait for /api/health (default); false returns at once, e.g. to see it refuse to start. */
  waitUntilReady?: boolean;
  /** Run the bundle `npm start` runs (build/server/main.js, made by scripts/ensure-build.mjs)
   * instead of the sources through tsx. */
  built?: boolean;
  /**
   * Keep `npm start`'s C-allocator setting that maps every block from 32 KB on its own
   * (MALLOC_MMAP_THRESHOLD_, docs/operations.md#memory): yes where the server's memory or CPU
   * is measured, in the bench and Lighthouse (the default); no for a test's server. The
   * setting holds RSS down at the cost of a fresh mapping, and its page faults, for each such
   * block, and V8's compilers take their memory in 32 KB blocks while they compile the
   * server's code and PostgreSQL's: a browser test file's server spent 2.6× the CPU with it
   * (26 s against 10, mostly the kernel's).
   */
  keepMemoryLow?: boolean;
}): Promise<ServerProcess> {
  const port = await freePort();
  const start = startCommand(opts.databaseUrl ? 'postgres' : 'embedded');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...start.env,
    ...opts.env,
  };
  if (opts.keepMemoryLow === false) delete env.MALLOC_MMAP_THRESHOLD_;
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (opts.dataDir) env.DATA_DIR = opts.dataDir;

  const entry = opts.built
    ? [...start.nodeArgs, 'build/server/main.js']
    : [...start.nodeArgs, '--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | string>((r) =>
    child.once('exit', (code, signal) => r(code ?? signal ?? -1)),
  );
  const origin = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    origin,
    child,
    output: () => log,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
  if (opts.waitUntilReady === false) return server;

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} before it was ready:\n${log}`);
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  throw new Error(`server did not answer /api/health within 60 s:\n${log}`);
}
