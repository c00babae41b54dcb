import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone (mail, mostly): the caller's answer then
 * neither waits for it nor tells by its timing what the work found. Shutdown waits for it.
 */
export function backgroundWork(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(what: string, work: () => Promise<unknown>) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err }, `${what} failed`),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    /** Resolves once everything started so far has finished. */
    async drain() {
      await Promise.all([...pending]);
    },
  };
}

export type BackgroundWork = ReturnType<typeof backgroundWork>;
