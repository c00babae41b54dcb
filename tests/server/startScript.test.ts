import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCommand } from '../../support/serverProcess';

/**
 * `npm start` (scripts/start.sh) runs node with the settings that tests and the benchmark read
 * from it (startCommand): run here with a stand-in `node` that prints what it was given.
 */
const root = join(import.meta.dirname, '../..');
// Not in /tmp, which may be mounted noexec.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const bin = mkdtempSync(join(root, 'node_modules/.cache/start-script-'));
writeFileSync(join(bin, 'node'), '#!/bin/sh\necho "pid $$"\nprintf "arg %s\\n" "$@"\nenv\n');
chmodSync(join(bin, 'node'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** What node was started with by `sh scripts/start.sh`, with DATABASE_URL as given. */
function launched(databaseUrl?: string) {
  const given = {
    PATH: `${bin}:/usr/bin:/bin`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const run = spawnSync('sh', ['scripts/start.sh'], { cwd: root, env: given, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const lines = run.stdout.trim().split('\n');
  const args = lines.filter((l) => l.startsWith('arg ')).map((l) => l.slice(4));
  const env: Record<string, string> = {};
  for (const line of lines.slice(1).filter((l) => !l.startsWith('arg '))) {
    const at = line.indexOf('=');
    env[line.slice(0, at)] = line.slice(at + 1);
  }
  // What the shell itself sets, and what the test gave.
  for (const name of ['PWD', 'SHLVL', '_', 'OLDPWD', ...Object.keys(given)]) delete env[name];
  return { pid: Number(lines[0]!.slice(4)), spawned: run.pid, args, env };
}

describe('npm start', () => {
  it.each([
    ['embedded', undefined],
    ['postgres', 'postgres://app@db.example/expenses'],
  ] as const)('runs the server with the settings the tests read, %s', (database, url) => {
    const { pid, spawned, args, env } = launched(url);
    const expected = startCommand(database);
    expect(args).toEqual([...expected.nodeArgs, 'build/server/main.js']);
    expect(env).toEqual(expected.env);
    expect(env.NODE_ENV).toBe('production');
    // node replaces the script (exec): a signal sent to what was started reaches the server.
    expect(pid).toBe(spawned);
  });

  it('is what `npm start` runs, in place of the shell npm starts it in', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe('exec sh scripts/start.sh');
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
