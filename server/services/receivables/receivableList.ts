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
 * What is pending is aged by due date as of the caller's today, reading only what is still
 * pending (invoices_pending_client_idx / invoices_pending_project_idx, which hold the money):
 * for the page's groups, and for the totals from receivable_dues (pending per due date) or,
 * in a search, from the matching groups. The page, the count and the totals are one
 * statement, prepared once per shape.
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

const PENDING = sql`(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)`;
const STILL_PENDING = sql`i.kind = 'invoice' and i.status in ('issued', 'part_paid')`;

/** Pending amounts by how late they are on `today`, of pending `amount` due on `due`. */
const ageingSums = (amount: SQL, due: SQL) => sql`
  coalesce(sum(${amount}) filter (where ${due} is null or ${due} >= ${p('today')}::date), 0) as not_due,
  coalesce(sum(${amount}) filter (where ${p('today')}::date - ${due} between 1 and 30), 0) as d30,
  coalesce(sum(${amount}) filter (where ${p('today')}::date - ${due} between 31 and 60), 0) as d60,
  coalesce(sum(${amount}) filter (where ${p('today')}::date - ${due} between 61 and 90), 0) as d90,
  coalesce(sum(${amount}) filter (where ${p('today')}::date - ${due} > 90), 0) as over90`;

/**
 * The ageing of one group `g` (a client, or a project: null for invoices of none). Only what
 * fell due in the last 90 days, or is not yet due, is read; what is over 90 days late is the
 * rest of the group's kept pending amount, so years of old unpaid invoices are not read.
 */
function groupAgeing(s: Shape, g: string): SQL {
  const group = sql.raw(g);
  // Each side a range of the pending index: due in the last 90 days or later, and no due date.
  const pendingOf = (where: SQL) => sql`
    select i.due_date, ${PENDING} as pending from invoices i
     where ${STILL_PENDING} and ${where} and i.due_date >= ${p('today')}::date - 90
    union all
    select i.due_date, ${PENDING} from invoices i
     where ${STILL_PENDING} and ${where} and i.due_date is null`;
  const recent =
    s.by === 'client'
      ? pendingOf(sql`i.company_id = ${group}.company_id and i.client_id = ${group}.gid`)
      : // Invoices of no project of every company in scope make one group, "No project".
        sql`${pendingOf(sql`${companiesIn(s, 'i.company_id')} and i.project_id = ${group}.gid`)}
          union all
          ${pendingOf(sql`${companiesIn(s, 'i.company_id')} and ${group}.gid is null and i.project_id is null`)}`;
  return sql`select r.not_due, r.d30, r.d60, r.d90,
      ${group}.pending - r.not_due - r.d30 - r.d60 - r.d90 as over90
    from (select ${ageingSums(sql`a.pending`, sql`a.due_date`)} from (${recent}) a) r`;
}

/** The groups with their kept money: every client in scope, or every project invoiced. */
function groups(s: Shape): SQL {
  if (s.by === 'client')
    return sql`select c.id as gid, c.id::text as id, c.name, c.company_id,
        coalesce(t.total_paise, 0) as invoiced, coalesce(t.received_paise, 0) as received,
        coalesce(t.tds_paise, 0) as tds, coalesce(t.credited_paise, 0) as credited,
        coalesce(t.total_paise - t.received_paise - t.tds_paise - t.credited_paise, 0) as pending,
        coalesce(a.advance, 0) as advance
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
      0 as advance
    from project_receivables t
    left join projects p on p.id = t.project_id
   where ${companiesIn(s, 't.company_id')} and t.invoices > 0
     ${s.search ? sql`and lower(coalesce(p.project_name, 'No project')) like ${searched}` : sql``}
   group by t.project_id, p.project_name`;
}

const MONEY = ['invoiced', 'received', 'tds', 'credited', 'pending', 'advance'] as const;
const AGEING = ['not_due', 'd30', 'd60', 'd90', 'over90'] as const;
const ORDER = sql.raw('pending desc, name, id');

/** The filter's count and sums over every row of `rows`, beside each row (a window). */
const windowTotals = (columns: readonly string[]) =>
  sql.raw(
    [
      'count(*) over ()::int as total',
      ...columns.map((c) => `sum(${c}) over () as total_${c}`),
    ].join(', '),
  );

/**
 * The page of groups, each with its ageing, and the filter's count and totals on every row.
 * Without a search, only the page's groups are aged and the totals' ageing comes from
 * receivable_dues; a search ages each matching group, and sums those.
 */
const receivablesPage = preparedShapes(
  (s: Shape) => JSON.stringify(s),
  (db, s) => {
    const filtered = sql`select * from (${groups(s)}) g
      ${s.pendingOnly ? sql`where g.pending > 0 or g.advance > 0` : sql``}`;
    const window = sql`order by ${ORDER} limit ${p('limit')} offset ${p('offset')}`;
    if (s.search)
      return rawQuery(
        db,
        sql`select *, ${windowTotals([...MONEY, ...AGEING])}
          from (${filtered}) f
          left join lateral (${groupAgeing(s, 'f')}) ag on true
          ${window}`,
      );
    return rawQuery(
      db,
      sql`select pg.*, ag.*, dues.* from (
          select *, ${windowTotals(MONEY)} from (${filtered}) f ${window}
        ) pg
        left join lateral (${groupAgeing(s, 'pg')}) ag on true
        cross join (
          select ${sql.raw(AGEING.map((c) => `${c} as total_${c}`).join(', '))} from (
            select ${ageingSums(sql`d.pending_paise`, sql`d.due_date`)}
              from receivable_dues d where ${companiesIn(s, 'd.company_id')}) dd
        ) dues
        order by ${sql.raw('pg.pending desc, pg.name, pg.id')}`,
    );
  },
);

type Sums = Record<(typeof MONEY)[number] | (typeof AGEING)[number], string>;
type Row = Sums & { id: string | null; name: string; total: number } & Record<
    `total_${keyof Sums}`,
    string
  >;

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
  const statement = receivablesPage(db, shape);
  const rows = rowsOf<Row>(await statement.execute(values));
  // Past the last page no row carries the totals: the first page's first row has them.
  const totals =
    rows[0] ??
    (offset > 0
      ? rowsOf<Row>(await statement.execute({ ...values, limit: 1, offset: 0 }))[0]
      : undefined);
  return {
    asOf: today,
    data: rows.map((r) => ({ _id: r.id, name: r.name, ...sumsToApi(r) })),
    totals: sumsToApi(totalsOf(totals)),
    total: Number(totals?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
