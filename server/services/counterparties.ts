import { containsAnyCase } from '../db/search';
import { sql } from 'drizzle-orm';
import type { LoanDirection } from '../../contract/enums';
import { rowsOf, type DbOrTx } from '../db/client';
import { pageAnswer, pageWindow, type PageRequest } from '../db/paging';
import type { Caller } from '../lib/caller';
import { notFound } from '../lib/errors';
import { paiseToRupees } from '../../contract/rules';

/**
 * A search as a number is typed ('98765 43210', '+91-98765'), to find in the kept '+91…':
 * without spaces, dashes and brackets; none when it has no digit (it is a name then).
 */
function mobileTerm(search: string): string | null {
  const term = search.replace(/[\s()-]/g, '');
  return /\d/.test(term) ? term : null;
}

/**
 * Everyone the user keeps in the books (the khata's people, with or without entries): what
 * they owe the user, what the user owes them, and the net (positive: they owe).
 */
export async function listCounterparties(
  db: DbOrTx,
  caller: Caller,
  q: PageRequest & { search?: string },
) {
  const mobile = q.search ? mobileTerm(q.search) : null;
  const search = q.search
    ? sql`and (${containsAnyCase(sql`c.name_lower`, q.search)} or ${containsAnyCase(sql`c.email_lower`, q.search)}${mobile ? sql` or ${containsAnyCase(sql`c.mobile`, mobile)}` : sql``})`
    : sql``;
  const grouped = sql`
    select c.id, c.name, c.email, c.mobile,
           coalesce(sum(l.amount_paise - l.repaid_paise) filter (where l.direction = 'lend'), 0) as they_owe,
           coalesce(sum(l.amount_paise - l.repaid_paise) filter (where l.direction = 'borrowed'), 0) as i_owe
      from counterparties c
      left join loans l on l.counterparty_id = c.id
     where c.user_id = ${caller.userId} ${search}
     group by c.id`;
  const { limit, offset } = pageWindow(q);
  const [rows, counts] = await Promise.all([
    db.execute(
      sql`select * from (${grouped}) g order by lower(name), id limit ${limit} offset ${offset}`,
    ),
    db.execute(
      sql`select count(*)::int as total, coalesce(sum(they_owe), 0) as they_owe, coalesce(sum(i_owe), 0) as i_owe from (${grouped}) g`,
    ),
  ]);
  type Row = {
    id: string;
    name: string;
    email: string | null;
    mobile: string | null;
    they_owe: string;
    i_owe: string;
  };
  const summary = rowsOf<{ total: number; they_owe: string; i_owe: string }>(counts)[0];
  const data = rowsOf<Row>(rows).map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email ?? '',
    mobile: r.mobile,
    theyOwe: paiseToRupees(r.they_owe),
    iOwe: paiseToRupees(r.i_owe),
    net: paiseToRupees(BigInt(r.they_owe) - BigInt(r.i_owe)),
  }));
  return pageAnswer(q, data, summary?.total, {
    theyOweAmount: paiseToRupees(summary?.they_owe),
    iOweAmount: paiseToRupees(summary?.i_owe),
    netAmount: paiseToRupees(BigInt(summary?.they_owe ?? 0) - BigInt(summary?.i_owe ?? 0)),
  });
}

/**
 * One person's history in date order with a running balance (positive: they owe the user):
 * a lend adds, a borrowing subtracts, and repayments move it back.
 */
export async function counterpartyHistory(db: DbOrTx, caller: Caller, email: string) {
  const key = email.toLowerCase();
  const result = await db.execute(sql`
    with events as (
      select l.issue_date as date, l.created_at, l.direction::text as kind, l.id as loan_id,
             case when l.direction = 'lend' then l.amount_paise else -l.amount_paise end as change,
             l.amount_paise as amount, l.name, '' as remark
        from loans l
       where l.user_id = ${caller.userId} and lower(l.email) = ${key}
      union all
      select r.date, r.created_at, 'repayment_' || l.direction::text, l.id,
             case when l.direction = 'lend' then -r.amount_paise else r.amount_paise end,
             r.amount_paise, l.name, r.remark
        from repayments r join loans l on l.id = r.loan_id
       where l.user_id = ${caller.userId} and lower(l.email) = ${key}
    )
    select date::text as date, kind, loan_id, amount, change, name, remark,
           sum(change) over (order by date, created_at, kind rows unbounded preceding) as balance
      from events
     order by date, created_at, kind`);
  type Row = {
    date: string;
    kind: string;
    loan_id: string;
    amount: string;
    change: string;
    name: string;
    remark: string;
    balance: string;
  };
  const rows = rowsOf<Row>(result);
  if (rows.length === 0) throw notFound('Person');
  const last = rows[rows.length - 1]!;
  return {
    name: last.name,
    email,
    balance: paiseToRupees(last.balance),
    events: rows.map((r) => ({
      date: r.date,
      kind: r.kind as LoanDirection | `repayment_${LoanDirection}`,
      loanId: r.loan_id,
      amount: paiseToRupees(r.amount),
      change: paiseToRupees(r.change),
      balance: paiseToRupees(r.balance),
      remark: r.remark,
    })),
  };
}
