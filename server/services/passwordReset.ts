import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { badRequest } from '../lib/errors';
import { hashPassword } from '../lib/password';
import type { Mailer } from '../mail/mailer';
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
  if (!user || !['admin', 'company', 'pm'].includes(user.role)) return;

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

/** Sets the new password, spends the link, and ends every session of that user. */
export async function resetPassword(db: DbOrTx, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset)
      throw badRequest('This reset link is invalid or has expired. Please ask for a new one.');
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, reset.userId));
    await revokeOtherSessions(tx, reset.userId);
  });
}
