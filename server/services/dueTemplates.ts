import type { Db, Tx } from '../db/client';

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
