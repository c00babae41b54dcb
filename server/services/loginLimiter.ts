import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { forgive, giveBack, take, type Limits } from './rateLimits';

/**
 * Login limits. Each attempt is counted in the database before any password is hashed, so a
 * burst of guesses is refused past the limit however many arrive at once, and the count is
 * shared by every app server.
 */
const keysOf = (email: string, address: string) => ({
  accountAndAddress: `login:account-address:${email} ${address}`,
  account: `login:account:${email}`,
  address: `login:address:${address}`,
});

export async function countLoginAttempt(
  db: DbOrTx,
  limits: Limits,
  email: string,
  address: string,
) {
  const keys = keysOf(email, address);
  const message = 'Too many login attempts. Please try again later.';
  // The address's limits first: what one address is refused does not count against the
  // account, so that one attacker cannot lock its owner out from everywhere.
  await take(
    db,
    [
      { key: keys.accountAndAddress, limit: limits.loginPerAccountAndAddress },
      { key: keys.address, limit: limits.loginPerAddress },
    ],
    message,
  );
  await take(db, [{ key: keys.account, limit: limits.loginPerAccount }], message);
}

/** A correct password forgives that account's typos, and its address's attempt. */
export async function loginSucceeded(db: DbOrTx, email: string, address: string) {
  const keys = keysOf(email, address);
  await Promise.all([
    forgive(db, [keys.accountAndAddress, keys.account]),
    giveBack(db, keys.address),
  ]);
}

/** A password reset lifts every login limit on the account, from every address. */
export async function clearLoginLimits(db: DbOrTx, email: string) {
  const keys = keysOf(email, '');
  await db
    .delete(rateLimits)
    .where(
      sql`${rateLimits.key} = ${keys.account} or starts_with(${rateLimits.key}, ${keys.accountAndAddress})`,
    );
}
