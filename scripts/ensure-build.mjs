// Runs before `npm start`, so a fresh clone needs only `npm install && npm start`:
// - builds the SPA into dist/ when it is missing or older than its sources;
// - bundles the server into build/server/ (esbuild, a fraction of a second, so always).
//   Node then runs plain JavaScript: without tsx's loader thread and on-the-fly compiling
//   the server starts faster and holds ~45 MB less memory.
import { execSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const built = 'dist/index.html';

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = ['src', 'index.html', 'vite.config.ts', 'tailwind.config.ts', 'package.json'];
const stale =
  !existsSync(built) || sources.some((s) => existsSync(s) && newest(s) > statSync(built).mtimeMs);

if (stale) {
  console.log('Building the web app…');
  execSync('npx vite build', { stdio: 'inherit' });
}

// Packages stay in node_modules (argon2 and PGlite load native and WebAssembly files from
// there). The migrations are read at start-up from beside the bundle, as from server/db/.
rmSync('build/server', { recursive: true, force: true });
await build({
  // The embedded database runs in a worker thread of its own (server/db/pgliteThread.ts).
  entryPoints: { main: 'server/main.ts', pgliteWorker: 'server/db/pgliteWorker.ts' },
  outdir: 'build/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
cpSync('server/db/migrations', 'build/server/migrations', { recursive: true });
