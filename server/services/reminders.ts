import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { formatDmy, formatPaise } from '../lib/format';
import { badRequest } from '../lib/errors';
import type { Mailer } from '../mail/mailer';
import { quotedInMail } from '../mail/quoted';
import { giveBack, take, type Limits } from './rateLimits';
import { getLoan } from './loans';

/**
 * E-mails the borrower of one of the caller's lends a reminder built from the stored record,
 * so the server can never be used to send arbitrary text to arbitrary addresses: the names
 * in it are quoted on one line, short, and with no link in them (mail/quoted.ts).
 */
export async function sendLendReminder(
  db: DbOrTx,
  mailer: Mailer,
  limits: Limits,
  caller: Caller,
  lendId: string,
) {
  const lend = await getLoan(db, caller, 'lend', lendId);
  if (lend.amountPaise - lend.repaidPaise <= 0)
    throw badRequest('This lend is fully repaid: there is nothing to remind about.', {
      code: 'wrong_state',
    });
  const perLend = `reminder:lend:${lend.id}`;
  const perRecipient = `reminder:to:${lend.email.toLowerCase()}`;
  await take(
    db,
    [{ key: perLend, limit: limits.remindersPerLend }],
    'A reminder for this lend was sent in the last 24 hours. Please try again later.',
  );
  try {
    await take(
      db,
      [{ key: perRecipient, limit: limits.remindersPerRecipient }],
      'This borrower has had enough reminders for today. Please try again later.',
    );
    await send(mailer, db, caller, lend);
  } catch (error) {
    // Only a reminder that went out counts against the lend and its borrower.
    await giveBack(db, perLend);
    await giveBack(db, perRecipient);
    throw error;
  }
}

async function send(
  mailer: Mailer,
  db: DbOrTx,
  caller: Caller,
  lend: Awaited<ReturnType<typeof getLoan>>,
) {
  const [sender] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, caller.userId));
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
    to: lend.email,
    subject: `Reminder: ${outstanding} due on ${formatDmy(lend.repaymentDate)}`,
    text: lines.join('\n'),
  });
}
