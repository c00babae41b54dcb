import { sql, type SQL } from 'drizzle-orm';
import type { PaymentType } from '../../../contract/enums';
import { MATCH_DAYS } from '../../../contract/reconciliation';
import { paiseToRupees } from '../../../contract/rules';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { MatchEntry } from './matching';

/**
 * What the reconciliation reads of the ledger: an account's balance at the start and end of
 * a period (from the per-day totals, as a statement's opening balance is), and the entries
 * a statement line may be matched to.
 */

/**
 * The ledger's balance at the start of `from` and at the end of `to`, in paise. With a
 * reconciliation, as reconciled: an entry its lines hold that is dated outside the period
 * (the books a day or two before the bank, or after) counts in the period, as the bank has it.
 */
export async function ledgerBalances(
  db: DbOrTx,
  accountId: string,
  from: string,
  to: string,
  reconciliationId?: string,
) {
  const held = (when: SQL) =>
    reconciliationId
      ? sql`coalesce((select sum(case when p.type = 'credit' then p.amount_paise
                                      else -p.amount_paise end)
                        from reconciliation_lines l join payments p on p.id = l.payment_id
                       where l.reconciliation_id = ${reconciliationId} and ${when}), 0)`
      : sql`0`;
  const [row] = rowsOf<{ opening: string; closing: string }>(
    await db.execute(sql`
      select a.balance_paise - coalesce((select sum(d.credits_paise - d.debits_paise)
                                           from account_days d
                                          where d.account_id = a.id and d.date >= ${from}::date), 0)
               - ${held(sql`p.date < ${from}::date`)} as opening,
             a.balance_paise - coalesce((select sum(d.credits_paise - d.debits_paise)
                                           from account_days d
                                          where d.account_id = a.id and d.date > ${to}::date), 0)
               + ${held(sql`p.date > ${to}::date`)} as closing
        from bank_accounts a where a.id = ${accountId}`),
  );
  return { opening: Number(row?.opening ?? 0), closing: Number(row?.closing ?? 0) };
}

/** The statement's and the ledger's balances, and their differences, in rupees. */
export function balancesToApi(
  statement: { opening: number; closing: number },
  ledger: { opening: number; closing: number },
) {
  return {
    statementOpening: paiseToRupees(statement.opening),
    statementClosing: paiseToRupees(statement.closing),
    ledgerOpening: paiseToRupees(ledger.opening),
    ledgerClosing: paiseToRupees(ledger.closing),
    openingDifference: paiseToRupees(statement.opening - ledger.opening),
    closingDifference: paiseToRupees(statement.closing - ledger.closing),
  };
}

/**
 * An entry of the ledger that stands for money moved: neither a reversal nor reversed (the
 * two cancel out, and the bank shows neither), and not reconciled with any statement line.
 * `p` is the payments row.
 */
export const openEntry = sql`p.reverses_id is null
  and not exists (select 1 from payments r where r.reverses_id = p.id)
  and not exists (select 1 from reconciliation_lines l where l.payment_id = p.id)`;

/** The entries of an account a statement of `from`–`to` may be matched to. */
export async function matchableEntries(
  db: DbOrTx,
  accountId: string,
  from: string,
  to: string,
): Promise<MatchEntry[]> {
  const rows = rowsOf<{
    id: string;
    date: string;
    type: PaymentType;
    amount_paise: string | number;
    remark: string;
    reference: string | null;
    party_name: string | null;
  }>(
    await db.execute(sql`
      select p.id, p.date::text as date, p.type, p.amount_paise, p.remark, p.reference,
             p.party_name
        from payments p
       where p.account_id = ${accountId}
         and p.date between ${from}::date - ${MATCH_DAYS}::int and ${to}::date + ${MATCH_DAYS}::int
         and ${openEntry}`),
  );
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    type: r.type,
    amountPaise: Number(r.amount_paise),
    remark: r.remark,
    reference: r.reference,
    partyName: r.party_name,
  }));
}
