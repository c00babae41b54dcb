import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { counterparties, khataReminders, loans, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { formatDmy, formatPaise } from '../lib/format';
import { badRequest } from '../lib/errors';
import type { Mailer } from '../mail/mailer';
import { quotedInMail } from '../mail/quoted';
import { giveBackAll, takeInTurn, type Limits } from './rateLimits';
import { getLoan } from './loans';

type LendRow = typeof loans.$inferSelect;

/**
 * E-mails the borrower of one of the caller's lends a reminder built from the stored record,
 * so the server can never be used to send arbitrary text to arbitrary addresses: the names
 * in it are quoted on one line, short, and with no link in them (mail/quoted.ts). It is
 * recorded on the person's page of the khata.
 */
export async function sendLendReminder(
  db: DbOrTx,
  mailer: Mailer,
  limits: Limits,
  caller: Caller,
  lendId: string,
  today: string,
) {
  const lend = await getLoan(db, caller, 'lend', lendId);
  if (lend.amountPaise - lend.repaidPaise <= 0)
    throw badRequest('This lend is fully repaid: there is nothing to remind about.', {
      code: 'wrong_state',
    });
  const to = await reminderAddress(db, lend);
  if (!to)
    throw badRequest(
      'This person has no e-mail address: remind them by WhatsApp or SMS from their page.',
      { code: 'wrong_state' },
    );
  await emailLendReminder(db, mailer, limits, caller.userId, lend, to);
  await recordReminder(db, lend, 'email', today);
}

/**
 * Where a lend's reminder e-mail goes: its person's address as it is now (a typo corrected
 * on their page must stop mail to the wrong one; a person added by mobile may be given an
 * e-mail later), else the address typed on the lend, else nowhere (null).
 */
export async function reminderAddress(db: DbOrTx, lend: LendRow): Promise<string | null> {
  const [person] = await db
    .select({ email: counterparties.email })
    .from(counterparties)
    .where(and(eq(counterparties.id, lend.counterpartyId), eq(counterparties.userId, lend.userId)));
  return person?.email || lend.email || null;
}

/**
 * The reminder e-mail of an open lend to `to` (reminderAddress), within its limits (one a
 * day per lend, a few a day per borrower): 429 past them. A mail that did not go out counts
 * against neither.
 */
export async function emailLendReminder(
  db: DbOrTx,
  mailer: Mailer,
  limits: Limits,
  userId: string,
  lend: LendRow,
  to: string,
) {
  const counted = await takeInTurn(db, [
    {
      key: `reminder:lend:${lend.id}`,
      limit: limits.remindersPerLend,
      message: 'A reminder for this lend was sent in the last 24 hours. Please try again later.',
    },
    {
      key: `reminder:to:${to.toLowerCase()}`,
      limit: limits.remindersPerRecipient,
      message: 'This borrower has had enough reminders for today. Please try again later.',
    },
  ]);
  try {
    await send(mailer, db, userId, lend, to);
  } catch (error) {
    // Only a reminder that went out counts against the lend and its borrower.
    await giveBackAll(db, counted);
    throw error;
  }
}

/** A reminder sent about a lend, on its person's page. */
export async function recordReminder(
  db: DbOrTx,
  lend: LendRow,
  channel: 'email' | 'scheduled',
  date: string,
) {
  const [row] = await db
    .insert(khataReminders)
    .values({
      userId: lend.userId,
      counterpartyId: lend.counterpartyId,
      loanId: lend.id,
      channel,
      amountPaise: lend.amountPaise - lend.repaidPaise,
      date,
    })
    .returning({ id: khataReminders.id });
  return row!.id;
}

async function send(mailer: Mailer, db: DbOrTx, userId: string, lend: LendRow, to: string) {
  const [sender] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const outstanding = formatPaise(BigInt(lend.amountPaise) - BigInt(lend.repaidPaise));
  // Typed by the sender (the borrower's name) or chosen at sign-up (the sender's own).
  const borrower = quotedInMail(lend.name);
  const from = sender ? quotedInMail(sender.name) : 'your lender';
  const lines = [
    `Hello ${borrower},`,
    '',
    `This is a friendly reminder from ${from} about money lent to you.`,
    '',
    `Amount: ${formatPaise(lend.amountPaise)}`,
    `Issue date: ${formatDmy(lend.issueDate)}`,
    `Repayment date: ${formatDmy(lend.repaymentDate)}`,
  ];
  if (lend.repaidPaise > 0) lines.push(`Still outstanding: ${outstanding}`);
  if (sender) lines.push('', `Sent on behalf of ${from} <${sender.email}>.`);
  await mailer.send({
    to,
    subject: `Reminder: ${outstanding} due on ${formatDmy(lend.repaymentDate)}`,
    text: lines.join('\n'),
  });
}
