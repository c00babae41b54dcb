// `npx tsx tests/setup/writeFileDurations.ts report.json`: rewrites fileDurations.ts from a
// whole run's JSON report (`npm test -- --reporter=json --outputFile.json=report.json`, as CI
// writes one), so that the figures a fresh clone is scheduled by stay those of a real run.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/** Files quicker than this take their project's guess (fileDurations.ts's GUESS_MS). */
const LISTED_FROM_MS = 3_000;

const root = resolve(import.meta.dirname, '../..');
const report = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  testResults: { name: string; startTime: number; endTime: number }[];
};
const rows = report.testResults
  .map((file) => {
    const path = relative(root, file.name).replaceAll('\\', '/');
    const project = path.split('/')[1]!;
    return {
      key: `${project}:${path}`,
      ms: Math.round((file.endTime - file.startTime) / 100) * 100,
    };
  })
  .filter((row) => row.ms >= LISTED_FROM_MS)
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
console.log(`${rows.length} files of ${report.testResults.length} listed in ${target}`);
