/**
 * Autovacuum for the embedded database. PGlite runs PostgreSQL as a single backend with no
 * background workers, so nothing vacuums or analyzes on its own: pages written since the
 * last VACUUM are never marked all-visible (every index-only scan of totals and deep pages
 * then visits the rows too), space of updated and deleted rows is never reclaimed, and the
 * planner's statistics stay those of an empty database. Once a minute this does what
 * PostgreSQL's autovacuum does, with its default thresholds, from the same counters.
 */
import type { PGlite } from '@electric-sql/pglite';

const INTERVAL_MS = 60_000;

/** PostgreSQL's defaults: autovacuum_vacuum_*, autovacuum_vacuum_insert_*, autovacuum_analyze_*. */
const needsVacuum = (t: TableActivity) =>
  t.dead > 50 + 0.2 * t.rows || t.insertedSinceVacuum > 1000 + 0.2 * t.rows;
const needsAnalyze = (t: TableActivity) => t.changedSinceAnalyze > 50 + 0.1 * t.rows;

interface TableActivity {
  name: string;
  rows: number;
  dead: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
}

/**
 * Vacuums and analyzes each table that has changed enough since it last was, one table at a
 * time (queries queue behind each). Returns what it ran, for tests. The counters live in
 * memory and start again from zero when the database is opened.
 */
export async function upkeepOnce(pg: PGlite): Promise<string[]> {
  // The single backend publishes its counters at most once a second, when idle; ask for now.
  await pg.query('select pg_stat_force_next_flush()');
  const { rows } = await pg.query<TableActivity>(`
    select s.relid::regclass::text as name, greatest(c.reltuples, 0)::float8 as rows,
           s.n_dead_tup::float8 as dead, s.n_ins_since_vacuum::float8 as "insertedSinceVacuum",
           s.n_mod_since_analyze::float8 as "changedSinceAnalyze"
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     order by s.relname`);
  const ran: string[] = [];
  for (const table of rows) {
    const vacuum = needsVacuum(table);
    const analyze = needsAnalyze(table);
    if (!vacuum && !analyze) continue;
    const command = vacuum ? (analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
    // regclass text is the table's name, quoted and schema-qualified where it needs to be.
    const statement = `${command} ${table.name}`;
    try {
      await pg.exec(statement);
      ran.push(statement);
    } catch {
      // One table failing (the database closing, say) must not keep the others waiting;
      // it is tried again next round.
    }
  }
  return ran;
}

/** Runs `upkeepOnce` every minute until the returned stop is called. */
export function startUpkeep(pg: PGlite): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // A failed round (the database closing, say) is retried by the next one.
    running = running.then(() => upkeepOnce(pg)).catch(() => undefined);
  }, INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
