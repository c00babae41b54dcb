// `npx tsx tests/setup/writeFileDurations.ts node_modules/.vite/vitest/*/results.json`, after
// a whole `npm test`: rewrites fileDurations.ts from the durations vitest keeps of each file
// (its cache), so that the figures a fresh clone is scheduled by stay those of a real run. A
// run's JSON report (`--reporter=json`, as CI writes one) is read too, but it times a file from
// its first test's start to its last test's end: a file's set-up in beforeAll (the index
// tests' seeding, a server started) and its import are not in it, so the cache is better.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/** Files quicker than this take their project's guess (fileDurations.ts's GUESS_MS). */
const LISTED_FROM_MS = 3_000;

const root = resolve(import.meta.dirname, '../..');
const input = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as
  | { results: [string, { duration: number }][] }
  | { testResults: { name: string; startTime: number; endTime: number }[] };
/** Each file's key (`project:path`, as the sequencer names it) and its time. */
const timed =
  'results' in input
    ? input.results.map(([key, { duration }]) => ({ key, ms: duration }))
    : input.testResults.map((file) => {
        const path = relative(root, file.name).replaceAll('\\', '/');
        return { key: `${path.split('/')[1]!}:${path}`, ms: file.endTime - file.startTime };
      });
const rows = timed
  .map(({ key, ms }) => ({ key, ms: Math.round(ms / 100) * 100 }))
  // The cache remembers files since deleted or renamed.
  .filter((row) => row.ms >= LISTED_FROM_MS && existsSync(resolve(root, row.key.split(':')[1]!)))
  .sort((a, b) => b.ms - a.ms);

const target = resolve(import.meta.dirname, 'fileDurations.ts');
const text = readFileSync(target, 'utf8');
const start = text.indexOf('export const EXPECTED_MS');
const end = text.indexOf('};', start) + 2;
const table = [
  'export const EXPECTED_MS: Record<string, number> = {',
  ...rows.map((row) => `  '${row.key}': ${row.ms.toLocaleString('en-US').replaceAll(',', '_')},`),
  '};',
].join('\n');
writeFileSync(target, text.slice(0, start) + table + text.slice(end));
console.log(`${rows.length} files of ${timed.length} listed in ${target}`);
