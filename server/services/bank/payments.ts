// Payments on one account: recording, reversing and listing them.
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentType } from '../../../contract/enums';
import type { Db, DbOrTx } from '../../db/client';
import { pageAnswer, pageWindow } from '../../db/paging';
import { accountDays, bankAccounts, payments, receipts } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { paiseToRupees } from '../../../contract/rules';
import { formatDmy } from '../../lib/format';
import { assertCompany } from '../tenancy';
import { scoped } from './accounts';
import { entryCondition, isFiltered, type EntryDetails, type EntryFilter } from './details';
import { readEntries } from './entries';
import { post } from './ledger';

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
