import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { counterparties, khataLinks, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { toIso } from '../../lib/dates';
import { HttpError } from '../../lib/errors';
import type { Slots } from '../../lib/slots';
import { newToken, sha256 } from '../../lib/tokens';
import { dayIn } from '../../lib/timeZone';
import { LATEST_SHOWN, ledgerEvents, openEntries } from './ledger';
import { DEFAULT_TIME_ZONE } from '../../../contract/headers';
import { paiseToRupees } from '../../../contract/rules';
import { ownPerson } from './people';
import { renderKhataStatementPdf } from './statementPdf';
import { expiresIn, linkToApi, recordLinks, revokeRecordLink } from '../shareLinks';

/**
 * A person's statement shared by a link: a token of 256 random bits (only its SHA-256 is
 * kept), expiring, revocable, opening that one ledger and nothing else of the user's (not
 * their e-mail, not other people, not reminders). Made, listed and revoked as invoice links.
 */

/** The SPA's page a link opens, and the PDF's address. */
const urls = (publicUrl: string, token: string) => {
  const base = publicUrl.replace(/\/$/, '');
  return { url: `${base}/statement/${token}`, pdfUrl: `${base}/api/public/khata/${token}/pdf` };
};

export async function createLink(
  db: DbOrTx,
  caller: Caller,
  personId: string,
  days: number,
  publicUrl: string,
) {
  const person = await ownPerson(db, caller, personId);
  const token = newToken();
  const [row] = await db
    .insert(khataLinks)
    .values({
      userId: caller.userId,
      counterpartyId: person.id,
      tokenHash: sha256(token),
      expiresAt: expiresIn(days),
    })
    .returning();
  return { ...linkToApi(row!), ...urls(publicUrl, token) };
}

export async function listLinks(db: DbOrTx, caller: Caller, personId: string) {
  const person = await ownPerson(db, caller, personId);
  return recordLinks(db, khataLinks, khataLinks.counterpartyId, person.id, 50);
}

export async function revokeLink(db: DbOrTx, caller: Caller, personId: string, linkId: string) {
  const person = await ownPerson(db, caller, personId);
  await revokeRecordLink(db, khataLinks, khataLinks.counterpartyId, person.id, linkId);
}

const unusable = (message: string) => new HttpError(404, message, { code: 'invalid_link' });

/** The link's person and user: an unknown, expired or revoked link is a 404 that says which. */
async function opened(db: DbOrTx, token: string) {
  const [found] = await db
    .select({
      link: khataLinks,
      to: counterparties.name,
      from: users.name,
    })
    .from(khataLinks)
    .innerJoin(counterparties, eq(counterparties.id, khataLinks.counterpartyId))
    .innerJoin(users, eq(users.id, khataLinks.userId))
    .where(eq(khataLinks.tokenHash, sha256(token)));
  if (!found) throw unusable('This statement link is not valid. Please ask for a new one.');
  if (found.link.revokedAt)
    throw unusable('This statement link was withdrawn by its sender. Please ask for a new one.');
  if (found.link.expiresAt.getTime() <= Date.now())
    throw unusable('This statement link has expired. Please ask for a new one.');
  return found;
}

/** The link's statement: its latest entries for the page, every one for the PDF. */
async function statementOf(db: DbOrTx, token: string, latest?: number) {
  const found = await opened(db, token);
  const { userId, counterpartyId } = found.link;
  const [ledger, open] = await Promise.all([
    ledgerEvents(db, userId, counterpartyId, { reminders: false, latest }),
    openEntries(db, userId, counterpartyId),
  ]);
  return {
    found,
    events: ledger.events,
    total: ledger.total,
    netPaise: open.theyOwePaise - open.iOwePaise,
    net: open.net,
  };
}

/** The statement as the read-only page shows it: the two names and their ledger. */
export async function publicStatement(db: DbOrTx, token: string) {
  const { found, events, total, net } = await statementOf(db, token, LATEST_SHOWN);
  return {
    from: found.from,
    to: found.to,
    net,
    events: events.map((e) => ({
      date: e.date,
      kind: e.kind,
      amount: paiseToRupees(e.amountPaise),
      change: paiseToRupees(e.changePaise),
      balance: paiseToRupees(e.balancePaise),
      note: e.note,
    })),
    totalEvents: total,
    expiresAt: toIso(found.link.expiresAt),
  };
}

/** The statement's PDF, made with a turn of the PDF slots (per link, as a shared invoice's). */
export async function publicStatementPdf(db: DbOrTx, slots: Slots, token: string) {
  const { found, events, netPaise } = await statementOf(db, token);
  const release = await slots.take(`khata-link:${found.link.id}`);
  try {
    const pdf = await renderKhataStatementPdf({
      from: found.from,
      to: found.to,
      events,
      netPaise,
      asOf: dayIn(DEFAULT_TIME_ZONE),
    });
    return { name: 'statement.pdf', pdf };
  } finally {
    release();
  }
}
