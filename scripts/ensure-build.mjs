// Runs before `npm start`, so a fresh clone needs only `npm install && npm start`:
// - builds the SPA into dist/ when it is missing or older than its sources;
// - bundles the server into build/server/ (esbuild) when it is missing or older than any file
//   it was bundled from. Node then runs plain JavaScript: without tsx's loader thread and
//   on-the-fly compiling the server starts faster and holds ~45 MB less memory.
//
// Several starts in one folder at once (a second app server beside the first) take turns on
// a lock file, and whatever is built is built in a folder of its own and then put in place
// in one step, so that a server starting, or running, never finds a half-written build:
// - the SPA is built into build/dist-next-<pid> and renamed to dist/;
// - each server bundle is a folder build/server-<id>/, and build/server is a symbolic link to
//   the current one, replaced by a rename (atomic). The one before stays, for a server that
//   started from it a moment ago; older ones are removed.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';

const BUILD = 'build';
const SERVER = join(BUILD, 'server');
const LOCK = join(BUILD, 'ensure-build.lock');
/** A start waits this long for another's build before it gives up. */
const WAIT_MS = 10 * 60_000;
/** What the server bundle's freshness is also judged by, besides the files bundled. */
const SERVER_ALSO = [
  'package.json',
  'server/db/migrations',
  'server/db/functions',
  import.meta.filename,
];
const SPA_SOURCES = [
  'src',
  'contract',
  'index.html',
  'vite.config.ts',
  'vite.chunks.ts',
  'tailwind.config.ts',
  'postcss.config.js',
  'package.json',
  import.meta.filename,
];

/** The newest modification time of a file or of anything in a folder. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Whether the process `pid` is running (one of another user counts). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The lock's holder is gone: its process ended, or it never wrote its pid (10 s on). */
function lockIsStale() {
  try {
    const pid = Number(readFileSync(LOCK, 'utf8'));
    if (Number.isInteger(pid) && pid > 0) return !alive(pid);
    return Date.now() - statSync(LOCK).mtimeMs > 10_000;
  } catch {
    return false; // gone meanwhile: the next try takes it
  }
}

/** Runs `body` holding the lock file, waiting for another start that holds it. */
async function withLock(body) {
  mkdirSync(BUILD, { recursive: true });
  const started = Date.now();
  let told = false;
  for (;;) {
    try {
      const fd = openSync(LOCK, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (lockIsStale()) {
      rmSync(LOCK, { force: true });
      continue;
    }
    if (Date.now() - started > WAIT_MS)
      throw new Error(`Another start has been building for 10 minutes (${LOCK}); giving up.`);
    if (!told) console.log('Another start is building; waiting for it…');
    told = true;
    await sleep(100);
  }
  try {
    return await body();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

function spaIsStale() {
  const built = 'dist/index.html';
  if (!existsSync(built)) return true;
  const at = statSync(built).mtimeMs;
  return SPA_SOURCES.some((s) => existsSync(s) && newest(s) > at);
}

/** Builds the SPA beside dist/ and puts it in place. */
function buildSpa() {
  console.log('Building the web app…');
  const next = join(BUILD, `dist-next-${process.pid}`);
  const old = join(BUILD, `dist-old-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  // A production build whoever asks (the test runner sets NODE_ENV=test, which would build
  // React's development files).
  execFileSync('npx', ['vite', 'build', '--outDir', next, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (existsSync('dist')) renameSync('dist', old);
  renameSync(next, 'dist');
  rmSync(old, { recursive: true, force: true });
}

/** The folder build/server points at, if it is one of ours. */
function currentServer() {
  try {
    return lstatSync(SERVER).isSymbolicLink() ? readlinkSync(SERVER) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the current bundle was made after every file it was made from last changed. */
function serverIsStale() {
  const current = currentServer();
  if (!current) return true;
  try {
    const { startedAt, inputs } = JSON.parse(
      readFileSync(join(BUILD, current, 'inputs.json'), 'utf8'),
    );
    return [...inputs, ...SERVER_ALSO].some(
      (path) => !existsSync(path) || newest(path) > startedAt,
    );
  } catch {
    return true;
  }
}

/**
 * The template a new embedded database is unpacked from (server/db/pgliteTemplate.ts), made
 * once per PGlite version in a process of its own: PGlite's initdb holds ~750 MB for a while,
 * which a first start of the server then no longer does. Its path, or undefined when it could
 * not be made (the server then lets initdb make a new folder, as before).
 */
function ensureTemplate() {
  const { version } = JSON.parse(
    readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'),
  );
  const path = join(BUILD, `pglite-template-${version}.tar.br`);
  if (existsSync(path)) return path;
  console.log('Making the embedded database template…');
  const next = `${path}.${process.pid}`;
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/pglite-template.ts', next], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    renameSync(next, path);
  } catch {
    rmSync(next, { force: true });
    console.warn('The embedded database template could not be made: initdb will make new ones.');
    return undefined;
  }
  for (const name of readdirSync(BUILD))
    if (/^pglite-template-.*\.tar\.br$/.test(name) && join(BUILD, name) !== path)
      rmSync(join(BUILD, name), { force: true });
  return path;
}

/**
 * Rewrites `file` in ASCII: V8 keeps the source of every loaded script, two bytes a character
 * if any character is beyond Latin-1, and esbuild leaves those in comments and regular
 * expressions (₹, –, ‘’), which made the server's 0.9 MB bundle a 1.8 MB string. A character
 * after a backslash stays as it is (`\₹` in a regular expression is not `\\u20b9`).
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  const escaped = text.replace(/(?<!\\)[\u0080-\u{10ffff}]/gu, (c) =>
    c
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
  );
  if (escaped !== text) writeFileSync(file, escaped);
}

/**
 * The main thread reaches PGlite's thread through Drizzle's PGlite driver, which imports PGlite
 * itself for two things only: the type ids of four date and time types, and a PGlite of its
 * own when it is given none (never, here). This bundles the driver (for server/db/client.ts)
 * with those ids, read from PGlite now, in place of PGlite, so that PGlite's script (~1 MB of
 * heap) loads in the database thread alone; the rest of Drizzle it imports stays Drizzle's own
 * modules, shared with the app.
 */
const GENERATED = 'driver-without-pglite';
async function driverWithoutPGlite() {
  const driverDir = dirname(createRequire(import.meta.url).resolve('drizzle-orm/pglite'));
  const drizzleDir = dirname(driverDir);
  const { types } = await import('@electric-sql/pglite');
  const inDriver = (path) => path.startsWith(driverDir + sep);
  return {
    name: 'drizzle-pglite-driver-without-pglite',
    setup(bundler) {
      bundler.onResolve({ filter: /^drizzle-orm\/pglite$/ }, ({ importer }) =>
        importer.endsWith(join('server', 'db', 'client.ts'))
          ? { path: join(driverDir, 'index.js') }
          : undefined,
      );
      bundler.onResolve({ filter: /^\.\.?\// }, ({ importer, path }) => {
        if (!inDriver(importer)) return undefined;
        const target = resolve(dirname(importer), path);
        if (inDriver(target)) return { path: target };
        const subpath = relative(drizzleDir, target).split(sep).join('/');
        return { path: `drizzle-orm/${subpath.replace(/(\/index)?\.js$/, '')}`, external: true };
      });
      bundler.onResolve({ filter: /^@electric-sql\/pglite$/ }, ({ importer }) =>
        inDriver(importer) ? { path: 'pglite', namespace: GENERATED } : undefined,
      );
      bundler.onLoad({ filter: /.*/, namespace: GENERATED }, () => ({
        loader: 'js',
        contents: `export const types = ${JSON.stringify(types)};
export class PGlite {
  constructor() {
    throw new Error('The server gives Drizzle its PGlite thread; it makes no PGlite of its own');
  }
}`,
      }));
    },
  };
}

/** Bundles the server into a folder of its own and points build/server at it. */
async function buildServer() {
  console.log('Bundling the server…');
  const id = `server-${Date.now().toString(36)}-${process.pid}`;
  const dir = join(BUILD, id);
  const startedAt = Date.now();
  // Packages stay in node_modules (argon2 and PGlite load native and WebAssembly files from
  // there). The migrations, the functions, and the template a new embedded database is
  // unpacked from, are read at start-up from beside the bundle, as from server/db/.
  const { metafile } = await build({
    // The embedded database runs in a worker thread of its own (server/db/pgliteThread.ts).
    entryPoints: { main: 'server/main.ts', pgliteWorker: 'server/db/pgliteWorker.ts' },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    metafile: true,
    plugins: [await driverWithoutPGlite()],
  });
  for (const file of Object.keys(metafile.outputs)) if (file.endsWith('.js')) asciiOnly(file);
  cpSync('server/db/migrations', join(dir, 'migrations'), { recursive: true });
  // The functions and triggers, applied after the migrations (their loader is bundled).
  cpSync('server/db/functions', join(dir, 'functions'), {
    recursive: true,
    filter: (path) => !path.endsWith('.ts'),
  });
  const template = ensureTemplate();
  if (template) cpSync(template, join(dir, 'pgliteTemplate.tar.br'));
  // The files bundled, not the module the plugin above makes (which no change can make stale).
  const inputs = Object.keys(metafile.inputs).filter((input) => !input.startsWith(`${GENERATED}:`));
  writeFileSync(join(dir, 'inputs.json'), JSON.stringify({ startedAt, inputs }));

  const before = currentServer();
  // A folder left by an older version of this script moves aside, kept as the one before.
  let kept = before;
  if (!before && existsSync(SERVER)) {
    kept = `server-old-${process.pid}`;
    renameSync(SERVER, join(BUILD, kept));
  }
  const link = join(BUILD, `server-link-${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(id, link);
  renameSync(link, SERVER);
  for (const name of readdirSync(BUILD))
    if (/^server-/.test(name) && name !== id && name !== kept)
      rmSync(join(BUILD, name), { recursive: true, force: true });
}

await withLock(async () => {
  // What a start that was stopped midway left behind (no other start is building now).
  for (const name of readdirSync(BUILD))
    if (/^(dist-next|dist-old|server-link)-/.test(name))
      rmSync(join(BUILD, name), { recursive: true, force: true });
  if (spaIsStale()) buildSpa();
  if (serverIsStale()) await buildServer();
});
