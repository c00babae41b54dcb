import { describe, expect, it } from 'vitest';
import { perKeyLimit } from '../../server/lib/perKeyLimit';

/** A task that runs until released, recording when it started. */
function gate(started: string[], name: string) {
  let release!: () => void;
  let fail!: (e: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    release = () => resolve(name);
    fail = reject;
  });
  return { task: () => (started.push(name), done), release, fail };
}
type Gate = ReturnType<typeof gate>;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('perKeyLimit', () => {
  it('runs at most the limit per key, the rest in arrival order, other keys unhindered', async () => {
    const run = perKeyLimit(2);
    const started: string[] = [];
    const [a1, a2, a3, a4, b1] = (['a1', 'a2', 'a3', 'a4', 'b1'] as const).map((n) =>
      gate(started, n),
    ) as [Gate, Gate, Gate, Gate, Gate];
    const results = [a1, a2, a3, a4].map((g) => run('a', g.task));
    const other = run('b', b1.task);
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);

    a2.release();
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);

    // A failure frees its place too, and reaches only its own caller.
    a1.fail(new Error('insufficient balance'));
    await expect(results[0]).rejects.toThrow('insufficient balance');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);

    [a3, a4, b1].forEach((g) => g.release());
    expect(await Promise.all([results[1], results[2], results[3], other])).toEqual([
      'a2',
      'a3',
      'a4',
      'b1',
    ]);
    // Once idle, a key starts afresh with its full limit.
    const [c1, c2] = [gate(started, 'c1'), gate(started, 'c2')];
    void run('a', c1.task);
    void run('a', c2.task);
    await settle();
    expect(started.slice(-2)).toEqual(['c1', 'c2']);
    c1.release();
    c2.release();
  });
});
