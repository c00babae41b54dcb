import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCommand } from '../../support/serverProcess';

/**
 * `npm start` (scripts/start.sh) runs node with the settings that tests and the benchmark read
 * from it (startCommand): run here with a stand-in `node` that prints what it was given.
 */
const root = join(import.meta.dirname, '../..');
const bin = mkdtempSync(join(tmpdir(), 'start-script-'));
writeFileSync(join(bin, 'node'), '#!/bin/sh\nprintf "arg %s\\n" "$@"\nenv\n');
chmodSync(join(bin, 'node'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** What node was started with by `sh scripts/start.sh`, with DATABASE_URL as given. */
function launched(databaseUrl?: string) {
  const output = execFileSync('sh', ['scripts/start.sh'], {
    cwd: root,
    env: { PATH: `${bin}:/usr/bin:/bin`, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    encoding: 'utf8',
  });
  const lines = output.trim().split('\n');
  const args = lines.filter((l) => l.startsWith('arg ')).map((l) => l.slice(4));
  const env = Object.fromEntries(
    lines.filter((l) => !l.startsWith('arg ')).map((l) => l.split('=', 2) as [string, string]),
  );
  return { args, env };
}

describe('npm start', () => {
  it.each([
    ['embedded', undefined],
    ['postgres', 'postgres://app@db.example/expenses'],
  ] as const)('runs the server with the settings the tests read, %s', (database, url) => {
    const { args, env } = launched(url);
    const expected = startCommand(database);
    expect(args).toEqual([...expected.nodeArgs, 'build/server/main.js']);
    expect(env).toMatchObject(expected.env);
    expect(env.NODE_ENV).toBe('production');
  });

  it('keeps a small young generation for the embedded database only', () => {
    const semiSpace = (args: string[]) => args.some((a) => a.startsWith('--max-semi-space-size='));
    expect(semiSpace(launched().args)).toBe(true);
    expect(semiSpace(launched('postgres://app@db.example/expenses').args)).toBe(false);
    // Both cap the old generation and return large blocks to the system.
    for (const run of [launched(), launched('postgres://app@db.example/expenses')]) {
      expect(run.args).toContain('--max-old-space-size=256');
      expect(run.env.MALLOC_MMAP_THRESHOLD_).toBe('32768');
    }
  });
});
