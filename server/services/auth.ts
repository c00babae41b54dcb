import { eq, sql } from 'drizzle-orm';
import type { LoginRole } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { type Caller, positionOf } from '../lib/caller';
import { badRequest, forbidden, notFound, unauthorized } from '../lib/errors';
import { burnTime, hashPassword, verifyPassword } from '../lib/password';
import { toIso } from '../lib/dates';
import { countLoginAttempt, loginSucceeded } from './loginLimiter';
import type { Limits } from './rateLimits';
import { withAudit } from './audit';
import { createSession, revokeOtherSessions } from './sessions';
import { atVersion, nextVersion, whyNotUpdated } from './versions';

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the hash, never the tenancy links. */
export const publicUser = (u: UserRow) => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  position: positionOf(u.role),
  createdAt: toIso(u.createdAt),
  version: u.version,
});

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

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

export async function login(
  db: DbOrTx,
  limits: Limits,
  input: {
    email: string;
    password: string;
    userType: LoginRole;
    remember: boolean;
    address: string;
  },
) {
  const email = input.email.toLowerCase();
  // The lookup goes alongside the count (it is cheap); the hashing waits for the count.
  const [[user]] = await Promise.all([
    db.select().from(users).where(byEmail(email)).limit(1),
    countLoginAttempt(db, limits, email, input.address),
  ]);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnTime(input.password), false);

  // A wrong type answers exactly like a wrong password: it tells a guesser nothing.
  if (!user || !ok || user.role !== input.userType) throw unauthorized(INVALID);
  // Said only to someone who knows the password. A company's people cannot sign in while
  // their company is inactive, whatever their own status.
  if (user.status !== 'active')
    throw forbidden(INACTIVE[user.role === 'company' ? 'company' : 'person']);
  if (user.companyId) {
    const [company] = await db
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, user.companyId))
      .limit(1);
    if (company?.status !== 'active') throw forbidden(INACTIVE.ofCompany);
  }
  const [token] = await Promise.all([
    createSession(db, user.id, input.remember),
    loginSucceeded(db, email, input.address),
  ]);
  return { token, user: publicUser(user) };
}

export async function getProfile(db: DbOrTx, caller: Caller) {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) throw notFound('User');
  return publicUser(user);
}

/** Changes the fields sent (name, e-mail) of the caller's profile at `version`. */
export async function updateProfile(
  db: DbOrTx,
  caller: Caller,
  input: { version: number; name?: string; email?: string },
) {
  const self = eq(users.id, caller.userId);
  const [user] = await withAudit(db, caller, (tx) =>
    tx
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        version: nextVersion(users),
        updatedAt: sql`now()`,
      })
      .where(atVersion(users, self, input.version))
      .returning(),
  );
  if (!user) throw await whyNotUpdated(db, users, self, 'User');
  return publicUser(user);
}

export async function updatePassword(
  db: DbOrTx,
  caller: Caller,
  input: { currentPassword: string; newPassword: string },
) {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await withAudit(db, caller, async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, caller.userId));
    await revokeOtherSessions(tx, caller.userId, caller.sessionId);
  });
}
