import type { DbOrTx } from '../db/client';
import { badRequest } from '../lib/errors';
import { verifyPassword } from '../lib/password';
import { forgive, take, type Limits } from './rateLimits';

/**
 * A signed-in user's password, asked again before a change to how the account signs in (its
 * password, e-mail or second factor). Counted per account before any hashing, like logins, so
 * a stolen session cannot guess the password without end (nor fill the hashing queue for
 * everyone); the right password forgives the count.
 */
export async function checkCurrentPassword(
  db: DbOrTx,
  limits: Limits,
  user: { id: string; passwordHash: string | null },
  password: string | undefined,
  missing = 'Please enter your current password.',
  /** The input field the password came in. */
  field = 'currentPassword',
) {
  if (!password) throw badRequest(missing, { field });
  const key = `password:account:${user.id}`;
  await take(
    db,
    [{ key, limit: limits.passwordChecksPerAccount }],
    'Too many password attempts. Please try again later.',
  );
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password)))
    throw badRequest('Current password is incorrect', { code: 'wrong_password', field });
  await forgive(db, [key]);
}
