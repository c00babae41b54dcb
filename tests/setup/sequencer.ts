import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** What a file took last time, or a guess for its project when it has not run here yet. */
const GUESS_MS: Record<string, number> = { browser: 40_000, server: 8_000, unit: 4_000 };

/**
 * The order in which the two workers take the files: the browser files one at a time in one
 * lane, the unit and server files in the other. Each browser file drives Chromium and a server
 * process of its own, which together want more than one core; two of them at once on the
 * 2-core machine slow both enough to make their waits flaky, and one beside a unit or server
 * file does not. The pool hands the next file to the worker that frees first, so the order
 * is laid out by replaying that with each file's last duration (vitest's cache), longest
 * first within each lane as vitest would.
 */
export default class TwoLanes extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => f.project.name === 'browser');
    const rest = sorted.filter((f) => f.project.name !== 'browser');
    if (browser.length === 0 || rest.length === 0) return sorted;

    const duration = (f: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`,
      )?.duration ||
      (GUESS_MS[f.project.name] ?? GUESS_MS.unit!);
    const freeAt = [0, 0];
    let browserUntil = 0;
    const order: TestSpecification[] = [];
    while (browser.length > 0 || rest.length > 0) {
      const lane = freeAt[0]! <= freeAt[1]! ? 0 : 1;
      const now = freeAt[lane]!;
      const takeBrowser = browser.length > 0 && (browserUntil <= now || rest.length === 0);
      const file = takeBrowser ? browser.shift()! : rest.shift()!;
      freeAt[lane] = now + duration(file);
      if (takeBrowser) browserUntil = freeAt[lane]!;
      order.push(file);
    }
    return order;
  }
}
