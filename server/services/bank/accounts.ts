// A company's bank accounts: listing, adding, editing, closing and deleting them.
import { containsAnyCase } from '../../db/search';
import { accountNoFor } from '../../lib/accountNumber';
import { and, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AccountDefaultStatus } from '../../../contract/enums';
import type { AccountState, BankSort } from '../../../contract/api/bank';
import { rowsOf, type DbOrTx } from '../../db/client';
import { pageAnswer, paged, rowCount, sortOrder } from '../../db/paging';
import { bankAccounts, payments } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { withAudit } from '../audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { paiseToRupees } from '../../../contract/rules';
import { toIso } from '../../lib/dates';
import { formatDmy } from '../../lib/format';
import { assertCompany, assertRole, companyScope } from '../tenancy';
import { atVersion, nextVersion, whyNotUpdated } from '../versions';

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

export type AccountRow = typeof bankAccounts.$inferSelect;
export const accountToApi = (a: AccountRow, caller: Caller) => ({
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
export function scoped(caller: Caller, companyId?: string, extra?: SQL) {
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
export async function findAccount(db: DbOrTx, caller: Caller, id: string) {
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
