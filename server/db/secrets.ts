import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  emailChanges,
  invoiceLinks,
  khataLinks,
  passwordResets,
  recoveryCodes,
  sessions,
  signInChallenges,
  users,
} from './schema';

/**
 * The columns whose values are sign-in secrets (or, for the last TOTP step, what tells one
 * code from the next): the one list the audit trail, the change feed and the exports obey
 * (the SQL reads it as `secret_columns(table)`, which the functions loader writes out).
 * A value here never leaves the database in an answer, a download or an audit entry.
 * tests/server/secrets.test.ts fails when a column that looks secret is neither here nor in
 * NOT_SECRET, so a new one cannot be forgotten.
 */
export const SECRET_COLUMNS: readonly PgColumn[] = [
  users.passwordHash,
  users.totpSecret,
  users.totpPendingSecret,
  users.totpLastStep,
  sessions.tokenHash,
  signInChallenges.tokenHash,
  recoveryCodes.codeHash,
  passwordResets.tokenHash,
  emailChanges.tokenHash,
  emailChanges.confirmTokenHash,
  invoiceLinks.tokenHash,
  khataLinks.tokenHash,
];

/** Columns whose names look secret but whose values are not (a flag, a kind). */
export const NOT_SECRET: readonly PgColumn[] = [users.mustChangePassword];

/** The SQL names of `table`'s secret columns (the audit trail strips these from its JSON). */
export const secretColumnNames = (tableName: string): string[] =>
  SECRET_COLUMNS.filter((c) => getTableName(c.table) === tableName).map((c) => c.name);

/** The property names (as Drizzle selects them) of `table`'s secret columns. */
export function secretKeys(table: Table): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([, column]) => SECRET_COLUMNS.includes(column as PgColumn))
    .map(([key]) => key);
}

/** `row` of `table` without its secret columns (a copy). */
export function withoutSecrets<Row extends Record<string, unknown>>(table: Table) {
  const keys = secretKeys(table);
  return (row: Row): Row => {
    if (!keys.some((key) => key in row)) return row;
    const copy = { ...row };
    for (const key of keys) delete copy[key];
    return copy;
  };
}
