import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * How many rows an export reads per query. Tests lower it (`exportBatch.size = 3`) to cross
 * many batch boundaries with a few rows; nothing else changes it.
 */
export const exportBatch = { size: 2000 };

/**
 * Every row of an ordered query, a batch at a time: each batch starts after the last row of
 * the one before ("keyset" paging: `(sort key, id) > (last row's)`), never with OFFSET, so
 * the millionth row costs what the first did and no query holds more than a batch. `read`
 * runs the query with the condition for "after the last row" (undefined for the first batch)
 * and the batch size; `after` makes that condition from a batch's last row.
 */
export async function* keysetBatches<Row>(
  read: (after: SQL | undefined, limit: number) => Promise<Row[]>,
  after: (last: Row) => SQL,
): AsyncGenerator<Row[]> {
  let condition: SQL | undefined;
  for (;;) {
    const limit = exportBatch.size;
    const rows = await read(condition, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    condition = after(rows.at(-1)!);
  }
}

/**
 * `(column, id)` after the row whose values are `key` and `id` in the order's direction:
 * `>` ascending, `<` descending (the key and the id are ordered the same way). `key` is the
 * sort column as text (selected as `column::text`, so a timestamp keeps its microseconds),
 * cast back to `type`, the column's SQL type (null: PostgreSQL takes it from the column);
 * `id` is cast to `idType` (a uuid, or the audit trail's bigint). Either may be a placeholder
 * (a prepared query's, see prepared.ts).
 */
export const rowAfter = (
  column: AnyColumn | SQL,
  idColumn: AnyColumn,
  type: string | null,
  key: string | Placeholder,
  id: string | Placeholder,
  order: 'asc' | 'desc' = 'asc',
  idType: 'uuid' | 'bigint' = 'uuid',
): SQL =>
  sql`(${column}, ${idColumn}) ${sql.raw(order === 'asc' ? '>' : '<')} (${type ? sql`cast(${key} as ${sql.raw(type)})` : key}, cast(${id} as ${sql.raw(idType)}))`;

/** A column as text, for `rowAfter`'s key. */
export const keyText = (column: AnyColumn | SQL) => sql<string>`${column}::text`;
