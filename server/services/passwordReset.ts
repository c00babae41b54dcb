import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LOGIN_ROLES } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { badRequest } from '../lib/errors';
import { hashPassword } from '../lib/password';
import type { Mailer } from '../mail/mailer';
import { clearLoginLimits } from './loginLimiter';
import { revokeOtherSessions } from './sessions';

const TTL_MS = 30 * 60_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const RESET_REQUESTED =
  'If an account exists for that email, we have sent a link to reset the password.';

/** E-mails a one-time reset link; says nothing about whether the account exists. */
export async function requestPasswordReset(
  db: DbOrTx,
  mailer: Mailer,
  publicUrl: string,
  email: string,
) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.status, 'active')))
    .limit(1);
  if (!user || !(LOGIN_ROLES as readonly string[]).includes(user.role)) return;

  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  const link = `${publicUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
  await mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone asked to reset the password of your account. To choose a new password, open:',
      link,
      '',
      'The link works once and expires in 30 minutes. If you did not ask for this, ignore this e-mail.',
    ].join('\n'),
  });
}

/**
 * Sets the new password, spends the link, ends every session of that user and lifts the
 * login limits on the account (a reset is how its owner gets past them). The link is
 * checked before the password is hashed, so a made-up link costs one lookup.
 */
export async function resetPassword(db: DbOrTx, token: string, password: string) {
  const tokenHash = hashToken(token);
  const valid = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
  const invalid = () =>
    badRequest('This reset link is invalid or has expired. Please ask for a new one.');
  const [found] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(valid)
    .limit(1);
  if (!found) throw invalid();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Spent here, atomically: of two calls with one link, only one sets a password.
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(valid)
      .returning({ userId: passwordResets.userId });
    if (!reset) throw invalid();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email });
    await revokeOtherSessions(tx, reset.userId);
    if (user) await clearLoginLimits(tx, user.email.toLowerCase());
  });
}
