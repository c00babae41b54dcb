import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * scripts/ensure-build.mjs (npm start's prestart) on a copy of what it bundles the server
 * from, with a built SPA in place: starts at once take turns, a build is put in place in one
 * step, and an up-to-date one is left alone.
 */
const root = join(import.meta.dirname, '../..');
let dir: string;

/** Runs ensure-build in the copy: its exit code and what it printed. */
function ensureBuild() {
  const child = spawn(process.execPath, ['scripts/ensure-build.mjs'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

const server = () => join(dir, 'build/server');
const target = () => readlinkSync(server());
const builds = () =>
  readdirSync(join(dir, 'build'))
    .filter((name) => name.startsWith('server-'))
    .sort();
/** Marks a file as changed `seconds` from now. */
const touch = (path: string, seconds = 2) => {
  const at = Date.now() / 1000 + seconds;
  utimesSync(join(dir, path), at, at);
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ensure-build-'));
  for (const path of [
    'server',
    'contract',
    'scripts/ensure-build.mjs',
    'package.json',
    'tsconfig.json',
    'tsconfig.base.json',
    'tsconfig.server.json',
  ])
    cpSync(join(root, path), join(dir, path), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  // A built SPA, newer than its sources: only the server is bundled here.
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist/index.html'), '<!doctype html>');
  touch('dist/index.html', 60);
  // A bundle as an older ensure-build left it: a plain folder.
  mkdirSync(join(dir, 'build/server'), { recursive: true });
  writeFileSync(join(dir, 'build/server/main.js'), '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ensure-build', () => {
  it('builds once for two starts at once, and both find the bundle whole', async () => {
    const [a, b] = await Promise.all([ensureBuild(), ensureBuild()]);
    expect([a.code, b.code], a.output + b.output).toEqual([0, 0]);
    expect((a.output + b.output).match(/Bundling the server/g)).toHaveLength(1);
    expect(lstatSync(server()).isSymbolicLink()).toBe(true);
    for (const file of ['main.js', 'pgliteWorker.js', 'migrations/meta/_journal.json'])
      expect(existsSync(join(server(), file)), file).toBe(true);
    // The old folder is kept aside, as the build before.
    const [old, ...none] = builds().filter((name) => name !== target());
    expect([old, none]).toEqual([expect.stringMatching(/^server-old-/), []]);
  });

  it('leaves an up-to-date bundle alone', async () => {
    const before = target();
    const again = await ensureBuild();
    expect(again).toEqual({ code: 0, output: '' });
    expect(target()).toBe(before);
  });

  it('rebuilds after a change, and the bundle is never missing meanwhile', async () => {
    const before = target();
    touch('contract/rules.ts');
    const running = ensureBuild();
    let done = false;
    let missing = 0;
    let checks = 0;
    void running.then(() => (done = true));
    while (!done) {
      checks += 1;
      if (!existsSync(join(server(), 'main.js')) || !existsSync(join(server(), 'pgliteWorker.js')))
        missing += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { code, output } = await running;
    expect(code, output).toBe(0);
    expect(output).toContain('Bundling the server');
    expect(checks).toBeGreaterThan(10);
    expect(missing).toBe(0);
    expect(target()).not.toBe(before);
    // The current build and the one before; the older one is gone.
    expect(builds()).toEqual([before, target()].sort());
  });

  it('takes over the lock of a start that died', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('close', resolve));
    writeFileSync(join(dir, 'build/ensure-build.lock'), String(dead.pid));
    touch('server/main.ts', 4);
    const { code, output } = await ensureBuild();
    expect(code, output).toBe(0);
    expect(output).toContain('Bundling the server');
    expect(existsSync(join(dir, 'build/ensure-build.lock'))).toBe(false);
  });
});
