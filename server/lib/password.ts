import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import pLimit from 'p-limit';
import { serviceUnavailable } from './errors';

// argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane). The library's default
// (64 MiB x 4 lanes) held 256 MB of RAM during four concurrent logins, and memory is the
// tighter budget here; hashes made with other parameters still verify.
export const PRODUCTION_COST = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

// For the test runner's in-process servers only, switched on by its set-up file
// (tests/setup/passwordCost.ts): 1 MiB and one pass. The tests register and sign in thousands
// of times, and at the real cost each of those paid ~40 ms of CPU for nothing they check. No
// environment variable reaches it, so no server started by hand can hash at this cost.
// A hash records its own parameters, so either kind verifies under the other.
export const TEST_COST = { ...PRODUCTION_COST, memoryCost: 1_024, timeCost: 1 } as const;

let cost: typeof PRODUCTION_COST | typeof TEST_COST = PRODUCTION_COST;

/** The cost new hashes are made at. */
export const hashCost = () => cost;

/** The test runner's switch to TEST_COST (and back, for a test that needs real hashes). */
export function hashCheaplyForTests(cheaply: boolean) {
  cost = cheaply ? TEST_COST : PRODUCTION_COST;
}

// Hashing is deliberately CPU-heavy. Left alone, a burst of logins fills every libuv thread
// and every core, and the database and the event loop starve: list calls slowed fivefold in
// the benchmark. At most cores - 1 hashes run at once and a few more wait their turn; past
// that the call is refused at once with 503 and Retry-After, so that a flood of anonymous
// calls cannot queue work without end ahead of a real user's login.
const RUNNING = Math.max(1, availableParallelism() - 1);
const WAITING = Math.max(16, 8 * RUNNING);
const hashing = pLimit(RUNNING);

function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= WAITING)
    return Promise.reject(
      serviceUnavailable('The server is busy. Please try again in a moment.', 2),
    );
  return hashing(work);
}

export const hashPassword = (plain: string) => bounded(() => argon2.hash(plain, hashCost()));

/** False for a wrong password or a hash it cannot read; refused (503) when too busy. */
export const verifyPassword = (hash: string, plain: string) =>
  bounded(() => argon2.verify(hash, plain).catch(() => false));

/** Verified against when the e-mail is unknown, so a miss costs as long as a wrong password. */
const dummyHashes = new Map<object, Promise<string>>();
export const burnTime = async (plain: string) => {
  const cost = hashCost();
  let dummy = dummyHashes.get(cost);
  if (!dummy) dummyHashes.set(cost, (dummy = argon2.hash('not-a-real-password', cost)));
  await verifyPassword(await dummy, plain);
};

/** How many hashes are running and waiting now (tests and the benchmark read it). */
export const hashingLoad = () => ({
  running: hashing.activeCount,
  waiting: hashing.pendingCount,
  maxWaiting: WAITING,
});
