import { sql } from 'drizzle-orm';
import type { LoanDirection } from '../../contract/enums';
import { rowsOf, type DbOrTx } from '../db/client';
import { mapped, prepared, rawQuery } from '../db/prepared';
import type { Caller } from '../lib/caller';
import { paiseToRupees } from '../../contract/rules';
import { monthsStatement, recentStatement, totalsStatement } from './dashboardStatements';
import { categoryReport } from './expenses';
import { turnover } from './projects';
import { companyPosition } from './receivables/position';

const me = sql.placeholder('me');
const today = sql.placeholder('today');

/**
 * Counts and sums of the caller's expenses, lends and borrowed; below, the latest entries and
 * the 12 months' expenses (their statements are in dashboardStatements.ts, which the bench's
 * baseline sends too). The dashboard's statements are read as arrays and mapped by hand (see
 * db/prepared.ts): every sign-in opens it.
 */
const totalsQuery = mapped(
  (db) => rawQuery(db, totalsStatement(sql, me, today)),
  (r) => ({
    expenseCount: Number(r[0]),
    expensePaise: r[1] as string,
    lendCount: Number(r[2]),
    lendPaise: r[3] as string,
    lendRepaid: r[4] as string,
    borrowedCount: Number(r[5]),
    borrowedPaise: r[6] as string,
    borrowedRepaid: r[7] as string,
    overdueLends: Number(r[8]),
    overdueBorroweds: Number(r[9]),
  }),
);

const recentQuery = mapped(
  (db) => rawQuery(db, recentStatement(sql, me)),
  (r) => ({
    kind: r[0] as 'expense' | LoanDirection,
    _id: r[1] as string,
    label: r[2] as string,
    amount: paiseToRupees(r[3] as string),
    date: r[4] as string,
  }),
);

const monthsQuery = mapped(
  (db) => rawQuery(db, monthsStatement(sql, me, today)),
  (r) => ({
    month: r[0] as string,
    category: r[1] as string,
    amount: paiseToRupees(r[2] as string),
  }),
);

const from = sql.placeholder('from');
const to = sql.placeholder('to');

/**
 * A range's figures: its expenses (expenses_user_date_idx, read alone) and the loans issued
 * in it (loans_user_direction_issue_idx).
 */
const periodQuery = prepared((db) =>
  rawQuery(
    db,
    sql`
      select
        (select count(*)::int from expenses
          where user_id = ${me} and date >= ${from}::date and date <= ${to}::date) as expense_count,
        (select coalesce(sum(amount_paise), 0) from expenses
          where user_id = ${me} and date >= ${from}::date and date <= ${to}::date) as expense_paise,
        count(*) filter (where direction = 'lend')::int as lend_count,
        coalesce(sum(amount_paise) filter (where direction = 'lend'), 0) as lend_paise,
        count(*) filter (where direction = 'borrowed')::int as borrowed_count,
        coalesce(sum(amount_paise) filter (where direction = 'borrowed'), 0) as borrowed_paise
      from loans
     where user_id = ${me} and direction in ('lend', 'borrowed')
       and issue_date >= ${from}::date and issue_date <= ${to}::date`,
  ),
);

/** A range's figures, and its spending by category (as the category report sums it). */
async function periodFigures(db: DbOrTx, caller: Caller, range: { from: string; to: string }) {
  const [rows, report] = await Promise.all([
    periodQuery(db).execute({ me: caller.userId, ...range }),
    categoryReport(db, caller, range),
  ]);
  const t = rowsOf<Record<string, string | number>>(rows)[0] ?? {};
  const figure = (count: string, paise: string) => ({
    count: Number(t[count] ?? 0),
    totalAmount: paiseToRupees(t[paise] ?? 0),
  });
  return {
    ...range,
    expenses: figure('expense_count', 'expense_paise'),
    lend: figure('lend_count', 'lend_paise'),
    borrowed: figure('borrowed_count', 'borrowed_paise'),
    byCategory: report.data.map((c) => ({ category: c.category, amount: c.amount })),
  };
}

/**
 * Every figure on the dashboard, counted and summed in SQL: counts and totals, the latest
 * entries, how much lent money came back, and expenses by category for 12 months. Expense
 * figures come from expense_months (kept by triggers), not from years of rows. `today` is
 * the caller's calendar day: what is overdue, and the 12 months ending with its month.
 */
export async function dashboardFigures(
  db: DbOrTx,
  caller: Caller,
  today: string,
  range?: { from: string; to: string },
) {
  const values = { me: caller.userId, today };
  const [totals, recent, months, projectTurnover, position, period] = await Promise.all([
    totalsQuery(db).execute(values),
    recentQuery(db).execute(values),
    monthsQuery(db).execute(values),
    turnover(db, caller),
    companyPosition(db, caller, today),
    range ? periodFigures(db, caller, range) : undefined,
  ]);
  const t = totals[0];
  const paise = (sum: string | undefined) => BigInt(sum ?? 0);
  const lent = Number(t?.lendPaise ?? 0);
  /** Share of lent money that has come back, in percent with 2 decimals; null when nothing was lent. */
  const lentRepaidPercent =
    // A share, not money: a float is right here.
    // eslint-disable-next-line no-restricted-syntax
    lent === 0 ? null : Math.round((Number(t?.lendRepaid ?? 0) * 10000) / lent) / 100;
  return {
    expenses: {
      count: t?.expenseCount ?? 0,
      totalAmount: paiseToRupees(Number(t?.expensePaise ?? 0)),
    },
    lend: {
      count: t?.lendCount ?? 0,
      totalAmount: paiseToRupees(lent),
      outstandingAmount: paiseToRupees(paise(t?.lendPaise) - paise(t?.lendRepaid)),
      overdueCount: t?.overdueLends ?? 0,
    },
    borrowed: {
      count: t?.borrowedCount ?? 0,
      totalAmount: paiseToRupees(Number(t?.borrowedPaise ?? 0)),
      outstandingAmount: paiseToRupees(paise(t?.borrowedPaise) - paise(t?.borrowedRepaid)),
      overdueCount: t?.overdueBorroweds ?? 0,
    },
    totalTurnoverLength: projectTurnover.count,
    totalTurnoverAmount: projectTurnover.totalAmount,
    lentRepaidPercent,
    recent,
    expensesByMonth: months,
    position,
    ...(period ? { period } : {}),
  };
}
