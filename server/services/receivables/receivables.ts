import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/rules';
import { rowsOf, type DbOrTx } from '../../db/client';
import { pageWindow, type PageRequest } from '../../db/paging';
import type { Caller } from '../../lib/caller';
import { badRequest, notFound } from '../../lib/errors';
import { likePattern } from '../../lib/schemas';
import { assertRole, companyScope } from '../tenancy';

/*
 * Who owes what, summed in SQL from the totals each invoice keeps (total, received, TDS,
 * credited): per client or per project, with what is pending aged by its due date as of the
 * caller's today. Only issued invoices count (not drafts, not cancelled ones, not credit
 * notes, which count through the credited amount of their invoice).
 */

/** companyScope on the company_id of a table named `alias` in the query. */
export const companyOf = (alias: string, caller: Caller, companyId?: string) =>
  companyScope(sql.raw(`${alias}.company_id`) as unknown as AnyColumn, caller, companyId);

/** Invoices that are owed: issued, part paid or paid. */
export const OWED = sql`i.kind = 'invoice' and i.status in ('issued', 'part_paid', 'paid')`;
const PENDING = sql`(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)`;

/** The sums of a group of invoices (alias i): money, and pending by how late it is on `today`. */
const sums = (today: string) => sql`
  coalesce(sum(i.total_paise), 0) as invoiced,
  coalesce(sum(i.received_paise), 0) as received,
  coalesce(sum(i.tds_paise), 0) as tds,
  coalesce(sum(i.credited_paise), 0) as credited,
  coalesce(sum(${PENDING}), 0) as pending,
  coalesce(sum(${PENDING}) filter (where i.due_date is null or i.due_date >= ${today}::date), 0) as not_due,
  coalesce(sum(${PENDING}) filter (where ${today}::date - i.due_date between 1 and 30), 0) as d30,
  coalesce(sum(${PENDING}) filter (where ${today}::date - i.due_date between 31 and 60), 0) as d60,
  coalesce(sum(${PENDING}) filter (where ${today}::date - i.due_date between 61 and 90), 0) as d90,
  coalesce(sum(${PENDING}) filter (where ${today}::date - i.due_date > 90), 0) as over90`;

interface SumRow {
  invoiced: string;
  received: string;
  tds: string;
  credited: string;
  pending: string;
  not_due: string;
  d30: string;
  d60: string;
  d90: string;
  over90: string;
  advance: string;
}

const sumsToApi = (r: SumRow) => ({
  invoiced: paiseToRupees(r.invoiced),
  received: paiseToRupees(r.received),
  tds: paiseToRupees(r.tds),
  credited: paiseToRupees(r.credited),
  pending: paiseToRupees(r.pending),
  advance: paiseToRupees(r.advance),
  ageing: {
    notDue: paiseToRupees(r.not_due),
    days1to30: paiseToRupees(r.d30),
    days31to60: paiseToRupees(r.d60),
    days61to90: paiseToRupees(r.d90),
    over90: paiseToRupees(r.over90),
  },
});

export interface ReceivableQuery extends PageRequest {
  search?: string;
  companyId?: string;
  by: 'client' | 'project';
  pendingOnly?: boolean;
}

/**
 * One page of receivables per client (with its unapplied advances) or per project (invoices
 * of no project together), most pending first, and the filter's totals. Admins and companies.
 */
export async function listReceivables(
  db: DbOrTx,
  caller: Caller,
  q: ReceivableQuery,
  today: string,
) {
  assertRole(caller, 'admin', 'company');
  const scope = companyOf('i', caller, q.companyId);
  const search = q.search ? likePattern(q.search.toLowerCase()) : undefined;
  const byClient = q.by === 'client';
  // Per group: its invoices' sums (on invoices_company_client_idx / invoices_project_idx).
  const groups: SQL = byClient
    ? sql`select c.id::text as id, c.name, ${sums(today)},
          (select coalesce(sum(r.advance_paise), 0) from receipts r
            where r.company_id = c.company_id and r.client_id = c.id and not r.reversed) as advance
        from clients c
        left join invoices i on i.company_id = c.company_id and i.client_id = c.id and ${OWED}
       where ${companyOf('c', caller, q.companyId)}
         ${search ? sql`and c.name_lower like ${search}` : sql``}
       group by c.id, c.name`
    : sql`select p.id::text as id, coalesce(p.project_name, 'No project') as name, ${sums(today)},
          0 as advance
        from invoices i
        left join projects p on p.id = i.project_id
       where ${scope} and ${OWED}
         ${search ? sql`and lower(coalesce(p.project_name, 'No project')) like ${search}` : sql``}
       group by p.id, p.project_name`;
  const filtered = sql`select * from (${groups}) g
    ${q.pendingOnly ? sql`where g.pending > 0 or g.advance > 0` : sql``}`;
  const { limit, offset } = pageWindow(q);
  const [rows, totals] = await Promise.all([
    db.execute(
      sql`${filtered} order by g.pending desc, g.name, g.id limit ${limit} offset ${offset}`,
    ),
    db.execute(sql`select count(*)::int as total,
        coalesce(sum(invoiced), 0) as invoiced, coalesce(sum(received), 0) as received,
        coalesce(sum(tds), 0) as tds, coalesce(sum(credited), 0) as credited,
        coalesce(sum(pending), 0) as pending, coalesce(sum(not_due), 0) as not_due,
        coalesce(sum(d30), 0) as d30, coalesce(sum(d60), 0) as d60, coalesce(sum(d90), 0) as d90,
        coalesce(sum(over90), 0) as over90, coalesce(sum(advance), 0) as advance
      from (${filtered}) t`),
  ]);
  const [t] = rowsOf<SumRow & { total: number }>(totals);
  return {
    asOf: today,
    data: rowsOf<SumRow & { id: string | null; name: string }>(rows).map((r) => ({
      _id: r.id,
      name: r.name,
      ...sumsToApi(r),
    })),
    totals: sumsToApi(t!),
    total: Number(t!.total),
    page: q.page,
    pageSize: q.pageSize,
  };
}

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
