import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { EXPECTED_MS, GUESS_MS } from './fileDurations.ts';

/**
 * The order in which the workers take the files: the browser files one at a time in one lane,
 * the unit and server files in the others. Each browser file drives Chromium and a server
 * process of its own, which together want more than one core; two of them at once on the
 * 2-core machine slow both enough to make their waits flaky, and one beside unit or server
 * files does not. The pool hands the next file to the worker that frees first, so the order
 * is laid out by replaying that with each file's expected duration, longest first within each
 * lane (the server files, then the unit files), so that the lanes end together on short files.
 *
 * A file's expected duration is what it took last time here (vitest's cache), else its figure
 * in fileDurations.ts (a fresh clone, as CI runs, has no cache), else its project's guess.
 *
 * With TEST_FILE_SEED set the files come in an order shuffled by that seed instead, to show
 * that no file depends on what an earlier one in its worker left behind (the server files
 * share their worker's modules): `TEST_FILE_SEED=7 npx vitest run --project server`. (Vitest's
 * own `--sequence.shuffle` shuffles the tests inside each file, and its file shuffle is
 * a sequencer of its own, which this one replaces.)
 */
export default class TwoLanes extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seed = process.env.TEST_FILE_SEED;
    if (seed) return shuffled(sorted, Number(seed) || 1);
    const key = (f: TestSpecification) =>
      `${f.project.name}:${relative(this.ctx.config.root, f.moduleId).replaceAll('\\', '/')}`;
    const expected = new Map(
      sorted.map((f) => [
        f,
        this.ctx.cache.getFileTestResults(key(f))?.duration ||
          EXPECTED_MS[key(f)] ||
          (GUESS_MS[f.project.name] ?? GUESS_MS.unit!),
      ]),
    );
    const longestFirst = (list: TestSpecification[]) =>
      list.sort((a, b) => expected.get(b)! - expected.get(a)!);
    const browser = longestFirst(sorted.filter((f) => f.project.name === 'browser'));
    // The server files, then the others: a worker that ends a server file (not isolated, see
    // vite.config.ts) runs the next in the same module graph only if it is a server file too.
    const rest = longestFirst(sorted.filter((f) => f.project.name !== 'browser')).sort(
      (a, b) => Number(a.project.name !== 'server') - Number(b.project.name !== 'server'),
    );
    if (browser.length === 0 || rest.length === 0) return [...browser, ...rest];

    const workers = Math.max(2, Number(this.ctx.config.maxWorkers) || 2);
    const freeAt = Array<number>(workers).fill(0);
    let browserUntil = 0;
    const order: TestSpecification[] = [];
    while (browser.length > 0 || rest.length > 0) {
      const now = Math.min(...freeAt);
      const lane = freeAt.indexOf(now);
      // Once only browser files are left they overlap: the pool does not wait.
      const takeBrowser = browser.length > 0 && (browserUntil <= now || rest.length === 0);
      const file = takeBrowser ? browser.shift()! : rest.shift()!;
      freeAt[lane] = now + expected.get(file)!;
      if (takeBrowser) browserUntil = freeAt[lane]!;
      order.push(file);
    }
    return order;
  }
}

/** `list` in an order drawn from `seed` (mulberry32 and Fisher–Yates): the same for one seed. */
function shuffled<T>(list: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
