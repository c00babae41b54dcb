import { sql, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/rules';
import { rowsOf, type DbOrTx } from '../../db/client';
import { preparedShapes, rawQuery } from '../../db/prepared';
import { pageWindow, type PageRequest } from '../../db/paging';
import { searchPattern } from '../../db/search';
import { PLANNED_PER_CALL } from '../../db/statementName';
import type { Caller } from '../../lib/caller';
import { assertRole } from '../tenancy';

/*
 * Who owes what, per client or per project: what their owed invoices (issued, part paid or
 * paid; credit notes count through the credited amount of their invoice) came to, were paid,
 * had withheld as TDS and were credited, from client_receivables and project_receivables
 * (kept by triggers on invoices), so a list of 500 clients reads 500 rows, not every invoice.
 * What is pending is aged by due date as of the caller's today from the same rows, which keep
 * it aged as of their day (ageing.ts); a group whose row is of another day is aged from its
 * still-pending invoices instead (invoices_pending_client_idx / invoices_pending_project_idx,
 * which hold the money). The page, the count and the totals are one statement, prepared once
 * per shape.
 */

export interface ReceivableQuery extends PageRequest {
  search?: string;
  companyId?: string;
  by: 'client' | 'project';
  pendingOnly?: boolean;
}

interface Shape {
  by: 'client' | 'project';
  role: 'admin' | 'company';
  companyId: boolean;
  search: boolean;
  pendingOnly: boolean;
}

const p = sql.placeholder;
const searched = sql`${p('search')} ${sql.raw(PLANNED_PER_CALL)}`;

/** The companies the caller reads, on a company_id column (tenancy's companyScope). */
const companiesIn = (s: Shape, column: string): SQL => {
  const col = sql.raw(column);
  const own =
    s.role === 'admin'
      ? sql`${col} in (select id from users where created_by = ${p('me')} and role = 'company')`
      : sql`${col} = ${p('me')}`;
  return s.companyId ? sql`${own} and ${col} = ${p('companyId')}` : own;
};

/**
 * The ageing of one group `g` (a client, or a project: null for invoices of none) read from
 * its invoices (receivable_ageing_of, for a group whose kept ageing is of another day): the
 * four buckets up to 90 days. Invoices of no project of every company in scope make one
 * group, "No project".
 */
const groupAgeing = (s: Shape, g: string): SQL => {
  const group = sql.raw(g);
  return s.by === 'client'
    ? sql`receivable_ageing_of(array[${group}.company_id], false, ${group}.gid, ${p('today')}::date)`
    : sql`receivable_ageing_of(array(select u.id from users u where ${companiesIn(s, 'u.id')}),
        true, ${group}.gid, ${p('today')}::date)`;
};

/** The kept ageing's four buckets up to 90 days, summed over `t`'s rows or of its one row. */
const keptAgeing = (each: (column: string) => string) =>
  sql.raw(
    `array[${['not_due_paise', 'days1to30_paise', 'days31to60_paise', 'days61to90_paise']
      .map((column) => each(`t.${column}`))
      .join(', ')}]::bigint[] as kept_ageing`,
  );

/**
 * The groups with their kept money and ageing: every client in scope, or every project
 * invoiced. `aged_on` is the day the kept ageing is of: today for a group with nothing still
 * pending to age (no row, or a row of no day yet); none for a project of several companies'
 * rows of different days.
 */
function groups(s: Shape): SQL {
  if (s.by === 'client')
    return sql`select c.id as gid, c.id::text as id, c.name, c.company_id,
        coalesce(t.total_paise, 0) as invoiced, coalesce(t.received_paise, 0) as received,
        coalesce(t.tds_paise, 0) as tds, coalesce(t.credited_paise, 0) as credited,
        coalesce(t.total_paise - t.received_paise - t.tds_paise - t.credited_paise, 0) as pending,
        coalesce(a.advance, 0) as advance,
        coalesce(t.aged_on, ${p('today')}::date) as aged_on,
        ${keptAgeing((c) => `coalesce(${c}, 0)`)}
      from clients c
      left join client_receivables t on t.company_id = c.company_id and t.client_id = c.id
      left join (
        select r.client_id, sum(r.advance_paise) as advance from receipts r
         where ${companiesIn(s, 'r.company_id')} and r.advance_paise > 0 and not r.reversed
         group by r.client_id) a on a.client_id = c.id
     where ${companiesIn(s, 'c.company_id')}
       ${s.search ? sql`and c.name_lower like ${searched}` : sql``}`;
  return sql`select t.project_id as gid, t.project_id::text as id,
      coalesce(p.project_name, 'No project') as name,
      sum(t.total_paise) as invoiced, sum(t.received_paise) as received, sum(t.tds_paise) as tds,
      sum(t.credited_paise) as credited,
      sum(t.total_paise - t.received_paise - t.tds_paise - t.credited_paise) as pending,
      0 as advance,
      case when min(t.aged_on) is not distinct from max(t.aged_on)
        then coalesce(min(t.aged_on), ${p('today')}::date) end as aged_on,
      ${keptAgeing((c) => `sum(${c})`)}
    from project_receivables t
    left join projects p on p.id = t.project_id
   where ${companiesIn(s, 't.company_id')} and t.invoices > 0
     ${s.search ? sql`and lower(coalesce(p.project_name, 'No project')) like ${searched}` : sql``}
   group by t.project_id, p.project_name`;
}

const MONEY = ['invoiced', 'received', 'tds', 'credited', 'pending', 'advance'] as const;
const AGEING = ['not_due', 'd30', 'd60', 'd90', 'over90'] as const;
const ORDER = sql.raw('pending desc, name, id');

/** The filter's count and sums over the groups `f`. */
const filterTotals = sql`count(*)::int as total,
  ${sql.raw([...MONEY, ...AGEING].map((c) => `sum(f.${c}) as total_${c}`).join(', '))}`;

/**
 * The filter's count and totals, with the page of groups (each with its ageing: kept, or read
 * from its invoices when the kept one is of another day) beside them: one row of totals with
 * no group past the last page.
 */
const receivablesPage = preparedShapes(
  (s: Shape) => JSON.stringify(s),
  (db, s) => {
    const filtered = sql`select * from (${groups(s)}) g
      ${s.pendingOnly ? sql`where g.pending > 0 or g.advance > 0` : sql``}`;
    // The kept ageing when it is of today; else (a CASE evaluates only its branch) the
    // group's invoices are read. OFFSET 0 keeps the CASE evaluated once per group, not once
    // per use of it.
    const aged = sql`select f.*, f.ageing[1] as not_due, f.ageing[2] as d30,
        f.ageing[3] as d60, f.ageing[4] as d90,
        f.pending - f.ageing[1] - f.ageing[2] - f.ageing[3] - f.ageing[4] as over90
      from (select f.*, case when f.aged_on = ${p('today')}::date then f.kept_ageing
          else ${groupAgeing(s, 'f')} end as ageing
        from (${filtered}) f offset 0) f`;
    // Read once (materialized), then summed whole and cut to the page.
    return rawQuery(
      db,
      sql`with f as materialized (${aged})
        select t.*, pg.* from (select ${filterTotals} from f) t
        left join (select * from f order by ${ORDER} limit ${p('limit')} offset ${p('offset')}) pg
          on true
        order by ${sql.raw('pg.pending desc, pg.name, pg.id')}`,
    );
  },
);

type Sums = Record<(typeof MONEY)[number] | (typeof AGEING)[number], string>;
type Row = Sums & {
  id: string | null;
  name: string | null;
  total: number;
} & Record<`total_${keyof Sums}`, string>;

const sumsToApi = (r: Sums) => ({
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

const totalsOf = (r: Row | undefined): Sums =>
  Object.fromEntries([...MONEY, ...AGEING].map((c) => [c, r ? r[`total_${c}`] : '0'])) as Sums;

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
  const shape: Shape = {
    by: q.by,
    role: caller.role as Shape['role'],
    companyId: !!q.companyId,
    search: !!q.search,
    pendingOnly: !!q.pendingOnly,
  };
  const { limit, offset } = pageWindow(q);
  const values = {
    me: caller.userId,
    companyId: q.companyId,
    search: q.search ? searchPattern(q.search.toLowerCase()) : undefined,
    today,
    limit,
    offset,
  };
  const rows = rowsOf<Row>(await receivablesPage(db, shape).execute(values));
  const totals = rows[0];
  return {
    asOf: today,
    // Past the last page the one row is the totals' alone (every group has a name).
    data: rows.flatMap((r) =>
      r.name === null ? [] : [{ _id: r.id, name: r.name, ...sumsToApi(r) }],
    ),
    totals: sumsToApi(totalsOf(totals)),
    total: Number(totals?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
