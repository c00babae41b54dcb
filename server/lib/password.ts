import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import pLimit from 'p-limit';

// argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane). The library's default
// (64 MiB x 4 lanes) held 256 MB of RAM during four concurrent logins, and memory is the
// tighter budget here; hashes made with other parameters still verify.
const OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

// Hashing is deliberately CPU-heavy. Left alone, a burst of logins fills every libuv thread
// and every core, and the database and the event loop starve: list calls slowed fivefold in
// the benchmark. At most cores - 1 hashes run at once; further logins wait their turn.
const hashing = pLimit(Math.max(1, availableParallelism() - 1));

export const hashPassword = (plain: string) => hashing(() => argon2.hash(plain, OPTIONS));

export const verifyPassword = (hash: string, plain: string) =>
  hashing(() => argon2.verify(hash, plain)).catch(() => false);

/** Verified against when the e-mail is unknown, so a miss costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export const burnTime = async (plain: string) => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, plain);
};
