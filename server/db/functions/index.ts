import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName } from 'drizzle-orm';
import { SECRET_COLUMNS, secretColumnNames } from '../secrets';

/**
 * The database's functions and triggers are defined here, one SQL file each, and nowhere else:
 * the migrations change the schema and the data only. Each file replaces what it defines
 * (CREATE OR REPLACE), so every file is applied after the migrations at each start, in one
 * transaction, in the order of their names. Answers the files' SQL in that order, with
 * `secret_columns(table)` written out from the one list of secret columns.
 */
export function functionFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => withSecretColumns(readFileSync(join(folder, name), 'utf8')));
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
