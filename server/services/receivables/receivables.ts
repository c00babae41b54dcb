import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/rules';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest, notFound } from '../../lib/errors';
import { assertRole, companyScope } from '../tenancy';

/*
 * TDS per client and a client's statement, summed in SQL. Receivables per client and per
 * project are in receivableList.ts.
 */
export { listReceivables, type ReceivableQuery } from './receivableList';

/** companyScope on the company_id of a table named `alias` in the query. */
export const companyOf = (alias: string, caller: Caller, companyId?: string) =>
  companyScope(sql.raw(`${alias}.company_id`) as unknown as AnyColumn, caller, companyId);

/** The financial year (by its starting year) of a date column, in SQL. */
export const fyOf = (column: SQL) =>
  sql`(extract(year from ${column})::int - case when extract(month from ${column}) < 4 then 1 else 0 end)`;

/**
 * TDS clients withheld, per client and financial year of the receipt (the year its payment
 * and deduction fall in, as Form 26AS lists them), reversed receipts left out.
 */
export async function tdsByClient(
  db: DbOrTx,
  caller: Caller,
  q: { companyId?: string; fy?: number },
) {
  assertRole(caller, 'admin', 'company');
  const fy = fyOf(sql`r.date`);
  const rows = rowsOf<{
    client_id: string;
    name: string;
    gstin: string | null;
    fy: number;
    tds: string;
    receipts: number;
  }>(
    await db.execute(sql`select r.client_id, c.name, c.gstin, ${fy} as fy,
        sum(r.tds_paise) as tds, count(*)::int as receipts
      from receipts r join clients c on c.id = r.client_id
     where ${companyOf('r', caller, q.companyId)}
       and not r.reversed and r.tds_paise > 0
       ${q.fy ? sql`and r.date >= make_date(${q.fy}, 4, 1) and r.date < make_date(${q.fy + 1}, 4, 1)` : sql``}
     group by r.client_id, c.name, c.gstin, ${fy}
     order by ${fy} desc, c.name`),
  );
  return rows.map((r) => ({
    clientId: r.client_id,
    clientName: r.name,
    gstin: r.gstin,
    fy: `${r.fy}-${String((Number(r.fy) + 1) % 100).padStart(2, '0')}`,
    tds: paiseToRupees(r.tds),
    receipts: Number(r.receipts),
  }));
}

export interface StatementLine {
  date: string;
  kind: 'invoice' | 'credit_note' | 'receipt';
  reference: string;
  debitPaise: bigint;
  creditPaise: bigint;
  balancePaise: bigint;
}

/**
 * A client's statement for [from, to]: what it owed before `from` (invoices less credit notes
 * and receipts with their TDS), then each invoice (a debit), credit note and receipt (credits)
 * in date order with the running balance, and what it owes at the end (negative: an
 * advance). Reversed receipts are left out, as the bank statement reads without them.
 */
export async function clientStatement(
  db: DbOrTx,
  caller: Caller,
  clientId: string,
  q: { companyId?: string; from: string; to: string },
) {
  assertRole(caller, 'admin', 'company');
  if (q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  const [client] = rowsOf<{
    id: string;
    name: string;
    gstin: string | null;
    company: string;
    company_id: string;
  }>(
    await db.execute(sql`select c.id, c.name, c.gstin, c.company_id,
        (select coalesce(p.legal_name, u.name) from users u
           left join invoice_profiles p on p.company_id = u.id where u.id = c.company_id) as company
      from clients c
      where c.id = ${clientId} and ${companyOf('c', caller, q.companyId)}`),
  );
  if (!client) throw notFound('Client');
  // One row per document: its date, kind, reference and signed amount (+ owed, - paid).
  const documents = sql`
    select i.issue_date as date, i.kind, coalesce(i.number, '') as reference,
           case when i.kind = 'invoice' then i.total_paise else -i.total_paise end as signed,
           i.issued_at as at
      from invoices i
     where i.company_id = ${client.company_id} and i.client_id = ${clientId}
       and i.status in ('issued', 'part_paid', 'paid')
    union all
    select r.date, 'receipt', upper(r.mode) || case when r.reference <> '' then ' ' || r.reference else '' end,
           -(r.amount_paise + r.tds_paise), r.created_at
      from receipts r
     where r.company_id = ${client.company_id} and r.client_id = ${clientId} and not r.reversed`;
  const [rows, [opening]] = await Promise.all([
    db
      .execute(
        sql`select d.date::text as date, d.kind, d.reference, d.signed from (${documents}) d
         where d.date between ${q.from} and ${q.to} order by d.date, d.at`,
      )
      .then((r) =>
        rowsOf<{ date: string; kind: StatementLine['kind']; reference: string; signed: string }>(r),
      ),
    db
      .execute(
        sql`select coalesce(sum(d.signed), 0) as paise from (${documents}) d
        where d.date < ${q.from}`,
      )
      .then((r) => rowsOf<{ paise: string }>(r)),
  ]);
  // BigInt: a client's history may pass 2^53 paise, where a number would round.
  const openingPaise = BigInt(opening!.paise);
  let balance = openingPaise;
  let debits = 0n;
  let credits = 0n;
  const lines: StatementLine[] = [];
  for (const r of rows) {
    const signed = BigInt(r.signed);
    const debit = signed > 0n ? signed : 0n;
    balance += BigInt(r.signed);
    debits += BigInt(debit);
    credits += BigInt(debit - signed);
    lines.push({
      date: r.date,
      kind: r.kind,
      reference: r.reference,
      debitPaise: debit,
      creditPaise: debit - signed,
      balancePaise: balance,
    });
  }
  return {
    company: client.company,
    client: { _id: client.id, name: client.name, gstin: client.gstin },
    from: q.from,
    to: q.to,
    openingPaise,
    debitsPaise: debits,
    creditsPaise: credits,
    closingPaise: balance,
    lines,
  };
}

export type ClientStatementData = Awaited<ReturnType<typeof clientStatement>>;

/** The statement as the API answers it: rupees. */
export const statementToApi = (s: ClientStatementData) => ({
  client: s.client,
  from: s.from,
  to: s.to,
  opening: paiseToRupees(s.openingPaise),
  debits: paiseToRupees(s.debitsPaise),
  credits: paiseToRupees(s.creditsPaise),
  closing: paiseToRupees(s.closingPaise),
  lines: s.lines.map((l) => ({
    date: l.date,
    kind: l.kind,
    reference: l.reference,
    debit: paiseToRupees(l.debitPaise),
    credit: paiseToRupees(l.creditPaise),
    balance: paiseToRupees(l.balancePaise),
  })),
});
