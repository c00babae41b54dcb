// Posting to the ledger: every payment, transfer and reversal goes through ledger_post.
import { eq, sql } from 'drizzle-orm';
import type { PaymentType } from '../../../contract/enums';
import { rowsOf, type DbOrTx } from '../../db/client';
import { bankAccounts } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { nameActor, tenantOf } from '../audit';
import { badRequest, notFound } from '../../lib/errors';
import { paiseToRupees } from '../../../contract/rules';
import { formatDmy } from '../../lib/format';
import { perKeyLimit } from '../../lib/perKeyLimit';
import { detailsJson, type EntryDetails } from './details';

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
