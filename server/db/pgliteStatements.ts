import {
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { reusablePlan, statementName } from './statementName';

/**
 * Named prepared statements on PGlite, as `preparingClient` gives the pg driver.
 *
 * PGlite's own `query` sends each call as Parse, Describe, Bind, Describe, Execute and Sync,
 * six passes through the WebAssembly backend, and PostgreSQL parses and plans the text every
 * time. Here each distinct text is parsed once (Parse + Describe under a name); every later
 * call is one pass of Bind + Execute + Sync, and PostgreSQL reuses its plan. On the
 * benchmark's expense list this halved the time of each query (0.32 → 0.14 ms).
 *
 * It uses PGlite's documented protocol entry points and its two mutexes, the same way its
 * own `query` does: outside a transaction a call waits for the transaction mutex (so it never
 * runs inside somebody else's transaction), then the query mutex. Queries without parameters
 * (migrations, several statements at once) and anything unusual go through PGlite's `query`.
 */
export function useNamedStatements(pg: PGlite): void {
  const statements = new Map<string, Statement>();
  const plainQuery = pg.query.bind(pg);
  const plainTransaction = pg.transaction.bind(pg);

  pg.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (!preparable(statements, text, params, options)) return plainQuery<T>(text, params, options);
    // As PGlite's own query: refuse once closing, also for calls that queued before it.
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        await pg._checkReady();
        return runNamed<T>(pg, statements, text, params!, options, true);
      }),
    );
  }) as PGlite['query'];

  pg.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    plainTransaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (<R>(text: string, params?: unknown[], options?: QueryOptions) =>
        preparable(statements, text, params, options)
          ? pg._runExclusiveQuery(() => runNamed<R>(pg, statements, text, params!, options, false))
          : txQuery<R>(text, params, options)) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
}

interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

/**
 * Each statement keeps its plan in PostgreSQL's memory, which WebAssembly never gives back.
 * This is ample for the texts the app builds (filters, sorts and page sizes combine into a
 * few hundred); new texts past it run unnamed, statements already named stay in use. Bulk
 * statements with many parameters (a restore's inserts, the bench's seeding) are used once
 * and run unnamed.
 */
const MAX_STATEMENTS = 1000;
const MAX_PARAMS = 100;

const preparable = (
  statements: Map<string, Statement>,
  text: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
) =>
  !!params?.length &&
  params.length <= MAX_PARAMS &&
  !options?.blob &&
  !options?.paramTypes &&
  !options?.onNotice &&
  reusablePlan(text) &&
  (statements.size < MAX_STATEMENTS || statements.has(text));

const { serialize } = protocol;

async function runNamed<T>(
  pg: PGlite,
  statements: Map<string, Statement>,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
  syncAfter: boolean,
): Promise<Results<T>> {
  let statement = statements.get(text);
  if (!statement) {
    statement = await prepare(pg, text);
    statements.set(text, statement);
  }
  const { paramTypes } = statement;
  const values = params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const serializer = options?.serializers?.[paramTypes[i]!] ?? pg.serializers[paramTypes[i]!];
    return serializer ? (serializer(param) as string) : String(param);
  });
  // One pass: PostgreSQL skips to the Sync after an error, so the session is always ready
  // for the next call; PGlite then throws the error it collected.
  const messages = await pg.execProtocolStream(
    concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  if (syncAfter) await pg.syncToFs();
  return toResults<T>(pg, statement, messages, options);
}

async function prepare(pg: PGlite, text: string): Promise<Statement> {
  const name = statementName(text);
  const messages = await pg.execProtocolStream(
    concat([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  let paramTypes: number[] = [];
  let fields: Statement['fields'] = [];
  for (const message of messages) {
    if (message.name === 'parameterDescription')
      paramTypes = (message as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
    if (message.name === 'rowDescription')
      fields = (message as unknown as { fields: Statement['fields'] }).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
  }
  return { name, paramTypes, fields };
}

/** The result PGlite's own `query` would give: rows parsed by type, the command and counts. */
function toResults<T>(
  pg: PGlite,
  { fields }: Statement,
  messages: { name: string }[],
  options: QueryOptions | undefined,
): Results<T> {
  const parsers = fields.map(
    ({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? pg.parsers[dataTypeID],
  );
  const parse = (value: string | null, i: number) =>
    value === null ? null : parsers[i] ? parsers[i](value, fields[i]!.dataTypeID) : value;
  const arrays = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let command: string | undefined;
  let count = NaN;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields.map(parse);
      rows.push(arrays ? values : Object.fromEntries(values.map((v, i) => [fields[i]!.name, v])));
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      command = words[0];
      count = parseInt(words[words.length - 1]!, 10);
    }
  }
  const changes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command ?? '');
  return {
    rows: rows as T[],
    fields,
    command,
    affectedRows: changes ? count : 0,
    ...(Number.isNaN(count) ? {} : { rowCount: count }),
  } as Results<T>;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
