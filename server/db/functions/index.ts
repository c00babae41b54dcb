import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The database's functions and triggers are defined here, one SQL file each, and nowhere else:
 * the migrations change the schema and the data only. Each file replaces what it defines
 * (CREATE OR REPLACE), so every file is applied after the migrations at each start, in one
 * transaction, in the order of their names. Answers the files' SQL in that order.
 */
export function functionFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(join(folder, name), 'utf8'));
}
