import { desc, eq, sql } from 'drizzle-orm';
import type { SignInOutcome } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { signIns } from '../db/schema';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { describeDevice } from '../lib/device';
import type { Origin } from './sessions';

/** How many sign-ins Profile shows. */
const SHOWN = 20;

/**
 * Notes a sign-in or a failed attempt on an existing account. Attempts refused for being too
 * many are noted at most once a minute: a flood aimed at one account must neither grow the
 * table without bound nor push the owner's real sign-ins out of the last 20.
 */
export async function recordSignIn(
  db: DbOrTx,
  userId: string,
  origin: Origin,
  outcome: SignInOutcome,
) {
  const row = {
    userId,
    address: origin.address,
    userAgent: origin.userAgent.slice(0, 500),
    outcome,
  };
  if (outcome !== 'limited') {
    await db.insert(signIns).values(row);
    return;
  }
  await db.execute(sql`
    insert into ${signIns} (user_id, address, user_agent, outcome)
    select ${row.userId}, ${row.address}, ${row.userAgent}, ${outcome}
     where not exists (select 1 from ${signIns} where user_id = ${userId}
                        and outcome = 'limited' and at > now() - interval '1 minute')`);
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
