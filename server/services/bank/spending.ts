import { sql, type SQL } from 'drizzle-orm';
import type { PartyKind } from '../../../contract/api/bank';
import { paiseToRupees, paiseToRupeesText } from '../../../contract/rules';
import { rowsOf, type DbOrTx } from '../../db/client';
import { pageAnswer, pageWindow, type PageRequest } from '../../db/paging';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { CSV_BOM, csvLine } from '../../lib/format';
import { assertRole, companyScope } from '../tenancy';
import { users } from '../../db/schema';

export interface SpendingRange {
  by: 'party' | 'project';
  from: string;
  to: string;
  companyId?: string;
}

/**
 * What a row adds up, summed in SQL: paid is debits less the reversals of debits (a credit
 * that reverses one), received the same of credits. Transfers between the company's own
 * accounts are neither.
 */
const SUMS = sql`
  coalesce(sum(case when (p.type = 'debit') = (p.reverses_id is null)
                    then (case when p.type = 'debit' then p.amount_paise else -p.amount_paise end)
               end), 0) as paid,
  coalesce(sum(case when (p.type = 'credit') = (p.reverses_id is null)
                    then (case when p.type = 'credit' then p.amount_paise else -p.amount_paise end)
               end), 0) as received,
  count(*) filter (where p.reverses_id is null)::int as payments`;

/**
 * The groups: a party is its record (kind and id) or, for a name, the name whatever its case;
 * its name as the latest payment has it. A project is its id, named as it is now.
 */
function groups(by: SpendingRange['by']) {
  return by === 'party'
    ? {
        key: sql`p.party_kind, coalesce(p.party_id::text, lower(p.party_name))`,
        columns: sql`p.party_kind as kind, min(p.party_id::text) as id,
          (array_agg(p.party_name order by p.date desc, p.seq desc))[1] as name`,
        join: sql``,
      }
    : {
        key: sql`p.project_id`,
        columns: sql`case when p.project_id is null then null else 'project' end as kind,
          p.project_id::text as id, min(pr.project_name) as name`,
        join: sql`left join projects pr on pr.id = p.project_id`,
      };
}

function rangeOf(caller: Caller, q: SpendingRange): SQL {
  assertRole(caller, 'admin', 'company');
  if (q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  // The company's (or its admin's companies') payments, named p in the queries.
  const companies = sql`select id from users where ${companyScope(users.id, caller, q.companyId)}`;
  return sql`p.company_id in (${companies})
    and p.date between ${q.from} and ${q.to} and p.transfer_id is null`;
}

interface Row {
  kind: PartyKind | 'project' | null;
  id: string | null;
  name: string | null;
  paid: string;
  received: string;
  payments: number;
}

/** The rows of a grouping, most paid first; payments naming none are one row. */
const grouped = (q: SpendingRange, where: SQL, limit?: SQL) => {
  const g = groups(q.by);
  return sql`select ${g.columns}, ${SUMS}
      from payments p ${g.join}
     where ${where}
     group by ${g.key}
     order by paid desc, name nulls last, id
     ${limit ?? sql``}`;
};

const rowToApi = (by: SpendingRange['by']) => (r: Row) => ({
  kind: r.kind,
  id: r.id,
  name: r.name ?? (by === 'party' ? 'No party' : 'No project'),
  paid: paiseToRupees(r.paid),
  received: paiseToRupees(r.received),
  payments: Number(r.payments),
});

/** One page of the company's spending by party or by project over [from, to], with totals. */
export async function spending(db: DbOrTx, caller: Caller, q: SpendingRange & PageRequest) {
  const where = rangeOf(caller, q);
  const { limit, offset } = pageWindow(q);
  const g = groups(q.by);
  const [pageResult, totalsResult] = await Promise.all([
    db.execute(grouped(q, where, sql`limit ${limit} offset ${offset}`)),
    db.execute(sql`
      select count(*)::int as total,
             coalesce(sum(t.paid), 0) as paid, coalesce(sum(t.received), 0) as received
        from (select ${SUMS} from payments p ${g.join} where ${where} group by ${g.key}) t`),
  ]);
  const page = rowsOf<Row>(pageResult);
  const [totals] = rowsOf<{ total: number; paid: string; received: string }>(totalsResult);
  return {
    ...pageAnswer(q, page.map(rowToApi(q.by)), totals?.total),
    totalPaid: paiseToRupees(totals?.paid ?? 0),
    totalReceived: paiseToRupees(totals?.received ?? 0),
  };
}

/** The same as CSV, every row, with a line of totals. Resolves (or refuses) before streaming. */
export async function spendingCsv(db: DbOrTx, caller: Caller, q: SpendingRange) {
  const where = rangeOf(caller, q);
  const rows = rowsOf<Row>(await db.execute(grouped(q, where)));
  async function* lines() {
    const heading = q.by === 'party' ? ['Party', 'Kind'] : ['Project'];
    let text = CSV_BOM + csvLine([...heading, 'Paid', 'Received', 'Payments']);
    let paid = 0n;
    let received = 0n;
    for (const r of rows) {
      paid += BigInt(r.paid);
      received += BigInt(r.received);
      const name = rowToApi(q.by)(r).name;
      text += csvLine([
        ...(q.by === 'party' ? [name, r.kind ?? ''] : [name]),
        paiseToRupeesText(r.paid),
        paiseToRupeesText(r.received),
        Number(r.payments),
      ]);
    }
    const blank = q.by === 'party' ? [''] : [];
    yield (
      text + csvLine(['Total', ...blank, paiseToRupeesText(paid), paiseToRupeesText(received), ''])
    );
  }
  return { name: `spending-by-${q.by}-${q.from}-to-${q.to}.csv`, lines: lines() };
}
