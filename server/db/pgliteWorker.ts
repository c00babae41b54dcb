/**
 * The embedded database in its own thread. PGlite runs PostgreSQL as WebAssembly,
 * synchronously, on whichever thread calls it; here that is this worker, so HTTP, JSON and
 * the services run on the main thread meanwhile and a server uses two cores instead of one.
 * The main thread talks to it through `pgliteThread.ts`; messages are defined there.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { useNamedStatements } from './pgliteStatements';
import { startUpkeep } from './pgliteUpkeep';
import type { Reply, Request, WorkerInit } from './pgliteThread';

const port = parentPort!;
const { dataDir } = workerData as WorkerInit;
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

try {
  // 32 MB of shared buffers instead of 128: the pages also sit in the OS cache behind
  // NODEFS, and the server's memory budget is tight (RSS fell by ~115 MB at no measurable cost).
  const pg = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    // The searches' trigram indexes (see migrations).
    extensions: { pg_trgm },
  });
  useNamedStatements(pg);
  await migrate(drizzle({ client: pg }), { migrationsFolder });
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
  reply({ id: 0, result: 'ready' });
} catch (error) {
  replyError(0, error);
}
