import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type * as OTPAuth from 'otpauth';
import { SIGN_IN_EXPIRED_MESSAGE } from '../../contract/rules';
import type { DbOrTx } from '../db/client';
import { recoveryCodes, signInChallenges, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { newToken, sha256 } from '../lib/tokens';
import { badRequest, forbidden, notFound, unauthorized } from '../lib/errors';
import { take, forgive, type Limits } from './rateLimits';
import { withAudit } from './audit';
import { checkCurrentPassword } from './currentPassword';
import { onFirstUse } from '../lib/onFirstUse';

const otpauth = onFirstUse<typeof OTPAuth>('otpauth');

const ISSUER = 'Expense Manager';
const PERIOD = 30;
/** A code of the step before or after is still taken: phones' clocks drift. */
const WINDOW = 1;
const RECOVERY_CODES = 10;
/** Between the right password and the code. */
const CHALLENGE_TTL_MS = 5 * 60_000;

const totpOf = (secret: string, label = '') =>
  new (otpauth().TOTP)({
    issuer: ISSUER,
    label,
    period: PERIOD,
    digits: 6,
    secret: otpauth().Secret.fromBase32(secret),
  });

/** A recovery code as the user types it: case, spaces and dashes do not matter. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const INVALID_CODE = 'That code is not right. Please try again.';
/** A code that is not right, refused under the field it came in. */
const wrongCode = () => badRequest(INVALID_CODE, { code: 'wrong_code', field: 'code' });

/**
 * The time step a TOTP code is valid for, or null. A code is taken once: a step at or before
 * the last one accepted is refused, so a code seen over someone's shoulder is spent.
 */
function stepOf(secret: string, code: string, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Marks `step` used, unless another call took it (or a later one) first. */
async function spendStep(db: DbOrTx, userId: string, step: number) {
  const [taken] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return Boolean(taken);
}

/** Spends one unused recovery code of the user; false when none matches. */
async function spendRecoveryCode(db: DbOrTx, userId: string, code: string) {
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normalizeRecovery(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return Boolean(spent);
}

const TOO_MANY_CODES = 'Too many codes tried. Please try again later.';
const codeKey = {
  account: (userId: string) => `code:account:${userId}`,
  address: (address: string) => `code:address:${address}`,
};

/** Code attempts are counted like passwords: per account and per address. */
async function countCodeAttempt(db: DbOrTx, limits: Limits, userId: string, address: string) {
  await take(
    db,
    [
      { key: codeKey.account(userId), limit: limits.codePerAccount },
      { key: codeKey.address(address), limit: limits.codePerAddress },
    ],
    TOO_MANY_CODES,
  );
}

/** Checks a TOTP or recovery code of a user with two-factor sign-in on, and spends it. */
async function checkCode(
  db: DbOrTx,
  user: { id: string; totpSecret: string | null; totpLastStep: number | null },
  code: string,
) {
  if (!user.totpSecret) return false;
  const step = stepOf(user.totpSecret, code, user.totpLastStep);
  if (step !== null) return spendStep(db, user.id, step);
  return spendRecoveryCode(db, user.id, code);
}

/** A challenge for a sign-in whose password was right; its token goes back with the code. */
export async function createChallenge(db: DbOrTx, userId: string, remember: boolean) {
  const token = newToken();
  await db.insert(signInChallenges).values({
    userId,
    tokenHash: sha256(token),
    remember,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return token;
}

/**
 * The second step of a sign-in: the code for the challenge. Answers the user and whether the
 * session is remembered once the code is right; the challenge is spent then, and only then.
 */
export async function answerChallenge(
  db: DbOrTx,
  limits: Limits,
  input: { challenge: string; code: string; address: string },
) {
  const open = and(
    eq(signInChallenges.tokenHash, sha256(input.challenge)),
    isNull(signInChallenges.usedAt),
    sql`${signInChallenges.expiresAt} > now()`,
  );
  // The address is counted before the lookup: made-up challenges cost a guesser too.
  await take(
    db,
    [{ key: codeKey.address(input.address), limit: limits.codePerAddress }],
    TOO_MANY_CODES,
  );
  const [found] = await db
    .select({ challenge: signInChallenges, user: users })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(open)
    .limit(1);
  if (!found) throw unauthorized(SIGN_IN_EXPIRED_MESSAGE, { code: 'sign_in_expired' });
  await take(
    db,
    [{ key: codeKey.account(found.user.id), limit: limits.codePerAccount }],
    TOO_MANY_CODES,
  );
  if (!(await checkCode(db, found.user, input.code))) return { user: found.user, ok: false };
  const [spent] = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(open)
    .returning({ id: signInChallenges.id });
  if (!spent) throw unauthorized(SIGN_IN_EXPIRED_MESSAGE, { code: 'sign_in_expired' });
  await forgive(db, [codeKey.account(found.user.id)]);
  return { user: found.user, ok: true, remember: found.challenge.remember };
}

async function ownRow(db: DbOrTx, caller: Caller) {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) throw notFound('User');
  return user;
}

/**
 * Starts turning two-factor sign-in on (the password first: a session left open must not
 * be enough): a new key, kept pending until a first code confirms it. Refused while it is on:
 * a password alone must never replace the key that guards the account.
 */
export async function startSetup(db: DbOrTx, limits: Limits, caller: Caller, password: string) {
  const user = await ownRow(db, caller);
  await checkCurrentPassword(db, limits, user, password, undefined, 'password');
  if (user.totpSecret)
    throw badRequest('Two-factor sign-in is already on. Turn it off first to use a new key.', {
      code: 'wrong_state',
    });
  const secret = new (otpauth().Secret)({ size: 20 }).base32;
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  const uri = totpOf(secret, user.email).toString();
  return {
    secret,
    uri,
    qrCode: await (await import('qrcode')).default.toString(uri, { type: 'svg', margin: 1 }),
  };
}

/** Hashed on the way in; shown once. "abcde-fghij": 50 bits each, from an unambiguous alphabet. */
function newRecoveryCodes() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

async function replaceRecoveryCodes(db: DbOrTx, userId: string) {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: sha256(normalizeRecovery(c)) })));
  return codes;
}

/** Confirms the pending key with a first code; answers the recovery codes, shown once. */
export async function confirmSetup(
  db: DbOrTx,
  limits: Limits,
  caller: Caller,
  code: string,
  address: string,
) {
  await countCodeAttempt(db, limits, caller.userId, address);
  const user = await ownRow(db, caller);
  if (!user.totpPendingSecret)
    throw badRequest('Start the set-up again: no key is waiting.', { code: 'wrong_state' });
  const step = stepOf(user.totpPendingSecret, code, null);
  if (step === null) throw wrongCode();
  return withAudit(db, caller, async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    return replaceRecoveryCodes(tx, user.id);
  });
}

/** What a change to a second factor that is on asks for: the password and a current code. */
type ProofOfOwner = { password: string; code: string; address: string };

/**
 * The caller's own row once `input` proves it is theirs: the password first, then `allowed`
 * (which refuses a change the row's state does not allow, before a code is spent), then a
 * current code, counted against the caller's code attempts.
 */
async function provenOwner(
  db: DbOrTx,
  limits: Limits,
  caller: Caller,
  input: ProofOfOwner,
  allowed: (own: Awaited<ReturnType<typeof ownRow>>) => unknown,
) {
  const user = await ownRow(db, caller);
  await checkCurrentPassword(db, limits, user, input.password);
  await allowed(user);
  await countCodeAttempt(db, limits, caller.userId, input.address);
  if (!(await checkCode(db, user, input.code))) throw wrongCode();
  return user;
}

/**
 * New recovery codes (the old ones stop working), with the password and a current code: new
 * codes are a way past the second factor, so the password alone does not make them.
 */
export async function regenerateRecoveryCodes(
  db: DbOrTx,
  limits: Limits,
  caller: Caller,
  input: ProofOfOwner,
) {
  const user = await provenOwner(db, limits, caller, input, (own) => {
    if (!own.totpSecret) throw badRequest('Two-factor sign-in is off.', { code: 'wrong_state' });
  });
  return db.transaction((tx) => replaceRecoveryCodes(tx, user.id));
}

/**
 * Turns two-factor sign-in off, with the password and a current code. Refused while the
 * caller's company requires it.
 */
export async function disable(db: DbOrTx, limits: Limits, caller: Caller, input: ProofOfOwner) {
  const user = await provenOwner(db, limits, caller, input, async (own) => {
    if (!own.totpSecret)
      throw badRequest('Two-factor sign-in is already off.', { code: 'wrong_state' });
    if (await requiredFor(db, own.companyId))
      throw badRequest('Your company requires two-factor sign-in, so it cannot be turned off.', {
        code: 'wrong_state',
      });
  });
  await withAudit(db, caller, async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

/** Whether the company of a person requires two-factor sign-in. */
export async function requiredFor(db: DbOrTx, companyId: string | null) {
  if (!companyId) return false;
  const [company] = await db
    .select({ required: users.requireTwoFactor })
    .from(users)
    .where(eq(users.id, companyId))
    .limit(1);
  return company?.required ?? false;
}

/** A company requires (or stops requiring) two-factor sign-in of its people. */
export async function setCompanyRequirement(db: DbOrTx, caller: Caller, required: boolean) {
  if (caller.role !== 'company') throw forbidden('Only a company sets this for its people.');
  await withAudit(db, caller, (tx) =>
    tx
      .update(users)
      .set({ requireTwoFactor: required, updatedAt: sql`now()` })
      .where(eq(users.id, caller.userId)),
  );
}

/** Whether two-factor sign-in is on for the caller, and how many recovery codes are left. */
export async function status(db: DbOrTx, caller: Caller) {
  const [[user], [codes]] = await Promise.all([
    db
      .select({ enabled: sql<boolean>`${users.totpSecret} is not null` })
      .from(users)
      .where(eq(users.id, caller.userId)),
    db
      .select({ left: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, caller.userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { enabled: user?.enabled ?? false, recoveryCodesLeft: codes?.left ?? 0 };
}
