import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';
import { tooManyRequests } from '../lib/errors';

/**
 * Failed logins are counted in the database, so the limit holds across app servers, and
 * checked before any password hashing, so a flood of guesses costs us almost nothing.
 */
const WINDOW = sql`now() - interval '15 minutes'`;
export const LIMITS = { perEmail: 10, perAddress: 50 };

export async function assertLoginAllowed(db: DbOrTx, email: string, ip: string) {
  const failed = (column: typeof loginAttempts.email | typeof loginAttempts.ip, value: string) =>
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          eq(column, value),
          eq(loginAttempts.succeeded, false),
          gt(loginAttempts.createdAt, WINDOW),
        ),
      );
  const [[byEmail], [byIp]] = await Promise.all([
    failed(loginAttempts.email, email),
    failed(loginAttempts.ip, ip),
  ]);
  if ((byEmail?.n ?? 0) >= LIMITS.perEmail || (byIp?.n ?? 0) >= LIMITS.perAddress) {
    throw tooManyRequests('Too many login attempts. Please try again later.');
  }
}

export async function recordLoginAttempt(
  db: DbOrTx,
  email: string,
  ip: string,
  succeeded: boolean,
) {
  await db.insert(loginAttempts).values({ email, ip, succeeded });
  if (succeeded) {
    // A successful login forgives that account's earlier typos.
    await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
  }
  // Keep the table small: attempts older than a day no longer count for anything.
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, sql`now() - interval '1 day'`));
}
