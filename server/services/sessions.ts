import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Caller } from '../lib/caller';

const HOUR = 3_600_000;
export const SESSION_TTL = { normal: 12 * HOUR, remembered: 30 * 24 * HOUR };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: DbOrTx, userId: string, remember: boolean) {
  const token = randomBytes(32).toString('base64url');
  const ttl = remember ? SESSION_TTL.remembered : SESSION_TTL.normal;
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttl),
  });
  return token;
}

const company = alias(users, 'company');

/**
 * The caller behind a bearer token, or null when it is unknown, expired, revoked or
 * inactive, or belongs to an inactive company: a deactivation takes effect on the next call.
 */
export async function findCaller(db: DbOrTx, token: string): Promise<Caller | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      companyId: users.companyId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(company, eq(company.id, users.companyId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
        or(isNull(users.companyId), eq(company.status, 'active')),
      ),
    )
    .limit(1);
  return row ?? null;
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
