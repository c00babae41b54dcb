/**
 * The embedded database in its own thread. PGlite runs PostgreSQL as WebAssembly,
 * synchronously, on whichever thread calls it; here that is this worker, so HTTP, JSON and
 * the services run on the main thread meanwhile and a server uses two cores instead of one.
 * The main thread talks to it through `pgliteThread.ts`; messages are defined there.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { useNamedStatements } from './pgliteStatements';
import { createFromTemplate, isEmptyDir } from './pgliteTemplate';
import { startUpkeep } from './pgliteUpkeep';
import type { Opened, Reply, Request, WorkerInit } from './pgliteThread';

const port = parentPort!;
const { dataDir, template, image, functions, postgres } = workerData as WorkerInit;
// Beside this file: server/db/migrations from the sources, build/server/migrations bundled.
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

const reply = (message: Reply) => port.postMessage(message);
const replyError = (id: number, error: unknown) => reply({ id, error: errorFields(error) });

/** What the main thread needs of an error: its message and PostgreSQL's fields. */
function errorFields(error: unknown): Record<string, unknown> {
  const e = error as Record<string, unknown>;
  const fields: Record<string, unknown> = { message: String(e?.message ?? error) };
  for (const key of ['code', 'severity', 'detail', 'hint', 'constraint', 'table', 'column'])
    if (typeof e?.[key] === 'string') fields[key] = e[key];
  return fields;
}

// drizzle asks for some types (dates, timestamps, intervals) to come back as PostgreSQL
// wrote them; functions cannot cross threads, so the main thread sends their type ids.
const identity = (value: unknown) => value;
const rawParsers = new Map<string, QueryOptions['parsers']>();
function options(rowMode: 'array' | 'object' | undefined, rawTypes?: number[]): QueryOptions {
  if (!rawTypes?.length) return { rowMode };
  const key = rawTypes.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((type) => [type, identity]));
    rawParsers.set(key, parsers);
  }
  return { rowMode, parsers };
}

const ROLLBACK = Symbol('rollback');
/** Open transactions by the id of their `begin`; `tx` and `finish` are set once BEGIN ran. */
const transactions = new Map<
  number,
  { outcome: Promise<unknown>; tx?: Transaction; finish?(commit: boolean): void }
>();

const pgliteOptions = {
  startParams: [
    ...PGlite.defaultStartParams,
    // 8 MB of shared buffers (PostgreSQL's default is 128): the buffers are all written at
    // start, so each MB is one of RSS from the first second, and the pages also sit in the OS
    // cache behind NODEFS, one read away (128 to 32 MB took ~115 MB off RSS, 32 to 16 another
    // 16 MB, 16 to 8 another 6-8 MB, none at a measurable cost to the lists).
    '-c',
    'shared_buffers=8MB',
    // One backend, not 100 connections, 16 autovacuum workers and 10 WAL senders: PostgreSQL
    // sizes its process, lock and predicate-lock tables in shared memory by these slots, and
    // writes them at start (4 MB). 512 locks a slot (with the background workers' slots, ~14)
    // leave room for thousands in one transaction (the migrations of a new database take a few
    // hundred). At most as many autovacuum workers as their slots, or PostgreSQL warns.
    '-c',
    'max_connections=4',
    '-c',
    'autovacuum_worker_slots=1',
    '-c',
    'autovacuum_max_workers=1',
    '-c',
    'max_wal_senders=0',
    '-c',
    'max_locks_per_transaction=512',
  ],
  // The searches' trigram indexes (see migrations).
  extensions: { pg_trgm },
};

/** PGlite's own files: its file bundle and the script that lists its files. */
const pgliteDist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

/**
 * Files of PGlite's bundle that a cluster which exists never reads: initdb's inputs, the
 * extension build kit (pgxs) and the replication libraries (~1.8 MB of the 6 MB).
 */
const UNREAD_ONCE_MADE =
  /^\/pglite\/(share\/postgresql\/(postgres\.bki|information_schema\.sql|system_(constraints|functions|views)\.sql|snowball_create\.sql|sql_features\.txt|errcodes\.txt)|lib\/postgresql\/(pgxs\/|libpqwalreceiver\.so|pgoutput\.so))/;

/**
 * PGlite's file bundle (PostgreSQL's share/ and lib/ folders, 6 MB), which PGlite keeps in
 * the thread's memory for good as the files of its in-memory file system, for a cluster that
 * already exists: the files it never reads (UNREAD_ONCE_MADE) are left as zeroed pages of the
 * buffer that were never written, which take no memory. The offsets of the files are those of
 * PGlite's own script; if they cannot be read there (another PGlite version), undefined, and
 * PGlite reads the whole bundle itself, as for a new cluster (initdb reads those files).
 */
function bundleWithoutInitdb(): Blob | undefined {
  try {
    // The list alone (~60 KB), not the whole script as a string the thread would keep a while.
    const glue = readFileSync(join(pgliteDist, 'pglite.js'));
    const from = glue.indexOf('{files:[');
    const script = glue.toString('latin1', from, glue.indexOf('remote_package_size:', from) + 40);
    const size = Number(/remote_package_size:(\d+)/.exec(script)?.[1]);
    const files = [...script.matchAll(/\{filename:"([^"]+)",start:(\d+),end:(\d+)\}/g)];
    if (!files.length || Number(files.at(-1)![3]) !== size) return undefined;
    const bundle = new Uint8Array(size); // zeroed pages: none in memory until written
    const fd = openSync(join(pgliteDist, 'pglite.data'), 'r');
    try {
      for (const [, name, start, end] of files) {
        if (UNREAD_ONCE_MADE.test(name!)) continue;
        const [at, length] = [Number(start), Number(end) - Number(start)];
        if (readSync(fd, bundle, at, length, at) !== length) return undefined;
      }
      return bytesOnly(bundle);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * `bytes` as the Blob PGlite takes a file in (a bundle, a tar to load), which it asks for its
 * bytes only: a real Blob around a test run's 44 MB database image cost ~0.6 s of CPU each
 * time PGlite read it back through Node's Blob stream.
 */
function bytesOnly(bytes: Uint8Array): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole
    ? bytes.buffer
    : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { arrayBuffer: async () => buffer } as unknown as Blob;
}

/**
 * PGlite on the data folder. A new (empty) folder is unpacked from the template of a new
 * cluster rather than made by PGlite's initdb, which holds ~750 MB (pgliteTemplate.ts); a
 * template that does not fit this PGlite (another PostgreSQL major version) or cannot be read
 * leaves the folder to initdb, as before.
 */
async function open(): Promise<{ pg: PGlite; opened: Opened }> {
  const options = { ...pgliteOptions, pgliteWasmModule: postgres };
  // A cluster that exists (a folder's, the template's, a test image's) runs without initdb.
  const made = () => ({ ...options, fsBundle: bundleWithoutInitdb() });
  if (dataDir.startsWith('memory://')) {
    // A copy of a migrated database: the migrations below then find nothing left to do.
    const loadDataDir = image ? bytesOnly(readFileSync(image)) : undefined;
    return {
      pg: await PGlite.create(dataDir, { ...(image ? made() : options), loadDataDir }),
      opened: 'memory',
    };
  }
  if (!isEmptyDir(dataDir)) return { pg: await PGlite.create(dataDir, made()), opened: 'folder' };
  try {
    await createFromTemplate(dataDir, template);
    return { pg: await PGlite.create(dataDir, made()), opened: 'template' };
  } catch (error) {
    process.emitWarning(
      `The database template did not open (${String((error as Error)?.message ?? error)}); ` +
        'PGlite makes the new database itself, which takes ~750 MB of memory for a while. ' +
        'Remake the template with `npx tsx scripts/pglite-template.ts`.',
    );
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return { pg: await PGlite.create(dataDir, options), opened: 'initdb' };
  }
}

/**
 * Drizzle's migrations, when the database lacks some: its migrator applies each migration
 * dated after the latest it recorded, so a database whose latest is the journal's latest has
 * none to apply. Asking that first keeps Drizzle (~1.5 MB of this thread's heap) unloaded at
 * the usual restart, and PostgreSQL from the three utility statements Drizzle runs to ask.
 */
async function migrateIfBehind(pg: PGlite): Promise<void> {
  const { entries } = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const latest = Math.max(...entries.map((entry) => entry.when));
  const table = 'drizzle.__drizzle_migrations';
  const first = async <T>(text: string) => (await pg.query<T>(text)).rows[0];
  const made = await first<{ present: boolean }>(
    `select to_regclass('${table}') is not null as present`,
  );
  const recorded = made?.present
    ? Number((await first<{ at: string }>(`select max(created_at)::text as at from ${table}`))?.at)
    : NaN;
  if (recorded >= latest) return;
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  await migrate(drizzle({ client: pg }), { migrationsFolder });
}

/** Names, in the data folder, the functions and migrations last applied there (a hash). */
const FUNCTIONS_STAMP = 'app_functions.sha256';

/**
 * The functions and triggers, as client.ts applies them on PostgreSQL; on a data folder only
 * when they, or the migrations, differ from those last applied there. Applying them parses
 * ~130 KB of SQL, and doing so at every start made V8 optimise more of PostgreSQL's
 * WebAssembly each time: a restart held ~14 MB more and spent ~0.7 s more CPU. The stamp is
 * written once their transaction has committed, so a folder without it (new, restored, or
 * stopped in between) gets them again.
 */
async function applyFunctions(pg: PGlite, folder: string | undefined): Promise<void> {
  const stamp = createHash('sha256')
    .update(readFileSync(join(migrationsFolder, 'meta', '_journal.json')))
    .update(functions.join('\0'))
    .digest('hex');
  const stampFile = folder && join(folder, FUNCTIONS_STAMP);
  if (stampFile && readIfThere(stampFile) === stamp) return;
  await pg.transaction(async (tx) => {
    for (const file of functions) await tx.exec(file);
  });
  if (stampFile) writeFileSync(stampFile, stamp, { mode: 0o600 });
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

try {
  const { pg, opened } = await open();
  useNamedStatements(pg);
  await migrateIfBehind(pg);
  await applyFunctions(pg, opened === 'memory' ? undefined : dataDir);
  const stopUpkeep = startUpkeep(pg);
  /** What stops each channel's LISTEN; notifications go to the main thread without an id. */
  const listening = new Map<string, () => Promise<void>>();

  port.on('message', (request: Request) => {
    switch (request.op) {
      case 'query': {
        const client = request.tx === undefined ? pg : transactions.get(request.tx)?.tx;
        if (!client) return replyError(request.id, new Error('Transaction is closed'));
        client.query(request.text, request.params, options(request.rowMode, request.rawTypes)).then(
          (result) => reply({ id: request.id, result }),
          (error) => replyError(request.id, error),
        );
        return;
      }
      case 'begin': {
        const entry: NonNullable<ReturnType<typeof transactions.get>> = {
          outcome: pg.transaction(async (tx) => {
            const commit = await new Promise<boolean>((finish) => {
              Object.assign(entry, { tx, finish });
              reply({ id: request.id, result: null });
            });
            if (!commit) throw ROLLBACK;
          }),
        };
        entry.outcome.catch((error) => {
          if (entry.tx) return; // after BEGIN, `end` reports the outcome
          transactions.delete(request.id);
          replyError(request.id, error);
        });
        transactions.set(request.id, entry);
        return;
      }
      case 'end': {
        const transaction = transactions.get(request.tx);
        transactions.delete(request.tx);
        if (!transaction?.finish) return replyError(request.id, new Error('Transaction is closed'));
        transaction.finish(request.commit);
        transaction.outcome.then(
          () => reply({ id: request.id, result: null }),
          (error) =>
            error === ROLLBACK
              ? reply({ id: request.id, result: null })
              : replyError(request.id, error),
        );
        return;
      }
      case 'listen': {
        const { channel } = request;
        if (listening.has(channel)) return reply({ id: request.id, result: null });
        pg.listen(channel, (payload) => reply({ channel, payload })).then(
          (unlisten) => {
            listening.set(channel, unlisten);
            reply({ id: request.id, result: null });
          },
          (error) => replyError(request.id, error),
        );
        return;
      }
      case 'unlisten': {
        const unlisten = listening.get(request.channel);
        listening.delete(request.channel);
        (unlisten?.() ?? Promise.resolve()).then(
          () => reply({ id: request.id, result: null }),
          (error) => replyError(request.id, error),
        );
        return;
      }
      case 'close':
        stopUpkeep()
          .then(() => pg.close())
          .then(
            () => {
              reply({ id: request.id, result: null });
              port.close();
            },
            (error) => replyError(request.id, error),
          );
        return;
    }
  });
  reply({ id: 0, result: opened });
} catch (error) {
  replyError(0, error);
}
