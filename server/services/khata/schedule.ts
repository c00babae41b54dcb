import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { lendReminderSchedules, loans, notifications } from '../../db/schema';
import { addDays } from '../../../contract/schedule';
import type { Mailer } from '../../mail/mailer';
import type { DueRunOptions } from '../dueTemplates';
import type { Limits } from '../rateLimits';
import { emailLendReminder, recordReminder, reminderAddress } from '../reminders';
import { openEntries } from './ledger';
import { runDueTemplates, type ScheduleKind } from '../schedules/engine';

/**
 * A lend's reminders on schedule, opted into per lend (`auto_remind`): on its due date and
 * every week after while something is outstanding. Each is an e-mail (when the person has an
 * address, within the reminder limits) and a notice in the user's bell, to follow up by
 * WhatsApp or SMS from the person's page; each is recorded there. The days are those of the
 * one schedules engine: a weekly template on the due date's weekday, from the due date.
 */

type LoanRow = typeof loans.$inferSelect;
type Row = typeof lendReminderSchedules.$inferSelect;

const weekday = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

/**
 * Keeps a loan's schedule in step with it, in the transaction that wrote it: an open lend
 * that asks for reminders has one from its due date (a new due date starts it again); any
 * other loan has none.
 */
export async function scheduleReminders(tx: Tx, loan: LoanRow) {
  const wanted =
    loan.direction === 'lend' && loan.autoRemind && loan.amountPaise > loan.repaidPaise;
  if (!wanted) {
    await tx.delete(lendReminderSchedules).where(eq(lendReminderSchedules.loanId, loan.id));
    return;
  }
  const t = lendReminderSchedules;
  await tx
    .insert(t)
    .values({
      userId: loan.userId,
      loanId: loan.id,
      schedule: 'weekly',
      day: weekday(loan.repaymentDate),
      startDate: loan.repaymentDate,
      nextDate: loan.repaymentDate,
    })
    .onConflictDoUpdate({
      target: t.loanId,
      set: {
        day: sql`excluded.day`,
        startDate: sql`excluded.start_date`,
        // The same due date keeps its place in the weeks; a new one starts from it.
        nextDate: sql`case when ${t.startDate} = excluded.start_date and ${t.nextDate} is not null then ${t.nextDate} else excluded.next_date end`,
        paused: false,
        updatedAt: sql`now()`,
      },
    });
}

/** The job's kind: what one day of a lend's schedule makes. */
function reminderKind(
  mailer: Mailer,
  limits: Limits,
): ScheduleKind<Row & { endDate: string | null }, 'reminded' | 'emailed'> {
  return {
    what: 'Lend reminder',
    table: lendReminderSchedules,
    owner: lendReminderSchedules.userId,
    kinds: ['reminded', 'emailed'],
    make: async (tx, t, days) => {
      const [lend] = await tx.select().from(loans).where(eq(loans.id, t.loanId)).for('update');
      // Repaid meanwhile (or no longer asking): the schedule ends.
      if (!lend || !lend.autoRemind || lend.amountPaise <= lend.repaidPaise)
        return { tally: { reminded: 0, emailed: 0 }, set: { nextDate: null } };
      // Days missed while no server ran make one reminder, on the last of them.
      const day = days.at(-1)!;
      // Nothing owed on balance (the user owes the person as much or more): nothing to remind
      // about this week, as the person's page would say; the schedule goes on.
      const open = await openEntries(tx, lend.userId, lend.counterpartyId);
      if (open.theyOwePaise - open.iOwePaise <= 0n)
        return { tally: { reminded: 0, emailed: 0 }, set: { nextDate: addDays(day, 7) } };
      let emailed = false;
      const to = await reminderAddress(tx, lend);
      if (to) {
        try {
          await emailLendReminder(tx, mailer, limits, lend.userId, lend, to);
          emailed = true;
        } catch {
          // Past its limits or the mail server refused: the bell still tells the user.
        }
      }
      const reminderId = await recordReminder(tx, lend, 'scheduled', day);
      await tx.insert(notifications).values({
        userId: lend.userId,
        kind: 'lend_reminder',
        recordId: reminderId,
        details: {
          name: lend.name,
          counterpartyId: lend.counterpartyId,
          outstandingPaise: lend.amountPaise - lend.repaidPaise,
          repaymentDate: lend.repaymentDate,
          emailed,
        },
      });
      return {
        tally: { reminded: 1, emailed: emailed ? 1 : 0 },
        set: { nextDate: addDays(day, 7) },
      };
    },
    actAs: async (tx, t) => {
      await tx.execute(
        sql`select set_config('app.actor', ${t.userId}, true), set_config('app.tenant', '', true), set_config('app.session', '', true)`,
      );
    },
    show: async (_db, rows) => rows,
    failedMessage: 'lend reminder failed',
  };
}

/** The scheduled reminders due up to `today`: run every few minutes with the recurring jobs. */
export function runDueLendReminders(
  db: Db,
  mailer: Mailer,
  limits: Limits,
  today: string,
  options: DueRunOptions = {},
) {
  return runDueTemplates(db, reminderKind(mailer, limits), today, options);
}
