import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import type { Caller } from '../lib/caller';
import { conflict, notFound } from '../lib/errors';

/**
 * Undo of a delete: the record comes back from the audit trail's copy of it, with its own
 * id, so its history (created, changed, deleted) stays one with it and the trail adds the
 * restore as it adds any insert. Only the caller's own delete, and only for a minute after
 * it (the app offers Undo for contract/rules.ts UNDO_SECONDS; the server allows for a slow
 * answer and a paused toast).
 */
export const UNDO_WINDOW_SECONDS = 60;

/** The tables a delete can be undone in. */
type Restorable = 'expenses' | 'loans' | 'projects';

type Row = Record<string, unknown>;

interface Deleted {
  at: string;
  before: Row;
}

const COLUMN = /^[a-z_][a-z0-9_]*$/;

/**
 * The caller's last delete of record `id` of `table` within the window, as the trail has
 * it, if `owned` holds of the deleted row (`before`); else 404 like any record not yours.
 */
async function lastDelete(
  tx: Tx,
  caller: Caller,
  table: Restorable,
  id: string,
  owned: (before: Row) => boolean,
  what: string,
): Promise<Deleted> {
  const [found] = rowsOf<{ at: string; before: Row | string }>(
    await tx.execute(sql`
      select at::text as at, before from audit_log
       where actor_id = ${caller.userId} and kind = ${table} and record_id = ${id}
         and action = 'delete'
         and at > now() - make_interval(secs => ${UNDO_WINDOW_SECONDS})
       order by id desc limit 1`),
  );
  const before =
    found && (typeof found.before === 'string' ? JSON.parse(found.before) : found.before);
  if (!found || !before || !owned(before)) throw notFound(what);
  return { at: found.at, before };
}

/** The row with this id as it is now (restored already, or never gone), as the trail copies it. */
async function liveRow(tx: Tx, table: Restorable, id: string): Promise<Row | undefined> {
  const [found] = rowsOf<{ row: Row | string }>(
    await tx.execute(
      sql`select to_jsonb(t) as row from ${sql.identifier(table)} t where t.id = ${id}`,
    ),
  );
  if (!found) return undefined;
  return typeof found.row === 'string' ? (JSON.parse(found.row) as Row) : found.row;
}

/**
 * Inserts a row as the trail copied it (its generated columns are not in the copy and are
 * computed again), one version on: the restore is a change of its own.
 */
async function reinsert(tx: Tx, table: string, row: Row, changes: Row = {}) {
  const values: Row = { ...row, ...changes };
  if (typeof values.version === 'number') values.version += 1;
  if ('updated_at' in values) values.updated_at = new Date().toISOString();
  const columns = Object.keys(values).filter((c) => COLUMN.test(c));
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${sql.identifier(table)} (${list})
    select ${list} from jsonb_populate_record(null::${sql.identifier(table)}, ${JSON.stringify(values)}::jsonb)`);
}

/**
 * Restores record `id` of `table` that the caller deleted moments ago (see above), with
 * `alsoRestore` run after it in the same transaction (a loan's repayments). 409 when it is
 * there already and `owned` by the caller; anyone else's record, there or deleted, answers
 * 404 exactly as an unknown id does, so that an undo tells nobody which ids exist.
 */
export async function restoreDeleted(
  tx: Tx,
  caller: Caller,
  table: Restorable,
  id: string,
  opts: {
    what: string;
    owned: (before: Row) => boolean;
    adjust?: (before: Row) => Promise<Row>;
    alsoRestore?: (deleted: Deleted) => Promise<void>;
  },
): Promise<void> {
  const what = opts.what.toLowerCase();
  const live = await liveRow(tx, table, id);
  if (live && opts.owned(live))
    throw conflict(`This ${what} is not deleted.`, { code: 'wrong_state' });
  if (live) throw notFound(`Deleted ${what}`);
  const deleted = await lastDelete(tx, caller, table, id, opts.owned, `Deleted ${what}`);
  await reinsert(tx, table, deleted.before, opts.adjust ? await opts.adjust(deleted.before) : {});
  await opts.alsoRestore?.(deleted);
}

/**
 * The rows of `table` that the delete at `deleted.at` removed with its record (the same
 * transaction, so the same time), matched by `parent`; inserted back as they were.
 */
export async function restoreChildren(
  tx: Tx,
  caller: Caller,
  table: 'repayments',
  deleted: Deleted,
  parent: SQL,
) {
  const rows = rowsOf<{ before: Row | string }>(
    await tx.execute(sql`
      select before from audit_log
       where actor_id = ${caller.userId} and kind = ${table} and action = 'delete'
         and at = ${deleted.at}::timestamptz and ${parent}
       order by id`),
  );
  for (const { before } of rows) {
    const row = typeof before === 'string' ? (JSON.parse(before) as Row) : before;
    await reinsert(tx, table, row);
  }
}
