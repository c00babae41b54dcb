import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { loans, repayments } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { formatDmy } from '../../lib/format';
import { paiseToRupees } from '../../../contract/rules';
import type { LoanDirection } from '../../../contract/enums';
import { withAudit } from '../audit';
import { insertLoan } from '../loans';
import { scheduleReminders } from './schedule';
import { openEntries } from './ledger';
import { ownPerson, type PersonRow } from './people';

/**
 * You gave and You got, on the spec's lend and borrowed books, so that their screens and
 * totals stay exact:
 * - You gave repays what the user owes the person first: their open borrowings from them,
 *   oldest first (only those issued on or before the date); the rest is a new lend.
 * - You got is the mirror image: it repays the person's open lends, oldest first; the rest is
 *   a new borrowing.
 * - Settle up repays every open lend and borrowing with the person in full on one date
 *   (marked as a settlement), which brings the net to zero.
 * Each runs in one transaction holding the person's row, so two at once cannot both pay the
 * same entry.
 */

export interface EntryInput {
  type: 'gave' | 'got';
  amountPaise: number;
  date: string;
  dueDate?: string;
  note: string;
  autoRemind: boolean;
}

/** The direction an entry repays, and the one its rest is recorded as. */
const REPAYS: Record<EntryInput['type'], LoanDirection> = { gave: 'borrowed', got: 'lend' };
const REST: Record<EntryInput['type'], LoanDirection> = { gave: 'lend', got: 'borrowed' };

async function openOf(
  tx: Tx,
  caller: Caller,
  personId: string,
  direction: LoanDirection,
  upTo?: string,
) {
  return tx
    .select()
    .from(loans)
    .where(
      and(
        eq(loans.userId, caller.userId),
        eq(loans.counterpartyId, personId),
        eq(loans.direction, direction),
        gt(loans.amountPaise, loans.repaidPaise),
        upTo ? lte(loans.issueDate, upTo) : undefined,
      ),
    )
    .orderBy(asc(loans.issueDate), asc(loans.createdAt), asc(loans.id))
    .for('update');
}

/** A repayment of `pay` on `loan`, kept in its repaid sum in the same transaction. */
async function repay(
  tx: Tx,
  caller: Caller,
  loan: typeof loans.$inferSelect,
  pay: number,
  date: string,
  remark: string,
  settlement = false,
) {
  await tx
    .insert(repayments)
    .values({ loanId: loan.id, userId: caller.userId, date, amountPaise: pay, remark, settlement });
  const [after] = await tx
    .update(loans)
    .set({ repaidPaise: sql`${loans.repaidPaise} + ${pay}`, updatedAt: sql`now()` })
    .where(eq(loans.id, loan.id))
    .returning();
  // Repaid in full: its scheduled reminders end.
  await scheduleReminders(tx, after!);
}

async function answer(
  tx: Tx,
  caller: Caller,
  person: PersonRow,
  repaid: number,
  newLoanId: string | null,
) {
  const open = await openEntries(tx, caller.userId, person.id);
  return { repaid: paiseToRupees(repaid), newLoanId, net: open.net };
}

export function addEntry(db: DbOrTx, caller: Caller, personId: string, input: EntryInput) {
  return withAudit(db, caller, async (tx) => {
    const person = await ownPerson(tx, caller, personId, true);
    let left = input.amountPaise;
    for (const loan of await openOf(tx, caller, person.id, REPAYS[input.type], input.date)) {
      if (left === 0) break;
      const pay = Math.min(left, loan.amountPaise - loan.repaidPaise);
      await repay(tx, caller, loan, pay, input.date, input.note);
      left -= pay;
    }
    let newLoanId: string | null = null;
    if (left > 0) {
      const made = await insertLoan(
        tx,
        caller,
        REST[input.type],
        {
          name: person.name,
          email: person.email ?? '',
          mobile: person.mobile ?? undefined,
          amountPaise: left,
          issueDate: input.date,
          repaymentDate: input.dueDate ?? input.date,
          autoRemind: input.autoRemind,
          note: input.note,
        },
        person.id,
      );
      newLoanId = made.id;
    }
    return answer(tx, caller, person, input.amountPaise - left, newLoanId);
  });
}

export function settleUp(db: DbOrTx, caller: Caller, personId: string, date: string) {
  return withAudit(db, caller, async (tx) => {
    const person = await ownPerson(tx, caller, personId, true);
    const open = [
      ...(await openOf(tx, caller, person.id, 'lend')),
      ...(await openOf(tx, caller, person.id, 'borrowed')),
    ];
    if (open.length === 0)
      throw badRequest(`Nothing to settle: you and ${person.name} owe each other nothing.`, {
        code: 'wrong_state',
      });
    const latest = open.reduce((d, l) => (l.issueDate > d ? l.issueDate : d), open[0]!.issueDate);
    if (date < latest)
      throw badRequest(`date cannot be before the last open entry (${formatDmy(latest)})`, {
        field: 'date',
      });
    let repaid = 0;
    for (const loan of open) {
      const pay = loan.amountPaise - loan.repaidPaise;
      // The settlement flag says what it was: no remark repeats it.
      await repay(tx, caller, loan, pay, date, '', true);
      repaid += pay;
    }
    return answer(tx, caller, person, repaid, null);
  });
}
