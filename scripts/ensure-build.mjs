// Builds the SPA before `npm start` when dist/ is missing or older than the sources,
// so a fresh clone needs only `npm install && npm start`.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
