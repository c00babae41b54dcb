/**
 * Autovacuum for the embedded database. PGlite runs PostgreSQL as a single backend with no
 * background workers, so nothing vacuums or analyzes on its own: pages written since the
 * last VACUUM are never marked all-visible (every index-only scan of totals and deep pages
 * then visits the rows too), space of updated and deleted rows is never reclaimed, and the
 * planner's statistics stay those of an empty database. Once a minute this does what
 * PostgreSQL's autovacuum would, from the same counters and by the same rules: the
 * server's settings, or a table's own where a migration set them (`alter table ... set`).
 */
import type { PGlite } from '@electric-sql/pglite';

const INTERVAL_MS = 60_000;

/** A table's autovacuum setting: its own storage parameter, else the server's. */
const setting = (name: AutovacuumSetting) =>
  `coalesce((select option_value from pg_options_to_table(c.reloptions)
              where option_name = '${name}'), current_setting('${name}'))::float8`;
type AutovacuumSetting =
  | 'autovacuum_vacuum_threshold'
  | 'autovacuum_vacuum_max_threshold'
  | 'autovacuum_vacuum_scale_factor'
  | 'autovacuum_vacuum_insert_threshold'
  | 'autovacuum_vacuum_insert_scale_factor'
  | 'autovacuum_analyze_threshold'
  | 'autovacuum_analyze_scale_factor'
  | 'autovacuum_freeze_max_age';

/**
 * Autovacuum's rules as PostgreSQL 18 (PGlite's version) applies them to each table, in
 * relation_needs_vacanalyze(): dead rows over a threshold (capped), inserts over a threshold
 * counted on the part of the table not yet frozen, changes since the last ANALYZE, and the
 * age of its oldest unfrozen transaction id. A table whose own autovacuum_enabled is off is
 * left alone.
 */
const ACTIVITY = `
  with t as (
    select c.oid, c.reloptions, greatest(c.reltuples, 0)::float8 as rows,
           coalesce(1 - least(c.relallfrozen, c.relpages)::float8 / nullif(c.relpages, 0), 1)
             as unfrozen,
           s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted,
           s.n_mod_since_analyze as changed, age(c.relfrozenxid) as xid_age
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where coalesce((select option_value::bool from pg_options_to_table(c.reloptions)
                      where option_name = 'autovacuum_enabled'), true)
  ), rules as (
    select c.*,
           ${setting('autovacuum_vacuum_threshold')}
             + ${setting('autovacuum_vacuum_scale_factor')} * rows as dead_limit,
           ${setting('autovacuum_vacuum_max_threshold')} as dead_cap,
           ${setting('autovacuum_vacuum_insert_threshold')} as insert_base,
           ${setting('autovacuum_vacuum_insert_scale_factor')} * rows * unfrozen as insert_share,
           ${setting('autovacuum_analyze_threshold')}
             + ${setting('autovacuum_analyze_scale_factor')} * rows as analyze_limit,
           ${setting('autovacuum_freeze_max_age')} as xid_age_limit
      from t c
  )
  select oid::regclass::text as name,
         dead > case when dead_cap >= 0 then least(dead_limit, dead_cap) else dead_limit end
      or insert_base >= 0 and inserted > insert_base + insert_share -- -1 turns these off
      or xid_age > xid_age_limit -- before transaction ids wrap around
           as vacuum,
         changed > analyze_limit as analyze
    from rules
   order by name`;

/**
 * Vacuums and analyzes each table that has changed enough since it last was, one table at a
 * time (queries queue behind each). Returns what it ran, for tests. The counters live in
 * memory and start again from zero when the database is opened.
 */
export async function upkeepOnce(pg: PGlite): Promise<string[]> {
  // The single backend publishes its counters at most once a second, when idle; ask for now.
  await pg.query('select pg_stat_force_next_flush()');
  const { rows } = await pg.query<{ name: string; vacuum: boolean; analyze: boolean }>(ACTIVITY);
  const ran: string[] = [];
  for (const { name, vacuum, analyze } of rows) {
    if (!vacuum && !analyze) continue;
    const command = vacuum ? (analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
    // regclass text is the table's name, quoted and schema-qualified where it needs to be.
    const statement = `${command} ${name}`;
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
