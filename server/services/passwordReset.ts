import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LOGIN_ROLES } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { newToken, sha256 } from '../lib/tokens';
import { badRequest } from '../lib/errors';
import { hashPassword } from '../lib/password';
import type { Mailer } from '../mail/mailer';
import { clearLoginLimits } from './loginLimiter';
import { revokeOtherSessions } from './sessions';

const TTL_MS = 30 * 60_000;

/** What an e-mailed password link is for: a forgotten password, or a new account's first. */
export type LinkPurpose = 'reset' | 'invite';

/**
 * Stores a one-time password link of `purpose` for the user, valid for `ttlMs`: only the
 * token's SHA-256 is kept. Answers the link's id and the token to e-mail.
 */
export async function issuePasswordLink(
  db: DbOrTx,
  userId: string,
  purpose: LinkPurpose,
  ttlMs: number,
) {
  const token = newToken();
  const [link] = await db
    .insert(passwordResets)
    .values({
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ttlMs),
    })
    .returning({ id: passwordResets.id });
  return { id: link!.id, token };
}

/** The address of an SPA page that takes a link's token (/reset-password, /invite). */
export const linkTo = (publicUrl: string, page: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/${page}?token=${token}`;

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

  const { token } = await issuePasswordLink(db, user.id, 'reset', TTL_MS);
  const link = linkTo(publicUrl, 'reset-password', token);
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
export function resetPassword(db: DbOrTx, token: string, password: string) {
  return setPasswordWithLink(db, token, password, {
    purpose: 'reset',
    invalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  });
}

/** A user (`users`) who is active and whose company, if any, is active too. */
const active = and(
  eq(users.status, 'active'),
  sql`not exists (select 1 from users company
                   where company.id = ${users.companyId} and company.status <> 'active')`,
);

/**
 * Sets the password of the user a link of `purpose` was issued to, and spends the link, or
 * answers 400 `invalid` with nothing changed. The password is the owner's own choice, so it
 * need not be changed at the next sign-in. `unsetOnly`: only while the account has no
 * password yet (an invite). Only while the account and its company are active: a link
 * mailed before its person (or company) was deactivated answers as an invalid one, and
 * stays unspent. Every session of the user ends and the login limits on the account are
 * lifted. The link is looked up before the password is hashed.
 */
export async function setPasswordWithLink(
  db: DbOrTx,
  token: string,
  password: string,
  opts: { purpose: LinkPurpose; invalid: string; unsetOnly?: boolean },
) {
  const tokenHash = sha256(token);
  const valid = and(
    eq(passwordResets.tokenHash, tokenHash),
    eq(passwordResets.purpose, opts.purpose),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
  const invalid = () => badRequest(opts.invalid, { code: 'invalid_link' });
  const [found] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(valid, active))
    .limit(1);
  if (!found) throw invalid();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Spent here, atomically: of two calls with one link, only one sets a password.
    const [link] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(valid)
      .returning({ userId: passwordResets.userId });
    if (!link) throw invalid();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(
        and(
          eq(users.id, link.userId),
          active,
          opts.unsetOnly ? isNull(users.passwordHash) : undefined,
        ),
      )
      .returning({ email: users.email });
    // Thrown inside the transaction, so the link stays unspent too.
    if (!user) throw invalid();
    await revokeOtherSessions(tx, link.userId);
    await clearLoginLimits(tx, user.email.toLowerCase());
  });
}
