import { desc, eq } from 'drizzle-orm';
import type { SignInOutcome } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { signIns } from '../db/schema';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { describeDevice } from '../lib/device';
import type { Origin } from './sessions';

/** How many sign-ins Profile shows. */
const SHOWN = 20;

/** Notes a sign-in or a failed attempt on an existing account. */
export async function recordSignIn(
  db: DbOrTx,
  userId: string,
  origin: Origin,
  outcome: SignInOutcome,
) {
  await db.insert(signIns).values({
    userId,
    address: origin.address,
    userAgent: origin.userAgent.slice(0, 500),
    outcome,
  });
}

/** The caller's last sign-ins and failed attempts, newest first. */
export async function listSignIns(db: DbOrTx, caller: Caller) {
  const rows = await db
    .select()
    .from(signIns)
    .where(eq(signIns.userId, caller.userId))
    .orderBy(desc(signIns.at), desc(signIns.id))
    .limit(SHOWN);
  return rows.map((r) => ({
    _id: String(r.id),
    at: toIso(r.at),
    address: r.address,
    device: describeDevice(r.userAgent),
    outcome: r.outcome as SignInOutcome,
  }));
}
