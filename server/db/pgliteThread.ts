import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { threadId, Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { functionFiles } from './functions';
import { Channels, type Subscriber, type Unlisten } from './listener';

// Beside this file: server/db/functions from the sources, build/server/functions bundled.
const functionsFolder = join(dirname(fileURLToPath(import.meta.url)), 'functions');

/**
 * The main thread's side of the embedded database, which runs in `pgliteWorker.ts`. It offers
 * the part of PGlite's interface that drizzle uses (`query` and `transaction`), forwarding each
 * call as a message. A transaction holds PGlite's transaction for as long as the callback
 * runs here, exactly as in-process PGlite would.
 */
export interface WorkerInit {
  dataDir: string;
  /** The archive a new data folder is unpacked from (tests); pgliteTemplate.ts's by default. */
  template?: string;
  /**
   * For `memory://` only: a tar of a migrated database (PGlite's dumpDataDir) to start from
   * instead of initdb and every migration; the test runs make one and start each file from it.
   */
  image?: string;
  /**
   * The SQL of the functions and triggers (server/db/functions), read here: writing out their
   * secret columns takes the schema, and with it Drizzle's column classes, Zod and the
   * contract, which the thread would otherwise load and keep for this alone (~5 MB of its heap).
   */
  functions: string[];
  /** PostgreSQL's WebAssembly, compiled (`compiledPostgres`). */
  postgres: WebAssembly.Module;
}
/**
 * How the database was opened: a folder that held one, a new folder from the template or made
 * by PGlite's initdb (the template did not fit), or in memory.
 */
export type Opened = 'folder' | 'template' | 'initdb' | 'memory';
export type Request =
  | {
      op: 'query';
      id: number;
      tx?: number;
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      rawTypes?: number[];
    }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; id: number; channel: string }
  | { op: 'close'; id: number };
/** The answer to a request (by its id), or a notification (no id) on a channel listened to. */
export type Reply =
  | { id: number; result?: unknown; error?: Record<string, unknown> }
  | { id?: undefined; channel: string; payload: string };

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
export interface PGliteThread {
  opened: Opened;
  query: Query;
  transaction<T>(callback: (tx: Pick<Transaction, 'query'>) => Promise<T>): Promise<T>;
  /** Hears the NOTIFYs on `channel`: the thread LISTENs once per channel for every subscriber. */
  listen(channel: string, subscriber: Subscriber): Promise<Unlisten>;
  close(): Promise<void>;
}

/** The worker's error as an Error here, with PostgreSQL's fields (code, constraint…) on it. */
function toError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/** `onLost` hears of a thread that ended without being closed (it crashed or ran out of memory). */
export async function startPGliteThread(
  dataDir: string,
  onLost: (error: Error) => void,
  options: { template?: string; image?: string } = {},
): Promise<PGliteThread> {
  const worker = spawnWorker({
    postgres: await compiledPostgres(),
    dataDir,
    template: options.template,
    image: options.image,
    functions: functionFiles(functionsFolder),
  });
  let closing = false;
  const pending = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  let stopped: Error | undefined;

  const ready = new Promise<Opened>((resolve, reject) =>
    pending.set(0, { resolve: (opened) => resolve(opened as Opened), reject }),
  );
  const channels = new Channels();
  worker.on('message', (reply: Reply) => {
    if (reply.id === undefined) return channels.deliver(reply.channel, reply.payload);
    const { id, result, error } = reply;
    const call = pending.get(id);
    pending.delete(id);
    if (error) call?.reject(toError(error));
    else call?.resolve(result);
  });
  const stop = (error: Error) => {
    if (!stopped && !closing) onLost(error);
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  worker.on('error', (error) => stop(new Error(`The database thread stopped: ${error.message}`)));
  worker.on('exit', () => stop(new Error('The database thread stopped')));

  const send = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    return new Promise<T>((resolve, reject) => {
      worker.postMessage(request); // throws for a value that cannot be copied to the thread
      pending.set(request.id, { resolve: resolve as (value: unknown) => void, reject });
    });
  };

  const queryIn =
    (tx?: number): Query =>
    (text, params, options) => {
      if (options && (options.blob || options.serializers || options.paramTypes))
        throw new Error('This PGlite query option is not available across threads');
      return send({
        op: 'query',
        id: nextId++,
        tx,
        text,
        params,
        rowMode: options?.rowMode,
        // drizzle's parsers only keep these types as text (see the worker).
        rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      });
    };

  const opened = await ready.catch(async (error) => {
    await worker.terminate();
    throw error;
  });
  return {
    opened,
    query: queryIn(),
    async transaction(callback) {
      const tx = nextId++;
      await send({ op: 'begin', id: tx });
      let result;
      try {
        result = await callback({ query: queryIn(tx) });
      } catch (error) {
        await send({ op: 'end', id: nextId++, tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'end', id: nextId++, tx, commit: true });
      return result;
    },
    async listen(channel, subscriber) {
      if (channels.add(channel, subscriber))
        await send({ op: 'listen', id: nextId++, channel }).catch((error: unknown) => {
          channels.remove(channel, subscriber);
          throw error;
        });
      return async () => {
        if (channels.remove(channel, subscriber))
          await send({ op: 'unlisten', id: nextId++, channel }).catch(() => undefined);
      };
    },
    async close() {
      closing = true;
      try {
        if (!stopped) await send({ op: 'close', id: nextId++ });
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** Node's WebAssembly global: the server's type declarations have its types, not the value. */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { compileStreaming(source: Response): Promise<WebAssembly.Module> };
  }
).WebAssembly;

let postgres: Promise<WebAssembly.Module> | undefined;
/**
 * PostgreSQL's WebAssembly (9 MB), compiled once a process and given to every database thread
 * it starts: V8 shares a compiled module between the threads it is sent to, and with it the
 * optimised code of its busy functions. A thread that compiled its own started from nothing
 * each time: server test files that open databases took ~15 % more CPU optimising the same
 * functions again. A failed compile is not kept, so that the next database tries again.
 * Compiled as it is read in 64 KB pieces: PGlite itself
 * reads the whole file into a buffer first, which then stays in memory beside V8's own copy
 * until the next full collection, in the very seconds the start peaks.
 */
function compiledPostgres(): Promise<WebAssembly.Module> {
  postgres ??= (async () => {
    // V8 compiles it lazily, each function when first called, and the busy ones again,
    // optimised, in the background. By default several of those optimising compiles run at
    // once, each with compiler memory of its own that the C allocator keeps afterwards: the
    // server's peak RSS at a restart measured 275-290 MB with them, 240-265 MB one at a time,
    // and start-up took no longer. V8's flags are the whole process's; this one only limits
    // how WebAssembly is compiled in the background.
    v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
    const pglite = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const file = Readable.toWeb(createReadStream(join(pglite, 'pglite.wasm'))) as ReadableStream;
    return wasm.compileStreaming(
      new Response(file, { headers: { 'content-type': 'application/wasm' } }),
    );
  })().catch((error: unknown) => {
    postgres = undefined;
    throw error;
  });
  return postgres;
}

/**
 * From the bundle the worker is build/server/pgliteWorker.js; from the sources (tests, `npm run
 * dev:server`) it is TypeScript, bundled by sourceWorker.
 */
function spawnWorker(workerData: WorkerInit): Worker {
  // The worker's garbage is short-lived rows and messages; a young generation of 8 MB instead
  // of V8's default kept the server's peak RSS 30-90 MB lower in the benchmark's load, 4 MB
  // another ~7 MB lower, and 2 MB a restart's peak ~2.5 MB lower, the expense list's CPU per
  // call the same within the machine's spread.
  const options = { workerData, resourceLimits: { maxYoungGenerationSizeMb: 2 } };
  // V8's flags are the process's, and a --max-semi-space-size given to node (`npm start`'s,
  // for the main thread) would size this thread's young generation too, over the limit
  // above: twice its size in semi-spaces instead of ~5 MB. The main thread's heap was sized when it
  // started, so the flag can be cleared before the worker's heap is made.
  v8.setFlagsFromString('--max-semi-space-size=0');
  if (import.meta.url.endsWith('.ts')) return new Worker(sourceWorker(), options);
  return new Worker(new URL('./pgliteWorker.js', import.meta.url), options);
}

let sourceBundle: URL | undefined;
/**
 * The worker's TypeScript bundled into one plain module (as scripts/ensure-build.mjs bundles it
 * for `npm start`), once a process, kept where its packages resolve (node_modules/.cache) under
 * a hash of its contents. Worker threads do not inherit tsx's loader: registering it again in
 * each thread and loading PGlite through it takes ~0.65 s a thread, the bundle ~0.2 s, and most
 * server test files open a database or more. Its modules are all of this folder, so the
 * worker's own import.meta values stand for each of them. `tsx watch` does not see the bundled
 * files: `npm run dev:server` watches this folder too.
 */
function sourceWorker(): URL {
  if (sourceBundle) return sourceBundle;
  const require = createRequire(import.meta.url);
  const esbuild = require('esbuild') as typeof import('esbuild');
  const source = fileURLToPath(new URL('./pgliteWorker.ts', import.meta.url));
  const here = dirname(source);
  const { outputFiles, metafile } = esbuild.buildSync({
    entryPoints: [source],
    absWorkingDir: here,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    define: {
      'import.meta.url': JSON.stringify(pathToFileURL(source).href),
      'import.meta.dirname': JSON.stringify(here),
      'import.meta.filename': JSON.stringify(source),
    },
    logLevel: 'warning',
  });
  // buildSync leaves esbuild's service running for the process's life otherwise.
  esbuild.stop();
  const elsewhere = Object.keys(metafile.inputs).filter(
    (input) => dirname(resolve(here, input)) !== here,
  );
  if (elsewhere.length)
    throw new Error(`The database thread's modules must be in ${here}: ${elsewhere.join(', ')}`);
  const code = outputFiles[0]!.contents;
  const cache = join(dirname(require.resolve('esbuild/package.json')), '../.cache/pglite-worker');
  const file = join(cache, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(cache, { recursive: true });
    // Written aside, then renamed in one step: another process or thread may be writing the
    // same bundle, and a thread must never load half of one.
    const next = `${file}.${process.pid}-${threadId}`;
    writeFileSync(next, code);
    renameSync(next, file);
  }
  return (sourceBundle = pathToFileURL(file));
}

/** What drizzle's PGlite driver is given: the thread stands in for a PGlite instance. */
export const asPGlite = (thread: PGliteThread) => thread as unknown as PGlite;
