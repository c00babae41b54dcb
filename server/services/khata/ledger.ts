import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { paiseToRupees } from '../../../contract/rules';
import type { KhataEventKind, ReminderChannel } from '../../../contract/api/khata';

/**
 * The ledger between the user and one person: every lend, borrowing, repayment (a settlement
 * when Settle up recorded it) and reminder, in date order, with the running balance (positive:
 * they owe the user). A lend adds, a borrowing subtracts, a repayment moves it back, a
 * reminder changes nothing. `userId` and `personId` together scope every part.
 */
export async function ledgerEvents(
  db: DbOrTx,
  userId: string,
  personId: string,
  { reminders, latest }: { reminders: boolean; latest?: number },
) {
  const reminderRows = reminders
    ? sql`union all
      select k.id, k.date, k.created_at, 'reminder', k.loan_id, 0, k.amount_paise, '', k.channel
        from khata_reminders k
       where k.user_id = ${userId} and k.counterparty_id = ${personId}`
    : sql``;
  const result = await db.execute(sql`
    with events as (
      select l.id, l.issue_date as date, l.created_at, l.direction::text as kind, l.id as loan_id,
             case when l.direction = 'lend' then l.amount_paise else -l.amount_paise end as change,
             l.amount_paise as amount, l.note, null::text as channel
        from loans l
       where l.user_id = ${userId} and l.counterparty_id = ${personId}
      union all
      select r.id, r.date, r.created_at,
             case when r.settlement then 'settlement_' else 'repayment_' end || l.direction::text,
             l.id,
             case when l.direction = 'lend' then -r.amount_paise else r.amount_paise end,
             r.amount_paise, r.remark, null
        from repayments r join loans l on l.id = r.loan_id
       where l.user_id = ${userId} and l.counterparty_id = ${personId}
      ${reminderRows}
    )
    , running as (
      select id, date, created_at, kind, loan_id, amount, change, note, channel,
             sum(change) over (order by date, created_at, id rows unbounded preceding) as balance,
             count(*) over () as total
        from events
    )
    -- The latest entries only, when bounded: their balances still run over every one.
    select * from (
      select id, date::text as date, created_at, kind, loan_id, amount, change, note, channel,
             balance, total
        from running
       order by running.date desc, created_at desc, id desc
       limit ${latest ?? null}
    ) shown
    order by date, created_at, id`);
  type Row = {
    id: string;
    date: string;
    kind: KhataEventKind;
    loan_id: string | null;
    amount: string;
    change: string;
    note: string;
    channel: ReminderChannel | null;
    balance: string;
    total: string;
  };
  const rows = rowsOf<Row>(result);
  return {
    /** How many entries there are in all (more than those answered when bounded). */
    total: Number(rows[0]?.total ?? 0),
    events: rows.map((r) => ({
      id: r.id,
      date: r.date,
      kind: r.kind,
      loanId: r.loan_id,
      amountPaise: BigInt(r.amount),
      changePaise: BigInt(r.change),
      balancePaise: BigInt(r.balance),
      note: r.note,
      channel: r.channel,
    })),
  };
}

export type LedgerEvent = Awaited<ReturnType<typeof ledgerEvents>>['events'][number];

/** The most entries a person's page and a shared page show (the PDF has every one). */
export const LATEST_SHOWN = 500;

/** An event as the API answers it: rupees. */
export const eventToApi = (e: LedgerEvent) => ({
  _id: e.id,
  date: e.date,
  kind: e.kind,
  loanId: e.loanId,
  amount: paiseToRupees(e.amountPaise),
  change: paiseToRupees(e.changePaise),
  balance: paiseToRupees(e.balancePaise),
  note: e.note,
  channel: e.channel,
});

/** What each side owes (paise, summed in SQL) and the lends still open, oldest due first. */
export async function openEntries(db: DbOrTx, userId: string, personId: string) {
  const result = await db.execute(sql`
    select id, direction::text as direction, amount_paise - repaid_paise as outstanding,
           issue_date::text as issue_date, repayment_date::text as repayment_date, auto_remind
      from loans
     where user_id = ${userId} and counterparty_id = ${personId} and amount_paise > repaid_paise
     order by repayment_date, issue_date, created_at, id`);
  type Row = {
    id: string;
    direction: 'lend' | 'borrowed';
    outstanding: string;
    issue_date: string;
    repayment_date: string;
    auto_remind: boolean;
  };
  const rows = rowsOf<Row>(result);
  const sum = (d: Row['direction']) =>
    rows.filter((r) => r.direction === d).reduce((a, r) => a + BigInt(r.outstanding), 0n);
  const theyOwe = sum('lend');
  const iOwe = sum('borrowed');
  return {
    theyOwePaise: theyOwe,
    iOwePaise: iOwe,
    theyOwe: paiseToRupees(theyOwe),
    iOwe: paiseToRupees(iOwe),
    net: paiseToRupees(theyOwe - iOwe),
    openLends: rows
      .filter((r) => r.direction === 'lend')
      .map((r) => ({
        _id: r.id,
        outstanding: paiseToRupees(r.outstanding),
        issueDate: r.issue_date,
        repaymentDate: r.repayment_date,
        autoRemind: r.auto_remind,
      })),
  };
}
