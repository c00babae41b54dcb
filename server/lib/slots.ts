import { serviceUnavailable } from './errors';

interface Waiter {
  key: string;
  grant: (release: () => void) => void;
}

/**
 * Turns at a costly piece of work on this server: at most `total` at once, at most `perKey`
 * of them for one key (a user), so that no one caller takes every turn. A caller without a
 * turn waits up to `waitMs` in line, then is refused with 503 and Retry-After.
 */
export class Slots {
  private held = 0;
  private byKey = new Map<string, number>();
  private line: Waiter[] = [];

  constructor(
    private readonly total: number,
    private readonly perKey: number,
    private readonly waitMs: number,
    private readonly busyMessage: string,
  ) {}

  /** A turn for `key`: resolves with its release (call it once), or rejects with 503. */
  take(key: string): Promise<() => void> {
    if (this.free(key)) return Promise.resolve(this.grant(key));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        key,
        grant: (release) => {
          clearTimeout(timer);
          resolve(release);
        },
      };
      const timer = setTimeout(() => {
        this.line = this.line.filter((w) => w !== waiter);
        reject(serviceUnavailable(this.busyMessage, Math.ceil(this.waitMs / 1000)));
      }, this.waitMs);
      this.line.push(waiter);
    });
  }

  private free(key: string) {
    return this.held < this.total && (this.byKey.get(key) ?? 0) < this.perKey;
  }

  private grant(key: string): () => void {
    this.held++;
    this.byKey.set(key, (this.byKey.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
      const left = this.byKey.get(key)! - 1;
      if (left) this.byKey.set(key, left);
      else this.byKey.delete(key);
      const next = this.line.find((w) => this.free(w.key));
      if (next) {
        this.line = this.line.filter((w) => w !== next);
        next.grant(this.grant(next.key));
      }
    };
  }
}
