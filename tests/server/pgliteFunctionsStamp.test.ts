import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPGliteThread } from '../../server/db/pgliteThread';

/**
 * On a data folder the functions and triggers are applied again only when they, or the
 * migrations, differ from those last applied there (the stamp in the folder).
 */
const dir = mkdtempSync(join(tmpdir(), 'ecm-functions-stamp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const noLoss = () => {};
const STAMP = 'app_functions.sha256';
const TRIGGER = `select count(*)::int as n from pg_trigger where tgname = 'payments_days_insert'`;

describe.skipIf(process.env.DATABASE_URL)('the embedded database on a folder', () => {
  it('gets the functions and triggers again when those last applied differ', async () => {
    const dataDir = join(dir, 'pg');
    mkdirSync(dataDir);
    const first = await startPGliteThread(dataDir, noLoss);
    try {
      expect((await first.query<{ n: number }>(TRIGGER)).rows).toEqual([{ n: 1 }]);
      // An older install: its folder lacks a trigger of this version.
      await first.query('drop trigger payments_days_insert on payments');
    } finally {
      await first.close();
    }
    const stamp = readFileSync(join(dataDir, STAMP), 'utf8');
    expect(stamp).toMatch(/^[0-9a-f]{64}$/);

    // The same version again: nothing to apply, the folder is as it was left.
    const same = await startPGliteThread(dataDir, noLoss);
    try {
      expect((await same.query<{ n: number }>(TRIGGER)).rows).toEqual([{ n: 0 }]);
    } finally {
      await same.close();
    }

    // Functions of another version were applied last: this version's are applied again.
    writeFileSync(join(dataDir, STAMP), 'another version');
    const upgraded = await startPGliteThread(dataDir, noLoss);
    try {
      expect((await upgraded.query<{ n: number }>(TRIGGER)).rows).toEqual([{ n: 1 }]);
    } finally {
      await upgraded.close();
    }
    expect(readFileSync(join(dataDir, STAMP), 'utf8')).toBe(stamp);
  }, 300_000);
});
