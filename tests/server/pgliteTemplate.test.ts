import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPGliteThread } from '../../server/db/pgliteThread';
import { createFromTemplate, makeTemplate, pack, unpack } from '../../server/db/pgliteTemplate';
import { builtTemplate } from '../setup/builtTemplate';

/**
 * A new embedded database starts from the packed template of a new cluster instead of
 * PGlite's initdb (server/db/pgliteTemplate.ts), and a template that does not fit leaves the
 * folder to initdb, as before.
 */
const dir = mkdtempSync(join(tmpdir(), 'ecm-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file and folder under `root`: its path, kind, owner-only mode and contents. */
function listing(root: string) {
  const out: Record<string, string> = {};
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      const stat = statSync(full);
      const key = full.slice(root.length + 1);
      if (stat.isDirectory()) {
        out[key] = `dir ${(stat.mode & 0o777).toString(8)}`;
        walk(full);
      } else
        out[key] =
          `file ${(stat.mode & 0o777).toString(8)} ${readFileSync(full).toString('base64')}`;
    }
  };
  walk(root);
  return out;
}

const noLoss = () => undefined;

describe('the template archive', () => {
  it('unpacks what was packed: folders (empty ones too), files of any size, owner-only', async () => {
    const from = join(dir, 'from');
    mkdirSync(join(from, 'base/1'), { recursive: true });
    mkdirSync(join(from, 'pg_twophase'));
    writeFileSync(join(from, 'PG_VERSION'), '18\n');
    writeFileSync(join(from, 'base/1/empty'), '');
    writeFileSync(join(from, 'base/1/page'), randomBytes(8192));
    // Larger than a chunk of the decompressed stream, and not a whole number of blocks.
    writeFileSync(join(from, 'base/1/big'), randomBytes(300_001));
    await pack(from, join(dir, 'archive.tar.br'));

    const into = join(dir, 'into');
    await unpack(join(dir, 'archive.tar.br'), into);
    const expected = Object.fromEntries(
      Object.entries(listing(from)).map(([path, entry]) => [
        path,
        // Folders 0700 and files 0600, as PostgreSQL makes them.
        entry.replace(
          /^(dir|file) \d+/,
          (_, kind: string) => `${kind} ${kind === 'dir' ? 700 : 600}`,
        ),
      ]),
    );
    expect(listing(into)).toEqual(expected);
  });

  it('refuses an archive that ends midway or reaches outside its folder', async () => {
    const whole = readFileSync(join(dir, 'archive.tar.br'));
    const tar = brotliDecompressSync(whole);
    writeFileSync(join(dir, 'cut.tar.br'), brotliCompressSync(tar.subarray(0, 4096)));
    await expect(unpack(join(dir, 'cut.tar.br'), join(dir, 'cut'))).rejects.toThrow(/ends midway/);

    // The first entry renamed to ../escape, its checksum made right.
    const evil = Buffer.from(tar);
    evil.fill(0, 0, 100);
    evil.write('../escape', 0);
    evil.write('        ', 148);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += evil[i]!;
    evil.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    writeFileSync(join(dir, 'evil.tar.br'), brotliCompressSync(evil));
    await expect(unpack(join(dir, 'evil.tar.br'), join(dir, 'evil'))).rejects.toThrow(
      /outside its folder/,
    );
    expect(readdirSync(dir)).not.toContain('escape');
  });

  it('puts a new cluster in place in one step, and clears what a stopped start left', async () => {
    const dataDir = join(dir, 'data', 'pg');
    mkdirSync(join(dir, 'data', 'pg.new-999999'), { recursive: true }); // a start killed midway
    mkdirSync(dataDir, { recursive: true });
    await createFromTemplate(dataDir, join(dir, 'archive.tar.br'));
    expect(readdirSync(join(dir, 'data'))).toEqual(['pg']);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('18\n');
  });
});

describe.skipIf(process.env.DATABASE_URL)('a new embedded database', () => {
  // A template made as ensure-build makes it for `npm start` (it is not kept in git): its own,
  // or else one made here by the same function.
  let made = join(dir, 'made.tar.br');
  beforeAll(async () => {
    const built = builtTemplate();
    if (built) made = built;
    else await makeTemplate(made);
  }, 120_000);

  it('starts from the template, which fits the PGlite installed, and is migrated', async () => {
    const dataDir = join(dir, 'fresh');
    mkdirSync(dataDir);
    const thread = await startPGliteThread(dataDir, noLoss, { template: made });
    try {
      expect(thread.opened).toBe('template');
      await thread.query(`insert into rate_limits (key, hits, reset_at) values ('k', 1, now())`);
    } finally {
      await thread.close();
    }
    const again = await startPGliteThread(dataDir, noLoss);
    try {
      expect(again.opened).toBe('folder');
      const { rows } = await again.query<{ key: string }>(`select key from rate_limits`);
      expect(rows).toEqual([{ key: 'k' }]);
    } finally {
      await again.close();
    }
  });

  it("is left to PGlite's initdb when the template is of another PostgreSQL", async () => {
    // The real template, claiming PostgreSQL 17 (PG_VERSION is its first file, in the block
    // after its header): PostgreSQL 18 refuses to open it.
    const tar = brotliDecompressSync(readFileSync(made));
    expect(tar.toString('latin1', 0, 10)).toBe('PG_VERSION');
    expect(tar.toString('latin1', 512, 515)).toBe('18\n');
    tar.write('17\n', 512, 'latin1');
    writeFileSync(
      join(dir, 'other.tar.br'),
      brotliCompressSync(tar, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
    );

    const dataDir = join(dir, 'fallback');
    mkdirSync(dataDir);
    const thread = await startPGliteThread(dataDir, noLoss, {
      template: join(dir, 'other.tar.br'),
    });
    try {
      expect(thread.opened).toBe('initdb');
      expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('18\n');
      const { rows } = await thread.query<{ n: number }>(`select count(*)::int as n from users`);
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await thread.close();
    }
  }, 120_000);
});
