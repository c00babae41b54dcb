import { mkdirSync } from 'node:fs';
import type pg from 'pg';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './dataDirLock';
import { functionFiles } from './functions';
import { postgresListener, type Unlisten } from './listener';
import { asPGlite, startPGliteThread } from './pgliteThread';
import { reusablePlan, statementName } from './statementName';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Called if the database can no longer be used at all (PGlite's thread ended). */
  onLost(listener: (error: Error) => void): void;
  /** A raw parameterised query, for tools (EXPLAIN in tests, the benchmark's seeding). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * Hears every NOTIFY on `channel` (committed ones only) until the returned function is
   * called. `onGap`: the connection was lost and is back, so some may have been missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<Unlisten>;
  close(): Promise<void>;
}

/** Receives every query the app sends (tests use it to EXPLAIN them). */
export type QueryLogger = (query: string, params: unknown[]) => void;

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const functionsFolder = join(dirname(fileURLToPath(import.meta.url)), 'functions');

/**
 * PostgreSQL when a URL is given, else PGlite embedded in `dataDir`
 * (`memory://` keeps it in memory, for tests). Migrations run before anything else, then the
 * functions and triggers of server/db/functions are applied again.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onQuery?: QueryLogger;
}): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: opts.onQuery } : undefined;
  if (opts.databaseUrl) {
    const { Pool, Client } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      Client: preparingClient(Client),
    });
    const db = drizzle({ client: pool, schema, logger });
    // Several app servers may start at once: one migrates, the others wait for it.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migrate(drizzle({ client, schema }), { migrationsFolder });
      await client.query('begin');
      try {
        for (const file of functionFiles(functionsFolder)) await client.query(file);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      client.release();
    }
    // A dropped connection must not crash the process: the pool replaces it.
    pool.on('error', () => undefined);
    const listener = postgresListener(opts.databaseUrl, Client);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      // The pool replaces lost connections; the server answers 503 until the database is back.
      onLost: () => {},
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await pool.query(text, params)).rows as T[],
      }),
      listen: (channel, onPayload, onGap) => listener.listen(channel, { onPayload, onGap }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  // Bundled for `npm start` without PGlite itself, which runs in its thread alone
  // (driverWithoutPGlite in scripts/ensure-build.mjs).
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = opts.dataDir.startsWith('memory://');
  const dataDir = inMemory ? opts.dataDir : join(opts.dataDir, 'pg');
  const unlock = inMemory ? () => {} : lockDataDir(opts.dataDir);
  try {
    if (!inMemory) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // PGlite opens the folder and migrates it in its own thread (pgliteWorker.ts).
    // A promise, so that a listener added after the thread ended still hears of it.
    let markLost!: (error: Error) => void;
    const lost = new Promise<Error>((resolve) => (markLost = resolve));
    // Test runs start every in-memory database from one migrated copy (tests/setup/database.ts).
    const image = inMemory ? process.env.TEST_PGLITE_IMAGE : undefined;
    const thread = await startPGliteThread(dataDir, markLost, { image });
    const db = drizzle({ client: asPGlite(thread), schema, logger });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      onLost: (listener) => void lost.then(listener),
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await thread.query<T>(text, params)).rows,
      }),
      // One process: nothing can be missed while the thread runs, so there is no gap.
      listen: (channel, onPayload) => thread.listen(channel, { onPayload }),
      close: async () => {
        try {
          await thread.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * A pg Client on which every parameterised query is a named prepared statement (named by a
 * hash of its text), so PostgreSQL parses and plans each distinct query once per connection.
 * Our hot queries take longer to plan than to run. Queries without parameters (migrations,
 * which may hold several statements) are sent as they are.
 */
function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  return class PreparingClient extends Client {
    // Typed `never` so that this one signature stands in for every overload of pg's query.
    override query(...args: unknown[]): never {
      const [config, values] = args as [{ text?: unknown; name?: unknown } | string, unknown];
      if (
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        reusablePlan(config.text) &&
        !config.name &&
        Array.isArray(values) &&
        values.length > 0
      )
        args[0] = { ...config, name: statementName(config.text) };
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

/** The rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
