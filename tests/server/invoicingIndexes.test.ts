import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { PLANNED_PER_CALL } from '../../server/db/statementName';
import { addUser, signUp, startTestServer, type Api, type TestServer } from './helpers';
import { rowsRead, type PlanNode } from './fixtures/plans';

/**
 * The invoice list and the receivables cost a page, not the company's invoices: each of
 * their queries, captured as the app runs them against a company with 20,000 invoices and
 * EXPLAIN ANALYZEd (for these values, and as the generic plan a prepared statement may
 * switch to), reads a few hundred invoice rows at most, from indexes.
 */
const INVOICES = 20_000;
/** Invoice rows a query may read: a tenth (a page, a day's, the page's groups' recent ones). */
const MAX_INVOICE_ROWS = INVOICES / 10;
const LARGE = ['invoices', 'receipts', 'receipt_allocations', 'invoice_lines'];

let server: TestServer;
const as: Record<string, Api> = {};
const ids: Record<string, string> = {};
const captured: { query: string; params: unknown[]; path: string }[] = [];
let recording = '';

beforeAll(async () => {
  server = await startTestServer({
    onQuery: (query, params) => {
      if (recording && /^\s*(select|with|\()/i.test(query))
        captured.push({ query, params, path: recording });
    },
  });
  const admin = await signUp(server);
  as.admin = admin.api;
  const acme = await addUser(server, as.admin, 'Acme', 'company');
  as.company = acme.api;
  ids.company = acme.id;
  const pm = await addUser(server, as.company, 'Priya', 'pm');
  as.pm = pm.api;
  const q = (text: string, params: unknown[] = []) => server.database.query(text, params);
  // Another company of the same admin with invoices of its own, so that scope matters.
  const other = await addUser(server, as.admin, 'Other', 'company');
  for (const [company, invoices] of [
    [acme.id, INVOICES],
    [other.id, 2_000],
  ] as const) {
    await q(
      `insert into clients (company_id, name, state_code, billing_address)
       select $1, 'Client ' || lpad(g::text, 4, '0'), '29', 'Road' from generate_series(1, 200) g`,
      [company],
    );
    await q(
      `insert into projects (company_id, project_name, client_name, client_number, duration,
         price_paise, payment_status, project_manager_id)
       select $1, 'Site ' || g, 'Client', '9876543210', '3 months', 100000, 'pending',
           case when g = 2 then $2::uuid end
         from generate_series(1, 20) g`,
      [company, company === acme.id ? pm.id : null],
    );
    // Five years of issued invoices, one in ten on no project; a third paid, a tenth part paid.
    await q(
      `with c as (select id, row_number() over (order by name) - 1 as n from clients where company_id = $1),
            p as (select id, row_number() over (order by project_name) - 1 as n from projects where company_id = $1)
       insert into invoices (company_id, client_id, project_id, status, number, fy_start, serial,
           issue_date, due_date, place_of_supply, taxable_paise, tax_paise, total_paise,
           received_paise, issued_at)
       select $1, c.id, case when g % 10 = 0 then null else p.id end,
           case when g % 3 = 0 then 'paid' when g % 10 = 1 then 'part_paid' else 'issued' end,
           'INV/' || g, 2025, g, date '2022-01-01' + (g * 1826 / $2), date '2022-01-15' + (g * 1826 / $2),
           '29', 10000, 1800, 11800,
           case when g % 3 = 0 then 11800 when g % 10 = 1 then 5900 else 0 end, now()
         from generate_series(1, $2::int) g
         join c on c.n = g % 200 join p on p.n = g % 20`,
      [company, invoices],
    );
    // Receipts, one in ten with an advance left over.
    await q(
      `with b as (insert into bank_accounts (company_id, holder_name, account_no, branch, ifsc,
           mobile, address) values ($1, 'Acme', '9' || $2::int, 'MG Road', 'SBIN0001234', '1', 'a')
           returning id),
            c as (select id, row_number() over (order by name) - 1 as n from clients where company_id = $1)
       insert into receipts (company_id, client_id, bank_account_id, date, amount_paise, mode,
           advance_paise)
       select $1, c.id, b.id, date '2022-01-01' + g % 1826, 10000, 'neft',
           case when g % 10 = 0 then 500 else 0 end
         from generate_series(1, $2::int / 4) g join c on c.n = g % 200 cross join b`,
      [company, invoices],
    );
  }
  ids.number = `INV/${INVOICES / 2 + 7}`;
  ids.other = other.id;
  await q('vacuum analyze');
}, 120_000);
afterAll(() => server.close());

const EXPLAIN = 'explain (analyze, timing off, summary off, format json)';

const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && LARGE.includes(node['Relation Name']!)
    ? [node['Relation Name']!]
    : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

/** A bound value as SQL text, for EXECUTE (which takes no bound parameters). */
const literal = (value: unknown) =>
  value === null || value === undefined
    ? 'null'
    : typeof value === 'number'
      ? String(value)
      : `'${String(value).replaceAll("'", "''")}'`;

/** The plan for these values, and the generic plan a prepared statement may switch to. */
async function plansOf(query: string, params: unknown[]) {
  const { rows } = await server.database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `${EXPLAIN} ${query}`,
    params,
  );
  const generic = await server.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw(`prepare invoicing_generic as ${query}`));
    const args = params.length ? `(${params.map(literal).join(', ')})` : '';
    const result = await tx.execute(sql.raw(`${EXPLAIN} execute invoicing_generic${args}`));
    await tx.execute(sql.raw('deallocate invoicing_generic'));
    return rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(result)[0]!['QUERY PLAN'][0].Plan;
  });
  return { custom: rows[0]!['QUERY PLAN'][0].Plan, generic };
}

describe('invoicing lists at scale', () => {
  it('read a page of invoices, not all 20,000, for every list and role', async () => {
    const calls: [Api, string][] = [
      [as.company!, '/invoices'],
      [as.company!, '/invoices?order=asc'],
      [as.company!, '/invoices?status=issued'],
      [as.company!, '/invoices?kind=invoice&status=part_paid'],
      [as.company!, '/invoices?page=3'],
      [as.company!, `/invoices?search=${encodeURIComponent(ids.number!)}`],
      [as.company!, '/invoices?search=client%200042'],
      [as.company!, '/invoices?search=nothing%20like%20it'],
      [as.company!, '/receivables?by=client'],
      [as.company!, '/receivables?by=client&pendingOnly=true&page=2'],
      [as.company!, '/receivables?by=client&search=client%20004'],
      [as.company!, '/receivables?by=project'],
      [as.company!, '/receivables?by=project&search=site%201'],
      [as.admin!, '/invoices'],
      [as.admin!, `/invoices?companyId=${ids.company}&status=issued`],
      [as.admin!, '/receivables?by=client'],
      [as.admin!, `/receivables?by=project&companyId=${ids.other}`],
      [as.pm!, '/invoices'],
    ];
    // Next and Previous from a page's rows, for the company and an admin of all its companies.
    for (const api of [as.company!, as.admin!]) {
      const { cursors } = (await api.get('/invoices?page=2')).body;
      calls.push(
        [api, `/invoices?after=${cursors.last}`],
        [api, `/invoices?before=${cursors.first}`],
      );
    }
    for (const [api, path] of calls) {
      recording = path;
      const res = await api.get(path);
      expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    }
    recording = '';
    const problems: string[] = [];
    for (const { query, params, path } of captured) {
      const both = await plansOf(query, params);
      // A search is planned for its term on each call (PLANNED_PER_CALL): never generic.
      const plans = query.includes(PLANNED_PER_CALL) ? { custom: both.custom } : both;
      for (const [kind, plan] of Object.entries(plans)) {
        const read = rowsRead(plan, ['invoices']);
        const scans = seqScans(plan);
        if (read > MAX_INVOICE_ROWS || scans.length > 0)
          problems.push(
            `${path}: the ${kind} plan reads ${Math.round(read)} invoices${scans.length ? `, scans ${scans}` : ''}${process.env.SHOW_PLAN ? ` ${query} ${JSON.stringify(plan)}` : ''}`,
          );
      }
    }
    expect(captured.length).toBeGreaterThan(calls.length);
    expect(problems).toEqual([]);
  });

  it('answers the same figures as summing the invoices', async () => {
    const list = (await as.company!.get('/invoices?kind=invoice&status=issued')).body;
    const owed = (await as.company!.get('/receivables?by=project')).body;
    const { rows } = await server.database.query<{ n: number; total: string; pending: string }>(
      `select count(*) filter (where status = 'issued')::int as n,
              sum(total_paise) filter (where status = 'issued')::text as total,
              sum(total_paise - received_paise)::text as pending
         from invoices where company_id = $1`,
      [ids.company],
    );
    expect(list.total).toBe(rows[0]!.n);
    expect(list.totals.total).toBe(Number(rows[0]!.total) / 100);
    expect(owed.totals.pending).toBe(Number(rows[0]!.pending) / 100);
    const aged = owed.totals.ageing as Record<string, number>;
    expect(Object.values(aged).reduce((a, b) => a + b, 0)).toBeCloseTo(owed.totals.pending, 2);
  });
});
