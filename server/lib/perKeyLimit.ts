/**
 * Runs at most `limit` tasks at a time for each key, the others queued in arrival order.
 * Keys without work are forgotten, so any number of keys costs memory only while busy.
 */
export function perKeyLimit(limit: number) {
  const queues = new Map<string, { running: number; waiting: (() => void)[] }>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let queue = queues.get(key);
    if (!queue) queues.set(key, (queue = { running: 0, waiting: [] }));
    if (queue.running < limit) queue.running++;
    else await new Promise<void>((start) => queue.waiting.push(start));
    try {
      return await task();
    } finally {
      // The finished task's place passes to the next in line, if any.
      const next = queue.waiting.shift();
      if (next) next();
      else if (--queue.running === 0) queues.delete(key);
    }
  };
}
