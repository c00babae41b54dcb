import { eq, sql } from 'drizzle-orm';
import { LOGIN_ROLES, ROLE_LABELS, type LoginRole } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { type Caller, type Pending, pendingOf, positionOf } from '../lib/caller';
import { badRequest, forbidden, notFound, unauthorized } from '../lib/errors';
import { burnTime, hashPassword, verifyPassword } from '../lib/password';
import { toIso } from '../lib/dates';
import { countLoginAttempt, loginSucceeded } from './loginLimiter';
import type { Limits } from './rateLimits';
import { withAudit } from './audit';
import { checkCurrentPassword } from './currentPassword';
import { byEmail, type Notice, updateOwnAccount } from './emailChange';
import { createSession, revokeOtherSessions, type Origin } from './sessions';
import { recordSignIn } from './signIns';
import { answerChallenge, createChallenge, INVALID_CODE, requiredFor } from './twoFactor';

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the hash or a key, never the tenancy links. */
export const publicUser = (u: UserRow, pending: Pending) => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  position: positionOf(u.role),
  createdAt: toIso(u.createdAt),
  version: u.version,
  twoFactorEnabled: u.totpSecret !== null,
  requireTwoFactor: u.requireTwoFactor,
  pending,
});

export async function registerAdmin(
  db: DbOrTx,
  input: { name: string; email: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash, role: 'admin' })
    .returning();
  return user!;
}

const INVALID = 'Invalid email or password';
/** Why a right password still does not sign in: whose the account is decides whom to ask. */
const INACTIVE = {
  company: 'This account is inactive. Ask your administrator.',
  person: 'This account is inactive. Ask your company.',
  ofCompany: "Your company's account is inactive, so you cannot sign in for now.",
};

export type LoginInput = {
  email: string;
  password: string;
  userType: LoginRole;
  remember: boolean;
} & Origin;

/**
 * The first step of a sign-in: the password. Answers a session, or (two-factor sign-in on)
 * a challenge to send the code with. Every attempt on an existing account goes into its
 * sign-in history.
 */
export async function login(db: DbOrTx, limits: Limits, input: LoginInput) {
  const email = input.email.toLowerCase();
  // The lookup goes alongside the count (it is cheap); the hashing waits for the count.
  const [found, counted] = await Promise.allSettled([
    db.select().from(users).where(byEmail(email)).limit(1),
    countLoginAttempt(db, limits, email, input.address),
  ]);
  if (found.status === 'rejected') throw found.reason;
  const [user] = found.value;
  if (counted.status === 'rejected') {
    if (user) await recordSignIn(db, user.id, input, 'limited');
    throw counted.reason;
  }
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnTime(input.password), false);

  if (!user || !ok) {
    if (user) await recordSignIn(db, user.id, input, 'password');
    throw unauthorized(INVALID, { code: 'wrong_credentials' });
  }
  // Said only to someone who knows the password, so it tells a guesser nothing.
  if (user.role !== input.userType) {
    await recordSignIn(db, user.id, input, 'role');
    throw (LOGIN_ROLES as readonly string[]).includes(user.role)
      ? unauthorized(`This account signs in as ${ROLE_LABELS[user.role]}.`, {
          code: 'wrong_credentials',
          field: 'userType',
        })
      : unauthorized(INVALID, { code: 'wrong_credentials' });
  }
  // A company's people cannot sign in while their company is inactive, whatever their own
  // status.
  const company = user.companyId
    ? (
        await db
          .select({ status: users.status, requireTwoFactor: users.requireTwoFactor })
          .from(users)
          .where(eq(users.id, user.companyId))
          .limit(1)
      )[0]
    : undefined;
  const inactive =
    user.status !== 'active'
      ? INACTIVE[user.role === 'company' ? 'company' : 'person']
      : user.companyId && company?.status !== 'active'
        ? INACTIVE.ofCompany
        : null;
  if (inactive) {
    await recordSignIn(db, user.id, input, 'inactive');
    throw forbidden(inactive, { code: 'account_inactive' });
  }
  await loginSucceeded(db, email, input.address);
  if (user.totpSecret)
    return {
      twoFactor: true as const,
      challenge: await createChallenge(db, user.id, input.remember),
    };
  return signIn(db, user, input.remember, input, company?.requireTwoFactor ?? false);
}

/** A session for a user who has passed every step. */
async function signIn(
  db: DbOrTx,
  user: UserRow,
  remember: boolean,
  origin: Origin,
  companyRequires: boolean,
) {
  const [token] = await Promise.all([
    createSession(db, user.id, { remember, ...origin }),
    recordSignIn(db, user.id, origin, 'success'),
  ]);
  return { token, user: publicUser(user, pendingOf(user, companyRequires)) };
}

/** The second step: the code (or a recovery code) for a challenge the password earned. */
export async function loginWithCode(
  db: DbOrTx,
  limits: Limits,
  input: { challenge: string; code: string } & Origin,
) {
  const answer = await answerChallenge(db, limits, input);
  if (!answer.ok) {
    await recordSignIn(db, answer.user.id, input, 'code');
    throw unauthorized(INVALID_CODE, { code: 'wrong_code', field: 'code' });
  }
  const companyRequires = await requiredFor(db, answer.user.companyId);
  return signIn(db, answer.user, answer.remember!, input, companyRequires);
}

export async function getProfile(db: DbOrTx, caller: Caller) {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) throw notFound('User');
  // The session's lookup already worked out what is pending.
  return publicUser(user, caller.pending);
}

/**
 * Changes the fields sent (name, e-mail) of the caller's profile at `version`: a new e-mail by
 * the one rule for one's own sign-in e-mail (`updateOwnAccount`).
 */
export async function updateProfile(
  db: DbOrTx,
  caller: Caller,
  input: { version: number; name?: string; email?: string; currentPassword?: string },
  opts: { limits: Limits; publicUrl: string },
) {
  const { row, ...change } = await updateOwnAccount(db, caller, input, { name: input.name }, opts);
  return { user: publicUser(row, caller.pending), ...change };
}

/** Changes the caller's password (the current one first); the other sessions end. */
export async function updatePassword(
  db: DbOrTx,
  limits: Limits,
  caller: Caller,
  input: { currentPassword: string; newPassword: string },
): Promise<Notice> {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) throw notFound('User');
  await checkCurrentPassword(db, limits, user, input.currentPassword);
  // A password someone else chose is replaced, not kept.
  if (user.mustChangePassword && input.newPassword === input.currentPassword)
    throw badRequest('Please choose a new password, not the one you were given.', {
      field: 'newPassword',
    });
  const passwordHash = await hashPassword(input.newPassword);
  await withAudit(db, caller, async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, caller.userId));
    await revokeOtherSessions(tx, caller.userId, caller.sessionId);
  });
  return {
    to: user.email,
    subject: 'The password of your account was changed',
    text: [
      `Hello ${user.name},`,
      '',
      'The password of your account was just changed, and every other session was signed out.',
      '',
      'If you did not do this, reset your password at once with Forgot Password on the login page.',
    ].join('\n'),
  };
}
