import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { formatDmy, formatRupees } from '../lib/format';
import { paiseToRupees } from '../lib/money';
import type { Mailer } from '../mail/mailer';
import { getLoan } from './loans';

/**
 * E-mails the borrower of one of the caller's lends a reminder built from the stored record,
 * so the server can never be used to send arbitrary text to arbitrary addresses.
 */
export async function sendLendReminder(db: DbOrTx, mailer: Mailer, caller: Caller, lendId: string) {
  const lend = await getLoan(db, caller, 'lend', lendId);
  const [sender] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, caller.userId));
  const outstanding = paiseToRupees(lend.amountPaise - lend.repaidPaise);
  const lines = [
    `Hello ${lend.name},`,
    '',
    `This is a friendly reminder from ${sender?.name ?? 'your lender'} about money lent to you.`,
    '',
    `Amount: ${formatRupees(paiseToRupees(lend.amountPaise))}`,
    `Issue date: ${formatDmy(lend.issueDate)}`,
    `Repayment date: ${formatDmy(lend.repaymentDate)}`,
  ];
  if (lend.repaidPaise > 0) lines.push(`Still outstanding: ${formatRupees(outstanding)}`);
  lines.push('', `Sent on behalf of ${sender?.name ?? ''} <${sender?.email ?? ''}>.`);
  await mailer.send({
    to: lend.email,
    subject: `Reminder: ${formatRupees(outstanding)} due on ${formatDmy(lend.repaymentDate)}`,
    text: lines.join('\n'),
  });
}
