import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded when it is first used rather than at start: the embedded install's memory
 * at start is a target (docs/performance.md), and most servers make a PDF, a zip, a QR code
 * or a two-factor code rarely. `load()` answers the package's CommonJS export, once.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
