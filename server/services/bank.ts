import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AccountDefaultStatus, PaymentType } from '../../contract/enums';
import type { BankSort } from '../../contract/api/bank';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { accountDays, bankAccounts, payments } from '../db/schema';
import type { Caller } from '../lib/caller';
import { nameActor, withAudit } from './audit';
import { badRequest, conflict, notFound } from '../lib/errors';
import { paiseToRupees } from '../../contract/rules';
import { toIso } from '../lib/dates';
import { likePattern } from '../lib/schemas';
import { perKeyLimit } from '../lib/perKeyLimit';
import { assertCompany, assertRole, companyScope } from './tenancy';

export interface BankQuery {
  search?: string;
  companyId?: string;
  page: number;
  pageSize: number;
  sort: BankSort;
  order: 'asc' | 'desc';
}
export interface BankInput {
  holderName: string;
  accountNo: string;
  branch: string;
  ifsc: string;
  mobile: string;
  address: string;
  defaultStatus: AccountDefaultStatus;
}

const sortColumns = {
  createdAt: bankAccounts.createdAt,
  holder_name: bankAccounts.holderName,
  account_no: bankAccounts.accountNo,
  branch: bankAccounts.branch,
  balance: bankAccounts.balancePaise,
};

type AccountRow = typeof bankAccounts.$inferSelect;
const accountToApi = (a: AccountRow) => ({
  _id: a.id,
  createdAt: toIso(a.createdAt),
  holder_name: a.holderName,
  account_no: a.accountNo,
  branch: a.branch,
  ifsc: a.ifsc,
  mobile: a.mobile,
  address: a.address,
  defaultStatus: a.defaultStatus,
  openingBalance: paiseToRupees(a.openingBalancePaise),
  balance: paiseToRupees(a.balancePaise),
});

/** Bank accounts are read by their company and its admin only. */
function scoped(caller: Caller, companyId?: string, extra?: SQL) {
  assertRole(caller, 'admin', 'company');
  return and(companyScope(bankAccounts.companyId, caller, companyId), extra);
}

export async function listAccounts(db: DbOrTx, caller: Caller, q: BankQuery) {
  const where = scoped(
    caller,
    q.companyId,
    q.search
      ? or(
          ilike(bankAccounts.holderName, likePattern(q.search)),
          ilike(bankAccounts.accountNo, likePattern(q.search)),
          ilike(bankAccounts.branch, likePattern(q.search)),
          ilike(bankAccounts.ifsc, likePattern(q.search)),
        )
      : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const [rows, [summary]] = await Promise.all([
    db
      .select()
      .from(bankAccounts)
      .where(where)
      .orderBy(dir(sortColumns[q.sort]), dir(bankAccounts.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        balance: sql<string>`coalesce(sum(${bankAccounts.balancePaise}), 0)`,
      })
      .from(bankAccounts)
      .where(where),
  ]);
  return {
    data: rows.map(accountToApi),
    total: summary?.total ?? 0,
    totalAmount: paiseToRupees(summary?.balance),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The caller's (or its admin's) account row, as stored; anyone else's is not found. */
async function findAccount(db: DbOrTx, caller: Caller, id: string) {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(scoped(caller, undefined, eq(bankAccounts.id, id)));
  if (!row) throw notFound('Bank account');
  return row;
}

/** Making one account the default makes the company's others deActive, in one transaction. */
async function clearOtherDefaults(tx: DbOrTx, companyId: string, keepId?: string) {
  await tx
    .update(bankAccounts)
    .set({ defaultStatus: 'deActive', updatedAt: sql`now()` })
    .where(
      and(
        eq(bankAccounts.companyId, companyId),
        eq(bankAccounts.defaultStatus, 'active'),
        keepId ? ne(bankAccounts.id, keepId) : undefined,
      ),
    );
}

export async function createAccount(
  db: DbOrTx,
  caller: Caller,
  input: BankInput & { openingBalancePaise: number },
) {
  assertCompany(caller);
  return withAudit(db, caller, async (tx) => {
    if (input.defaultStatus === 'active') await clearOtherDefaults(tx, caller.userId);
    const [row] = await tx
      .insert(bankAccounts)
      .values({ ...input, companyId: caller.userId, balancePaise: input.openingBalancePaise })
      .returning();
    return accountToApi(row!);
  });
}

export async function updateAccount(db: DbOrTx, caller: Caller, id: string, input: BankInput) {
  assertCompany(caller);
  return withAudit(db, caller, async (tx) => {
    if (input.defaultStatus === 'active') await clearOtherDefaults(tx, caller.userId, id);
    const [row] = await tx
      .update(bankAccounts)
      .set({ ...input, updatedAt: sql`now()` })
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.companyId, caller.userId)))
      .returning();
    if (!row) throw notFound('Bank account');
    return accountToApi(row);
  });
}

export async function deleteAccount(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  await withAudit(db, caller, async (tx) => {
    const [account] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.companyId, caller.userId)))
      .for('update');
    if (!account) throw notFound('Bank account');
    const [used] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.accountId, id))
      .limit(1);
    if (used)
      throw conflict(
        'This account has payments, so it cannot be deleted. Set it deActive instead.',
      );
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
  });
}

type PaymentRow = typeof payments.$inferSelect;
const paymentToApi = (p: PaymentRow) => ({
  _id: p.id,
  accountId: p.accountId,
  date: p.date,
  remark: p.remark,
  paymentType: p.type,
  amount: paiseToRupees(p.amountPaise),
  balanceAfter: paiseToRupees(p.balanceAfterPaise),
  createdAt: toIso(p.createdAt),
});

/**
 * Records a credit or debit. The balance moves in one conditional UPDATE (no read-then-write),
 * so concurrent payments on any number of app servers never lose an update, and a debit
 * larger than the balance matches no row and is refused.
 *
 * How long the account's row stays locked is what limits payments per second on a busy
 * account, so the whole write is one statement in its own transaction: naming the actor for
 * the audit triggers, the UPDATE and the INSERT. The lock is then held inside the database
 * only, never across a round trip to a busy app server waiting to send COMMIT.
 */
/**
 * Payments to one account take turns on its row lock in the database. Letting every one of
 * them wait there would hold a pooled connection each (16 at once on one account held all
 * 10) and make PostgreSQL wake one of many waiters per commit; two per account keep the
 * next one ready while the others queue here.
 */
const paymentsPerAccount = perKeyLimit(2);

export async function recordPayment(
  db: Db, // not a transaction: the payment is its own
  caller: Caller,
  input: {
    accountId: string;
    date: string;
    remark: string;
    paymentType: PaymentType;
    amountPaise: number;
  },
) {
  assertCompany(caller);
  const delta = input.paymentType === 'credit' ? input.amountPaise : -input.amountPaise;
  const [row] = rowsOf<{
    id: string;
    date: string;
    remark: string;
    type: PaymentType;
    amount_paise: string;
    balance_after_paise: string;
    created_at: Date | string;
  }>(
    await paymentsPerAccount(input.accountId, () =>
      db.execute(sql`
        with actor as materialized (select ${nameActor(caller)}),
        moved as (
          update bank_accounts
             set balance_paise = balance_paise + ${delta}, updated_at = now()
           where id = ${input.accountId} and company_id = ${caller.userId}
             and balance_paise + ${delta} >= 0
             and exists (select from actor) -- evaluated once, before any row changes
          returning balance_paise)
        insert into payments (account_id, company_id, date, remark, type, amount_paise,
                              balance_after_paise)
        select ${input.accountId}::uuid, ${caller.userId}::uuid, ${input.date}::date,
               ${input.remark}, ${input.paymentType}::payment_type, ${input.amountPaise}::bigint,
               balance_paise
          from moved
        returning id, date::text as date, remark, type, amount_paise, balance_after_paise,
                  created_at`),
    ),
  );
  if (!row) {
    await findAccount(db, caller, input.accountId); // 404 when it is not the caller's
    throw badRequest('Insufficient balance');
  }
  const payment = paymentToApi({
    id: row.id,
    accountId: input.accountId,
    companyId: caller.userId,
    date: row.date,
    remark: row.remark,
    type: row.type,
    amountPaise: Number(row.amount_paise),
    balanceAfterPaise: Number(row.balance_after_paise),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  });
  return { payment, balance: payment.balanceAfter };
}

export async function listPayments(
  db: DbOrTx,
  caller: Caller,
  q: { accountId: string; page: number; pageSize: number },
) {
  // The account (404 when it is not the caller's) with its count from the per-day totals,
  // not from every payment of the account, in one query.
  const [account] = await db
    .select({
      total: sql<number>`(select coalesce(sum(${accountDays.entries}), 0)::int from ${accountDays}
                           where ${accountDays.accountId} = ${bankAccounts.id})`,
    })
    .from(bankAccounts)
    .where(scoped(caller, undefined, eq(bankAccounts.id, q.accountId)));
  if (!account) throw notFound('Bank account');
  const order = [desc(payments.date), desc(payments.createdAt), desc(payments.id)];
  // The page's ids first, from the index alone, then only those rows: a deep page skips
  // index entries instead of fetching thousands of rows it then throws away.
  const pageIds = db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.accountId, q.accountId))
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.id, pageIds))
    .orderBy(...order);
  return {
    data: rows.map(paymentToApi),
    total: account.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export interface StatementQuery {
  accountId: string;
  from: string;
  to: string;
}

/**
 * A statement for [from, to]: the opening balance on `from` (opening balance plus every
 * payment dated before it), the range's credits, debits and number of entries, the closing
 * balance (always opening + credits - debits), and the entries from `offset` on (at most
 * `limit`; every one when `limit` is null) in date order, each with its running balance.
 *
 * One SQL statement, so the figures and the entries are read from the same snapshot and
 * always agree. The figures sum account_days (one row per day with payments, kept by
 * triggers), not every payment of the account's history. The page's running balance is a
 * window sum over the range in date order along payments_account_date_idx, so the rows
 * before the page are read and summed too (O(offset)), which keeps the balance of a page's
 * first entry exact.
 */
async function readStatement(
  db: DbOrTx,
  caller: Caller,
  q: StatementQuery,
  slice: { limit: number | null; offset: number },
) {
  if (q.from > q.to) throw badRequest('End date must be on or after the start date');
  const account = await findAccount(db, caller, q.accountId);
  const signed = sql`case when type = 'credit' then amount_paise else -amount_paise end`;
  const result = await db.execute(sql`
    with summary as (
      select coalesce(sum(credits_paise - debits_paise) filter (where date < ${q.from}), 0) as before,
             coalesce(sum(credits_paise) filter (where date >= ${q.from}), 0) as credits,
             coalesce(sum(debits_paise) filter (where date >= ${q.from}), 0) as debits,
             coalesce(sum(entries) filter (where date >= ${q.from}), 0)::int as total
        from account_days
       where account_id = ${q.accountId} and date <= ${q.to}
    ), entries as (
      select id, date, remark, type, amount_paise, created_at,
             sum(${signed}) over w as running,
             row_number() over w as n
        from payments
       where account_id = ${q.accountId} and date between ${q.from} and ${q.to}
      window w as (order by date, created_at, id rows unbounded preceding)
       order by date, created_at, id
       limit ${slice.limit} offset ${slice.offset}
    )
    select s.before, s.credits, s.debits, s.total,
           e.id, e.date::text as date, e.remark, e.type::text as type, e.amount_paise, e.running
      from summary s left join entries e on true
     order by e.n`);
  type Row = {
    before: string;
    credits: string;
    debits: string;
    total: number;
    // null on the single row of a page past the end (or of a range without payments)
    id: string | null;
    date: string;
    remark: string;
    type: PaymentType;
    amount_paise: string;
    running: string;
  };
  const rows = rowsOf<Row>(result);
  const summary = rows[0]!;
  const openingPaise = account.openingBalancePaise + Number(summary.before);
  const credits = Number(summary.credits);
  const debits = Number(summary.debits);
  return {
    account: accountToApi(account),
    from: q.from,
    to: q.to,
    openingBalance: paiseToRupees(openingPaise),
    totalCredits: paiseToRupees(credits),
    totalDebits: paiseToRupees(debits),
    closingBalance: paiseToRupees(openingPaise + credits - debits),
    total: Number(summary.total),
    entries: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        _id: r.id!,
        date: r.date,
        remark: r.remark,
        paymentType: r.type,
        amount: paiseToRupees(r.amount_paise),
        balance: paiseToRupees(openingPaise + Number(r.running)),
      })),
  };
}

/** One page of a statement's entries, with the whole range's figures and entry count. */
export async function statement(
  db: DbOrTx,
  caller: Caller,
  q: StatementQuery & { page: number; pageSize: number },
) {
  const s = await readStatement(db, caller, q, {
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { ...s, page: q.page, pageSize: q.pageSize };
}

/** The whole statement, every entry of the range (the CSV export). */
export const fullStatement = (db: DbOrTx, caller: Caller, q: StatementQuery) =>
  readStatement(db, caller, q, { limit: null, offset: 0 });
