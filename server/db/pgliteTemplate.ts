/**
 * The embedded database's first start without initdb. PGlite makes a new cluster by running
 * initdb in two more WebAssembly instances, one of which it snapshots (128 MB) and restores
 * before each step, then copies the result out of memory as a tar: the server held 740-800
 * MB for that, and for the 30 s until the collector reclaimed it. Instead, a new data folder
 * is unpacked from `pgliteTemplate.tar.br`, the folder PGlite's own initdb made (with
 * `npx tsx scripts/pglite-template.ts`), streamed to disk a chunk at a time; PGlite then
 * opens it as it opens any folder it made. The migrations run on it as on an empty database.
 *
 * The archive is a plain ustar of directories and regular files, compressed with Brotli (its
 * 16 MB window finds the three identical template databases: 1.3 MB where gzip takes 4.5).
 */
import {
  closeSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createBrotliDecompress } from 'node:zlib';

/**
 * Beside this file in the sources, beside the bundle in build/server: made, never kept in
 * git (ensure-build makes it for `npm start`, scripts/pglite-template.ts for the sources).
 * Without it a new folder is made by initdb, as before.
 */
export const TEMPLATE = new URL('./pgliteTemplate.tar.br', import.meta.url);

/**
 * Makes a template at `out`: PGlite's own initdb makes a new cluster (in this process: the
 * ~750 MB it holds for a while is why it is made once, at build time), closed cleanly and
 * packed, then unpacked and opened once to check it. Answers the cluster's version().
 */
export async function makeTemplate(out: string): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const work = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  try {
    const made = join(work, 'pg');
    await (await PGlite.create(made, { extensions: { pg_trgm } })).close();
    await pack(made, out);
    const check = join(work, 'check');
    await unpack(out, check);
    const opened = await PGlite.create(check, { extensions: { pg_trgm } });
    const { rows } = await opened.query<{ version: string }>('select version()');
    await opened.close();
    return rows[0]!.version;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const BLOCK = 512;

/**
 * Unpacks `template` into `dataDir`, which must be missing or empty. It is unpacked beside it
 * and renamed into place (onto the empty folder), so that a start stopped midway never
 * leaves a half cluster where PGlite looks; the next start removes what it left.
 */
export async function createFromTemplate(dataDir: string, template: URL | string = TEMPLATE) {
  const parent = dirname(dataDir);
  const prefix = `${basename(dataDir)}.new-`;
  for (const name of readdirSync(parent))
    if (name.startsWith(prefix)) rmSync(join(parent, name), { recursive: true, force: true });
  const next = join(parent, `${prefix}${process.pid}`);
  try {
    await unpack(template, next);
    renameSync(next, dataDir);
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}

/** Whether `dir` is missing or holds nothing. */
export function isEmptyDir(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Reads the archive as it decompresses: no file is ever whole in memory. */
export async function unpack(archive: URL | string, into: string): Promise<void> {
  mkdirSync(into, { recursive: true, mode: 0o700 });
  let pending: Buffer = Buffer.alloc(0);
  let file: { fd: number; left: number } | undefined;
  let skip = 0;
  let ended = false;
  const stream = createReadStream(archive).pipe(createBrotliDecompress());
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (ended) continue; // the zero blocks that pad the archive's end
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (file) {
          const n = Math.min(file.left, pending.length);
          for (let done = 0; done < n;) done += writeSync(file.fd, pending, done, n - done);
          file.left -= n;
          pending = pending.subarray(n);
          if (file.left > 0) break;
          closeSync(file.fd);
          file = undefined;
        }
        if (skip) {
          const n = Math.min(skip, pending.length);
          skip -= n;
          pending = pending.subarray(n);
          if (skip) break;
        }
        if (ended || pending.length < BLOCK) break;
        const header = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (header.every((byte) => byte === 0)) {
          ended = true; // two zero blocks end the archive; the rest is padding
          continue;
        }
        const entry = parseHeader(header);
        const path = join(into, entry.name);
        if (entry.type === 'dir') mkdirSync(path, { recursive: true, mode: entry.mode });
        else {
          file = { fd: openSync(path, 'w', entry.mode), left: entry.size };
          skip = padding(entry.size);
        }
      }
    }
  } finally {
    if (file) closeSync(file.fd);
  }
  if (!ended || file) throw new Error(`${String(archive)} ends midway`);
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

const field = (header: Buffer, start: number, length: number) => {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end < 0 ? length : end).toString('utf8');
};
const octal = (header: Buffer, start: number, length: number) =>
  parseInt(field(header, start, length).trim() || '0', 8);

function parseHeader(header: Buffer): {
  name: string;
  mode: number;
  size: number;
  type: 'dir' | 'file';
} {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  if (sum !== octal(header, 148, 8)) throw new Error('The database template is damaged');
  const prefix = field(header, 345, 155);
  const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
  const flag = String.fromCharCode(header[156]!);
  const parts = name.split('/').filter(Boolean);
  if (!parts.length || parts.some((part) => part === '..') || name.startsWith('/'))
    throw new Error(`The database template holds a path outside its folder: ${name}`);
  if (flag !== '5' && flag !== '0' && flag !== '\0')
    throw new Error(`The database template holds an entry of a type it should not: ${name}`);
  return {
    name: parts.join('/'),
    // Owner only, as PostgreSQL makes them.
    mode: octal(header, 100, 8) & 0o700,
    size: octal(header, 124, 12),
    type: flag === '5' ? 'dir' : 'file',
  };
}

function header(name: string, mode: number, size: number, dir: boolean): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`A path too long for the template: ${name}`);
  const block = Buffer.alloc(BLOCK);
  const put = (value: string, start: number) => block.write(value, start, 'utf8');
  const num = (value: number, start: number, length: number) =>
    put(value.toString(8).padStart(length - 1, '0'), start);
  put(name, 0);
  num(mode & 0o777, 100, 8);
  num(0, 108, 8); // uid
  num(0, 116, 8); // gid
  num(size, 124, 12);
  num(0, 136, 12); // mtime: the same archive from the same folder
  put(dir ? '5' : '0', 156);
  put('ustar\u000000', 257);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  put(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148);
  return block;
}

/** Packs the folder `dir` (directories and regular files only) into `archive`. */
export async function pack(dir: string, archive: string): Promise<void> {
  const entries: Buffer[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      const stat = statSync(full);
      const rel = relative(dir, full).split(sep).join('/');
      if (stat.isDirectory()) {
        entries.push(header(`${rel}/`, stat.mode, 0, true));
        walk(full);
      } else if (stat.isFile()) {
        const data = readFileSync(full);
        entries.push(
          header(rel, stat.mode, data.length, false),
          data,
          Buffer.alloc(padding(data.length)),
        );
      } else throw new Error(`Not a file or folder: ${full}`);
    }
  };
  walk(dir);
  entries.push(Buffer.alloc(2 * BLOCK));
  const tar = Buffer.concat(entries);
  const brotli = createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
    },
  });
  await pipeline(
    (async function* () {
      yield tar;
    })(),
    brotli,
    createWriteStream(archive),
  );
}
