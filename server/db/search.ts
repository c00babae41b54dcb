import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from '../lib/schemas';

/**
 * The rows whose text contains `search`, any case: the same rows as `text ILIKE %search%`,
 * tested on the column's stored lowercase copy (see `searchable` in schema.ts). The pattern
 * is lowercased by PostgreSQL, as ILIKE would, and once per query (a sub-select) rather
 * than for every row a generic plan tests.
 */
export const containsAnyCase = (lowered: AnyPgColumn, search: string): SQL =>
  sql`${lowered} like (select lower(${likePattern(search)}))`;
