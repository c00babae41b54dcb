import { createReadStream } from 'node:fs';
import { access, open } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import {
  asc,
  count,
  getTableColumns,
  getTableName,
  gt,
  sql,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { setAuditTriggers } from './audited';
import type { Db, Tx } from './client';
import * as schema from './schema';

/**
 * One file with the whole database, the same for PGlite and PostgreSQL: gzip'd JSON lines,
 * a header then every table's rows in pages, parents before children so a restore can
 * insert them in file order. Sign-in secrets (sessions, reset, invite and revert links, pending
 * second factors) and rate-limit counters are left out: a restored install starts with everyone
 * signed out. Two-factor keys and recovery codes stay, so the second factor still guards.
 * Where categories went (category_moves, for a minute's undo) is left out too.
 */
const TABLES: PgTable[] = [
  schema.users,
  schema.recoveryCodes,
  schema.signIns,
  schema.categories,
  schema.budgets,
  schema.expenses,
  schema.recurringExpenses,
  schema.importSettings,
  schema.counterparties,
  schema.loans,
  schema.repayments,
  schema.lendReminderSchedules,
  schema.khataReminders,
  schema.khataLinks,
  schema.clients,
  schema.vendors,
  schema.projects,
  schema.projectStatusHistory,
  schema.bankAccounts,
  schema.payments,
  schema.recurringPayments,
  schema.reconciliations,
  schema.reconciliationLines,
  schema.invoiceProfiles,
  schema.invoices,
  schema.invoiceLines,
  schema.documentCounters,
  schema.invoiceLinks,
  schema.receipts,
  schema.receiptAllocations,
  schema.auditLog,
  schema.notifications,
];
const PAGE = 2000;
const FORMAT = 'ecm-backup';

const nameOf = (t: Table) => getTableName(t);

/** Users by role so that each row's creator and company come before it. */
const roleRank = (role: SQL | string) =>
  sql`case ${role}::user_role when 'admin' then 0 when 'company' then 1 else 2 end`;

/**
 * A table's rows in pages, in key order: each page starts after the last row of
 * the one before (keyset), so a page costs the same at the end of a large table as at its
 * start (with OFFSET the whole copy would cost the square of the table's size).
 */
async function* pagesOf(tx: Tx, table: PgTable, pageSize: number) {
  const columns = getTableColumns(table);
  // The key: the id, or the columns of a composite primary key (import settings).
  const keys: [string, PgColumn][] = columns.id
    ? [['id', columns.id]]
    : getTableConfig(table).primaryKeys[0]!.columns.map((c) => [
        Object.keys(columns).find((k) => columns[k]!.name === c.name)!,
        c,
      ]);
  const id = keys[0]![1];
  // Generated columns are the database's to compute again on restore.
  const stored = Object.fromEntries(Object.entries(columns).filter(([, c]) => !c.generated));
  const byRole = table === schema.users;
  const order = byRole
    ? [roleRank(sql`${schema.users.role}`), asc(id)]
    : keys.map(([, c]) => asc(c));
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const after = !last
      ? undefined
      : byRole
        ? sql`(${roleRank(sql`${schema.users.role}`)}, ${id}) > (${roleRank(String(last.role))}, ${last.id})`
        : keys.length === 1
          ? gt(id, last.id)
          : sql`(${sql.join(
              keys.map(([, c]) => c),
              sql`, `,
            )}) > (${sql.join(
              keys.map(([k]) => sql`${last![k]}`),
              sql`, `,
            )})`;
    const rows = await tx
      .select(stored)
      .from(table)
      .where(after)
      .orderBy(...order)
      .limit(pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    last = rows.at(-1);
  }
}

export async function backup(db: Db, file: string, { pageSize = PAGE } = {}) {
  // The backup holds everyone's data: only this user may read it, even over an older file.
  const handle = await open(file, 'w', 0o600);
  await handle.chmod(0o600);
  const gzip = createGzip();
  const out = gzip.pipe(handle.createWriteStream());
  const write = async (line: unknown) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  const counts: Record<string, number> = {};
  await write({ format: FORMAT, version: 1, createdAt: new Date().toISOString() });
  // One snapshot for every table: on a PostgreSQL server in use, a payment recorded during
  // the copy is in the backup with its balance, or not at all.
  await db.transaction(
    async (tx) => {
      for (const table of TABLES) {
        const name = nameOf(table);
        counts[name] = 0;
        for await (const rows of pagesOf(tx, table, pageSize)) {
          await write({ table: name, rows });
          counts[name] += rows.length;
        }
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  await write({ end: true, counts });
  gzip.end();
  await once(out, 'finish');
  return counts;
}

/** Revives timestamps, which JSON carries as strings. */
function reviver(table: PgTable) {
  const dates = Object.entries(getTableColumns(table))
    .filter(([, c]) => c.columnType === 'PgTimestamp')
    .map(([key]) => key);
  return (row: Record<string, unknown>) => {
    for (const key of dates)
      if (typeof row[key] === 'string') row[key] = new Date(row[key] as string);
    return row;
  };
}

/**
 * An older backup's records name categories of the old fixed three, which every restored user
 * has from the users' trigger; any other name a record holds is added to its owner's, so the
 * record keeps it.
 */
async function addNamedCategories(tx: Tx, rows: Record<string, unknown>[]) {
  const named = new Map<string, { userId: string; name: string }>();
  for (const r of rows) {
    const userId = String(r.userId);
    const name = String(r.category);
    named.set(JSON.stringify([userId, name]), { userId, name });
  }
  if (named.size)
    await tx
      .insert(schema.categories)
      .values([...named.values()])
      .onConflictDoNothing();
}

/** Restores a backup into an empty (freshly migrated) database, in one transaction. */
export async function restore(db: Db, file: string) {
  const [existing] = await db.select({ n: count() }).from(schema.users);
  if ((existing?.n ?? 0) > 0) {
    throw new Error(
      'The database is not empty: restore only into an empty data folder or database.',
    );
  }
  const byName = new Map(TABLES.map((t) => [nameOf(t), t]));
  // Older backups carried these; a restore never brings back a session or a reset link.
  const leftOut = new Set(['sessions', 'password_resets', 'login_attempts']);
  await access(file).catch(() => {
    throw new Error(`No backup file at ${file}`);
  });
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  // Take the iterator now: readline starts reading at once, and lines emitted before
  // anyone iterates would be lost while the transaction below is being opened.
  const lines = createInterface({ input: source.pipe(gunzip), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  const counts: Record<string, number> = {};
  let header = false;
  let ended = false;
  /** Backups from before the ledger migration carry no entry order (seq). */
  let unordered = false;
  /** Backups from before the categories migration carry none (see below). */
  let categories = false;
  await db.transaction(async (tx) => {
    // The restored audit trail is the history; the copy itself must not add to it.
    await setAuditTriggers(tx, false);
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const line = next.value;
      if (!line) continue;
      const entry = JSON.parse(line) as {
        format?: string;
        table?: string;
        rows?: Record<string, unknown>[];
        end?: boolean;
      };
      if (!header) {
        if (entry.format !== FORMAT)
          throw new Error('This file is not a backup made by `npm run backup`.');
        header = true;
        continue;
      }
      if (entry.end) {
        ended = true;
        break;
      }
      if (entry.table && leftOut.has(entry.table)) continue;
      const table = entry.table ? byName.get(entry.table) : undefined;
      if (!table || !entry.rows)
        throw new Error(`Unknown entry in the backup: ${line.slice(0, 80)}`);
      const revive = reviver(table);
      if (table === schema.payments && entry.rows.some((r) => r.seq === undefined))
        unordered = true;
      if (table === schema.categories && !categories) {
        // The users' trigger gave each restored user the starting categories: the backup's
        // own replace them (nothing names a category yet, its records come after).
        categories = true;
        await tx.delete(schema.categories);
      }
      if (!categories && (table === schema.expenses || table === schema.recurringExpenses))
        await addNamedCategories(tx, entry.rows);
      // A column an older backup lacks takes its default (a record's version starts at 1).
      await tx.insert(table).values(entry.rows.map(revive));
      counts[entry.table!] = (counts[entry.table!] ?? 0) + entry.rows.length;
    }
    if (!ended) throw new Error('The backup file is incomplete.');
    // A credit note may come before its invoice in the file: its deferred reference is
    // checked now that every row is in (and before any table is altered).
    await tx.execute(sql`set constraints all immediate`);
    await setAuditTriggers(tx, true);
    // Backups from before migration 0016 name no owner for personal records' entries: fill
    // it as that migration does (a derived column, not history), the guard off only here.
    await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await tx.execute(
      sql`update audit_log set owner_id = (coalesce(after, before) ->> 'user_id')::uuid where owner_id is null and kind in ('expenses', 'loans', 'repayments')`,
    );
    await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    if (unordered) {
      // Entries were recorded in created_at order: number them so, as the ledger migration
      // did, and work out each day's lowest balance again in that order.
      await tx.execute(sql`alter table payments disable trigger user`);
      await tx.execute(sql`update payments p set seq = o.n
        from (select id, row_number() over (order by created_at, id) as n from payments) o
        where p.id = o.id`);
      await tx.execute(sql`alter table payments enable trigger user`);
      await tx.execute(sql`select account_days_lows(
        (select jsonb_agg(jsonb_build_object('account_id', account_id, 'date', date)) from account_days))`);
    }
    // New entries are numbered after the restored ones.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('payments', 'seq'), coalesce((select max(seq) from payments), 0) + 1, false)`,
    );
    // The trail's and the sign-in history's serial ids continue after the restored ones.
    for (const table of ['audit_log', 'sign_ins'])
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
      );
  });
  return counts;
}
