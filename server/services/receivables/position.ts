import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/rules';
import { rowsOf, type DbOrTx } from '../../db/client';
import { prepared, preparedShapes, rawQuery } from '../../db/prepared';
import type { Caller } from '../../lib/caller';

/*
 * The company's position for the dashboard: cash in each bank account, what clients owe and
 * how much of it is overdue, this month's invoicing and receipts, and the latest invoices.
 * Every figure is summed in SQL from kept totals (balances, what clients owe per client and
 * per due date) or this month's rows, by statements prepared once per role (a company's own,
 * an admin's companies).
 */

const me = sql.placeholder('me');
const today = sql.placeholder('today');

type Role = 'admin' | 'company';
/** The companies in scope of a table's company_id (alias `t`). */
const scope = (role: Role, column: string): SQL =>
  role === 'company'
    ? sql`${sql.raw(column)} = ${me}`
    : sql`${sql.raw(column)} in (select id from users where created_by = ${me} and role = 'company')`;

/**
 * A company's own accounts and their sum. An admin's dashboard lists none: its companies'
 * accounts are read company by company on the Bank screens, not all at once here.
 */
const accountsQuery = prepared((db) =>
  rawQuery(
    db,
    sql`select id, holder_name, account_no, balance_paise, closed_at is not null as closed,
                 sum(balance_paise) over () as cash
            from bank_accounts where company_id = ${me}
           order by closed_at is not null, holder_name, account_no, id`,
  ),
);

/**
 * What clients owe (client_receivables) and how much of it is overdue (receivable_dues), both
 * kept by triggers on invoices; this month's invoicing from the month's invoices alone.
 */
const figuresQuery = preparedShapes(
  (role: Role) => role,
  (db, role) =>
    rawQuery(
      db,
      sql`select
          (select coalesce(sum(t.total_paise - t.received_paise - t.tds_paise - t.credited_paise), 0)
             from client_receivables t where ${scope(role, 't.company_id')}) as receivable,
          (select coalesce(sum(d.pending_paise), 0) from receivable_dues d
            where ${scope(role, 'd.company_id')} and d.due_date < ${today}::date) as overdue,
          (select coalesce(sum(i.total_paise), 0) from invoices i
            where ${scope(role, 'i.company_id')} and i.kind = 'invoice'
              and i.status in ('issued', 'part_paid', 'paid')
              and i.issue_date >= date_trunc('month', ${today}::date)::date
              and i.issue_date <= ${today}::date) as invoiced_month,
          (select coalesce(sum(r.amount_paise), 0) from receipts r
            where ${scope(role, 'r.company_id')} and not r.reversed
              and r.date >= date_trunc('month', ${today}::date)::date
              and r.date <= ${today}::date) as received_month`,
    ),
);

/**
 * The latest five issued invoices (invoices_company_issued_at_idx). An admin's are the latest
 * five of each of its companies, then the five latest of those: a scope of many companies
 * cannot walk one index in order, and sorting every invoice they ever issued cost
 * milliseconds a dashboard.
 */
const latestOf = (company: SQLWrapper) =>
  sql`select i.id, i.number, i.client_id, i.issue_date, i.status, i.issued_at,
             i.total_paise, i.received_paise, i.tds_paise, i.credited_paise
        from invoices i
       where i.company_id = ${company} and i.kind = 'invoice' and i.status <> 'draft'
       order by i.issued_at desc nulls last, i.id desc nulls last limit 5`;

const recentInvoicesQuery = preparedShapes(
  (role: Role) => role,
  (db, role) =>
    rawQuery(
      db,
      sql`select i.id, i.number, c.name as client, i.issue_date::text as date, i.status,
              i.total_paise, i.total_paise - i.received_paise - i.tds_paise - i.credited_paise as pending
            from ${
              role === 'company'
                ? sql`(${latestOf(me)}) i`
                : sql`users co cross join lateral (${latestOf(sql`co.id`)}) i`
            }
            join clients c on c.id = i.client_id
           ${role === 'company' ? sql`` : sql`where co.created_by = ${me} and co.role = 'company'`}
           order by i.issued_at desc nulls last, i.id desc nulls last limit 5`,
    ),
);

/** A company's (an admin's companies') position; none for a PM. */
export async function companyPosition(db: DbOrTx, caller: Caller, day: string) {
  if (caller.role !== 'company' && caller.role !== 'admin') return undefined;
  const role = caller.role;
  const values = { me: caller.userId, today: day };
  const [accounts, figures, recent] = await Promise.all([
    role === 'company' ? accountsQuery(db).execute(values) : { rows: [] },
    figuresQuery(db, role).execute(values),
    recentInvoicesQuery(db, role).execute(values),
  ]);
  const f = rowsOf<Record<string, string>>(figures)[0]!;
  const accountRows = rowsOf<{
    id: string;
    holder_name: string;
    account_no: string;
    balance_paise: string;
    closed: boolean;
    cash: string;
  }>(accounts);
  return {
    cash: role === 'company' ? paiseToRupees(accountRows[0]?.cash ?? 0) : null,
    accounts: accountRows.map((a) => ({
      _id: a.id,
      holder_name: a.holder_name,
      account_no: a.account_no,
      balance: paiseToRupees(a.balance_paise),
      closed: a.closed,
    })),
    receivable: paiseToRupees(f.receivable),
    overdue: paiseToRupees(f.overdue),
    invoicedThisMonth: paiseToRupees(f.invoiced_month),
    receivedThisMonth: paiseToRupees(f.received_month),
    recentInvoices: rowsOf<{
      id: string;
      number: string;
      client: string;
      date: string;
      status: string;
      total_paise: string;
      pending: string;
    }>(recent).map((r) => ({
      _id: r.id,
      number: r.number,
      clientName: r.client,
      date: r.date,
      status: r.status,
      total: paiseToRupees(r.total_paise),
      pending: paiseToRupees(r.status === 'cancelled' ? 0 : r.pending),
    })),
  };
}
