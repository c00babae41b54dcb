import { containsAnyCase } from '../db/search';
import { accountNoFor } from '../lib/accountNumber';
import { and, asc, eq, gte, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AccountDefaultStatus, PaymentType } from '../../contract/enums';
import type { AccountState, BankSort } from '../../contract/api/bank';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { keysetBatches } from '../db/keyset';
import {
  pageAnswer,
  pageCursors,
  paged,
  pageWindow,
  positionChecks,
  requestedPosition,
  rowCount,
  sortOrder,
  type KeysetRequest,
  type PageRequest,
} from '../db/paging';
import { accountDays, bankAccounts, payments, projects, receipts } from '../db/schema';
import type { Caller } from '../lib/caller';
import { nameActor, tenantOf, withAudit } from './audit';
import { badRequest, conflict, notFound } from '../lib/errors';
import { paiseToRupees } from '../../contract/rules';
import { toIso } from '../lib/dates';
import { formatDmy } from '../lib/format';
import { perKeyLimit } from '../lib/perKeyLimit';
import { assertCompany, assertRole, companyScope } from './tenancy';
import { atVersion, nextVersion, whyNotUpdated } from './versions';
import {
  detailColumns,
  detailsJson,
  detailsToApi,
  entryCondition,
  isFiltered,
  projectJoin,
  type DetailRow,
  type EntryDetails,
  type EntryFilter,
} from './bank/details';

export interface BankQuery {
  search?: string;
  companyId?: string;
  accountId?: string;
  excludeId?: string;
  defaultStatus?: AccountDefaultStatus;
  state?: AccountState;
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
  bankName?: string;
  overdraftLimitPaise?: number;
}

const sortColumns = {
  createdAt: bankAccounts.createdAt,
  holder_name: bankAccounts.holderName,
  account_no: bankAccounts.accountNo,
  branch: bankAccounts.branch,
  balance: bankAccounts.balancePaise,
};

type AccountRow = typeof bankAccounts.$inferSelect;
const accountToApi = (a: AccountRow, caller: Caller) => ({
  _id: a.id,
  createdAt: toIso(a.createdAt),
  holder_name: a.holderName,
  account_no: accountNoFor(caller, a.accountNo),
  branch: a.branch,
  ifsc: a.ifsc,
  mobile: a.mobile,
  address: a.address,
  bank_name: a.bankName,
  defaultStatus: a.defaultStatus,
  openingBalance: paiseToRupees(a.openingBalancePaise),
  balance: paiseToRupees(a.balancePaise),
  overdraftLimit: paiseToRupees(a.overdraftLimitPaise),
  version: a.version,
  closedAt: a.closedAt ? toIso(a.closedAt) : null,
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
    and(
      q.accountId ? eq(bankAccounts.id, q.accountId) : undefined,
      q.excludeId ? ne(bankAccounts.id, q.excludeId) : undefined,
      q.defaultStatus ? eq(bankAccounts.defaultStatus, q.defaultStatus) : undefined,
      q.state === 'open' ? isNull(bankAccounts.closedAt) : undefined,
      q.state === 'closed' ? isNotNull(bankAccounts.closedAt) : undefined,
      q.search
        ? or(
            containsAnyCase(bankAccounts.holderNameLower, q.search),
            // Digits only: no case to fold. Whoever reads only the last four finds by those.
            containsAnyCase(
              caller.role === 'company'
                ? bankAccounts.accountNo
                : sql`right(${bankAccounts.accountNo}, 4)`,
              q.search,
            ),
            containsAnyCase(bankAccounts.branchLower, q.search),
            containsAnyCase(bankAccounts.ifscLower, q.search),
            containsAnyCase(bankAccounts.bankNameLower, q.search),
          )
        : undefined,
    ),
  );
  const [rows, [summary]] = await Promise.all([
    paged(
      db
        .select({
          account: bankAccounts,
          hasPayments: sql<boolean>`exists (select 1 from payments p where p.account_id = bank_accounts.id)`,
        })
        .from(bankAccounts)
        .where(where)
        .$dynamic(),
      q,
      sortOrder(
        q,
        // Whoever reads the last four digits sorts by them, not by the number it cannot read.
        caller.role === 'company'
          ? sortColumns
          : { ...sortColumns, account_no: sql`right(${bankAccounts.accountNo}, 4)` },
        bankAccounts.id,
      ),
    ),
    db
      .select({
        total: rowCount(),
        balance: sql<string>`coalesce(sum(${bankAccounts.balancePaise}), 0)`,
      })
      .from(bankAccounts)
      .where(where),
  ]);
  const data = rows.map((r) => ({
    ...accountToApi(r.account, caller),
    hasPayments: r.hasPayments,
  }));
  return pageAnswer(q, data, summary?.total, {
    totalAmount: paiseToRupees(summary?.balance),
  });
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
    return accountToApi(row!, caller);
  });
}

/**
 * Changes the fields sent of an account at `version` (a default status left out stays). A
 * refusal rolls back the others' defaults too. A closed account is not made the default.
 */
export async function updateAccount(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  input: Partial<BankInput>,
) {
  assertCompany(caller);
  const mine = and(eq(bankAccounts.id, id), eq(bankAccounts.companyId, caller.userId));
  return withAudit(db, caller, async (tx) => {
    if (input.defaultStatus === 'active') {
      // Read at the version the update names: a close made since moved the version on, so
      // the update below then matches nothing (409) instead.
      const [current] = await tx
        .select({ version: bankAccounts.version, closedAt: bankAccounts.closedAt })
        .from(bankAccounts)
        .where(mine);
      if (current?.version === version && current.closedAt) {
        throw badRequest('This bank account is closed. Reopen it to make it the default account.', {
          code: 'account_closed',
          field: 'defaultStatus',
        });
      }
      await clearOtherDefaults(tx, caller.userId, id);
    }
    if (input.overdraftLimitPaise !== undefined)
      await assertLimitCovers(tx, mine, input.overdraftLimitPaise);
    const [row] = await tx
      .update(bankAccounts)
      .set({ ...input, version: nextVersion(bankAccounts), updatedAt: sql`now()` })
      .where(atVersion(bankAccounts, mine, version))
      .returning();
    if (!row) throw await whyNotUpdated(tx, bankAccounts, mine, 'Bank account');
    return accountToApi(row, caller);
  });
}

/**
 * Refuses a limit below what the account is drawn on any date. The account is locked first,
 * as ledger_post locks it, so no payment can take it lower between this check and the update.
 * The lowest running balance is the opening balance, or a day's start (every earlier day's
 * net) plus that day's low (account_days).
 */
async function assertLimitCovers(tx: DbOrTx, mine: SQL | undefined, limitPaise: number) {
  const [account] = await tx
    .select({ id: bankAccounts.id, opening: bankAccounts.openingBalancePaise })
    .from(bankAccounts)
    .where(mine)
    .for('update');
  // A missing account is the update's to refuse (404), as a stale version is (409).
  if (!account) return;
  const [lowest] = rowsOf<{ date: string; low: string }>(
    await tx.execute(sql`
      select date::text as date, low from (
        select date, ${account.opening}::bigint
                 + coalesce(sum(credits_paise - debits_paise) over (
                     order by date rows between unbounded preceding and 1 preceding), 0)
                 + low_paise as low
          from account_days where account_id = ${account.id}) s
       order by low, date limit 1`),
  );
  if (lowest && BigInt(lowest.low) < -BigInt(limitPaise)) {
    throw badRequest(
      `The account is drawn to ${paiseToRupees(-BigInt(lowest.low)).toFixed(2)} on ${formatDmy(lowest.date)}: the limit cannot be less than that`,
      { field: 'overdraftLimit' },
    );
  }
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
      throw conflict('This account has payments, so it cannot be deleted. Close it instead.', {
        code: 'in_use',
      });
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
  });
}

/**
 * Closes the account at `version`, or reopens it. A closed account keeps its payments,
 * statement and balance but takes no new entries (ledger_post refuses them), so it stops
 * being the default account; closing it again keeps the day it was first closed.
 */
export async function setAccountClosed(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  closed: boolean,
) {
  assertCompany(caller);
  const mine = and(eq(bankAccounts.id, id), eq(bankAccounts.companyId, caller.userId));
  return withAudit(db, caller, async (tx) => {
    const [row] = await tx
      .update(bankAccounts)
      .set({
        ...(closed
          ? { closedAt: sql`coalesce(${bankAccounts.closedAt}, now())`, defaultStatus: 'deActive' }
          : { closedAt: null }),
        version: nextVersion(bankAccounts),
        updatedAt: sql`now()`,
      })
      .where(atVersion(bankAccounts, mine, version))
      .returning();
    if (!row) throw await whyNotUpdated(tx, bankAccounts, mine, 'Bank account');
    return accountToApi(row, caller);
  });
}

/** An entry as the lists show it: its links, and the running balance right after it. */
interface EntryRow extends DetailRow {
  id: string;
  account_id: string;
  date: string;
  remark: string;
  type: PaymentType;
  amount_paise: string;
  created_at: Date | string;
  reverses_id: string | null;
  reversed_by_id: string | null;
  transfer_account_id: string | null;
  transfer_holder_name: string | null;
  transfer_account_no: string | null;
  balance_after_paise: string;
}

const entryToApi = (r: EntryRow, caller: Caller) => ({
  _id: r.id,
  accountId: r.account_id,
  date: r.date,
  remark: r.remark,
  paymentType: r.type,
  amount: paiseToRupees(r.amount_paise),
  balanceAfter: paiseToRupees(r.balance_after_paise),
  createdAt: toIso(r.created_at),
  reversesId: r.reverses_id,
  reversedById: r.reversed_by_id,
  transferAccount: r.transfer_account_id
    ? {
        _id: r.transfer_account_id,
        holder_name: r.transfer_holder_name ?? '',
        account_no: accountNoFor(caller, r.transfer_account_no ?? ''),
      }
    : null,
  ...detailsToApi(r),
});

/**
 * The entries `ids` of one account, each with its links and its running balance as the
 * statement has it (date order, then the order recorded): the opening balance, every
 * earlier day's net from account_days, then the day's entries up to it.
 */
async function readEntries(db: DbOrTx, caller: Caller, accountId: string, ids: SQL, order: SQL) {
  const signed = sql`case when q.type = 'credit' then q.amount_paise else -q.amount_paise end`;
  const result = await db.execute(sql`
    select p.id, p.account_id, p.date::text as date, p.remark, p.type::text as type,
           p.amount_paise, p.created_at, p.reverses_id,
           (select r.id from payments r where r.reverses_id = p.id) as reversed_by_id,
           t.account_id as transfer_account_id, ta.holder_name as transfer_holder_name,
           ta.account_no as transfer_account_no, ${detailColumns},
           a.opening_balance_paise
             + (select coalesce(sum(d.credits_paise - d.debits_paise), 0) from account_days d
                 where d.account_id = p.account_id and d.date < p.date)
             + (select sum(${signed}) from payments q
                 where q.account_id = p.account_id and q.date = p.date and q.seq <= p.seq)
             as balance_after_paise
      from payments p
      join bank_accounts a on a.id = p.account_id
      left join payments t on p.transfer_id is not null and t.transfer_id = p.transfer_id
                          and t.id <> p.id
      left join bank_accounts ta on ta.id = t.account_id
      ${projectJoin}
     where p.account_id = ${accountId} and p.id in (${ids})
     order by ${order}`);
  return rowsOf<EntryRow>(result).map((r) => entryToApi(r, caller));
}

/**
 * The refusal of an entry on a closed account; when the entries touch two accounts (a
 * transfer), it names the closed one.
 */
async function closedAccount(
  db: DbOrTx,
  accountId: string,
  nameIt: boolean,
  doing: string,
  field: string | undefined,
) {
  const reopen = `Reopen it to ${doing}.`;
  const refusal = { code: 'account_closed', field } as const;
  if (!nameIt) return badRequest(`This bank account is closed. ${reopen}`, refusal);
  const [account] = await db
    .select({ holderName: bankAccounts.holderName, accountNo: bankAccounts.accountNo })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, accountId));
  return badRequest(
    `The account ${account?.accountNo ?? ''} of ${account?.holderName ?? ''} is closed. ${reopen}`,
    refusal,
  );
}

interface LedgerEntry {
  accountId: string;
  type: PaymentType;
  amountPaise: number;
  reversesId?: string;
  /** The input field that named the account, under which its being closed is refused. */
  field?: string;
  /** What it says it was; a reversal says what the entry it reverses said. */
  details?: EntryDetails;
}

/** The refusal of a party, project or category that is not the company's. */
const UNKNOWN = {
  party: () => notFound('Party'),
  project: () => notFound('Project'),
  category: () => badRequest('Choose one of your categories', { field: 'category' }),
} as const;

/**
 * Payments to one account take turns on its row lock in the database. Letting every one of
 * them wait there would hold a pooled connection each (16 at once on one account held all
 * 10) and make PostgreSQL wake one of many waiters per commit; two per account keep the
 * next one ready while the others queue here.
 */
const paymentsPerAccount = perKeyLimit(2);

/**
 * Posts one entry, or the two legs of a transfer, dated `date`, through ledger_post (see the
 * ledger migration): one statement in its own transaction that locks the accounts, refuses a
 * debit that would take the running balance below zero on its date or any later one, and
 * writes the entries, so concurrent payments on any number of app servers never lose an
 * update and the lock is held inside the database only.
 */
export async function post(
  // The posting is its own transaction, unless a transaction that writes with it is given (a
  // receipt and its allocations): the accounts' locks are then held until that one commits.
  db: DbOrTx,
  caller: Caller,
  date: string,
  remark: string,
  entries: LedgerEntry[],
  doing = 'record payments',
  /** The input field a debit the balance cannot cover is refused under. */
  shortField = 'amount',
) {
  const json = JSON.stringify(
    entries.map((e) => ({
      account: e.accountId,
      type: e.type,
      amount: e.amountPaise,
      reverses: e.reversesId ?? null,
      ...detailsJson(e.details),
    })),
  );
  // The caller is named first, as withAudit names it (ledger_post names the actor again):
  // its session, too, which the change feed spares, as it spares every other write's.
  const call = () =>
    db.execute(sql`select ledger_post(${caller.userId}::uuid, ${caller.userId},
      ${tenantOf(caller) ?? ''}, ${date}::date, ${remark}, ${json}::jsonb) as result
      from (select ${nameActor(caller)}) as actor`);
  // Accounts are queued in one order, as the database locks them, so two transfers between
  // the same accounts cannot each hold one turn and wait for the other.
  const keys = [...new Set(entries.map((e) => e.accountId))].sort();
  const run = keys.reduceRight<() => Promise<unknown>>(
    (next, key) => () => paymentsPerAccount(key, next),
    call,
  );
  type Answer = {
    notFound?: true;
    closed?: string;
    unknown?: keyof typeof UNKNOWN;
    short?: { account: string; date: string; limit: number };
    entries?: { id: string; account: string; balanceAfter: number; balance: number }[];
  };
  const [row] = rowsOf<{ result: string | Answer }>(
    (await run()) as Awaited<ReturnType<typeof call>>,
  );
  const answer: Answer = typeof row!.result === 'string' ? JSON.parse(row!.result) : row!.result;
  if (answer.notFound) throw notFound('Bank account');
  if (answer.closed) {
    const field = entries.find((e) => e.accountId === answer.closed)?.field;
    throw await closedAccount(db, answer.closed, keys.length > 1, doing, field);
  }
  if (answer.unknown) throw UNKNOWN[answer.unknown]();
  if (answer.short) {
    const { date, limit } = answer.short;
    const floor = limit
      ? `below its overdraft limit of ${paiseToRupees(limit).toFixed(2)}`
      : 'below zero';
    throw badRequest(
      `Insufficient balance: this debit would take the account ${floor} on ${formatDmy(date)}`,
      { code: 'insufficient_balance', field: shortField },
    );
  }
  return answer.entries!;
}

/** Records a credit or debit on one of the company's accounts. */
export async function recordPayment(
  db: Db,
  caller: Caller,
  input: {
    accountId: string;
    date: string;
    remark: string;
    paymentType: PaymentType;
    amountPaise: number;
  } & EntryDetails,
) {
  assertCompany(caller);
  const [posted] = await post(db, caller, input.date, input.remark, [
    {
      accountId: input.accountId,
      type: input.paymentType,
      amountPaise: input.amountPaise,
      field: 'accountId',
      details: input,
    },
  ]);
  const [payment] = await readEntries(db, caller, input.accountId, sql`${posted!.id}`, sql`p.seq`);
  return { payment: payment!, balance: paiseToRupees(posted!.balance) };
}

/** Moves money between two of the company's accounts: one debit and one credit, together. */
export async function transfer(
  db: Db,
  caller: Caller,
  input: {
    fromAccountId: string;
    toAccountId: string;
    date: string;
    remark: string;
    amountPaise: number;
  } & Pick<EntryDetails, 'mode' | 'reference'>,
) {
  assertCompany(caller);
  const details = { mode: input.mode, reference: input.reference };
  if (input.fromAccountId === input.toAccountId) {
    throw badRequest('Choose two different accounts to transfer between', {
      field: 'toAccountId',
    });
  }
  const [from, to] = await post(db, caller, input.date, input.remark, [
    {
      accountId: input.fromAccountId,
      type: 'debit',
      amountPaise: input.amountPaise,
      field: 'fromAccountId',
      details,
    },
    {
      accountId: input.toAccountId,
      type: 'credit',
      amountPaise: input.amountPaise,
      field: 'toAccountId',
      details,
    },
  ]);
  const [fromEntry] = await readEntries(
    db,
    caller,
    input.fromAccountId,
    sql`${from!.id}`,
    sql`p.seq`,
  );
  const [toEntry] = await readEntries(db, caller, input.toAccountId, sql`${to!.id}`, sql`p.seq`);
  return { from: fromEntry!, to: toEntry! };
}

/**
 * Corrects a payment: an opposite entry that points at it (both stay in the books). A
 * transfer is reversed whole, both legs. Dated the original's day unless another (later)
 * day is given, so that by default every statement reads as if the payment had not been
 * made; reversing a credit is a debit and must keep every day's balance at zero or above.
 */
export async function reversePayment(
  db: Db,
  caller: Caller,
  id: string,
  input: { date?: string; remark?: string },
) {
  assertCompany(caller);
  const [original] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.companyId, caller.userId)));
  if (!original) throw notFound('Payment');
  if (original.reversesId) {
    throw badRequest('A reversal cannot be reversed: record a new payment instead', {
      code: 'wrong_state',
    });
  }
  // The unique index on reverses_id refuses a second reversal racing this one, too.
  const [reversed] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.reversesId, original.id));
  if (reversed) throw conflict('This payment has already been reversed.', { code: 'wrong_state' });
  // A receipt's credit settles invoices: reversing the receipt takes both back together.
  const [receipt] = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(eq(receipts.paymentId, original.id));
  if (receipt) {
    throw conflict(
      'This payment is a receipt against invoices: reverse the receipt in Receivables instead.',
      { code: 'wrong_state' },
    );
  }
  const date = input.date ?? original.date;
  if (date < original.date) {
    throw badRequest(
      `A reversal must be dated on or after the payment (${formatDmy(original.date)})`,
      { field: 'date' },
    );
  }
  const legs = original.transferId
    ? await db
        .select()
        .from(payments)
        .where(
          and(eq(payments.transferId, original.transferId), eq(payments.companyId, caller.userId)),
        )
    : [original];
  const remark = input.remark?.trim() || `Reversal: ${original.remark}`;
  const posted = await post(
    db,
    caller,
    date,
    remark,
    legs.map((leg) => ({
      accountId: leg.accountId,
      type: leg.type === 'credit' ? 'debit' : 'credit',
      amountPaise: leg.amountPaise,
      reversesId: leg.id,
    })),
    'reverse its payments',
    'date',
  );
  const mine = posted.find((p) => p.account === original.accountId)!;
  const [reversal] = await readEntries(db, caller, original.accountId, sql`${mine.id}`, sql`p.seq`);
  return { payment: reversal!, balance: paiseToRupees(mine.balance) };
}

export async function listPayments(
  db: DbOrTx,
  caller: Caller,
  q: { accountId: string; page: number; pageSize: number } & EntryFilter,
) {
  // The account (404 when it is not the caller's) with its count from the per-day totals,
  // not from every payment of the account, in one query; a filter's count is of its entries.
  const where = entryCondition(q);
  const [account] = await db
    .select({
      total: isFiltered(q)
        ? sql<number>`(select count(*)::int from payments p
                        where p.account_id = ${q.accountId} and ${where})`
        : sql<number>`(select coalesce(sum(${accountDays.entries}), 0)::int from ${accountDays}
                        where ${accountDays.accountId} = ${bankAccounts.id})`,
    })
    .from(bankAccounts)
    .where(scoped(caller, undefined, eq(bankAccounts.id, q.accountId)));
  if (!account) throw notFound('Bank account');
  // The page's ids first, from the index alone, then only those rows: a deep page skips
  // index entries instead of fetching thousands of rows it then throws away.
  const { limit, offset } = pageWindow(q);
  const pageIds = sql`select id from payments p where p.account_id = ${q.accountId} and ${where}
    order by p.date desc, p.seq desc limit ${limit} offset ${offset}`;
  const rows = await readEntries(db, caller, q.accountId, pageIds, sql`p.date desc, p.seq desc`);
  return pageAnswer(q, rows, account.total);
}

export interface StatementQuery extends EntryFilter {
  accountId: string;
  from: string;
  to: string;
}

/** Where a statement page starts: right after (or before) the entry of `date` and `seq`. */
interface StatementPosition {
  date: string;
  seq: string;
  reversed: boolean;
}

/** A statement entry's position: its date and its order that day (`2026-03-01/42`). */
const STATEMENT_POSITION = /^(\d{4}-\d{2}-\d{2})\/(\d{1,15})$/;
const isStatementPosition = (value: string) => {
  const m = STATEMENT_POSITION.exec(value);
  return !!m && positionChecks.date(m[1]!);
};

/** A statement query's row: the range's figures, and one entry of the page (or none). */
type StatementRow = Omit<EntryRow, 'id' | 'balance_after_paise'> & {
  before: string;
  credits: string;
  debits: string;
  total: number;
  // null on the single row of a page past the end (or of a range without payments)
  id: string | null;
  running: string;
  seq: string;
  /** A filter's kept entries' credits and debits (a filtered statement only). */
  kept_credits?: string;
  kept_debits?: string;
};

/**
 * A statement's answer from its rows. Each entry's `running` is the sum of the entries before
 * it and itself, from the range's start (`fromRange`) or from the account's first entry.
 */
function statementAnswer(
  account: AccountRow,
  q: StatementQuery,
  rows: StatementRow[],
  fromRange: boolean,
  caller: Caller,
) {
  const summary = rows[0]!;
  const found = rows.filter((r): r is StatementRow & { id: string } => r.id !== null);
  const openingPaise = BigInt(account.openingBalancePaise) + BigInt(summary.before);
  const base = fromRange ? openingPaise : BigInt(account.openingBalancePaise);
  const credits = BigInt(summary.credits);
  const debits = BigInt(summary.debits);
  return {
    account: accountToApi(account, caller),
    from: q.from,
    to: q.to,
    openingBalance: paiseToRupees(openingPaise),
    totalCredits: paiseToRupees(credits),
    totalDebits: paiseToRupees(debits),
    closingBalance: paiseToRupees(openingPaise + credits - debits),
    total: Number(summary.total),
    entries: found.map((r) => {
      const { balanceAfter, ...entry } = entryToApi(
        { ...r, balance_after_paise: String(base + BigInt(r.running)) },
        caller,
      );
      return { ...entry, balance: balanceAfter };
    }),
    matching:
      summary.kept_credits === undefined
        ? null
        : {
            credits: paiseToRupees(summary.kept_credits),
            debits: paiseToRupees(summary.kept_debits),
          },
    cursors: pageCursors(found.map((r) => ({ sortValue: `${r.date}/${r.seq}`, id: r.id }))),
  };
}

/**
 * A statement for [from, to]: the opening balance on `from` (opening balance plus every
 * payment dated before it), the range's credits, debits and number of entries, the closing
 * balance (always opening + credits - debits), and one page of the entries in date order,
 * each with its running balance.
 *
 * One SQL statement, so the figures and the entries are read from the same snapshot and
 * always agree. The figures sum account_days (one row per day with payments, kept by
 * triggers), not every payment of the account's history. A page found by number is a window
 * sum over the range in date order along payments_account_date_idx, so the rows before it
 * are read and summed too (O(offset)). A page found from a neighbour's entry (Next,
 * Previous) reads only its own entries along that index, and the balance in front of them
 * from the range's days before (account_days) and the first entry's own day: page 5,000 of
 * an imported account costs what page 2 does.
 */
async function readStatement(
  db: DbOrTx,
  caller: Caller,
  q: StatementQuery,
  slice: { limit: number; offset: number } | { limit: number; position: StatementPosition },
) {
  if (q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  const account = await findAccount(db, caller, q.accountId);
  const signed = sql`case when type = 'credit' then amount_paise else -amount_paise end`;
  const inRange = sql`account_id = ${q.accountId} and date between ${q.from} and ${q.to}`;
  let entries: SQL;
  if ('position' in slice) {
    const { date, seq, reversed } = slice.position;
    const [compare, direction] = reversed ? ['<', 'desc'] : ['>', 'asc'];
    // The page's entries (k), then the balance in front of its first one (f): the range's
    // days before that day and that day's entries before it, read once for the page.
    entries = sql`
      with k as (
        select id, date, seq, ${signed} as signed from payments
         where ${inRange}
           and (date, seq) ${sql.raw(compare)} (cast(${date} as date), cast(${seq} as bigint))
         order by date ${sql.raw(direction)}, seq ${sql.raw(direction)}
         limit ${slice.limit}
      ), f as (select date, seq from k order by date, seq limit 1)
      select k.id, k.date, k.seq,
             (select coalesce(sum(d.credits_paise - d.debits_paise), 0) from account_days d, f
               where d.account_id = ${q.accountId} and d.date >= ${q.from} and d.date < f.date)
             + (select coalesce(sum(${signed}), 0) from payments same, f
                 where same.account_id = ${q.accountId} and same.date = f.date
                   and same.seq < f.seq)
             + sum(k.signed) over w as running,
             row_number() over w as n
        from k
      window w as (order by k.date, k.seq rows unbounded preceding)`;
  } else {
    entries = sql`
      select id, date, seq, sum(${signed}) over w as running, row_number() over w as n
        from payments
       where ${inRange}
      window w as (order by date, seq rows unbounded preceding)
       order by date, seq
       limit ${slice.limit} offset ${slice.offset}`;
  }
  const result = await db.execute(sql`
    with summary as (
      select coalesce(sum(credits_paise - debits_paise) filter (where date < ${q.from}), 0) as before,
             coalesce(sum(credits_paise) filter (where date >= ${q.from}), 0) as credits,
             coalesce(sum(debits_paise) filter (where date >= ${q.from}), 0) as debits,
             coalesce(sum(entries) filter (where date >= ${q.from}), 0)::int as total
        from account_days
       where account_id = ${q.accountId} and date <= ${q.to}
    ), entries as (${entries})
    select s.before, s.credits, s.debits, s.total,
           p.id, p.account_id, p.date::text as date, p.remark, p.type::text as type,
           p.amount_paise, p.created_at, p.reverses_id, e.running, p.seq::text as seq,
           (select r.id from payments r where r.reverses_id = p.id) as reversed_by_id,
           t.account_id as transfer_account_id, ta.holder_name as transfer_holder_name,
           ta.account_no as transfer_account_no, ${detailColumns}
      from summary s
      left join entries e on true
      left join payments p on p.id = e.id
      left join payments t on p.transfer_id is not null and t.transfer_id = p.transfer_id
                          and t.id <> p.id
      left join bank_accounts ta on ta.id = t.account_id
      ${projectJoin}
     order by e.n`);
  // Running balances from the range's opening balance.
  return statementAnswer(account, q, rowsOf<StatementRow>(result), true, caller);
}

/**
 * A statement's page of the entries a filter keeps (mode, party, project, search), each with
 * the account's running balance right after it (every entry counts in the balance, shown or
 * not), the whole range's figures, and the kept entries' number, credits and debits. The
 * figures and the page are read in one statement, from the same snapshot.
 */
async function readFilteredStatement(
  db: DbOrTx,
  caller: Caller,
  q: StatementQuery,
  slice: { limit: number; offset: number } | { limit: number; position: StatementPosition },
) {
  if (q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  const account = await findAccount(db, caller, q.accountId);
  const kept = sql`p.account_id = ${q.accountId} and p.date between ${q.from} and ${q.to}
    and ${entryCondition(q)}`;
  let page: SQL;
  if ('position' in slice) {
    const { date, seq, reversed } = slice.position;
    const [compare, direction] = reversed ? ['<', 'desc'] : ['>', 'asc'];
    page = sql`select p.id from payments p where ${kept}
      and (p.date, p.seq) ${sql.raw(compare)} (cast(${date} as date), cast(${seq} as bigint))
      order by p.date ${sql.raw(direction)}, p.seq ${sql.raw(direction)} limit ${slice.limit}`;
  } else {
    page = sql`select p.id from payments p where ${kept} order by p.date, p.seq
      limit ${slice.limit} offset ${slice.offset}`;
  }
  const signed = sql`case when q.type = 'credit' then q.amount_paise else -q.amount_paise end`;
  const result = await db.execute(sql`
    with summary as (
      select coalesce(sum(credits_paise - debits_paise) filter (where date < ${q.from}), 0) as before,
             coalesce(sum(credits_paise) filter (where date >= ${q.from}), 0) as credits,
             coalesce(sum(debits_paise) filter (where date >= ${q.from}), 0) as debits
        from account_days
       where account_id = ${q.accountId} and date <= ${q.to}
    ), matching as (
      select count(*)::int as total,
             coalesce(sum(p.amount_paise) filter (where p.type = 'credit'), 0) as kept_credits,
             coalesce(sum(p.amount_paise) filter (where p.type = 'debit'), 0) as kept_debits
        from payments p where ${kept}
    )
    select s.before, s.credits, s.debits, m.total, m.kept_credits, m.kept_debits,
           p.id, p.account_id, p.date::text as date, p.remark, p.type::text as type,
           p.amount_paise, p.created_at, p.reverses_id, p.seq::text as seq,
           (select r.id from payments r where r.reverses_id = p.id) as reversed_by_id,
           t.account_id as transfer_account_id, ta.holder_name as transfer_holder_name,
           ta.account_no as transfer_account_no, ${detailColumns},
           (select coalesce(sum(d.credits_paise - d.debits_paise), 0) from account_days d
             where d.account_id = p.account_id and d.date < p.date)
           + (select sum(${signed}) from payments q
               where q.account_id = p.account_id and q.date = p.date and q.seq <= p.seq)
             as running
      from summary s
      cross join matching m
      left join payments p on p.id in (${page})
      left join payments t on p.transfer_id is not null and t.transfer_id = p.transfer_id
                          and t.id <> p.id
      left join bank_accounts ta on ta.id = t.account_id
      ${projectJoin}
     order by p.date, p.seq`);
  // Running balances from the account's opening balance (every earlier entry summed).
  return statementAnswer(account, q, rowsOf<StatementRow>(result), false, caller);
}

/**
 * One page of a statement's entries, with the whole range's figures and entry count: by
 * number, or (Next and Previous) from the position of the entry before or after it.
 */
export async function statement(
  db: DbOrTx,
  caller: Caller,
  q: StatementQuery & PageRequest & KeysetRequest,
) {
  const position = requestedPosition(q, isStatementPosition);
  const [date, seq] = position?.value.split('/') ?? [];
  const s = await (isFiltered(q) ? readFilteredStatement : readStatement)(
    db,
    caller,
    q,
    position
      ? { limit: q.pageSize, position: { date: date!, seq: seq!, reversed: position.reversed } }
      : pageWindow(q),
  );
  return { ...s, page: q.page, pageSize: q.pageSize };
}

/**
 * A statement for the CSV export, streamed: the account (404 when it is not the caller's to
 * read), its opening balance on `from` in paise (the opening balance plus every earlier day's
 * net, from account_days), and the range's entries in statement order (date, then the order
 * recorded), a batch at a time after the last entry of the one before. The caller adds up
 * the running balance and the totals from the entries it writes, so the file's closing line
 * always agrees with its rows.
 */
export async function statementForExport(db: DbOrTx, caller: Caller, q: StatementQuery) {
  if (q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  const account = await findAccount(db, caller, q.accountId);
  const filtered = isFiltered(q);
  const [before] = await db
    .select({
      net: sql<string>`coalesce(sum(${accountDays.creditsPaise} - ${accountDays.debitsPaise}), 0)`,
    })
    .from(accountDays)
    .where(and(eq(accountDays.accountId, account.id), lt(accountDays.date, q.from)));
  const entries = keysetBatches(
    (after, limit) =>
      db
        .select({
          date: payments.date,
          seq: payments.seq,
          remark: payments.remark,
          type: payments.type,
          amountPaise: payments.amountPaise,
          mode: payments.mode,
          reference: payments.reference,
          partyName: payments.partyName,
          project: projects.projectName,
          // Every entry counts in the running balance; a filter only chooses those written.
          kept: filtered ? sql<boolean>`${entryCondition(q, 'payments')}` : sql<boolean>`true`,
        })
        .from(payments)
        .leftJoin(projects, eq(projects.id, payments.projectId))
        .where(
          and(
            eq(payments.accountId, account.id),
            gte(payments.date, q.from),
            lte(payments.date, q.to),
            after,
          ),
        )
        .orderBy(asc(payments.date), asc(payments.seq))
        .limit(limit),
    (last) =>
      sql`(${payments.date}, ${payments.seq}) > (cast(${last.date} as date), cast(${last.seq} as bigint))`,
  );
  return {
    account: accountToApi(account, caller),
    openingPaise: BigInt(account.openingBalancePaise) + BigInt(before?.net ?? 0),
    entries,
  };
}
