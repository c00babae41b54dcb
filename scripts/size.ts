// `npm run size`: the SPA's weight from the build, against its budgets.
// /login may load at most 130 KB gzip of JS before its first paint (the landing page, Login and
// Register come with the first script); the signed-in frame and the dashboard at most 30 KB
// more, in at most six files with their CSS (what HTTP/1.1 fetches at once), and neither with
// date-fns; each screen's own chunk at most 30 KB, and what they share as much; all CSS at most
// 20 KB; the chart library only in the dashboard's chunks (its own and those it loads later).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = 'dist';
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build manifest: run `npm run build` first.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const kb = (file: string) => gzipSync(readFileSync(join(dist, file))).length / 1024;

/** A chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const jsOf = (keys: Iterable<string>) =>
  [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
const sum = (files: string[]) => files.reduce((total, f) => total + kb(f), 0);

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/LoginScreen.tsx'));
const firstScript = closure(entry);
const loginFiles = new Set([...jsOf(firstScript), ...(loginKey ? jsOf(closure(loginKey)) : [])]);

const rows: [string, number, number][] = [];
rows.push(['JS loaded by /login', sum([...loginFiles]), 130]);
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  rows.push([`screen ${key.replace(/^src\//, '')}`, kb(chunk.file), 30]);
}
// The signed-in frame and the dashboard, the first page of every session, beyond the first
// script (vite.config.ts puts what they share in one chunk), scripts and styles alike counted
// against the connections HTTP/1.1 opens at once.
const AT_ONCE = 6;
function keyOf(suffix: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (key) return key;
  console.error(`${suffix} is not in the build: scripts/size.ts needs its new name`);
  process.exit(2);
}
const shellKey = keyOf('features/shell/AppShell.tsx');
const dashboardKey = keyOf('features/dashboard/DashboardScreen.tsx');
const filesOf = (keys: Iterable<string>) => [
  ...new Set([...keys].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])])),
];
const signedInAdds = filesOf(
  [...closure(shellKey), ...closure(dashboardKey)].filter((k) => !firstScript.has(k)),
);
const signedInJs = signedInAdds.filter((f) => f.endsWith('.js'));
rows.push([
  `JS the frame and dashboard add (${signedInAdds.length} files with their CSS)`,
  sum(signedInJs),
  30,
]);
// The shared files of vite.config.ts's groups, each within a screen's budget: what the screens
// share, the toast library, date formatting, the public pages' imports.
const groupChunk = (name: string) => Object.keys(manifest).find((k) => k.startsWith(`_${name}-`));
for (const name of ['screens', 'toastify', 'dates', 'public']) {
  const key = groupChunk(name);
  if (key) rows.push([`JS shared: ${name}`, kb(manifest[key]!.file), 30]);
  else if (name === 'screens') {
    console.error("no 'screens' chunk in the build: see vite.config.ts's groups");
    process.exit(2);
  }
}

// What every page loads before or just after its first paint must not bring the signed-in
// screens' code: the first script imports nothing, and neither the public pages nor the toast
// area reach the frame's or the screens' files.
const signedInOnly = ['frame', 'screens'].map(groupChunk).filter((k) => k !== undefined);
const lightKeys = Object.keys(manifest).filter((k) =>
  /features\/auth\/\w+Screen\.tsx$|ui\/Toasts\.tsx$/.test(k),
);
const heavyFor = [entry, ...lightKeys].filter((k) =>
  signedInOnly.some((chunk) => closure(k).has(chunk)),
);
const css = [...new Set(Object.values(manifest).flatMap((c) => c.css ?? []))];
rows.push(['all CSS', sum(css), 20]);

// The chart library (chartist: its charts carry the class "ct-chart") belongs to the
// dashboard alone: no chunk outside the dashboard's, or those it loads once painted, may
// contain it. The frame is every signed-in page's, not the dashboard's.
const shellFiles = new Set(jsOf(closure(shellKey)));
const dashboardKeys = [dashboardKey, ...(manifest[dashboardKey]!.dynamicImports ?? [])];
const dashboardFiles = new Set(
  dashboardKeys.flatMap((k) => jsOf(closure(k))).filter((f) => !shellFiles.has(f)),
);
const contains = (text: string) => (file: string) =>
  readFileSync(join(dist, file), 'utf8').includes(text);
const misplaced = Object.values(manifest)
  .map((c) => c.file)
  .filter((f) => f.endsWith('.js') && !dashboardFiles.has(f))
  .filter(contains('ct-chart'));

// The first paint of the landing page, Login, Register and the dashboard needs no date library:
// date-fns's formatting (its RangeError says "Invalid time value") loads with the screens that
// format dates.
const withDates = [...jsOf(firstScript), ...signedInJs].filter(contains('Invalid time value'));

// Every rule broken, in words; a budget overrun is marked in the table.
const entryImports = manifest[entry]!.imports ?? [];
const problems = [
  signedInAdds.length > AT_ONCE &&
    `the frame and dashboard come in more than ${AT_ONCE} files: see vite.config.ts`,
  entryImports.length > 0 && `the first script imports other files: ${entryImports.join(', ')}`,
  heavyFor.length > 0 && `these load the signed-in screens' shared code: ${heavyFor.join(', ')}`,
  withDates.length > 0 &&
    `date-fns's formatting is in the first paint's files: ${withDates.join(', ')}`,
  misplaced.length > 0 &&
    `the chart library is outside the dashboard's chunks, in: ${misplaced.join(', ')}`,
].filter((problem) => problem !== false);
let failed = problems.length > 0;
console.log('size (KB gzip)   budget   what');
for (const [what, size, budget] of rows) {
  const over = size > budget;
  failed ||= over;
  console.log(
    `${size.toFixed(1).padStart(9)} ${String(budget).padStart(9)}   ${what}${over ? '   OVER BUDGET' : ''}`,
  );
}
for (const problem of problems) console.log(problem);
console.log(failed ? 'size: over budget' : 'size: every budget holds');
process.exit(failed ? 1 : 0);
