import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { columnsOf, mapped, prepared } from '../db/prepared';
import {
  emailChanges,
  passwordResets,
  sessions,
  signInChallenges,
  signIns,
  users,
} from '../db/schema';
import { pendingOf, type Caller } from '../lib/caller';
import { newToken, sha256 } from '../lib/tokens';
import { toIso } from '../lib/dates';
import { notFound } from '../lib/errors';
import { describeDevice } from '../lib/device';

const HOUR = 3_600_000;
/** Remembered: a fixed 30 days. Not remembered: until 12 hours pass without a call. */
export const SESSION_TTL = { normal: 12 * HOUR, remembered: 30 * 24 * HOUR };
/** Last use is written at most this often per session, not on every call. */
const TOUCH_EVERY_MS = 60_000;

/** Where a sign-in comes from, kept with its session and in the sign-in history. */
export interface Origin {
  address: string;
  userAgent: string;
}

export async function createSession(
  db: DbOrTx,
  userId: string,
  opts: { remember: boolean } & Origin,
) {
  const token = newToken();
  const ttl = opts.remember ? SESSION_TTL.remembered : SESSION_TTL.normal;
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttl),
    remember: opts.remember,
    address: opts.address,
    userAgent: opts.userAgent.slice(0, 500),
  });
  return token;
}

const company = alias(users, 'company');

/** What the session lookup reads, in this order. */
const callerFields = {
  sessionId: sessions.id,
  userId: users.id,
  role: users.role,
  companyId: users.companyId,
  mustChangePassword: users.mustChangePassword,
  totpSecret: users.totpSecret,
  companyRequires: sql<boolean>`coalesce(${company.requireTwoFactor}, false)`,
  stale: sql<boolean>`${sessions.lastUsedAt} < now() - make_interval(secs => ${TOUCH_EVERY_MS / 1000})`,
};
const at = columnsOf(callerFields);

/**
 * The session of a token's hash, with its user and company (see findCaller). Every signed-in
 * call runs it: its row is mapped by hand.
 */
const callerByToken = mapped(
  (db) =>
    db
      .select(callerFields)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(company, eq(company.id, users.companyId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.status, 'active'),
          or(isNull(users.companyId), eq(company.status, 'active')),
        ),
      )
      .limit(1),
  (r) => ({
    caller: {
      sessionId: r[at.sessionId] as string,
      userId: r[at.userId] as string,
      role: r[at.role] as Caller['role'],
      companyId: r[at.companyId] as string | null,
      pending: pendingOf(
        {
          mustChangePassword: r[at.mustChangePassword] as boolean,
          totpSecret: r[at.totpSecret] as string | null,
        },
        r[at.companyRequires] as boolean,
      ),
    } satisfies Caller,
    stale: r[at.stale] as boolean,
  }),
);

/** Marks a session used now (see findCaller). */
const touchSession = prepared((db) =>
  db
    .update(sessions)
    .set({
      lastUsedAt: sql`now()`,
      expiresAt: sql`case when ${sessions.remember} then ${sessions.expiresAt}
        else now() + make_interval(secs => ${SESSION_TTL.normal / 1000}) end`,
    })
    .where(eq(sessions.id, sql.placeholder('sessionId'))),
);

/**
 * The caller behind a bearer token, or null when it is unknown, expired, revoked or
 * inactive, or belongs to an inactive company: a deactivation takes effect on the next call.
 * A session last used over a minute ago is marked used now (and, when not remembered, given
 * another 12 idle hours), so most calls cost no write.
 */
export async function findCaller(db: DbOrTx, token: string): Promise<Caller | null> {
  const [row] = await callerByToken(db).execute({ tokenHash: sha256(token) });
  if (!row) return null;
  if (row.stale) await touchSession(db).execute({ sessionId: row.caller.sessionId });
  return row.caller;
}

/** The caller's open sessions: this one first, then the most recently used. */
export async function listSessions(db: DbOrTx, caller: Caller) {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, caller.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
    .limit(100);
  const thisFirst = [...rows].sort(
    (a, b) => Number(b.id === caller.sessionId) - Number(a.id === caller.sessionId),
  );
  return thisFirst.map((s) => ({
    _id: s.id,
    device: describeDevice(s.userAgent),
    address: s.address,
    signedInAt: toIso(s.createdAt),
    lastUsedAt: toIso(s.lastUsedAt),
    remembered: s.remember,
    current: s.id === caller.sessionId,
  }));
}

/** Ends one of the caller's own sessions; anyone else's is not found. */
export async function revokeOwnSession(db: DbOrTx, caller: Caller, sessionId: string) {
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, caller.userId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  if (!ended) throw notFound('Session');
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** Ends every open session of a user, and with `withPeople` those of a company's people. */
export async function revokeSessionsOf(
  db: DbOrTx,
  userId: string,
  opts: { withPeople?: boolean } = {},
) {
  const whose = opts.withPeople
    ? sql`${sessions.userId} in (select ${users.id} from ${users} where ${users.id} = ${userId} or ${users.companyId} = ${userId})`
    : eq(sessions.userId, userId);
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(whose, isNull(sessions.revokedAt)));
}

/** Ends every session of a user but the one given (after a password change). */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/** A day after they stopped working, links and sessions are only clutter (and secrets). */
const KEEP_AFTER_END = sql`now() - interval '1 day'`;
/** The history keeps 90 days; Profile shows the last 20. */
const HISTORY_DAYS = 90;

/**
 * Deletes ended sessions, used or expired reset, invite and revert links, spent sign-in
 * challenges, and sign-in history past its keeping; run on a schedule.
 */
export async function purgeEnded(db: DbOrTx) {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, KEEP_AFTER_END), lt(sessions.revokedAt, KEEP_AFTER_END)));
  await db
    .delete(passwordResets)
    .where(
      or(lt(passwordResets.expiresAt, KEEP_AFTER_END), lt(passwordResets.usedAt, KEEP_AFTER_END)),
    );
  await db
    .delete(emailChanges)
    .where(or(lt(emailChanges.expiresAt, KEEP_AFTER_END), lt(emailChanges.usedAt, KEEP_AFTER_END)));
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, KEEP_AFTER_END));
  await db
    .delete(signIns)
    .where(lt(signIns.at, sql`now() - make_interval(days => ${HISTORY_DAYS})`));
}
