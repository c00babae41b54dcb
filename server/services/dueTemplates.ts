import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { pgErrorCode } from '../lib/pgErrors';

const IN_FAILED_TRANSACTION = '25P02';

/** What handling templates did, by kind (recorded; posted and skipped): counts only. */
export type Tally<K extends string> = Record<K, number>;

export interface DueJob<T extends { id: string }, K extends string> {
  /** The kinds of what `handle` does; their sum is what `limit` bounds. */
  kinds: readonly K[];
  /**
   * Due templates, at most a batch, none of `skip`, locked FOR UPDATE SKIP LOCKED (another
   * runner's are left to it), in the order `handle` takes them.
   */
  claim: (tx: Tx, skip: readonly string[]) => Promise<T[]>;
  /** Handles one claimed template, doing at most `room` things. */
  handle: (tx: Tx, template: T, room: number) => Promise<Tally<K>>;
  /** A template whose handling failed: told here; the run goes on without it. */
  failed: (template: T, error: unknown) => void;
  /** The most things one run does: a run never runs away, the next one goes on. */
  limit: number;
}

/** How a job's run is bounded and where it tells of a template that failed (the app's log). */
export interface DueRunOptions {
  limit?: number;
  warn?: (details: object, message: string) => void;
}
/**
 * `id` is none of `skip`: one array parameter (`{a,b}`), so the claim's SQL is the same text
 * however many have failed (one prepared statement, not one per count).
 */
export const noneOf = (id: AnyPgColumn, skip: readonly string[]): SQL =>
  sql`${id} <> all(cast(${`{${skip.join(',')}}`} as uuid[]))`;

/** No log: a test, or a caller that has none. */
export const ignore = () => {};

const sum = (tally: Tally<string>) => Object.values<number>(tally).reduce((a, b) => a + b, 0);

/**
 * A recurring job's run: batches of due templates, each claimed and handled in one
 * transaction (a template's days and its next date move together, once, whichever app server
 * claims it). Each template is handled in a savepoint, so one that fails (a trigger's refusal,
 * a broken row) is rolled back alone and left out of the rest of this run, rather than rolling
 * back its batch and coming first in every batch after. Each round makes progress (every
 * handled template moves on, every failed one is left out), so it ends; the bound on rounds
 * is a second guard.
 */
export async function runDue<T extends { id: string }, K extends string>(
  db: Db,
  job: DueJob<T, K>,
): Promise<Tally<K>> {
  const zero = () => Object.fromEntries(job.kinds.map((k) => [k, 0])) as Tally<K>;
  const total = zero();
  const failed: string[] = [];
  for (let round = 0; round < job.limit && sum(total) < job.limit; round++) {
    const [claimed, done] = await db.transaction(async (tx) => {
      const due = await job.claim(tx, failed);
      const done = zero();
      for (const template of due) {
        const room = job.limit - sum(total) - sum(done);
        if (room <= 0) break;
        try {
          const did = await tx.transaction((savepoint) => job.handle(savepoint, template, room));
          for (const k of job.kinds) done[k] += did[k];
        } catch (error) {
          // The transaction itself is broken (the savepoint could not be rolled back to):
          // nothing more can run in it, so the batch fails as a whole rather than each
          // template after this one being blamed.
          if (pgErrorCode(error) === IN_FAILED_TRANSACTION) throw error;
          failed.push(template.id);
          job.failed(template, error);
        }
      }
      return [due.length, done] as const;
    });
    for (const k of job.kinds) total[k] += done[k];
    if (claimed === 0) break;
  }
  return total;
}
