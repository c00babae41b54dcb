import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PRODUCTION_COST,
  TEST_COST,
  hashCheaplyForTests,
  hashCost,
  hashPassword,
  verifyPassword,
} from '../../server/lib/password';

/**
 * Passwords are hashed at OWASP's cost everywhere but in the test runner's in-process servers,
 * switched on by its set-up file alone; the cheaper hashes are ordinary argon2id hashes that
 * verify as any other.
 */
afterEach(() => {
  vi.unstubAllEnvs();
  hashCheaplyForTests(true);
});

describe('the cost of a password hash', () => {
  it("is OWASP's argon2id (19 MiB, 2 passes, 1 lane) unless the test runner asks, whatever NODE_ENV says", async () => {
    expect(PRODUCTION_COST).toEqual({
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    hashCheaplyForTests(false);
    for (const nodeEnv of ['production', 'development', 'test', undefined]) {
      vi.stubEnv('NODE_ENV', nodeEnv);
      expect(hashCost(), String(nodeEnv)).toBe(PRODUCTION_COST);
    }
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    // Made at the real cost, checked at the test cost: the hash carries its own cost.
    hashCheaplyForTests(true);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batteries')).toBe(false);
  });

  it("is cheaper in the test runner's servers, and such a hash verifies anywhere", async () => {
    expect(hashCost()).toBe(TEST_COST);
    expect(TEST_COST).toMatchObject({ type: argon2.argon2id, memoryCost: 1_024, timeCost: 1 });
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    hashCheaplyForTests(false);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse battery')).toBe(false);
  });
});
