import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName } from 'drizzle-orm';
import { SECRET_COLUMNS, secretColumnNames } from '../secrets';

/**
 * The database's functions and triggers are defined here, one SQL file each, and nowhere else:
 * the migrations change the schema and the data only. Each file replaces what it defines
 * (CREATE OR REPLACE), so every file is applied after the migrations, in one transaction, in
 * the order of their names (at each start on PostgreSQL; on PGlite when they or the migrations
 * changed since they were last applied to its folder). Answers the files' SQL in that order,
 * with `secret_columns(table)` written out from the one list of secret columns, each
 * `statement_triggers(…);` as its triggers and each `audit_triggers(…);` as its tables' audit
 * triggers.
 */
export function functionFiles(folder: string): string[] {
  return sqlFiles(folder).map((sql) =>
    withAuditTriggers(withStatementTriggers(withSecretColumns(sql))),
  );
}

/** The SQL files of the folder as they are written, in the order of their names. */
const sqlFiles = (folder: string): string[] =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(join(folder, name), 'utf8'));

/** What each statement-level trigger sees of the rows its statement changed, by operation. */
const TRANSITION_TABLES = {
  insert: 'NEW TABLE AS added',
  update: 'OLD TABLE AS removed NEW TABLE AS added',
  delete: 'OLD TABLE AS removed',
} as const;

/**
 * `sql` with each `statement_triggers(name, table, function, operations…);` line (at the start of
 * a line, so that one in a comment stays a comment) written out as
 * one trigger per operation (insert, update, delete), `<name>_<operation>`, that runs
 * `function()` once per statement on `table` with the rows it changed as `added` (new rows)
 * and `removed` (old rows), as the totals tables and most notifications are fed.
 */
export function withStatementTriggers(sql: string): string {
  return sql.replace(/^statement_triggers\(([^()]+)\);/gm, (_, list: string) => {
    const [name, table, fn, ...ops] = list.split(',').map((part) => part.trim());
    return ops
      .map((op) => {
        if (!(op in TRANSITION_TABLES)) throw new Error(`statement_triggers: no operation ${op}`);
        const rows = TRANSITION_TABLES[op as keyof typeof TRANSITION_TABLES];
        return (
          `CREATE OR REPLACE TRIGGER ${name}_${op} AFTER ${op.toUpperCase()} ON ${table}\n` +
          `  REFERENCING ${rows} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`
        );
      })
      .join('\n\n');
  });
}

/** An `audit_triggers(table, …);` line (at the start of a line) and its list of tables. */
const AUDIT_TRIGGERS = /^audit_triggers\(([^()]+)\);/gm;

/**
 * `sql` with each `audit_triggers(table, …);` line (at the start of a line) written out as one
 * trigger per table, `<table>_audit`, that runs audit_row() after each row's insert, update
 * and delete: the table's every change goes into the audit trail. Its arguments are the
 * table's name and its generated columns, which the trail leaves out, read from pg_attribute
 * as the trigger is made (after the migrations).
 */
export function withAuditTriggers(sql: string): string {
  return sql.replace(AUDIT_TRIGGERS, (_, list: string) =>
    auditTriggerTables(list)
      .map((table) => {
        const generated =
          'ARRAY(SELECT attname::text FROM pg_attribute ' +
          `WHERE attrelid = ${literal(table)}::regclass AND attgenerated <> '' ORDER BY attnum)`;
        return (
          `DO $audit$ BEGIN EXECUTE format(\n` +
          `  'CREATE OR REPLACE TRIGGER ${table}_audit AFTER INSERT OR UPDATE OR DELETE ON ${table} ` +
          `FOR EACH ROW EXECUTE FUNCTION audit_row(%s)',\n` +
          `  (SELECT string_agg(quote_literal(name), ', ') FROM unnest(ARRAY[${literal(table)}] || ${generated}) AS name));\n` +
          'END $audit$;'
        );
      })
      .join('\n\n'),
  );
}

/** The tables of an `audit_triggers(…)` line's list. */
function auditTriggerTables(list: string): string[] {
  return list
    .split(',')
    .map((table) => table.trim())
    .map((table) => {
      if (!/^\w+$/.test(table)) throw new Error(`audit_triggers: no table ${table}`);
      return table;
    });
}

/** Every table the files give an audit trigger (`audit_triggers(…);`), in the files' order. */
export function auditedTables(folder: string): string[] {
  return sqlFiles(folder).flatMap((sql) =>
    [...sql.matchAll(AUDIT_TRIGGERS)].flatMap(([, list]) => auditTriggerTables(list!)),
  );
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * `sql` with each `secret_columns(table)` (a table name as text) replaced by the text[] of
 * that table's secret columns from server/db/secrets.ts, so the SQL keeps no list of its own
 * and a column added to the list is stripped at the next start.
 */
export function withSecretColumns(sql: string): string {
  const tables = [...new Set(SECRET_COLUMNS.map((c) => getTableName(c.table)))].sort();
  const cases = tables
    .map((t) => `WHEN ${literal(t)} THEN ARRAY[${secretColumnNames(t).map(literal).join(', ')}]`)
    .join(' ');
  return sql.replace(
    /\bsecret_columns\(([^()]+)\)/g,
    (_, table: string) => `(CASE ${table} ${cases} ELSE ARRAY[]::text[] END)`,
  );
}
