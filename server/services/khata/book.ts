import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { khataReminders, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { isValidVpa } from '../../../contract/upi';
import { LATEST_SHOWN, eventToApi, ledgerEvents, openEntries } from './ledger';
import { ownPerson, personToApi } from './people';

/** A person's page: who they are, every event with them, what each side owes, open lends. */
export async function personLedger(db: DbOrTx, caller: Caller, personId: string) {
  const person = await ownPerson(db, caller, personId);
  const [ledger, open] = await Promise.all([
    ledgerEvents(db, caller.userId, person.id, { reminders: true, latest: LATEST_SHOWN }),
    openEntries(db, caller.userId, person.id),
  ]);
  return {
    person: personToApi(person),
    net: open.net,
    theyOwe: open.theyOwe,
    iOwe: open.iOwe,
    events: ledger.events.map(eventToApi),
    totalEvents: ledger.total,
    openLends: open.openLends,
  };
}

/**
 * A WhatsApp or SMS reminder the user sent from their own phone (the SPA records it when the
 * user taps Send): for what the person owes on balance (their open lends less what the user
 * owes them, as the page's net and the sheet's text say), about their oldest open lend.
 * Nothing owed on balance is a 400: there is nothing to remind about.
 */
export async function recordPhoneReminder(
  db: DbOrTx,
  caller: Caller,
  personId: string,
  channel: 'whatsapp' | 'sms',
  today: string,
) {
  const person = await ownPerson(db, caller, personId);
  const open = await openEntries(db, caller.userId, person.id);
  const first = open.openLends[0];
  const owed = open.theyOwePaise - open.iOwePaise;
  if (!first || owed <= 0n)
    throw badRequest(`${person.name} owes you nothing: there is nothing to remind about.`, {
      code: 'wrong_state',
    });
  if (channel === 'whatsapp' || channel === 'sms') {
    if (!person.mobile)
      throw badRequest(`${person.name} has no mobile number: add one to remind them.`, {
        code: 'wrong_state',
        field: 'channel',
      });
  }
  await db.insert(khataReminders).values({
    userId: caller.userId,
    counterpartyId: person.id,
    loanId: first._id,
    channel,
    amountPaise: Number(owed),
    date: today,
  });
}

/** The UPI ID the user's reminders ask to be paid to, and the name they go out under. */
export async function upiSettings(db: DbOrTx, caller: Caller) {
  const [row] = await db
    .select({ upiId: users.upiId, name: users.name })
    .from(users)
    .where(eq(users.id, caller.userId));
  return { upiId: row?.upiId ?? null, name: row?.name ?? '' };
}

/** Sets (or, with '', removes) the user's UPI ID: a valid VPA, kept in lower case. */
export async function saveUpiSettings(db: DbOrTx, caller: Caller, upiId: string) {
  if (upiId !== '' && !isValidVpa(upiId))
    throw badRequest('upiId must be a UPI ID such as name@okhdfcbank', { field: 'upiId' });
  await db
    .update(users)
    .set({ upiId: upiId || null })
    .where(eq(users.id, caller.userId));
  return upiSettings(db, caller);
}
