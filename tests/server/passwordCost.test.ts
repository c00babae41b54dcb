import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PRODUCTION_COST,
  TEST_COST,
  hashCost,
  hashPassword,
  verifyPassword,
} from '../../server/lib/password';

/**
 * Passwords are hashed at OWASP's cost everywhere but under the test runner, whose cheaper
 * hashes must still be ordinary argon2id hashes that verify as any other.
 */
afterEach(() => vi.unstubAllEnvs());

describe('the cost of a password hash', () => {
  it("is OWASP's argon2id (19 MiB, 2 passes, 1 lane) in production and development", async () => {
    expect(PRODUCTION_COST).toEqual({
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    for (const nodeEnv of ['production', 'development', undefined]) {
      vi.stubEnv('NODE_ENV', nodeEnv);
      expect(hashCost(), String(nodeEnv)).toBe(PRODUCTION_COST);
    }
    vi.stubEnv('NODE_ENV', 'production');
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    vi.unstubAllEnvs();
    // Made in production, checked under the test runner: the hash carries its own cost.
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batteries')).toBe(false);
  });

  it('is cheaper under the test runner alone, and such a hash verifies anywhere', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    expect(hashCost()).toBe(TEST_COST);
    expect(TEST_COST).toMatchObject({ type: argon2.argon2id, memoryCost: 1_024, timeCost: 1 });
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    vi.stubEnv('NODE_ENV', 'production');
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse battery')).toBe(false);
  });
});
