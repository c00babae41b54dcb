// Payments as the lists show them: their links and the running balance right after each.
import { accountNoFor } from '../../lib/accountNumber';
import { sql, type SQL } from 'drizzle-orm';
import type { PaymentType } from '../../../contract/enums';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { paiseToRupees } from '../../../contract/rules';
import { toIso } from '../../lib/dates';
import { detailColumns, detailsToApi, projectJoin, type DetailRow } from './details';

/** An entry as the lists show it: its links, and the running balance right after it. */
export interface EntryRow extends DetailRow {
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

export const entryToApi = (r: EntryRow, caller: Caller) => ({
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
  reconciled: r.reconciled === true,
  ...detailsToApi(r),
});

/**
 * The entries `ids` of one account, each with its links and its running balance as the
 * statement has it (date order, then the order recorded): the opening balance, every
 * earlier day's net from account_days, then the day's entries up to it.
 */
export async function readEntries(
  db: DbOrTx,
  caller: Caller,
  accountId: string,
  ids: SQL,
  order: SQL,
) {
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
