import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from '../lib/schemas';
import { PLANNED_PER_CALL } from './statementName';

const like = (lowered: AnyPgColumn | SQL, pattern: unknown): SQL =>
  sql`${lowered} like lower(${pattern}::text) ${sql.raw(PLANNED_PER_CALL)}`;

/**
 * The rows whose text contains `search`, any case: the same rows as `text ILIKE %search%`,
 * tested on the column's stored lowercase copy (see `searchable` in schema.ts), which a
 * trigram index covers. The pattern is lowercased by PostgreSQL, as ILIKE would; the query
 * is planned for its term (PLANNED_PER_CALL), so the planner folds `lower()` once and
 * weighs how many rows the term matches.
 */
export const containsAnyCase = (lowered: AnyPgColumn | SQL, search: string): SQL =>
  like(lowered, likePattern(search));

/**
 * containsAnyCase in a prepared query (see prepared.ts): the term is placeholder `name`, whose
 * value must be `searchPattern(term)`, the term with its wildcards escaped.
 */
export const containsPlaceholder = (lowered: AnyPgColumn, name: string): SQL =>
  like(lowered, sql.placeholder(name));

/** A search term as containsPlaceholder's value: `%term%`, its own `%`, `_` and `\` escaped. */
export const searchPattern = (search: string) => likePattern(search);
