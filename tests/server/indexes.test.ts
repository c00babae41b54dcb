import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_TABLES } from '../../contract/enums';
import { rowsOf } from '../../server/db/client';
import { runDueRecurring } from '../../server/services/recurring';
import { runDueRecurringPayments } from '../../server/services/recurringPayments';
import {
  addUser,
  bankAccountBody,
  signUp,
  startTestServer,
  type Api,
  type TestServer,
} from './helpers';
import { rowsRead, type PlanNode } from './fixtures/plans';

/**
 * Every hot call's queries use an index: the app's own SQL is captured as it runs against a
 * seeded database, then EXPLAIN ANALYZEd; a sequential scan on a large table, or a page
 * sorted out of all of an owner's many rows, fails the test.
 */
// project_totals is left out: one row per company, small enough that a scan is the right plan.
const LARGE = [
  ...AUDITED_TABLES,
  'account_days',
  'expense_months',
  'audit_log',
  'sessions',
  'recurring_expenses',
  'recurring_payments',
];
const captured: { query: string; params: unknown[] }[] = [];
let recording = false;
let server: TestServer;
const ids: Record<string, string> = {};
const as: Record<string, Api> = {};

beforeAll(async () => {
  server = await startTestServer({
    onQuery: (query, params) => {
      if (recording && /^\s*(select|with|\()/i.test(query)) captured.push({ query, params });
    },
  });
  const admin = await signUp(server);
  as.admin = admin.api;
  const acme = await addUser(server, as.admin, 'Acme', 'company');
  as.company = acme.api;
  const pm = await addUser(server, as.company, 'Priya', 'pm');
  ids.pm = pm.id;
  as.pm = pm.api;
  const acc = await as.company.post(
    '/company/createbank',
    bankAccountBody({ openingBalance: 1_000_000 }),
  );
  ids.account = acc.body.data._id;
  ids.admin = admin.user._id;
  const company = acme.id;
  ids.company = company;

  // Bulk rows straight in SQL: many users, each with some of everything, so that every
  // table is large and one user's rows are a small part of it.
  const q = (text: string, params: unknown[] = []) => server.database.query(text, params);
  await q(
    `insert into users (name, email, role, company_id, created_by)
           select 'u' || g, 'u' || g || '@bulk.example', (array['pm','tl','employee'])[1 + g % 3]::user_role, $1, $1
             from generate_series(1, 3000) g`,
    [company],
  );
  // Another admin's companies: this admin's own scope stays a small part of each table.
  const other = await signUp(server);
  await q(
    `insert into users (name, email, role, created_by)
           select 'c' || g, 'c' || g || '@bulk.example', 'company', $1 from generate_series(1, 500) g`,
    [other.user._id],
  );
  await q(`insert into sessions (user_id, token_hash, expires_at)
           select id, md5(random()::text) || id, now() + interval '1 day' from users where email like '%@bulk.example'`);
  await q(`insert into expenses (user_id, date, description, amount_paise, category)
           select u.id, date '2025-01-01' + (g % 600), 'bulk ' || g, 100 + g, 'other'
             from (select id from users where email like '%@bulk.example' limit 200) u, generate_series(1, 500) g`);
  await q(
    `insert into expenses (user_id, date, description, amount_paise, category)
           select $1, date '2025-01-01' + (g % 600), 'mine ' || g, 100 + g, 'shopping' from generate_series(1, 5000) g`,
    [admin.user._id],
  );
  await q(
    `insert into budgets (user_id, category_id, amount_paise)
           select user_id, id, 100000 from categories where user_id = $1`,
    [admin.user._id],
  );
  await q(`insert into loans (user_id, direction, name, email, amount_paise, issue_date, repayment_date)
           select u.id, (array['lend','borrowed'])[1 + g % 2]::loan_direction, 'p' || g, 'p' || (g % 50) || '@x.example', 1000, date '2025-01-01' + (g % 600), date '2026-01-01'
             from (select id from users where email like '%@bulk.example' limit 200) u, generate_series(1, 100) g`);
  await q(
    `insert into loans (user_id, direction, name, email, amount_paise, issue_date, repayment_date)
           select $1, (array['lend','borrowed'])[1 + g % 2]::loan_direction, 'p' || g, 'p' || (g % 50) || '@x.example', 1000, date '2025-01-01' + (g % 600), date '2026-01-01'
             from generate_series(1, 2000) g`,
    [admin.user._id],
  );
  await q(
    `insert into repayments (loan_id, user_id, date, amount_paise) select id, user_id, issue_date, 1 from loans`,
  );
  await q(`insert into projects (company_id, project_name, client_name, client_number, duration, price_paise, payment_status, date, project_manager_id)
           select c.id, 'proj ' || g, 'client', '1', '1m', 1000, 'paid', date '2025-01-01' + (g % 600), null
             from (select id from users where role = 'company' limit 400) c, generate_series(1, 50) g`);
  await q(
    `insert into projects (company_id, project_name, client_name, client_number, duration, price_paise, payment_status, date, project_manager_id)
           select $1, 'mine ' || g, 'client', '1', '1m', 1000, 'paid', date '2025-01-01' + (g % 600), $2 from generate_series(1, 2000) g`,
    [company, ids.pm],
  );
  await q(`insert into bank_accounts (company_id, holder_name, account_no, branch, ifsc, mobile, address)
           select id, 'h', '1000' || row_number() over (), 'b', 'SBIN0001234', '1', 'a' from users where role = 'company' and email like '%@bulk.example'`);
  await q(`insert into payments (account_id, company_id, date, remark, type, amount_paise)
           select b.id, b.company_id, date '2025-01-01' + (g % 600), 'r', 'credit', 1
             from (select id, company_id from bank_accounts limit 300) b, generate_series(1, 100) g`);
  await q(
    `insert into payments (account_id, company_id, date, remark, type, amount_paise)
           select $1, $2, date '2025-01-01' + (g % 600), 'r', 'credit', 1 from generate_series(1, 5000) g`,
    [ids.account, company],
  );
  // Recurring expenses of many users, none due (the server's job runs meanwhile).
  await q(`insert into recurring_expenses (user_id, description, amount_paise, category, schedule, day, start_date, next_date)
           select u.id, 'rent ' || g, 100 + g, 'other', 'monthly', 1 + g % 28, date '2099-01-01', date '2099-01-01' + g
             from (select id from users where email like '%@bulk.example' limit 200) u, generate_series(1, 50) g`);
  await q(
    `insert into recurring_expenses (user_id, description, amount_paise, category, schedule, day, start_date, next_date)
           select $1, 'mine ' || g, 100 + g, 'other', 'weekly', g % 7, date '2099-01-01', date '2099-01-01' + g from generate_series(1, 300) g`,
    [admin.user._id],
  );
  // Recurring payments of many companies, none due.
  await q(`insert into recurring_payments (company_id, account_id, type, amount_paise, remark, schedule, day, start_date, next_date)
           select b.company_id, b.id, 'debit', 100 + g, 'salary ' || g, 'monthly', 1 + g % 28, date '2099-01-01', date '2099-01-01' + g
             from (select id, company_id from bank_accounts limit 300) b, generate_series(1, 50) g`);
  await q(
    `insert into recurring_payments (company_id, account_id, type, amount_paise, remark, schedule, day, start_date, next_date)
           select $2, $1, 'credit', 100 + g, 'mine ' || g, 'weekly', g % 7, date '2099-01-01', date '2099-01-01' + g from generate_series(1, 300) g`,
    [ids.account, company],
  );
  // As autovacuum leaves a live database: statistics and the visibility map up to date.
  await q('vacuum analyze');
}, 120_000);
afterAll(() => server.close());

/** A bound value as SQL text, for EXECUTE (which takes no bound parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Both drivers run each query as a named prepared statement, and after a few runs PostgreSQL
 * may switch to a generic plan, made without the parameters' values. That plan must use the
 * indexes too, so it is checked as well as the plan for these values.
 */
// Run, for the rows each node really read; only read queries are captured.
const EXPLAIN = 'explain (analyze, timing off, summary off, format json)';
let prepared = 0;

async function plans(query: string, params: unknown[]): Promise<Record<string, unknown>> {
  const { rows } = await server.database.query<{ 'QUERY PLAN': unknown }>(
    `${EXPLAIN} ${query}`,
    params,
  );
  const generic = await server.database.db.transaction(async (tx) => {
    // A new name each time: PREPARE outlives a rolled-back transaction.
    const name = `generic_check_${++prepared}`;
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw(`prepare ${name} as ${query}`));
    const args = params.length ? `(${params.map(literal).join(', ')})` : '';
    const result = await tx.execute(sql.raw(`${EXPLAIN} execute ${name}${args}`));
    await tx.execute(sql.raw(`deallocate ${name}`));
    return rowsOf<{ 'QUERY PLAN': unknown }>(result)[0]?.['QUERY PLAN'];
  });
  return { custom: rows[0]?.['QUERY PLAN'], generic };
}

/**
 * Tables where one owner's rows run to a million (a user's expenses, an account's payments):
 * their lists must follow an index in every sort order, since sorting all of an owner's
 * rows for a page grows with them. Elsewhere an owner has a few thousand rows at most.
 */
const MANY_PER_OWNER = ['expenses', 'payments'];
/** A page cut from a sort of more rows than this had no index to follow for its order. */
const MAX_SORTED_ROWS = 500;

const rowsOut = (node: PlanNode) => node['Actual Rows'] * node['Actual Loops'];
const tablesUnder = (node: PlanNode): string[] => [
  ...(node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(tablesUnder),
];

/** Nodes that pass their input's rows on as they are, so a Limit above them cuts a sort below. */
const PASS_THROUGH = ['Gather Merge', 'Result', 'Subquery Scan'];

/**
 * What in a plan reads far more than it returns: a scan of a large table, or a page (a
 * Limit) taken from sorting all of an owner's rows. Sorts that feed something else, such as
 * a statement's running balance, are the planner's choice of the cheaper way.
 */
function findings(node: PlanNode, underLimit = false): string[] {
  const type = node['Node Type'];
  const pageSorted = /Sort$/.test(type) && underLimit ? rowsOut(node.Plans![0]!) : 0;
  const own =
    type === 'Seq Scan' && LARGE.includes(node['Relation Name']!)
      ? [`scans ${node['Relation Name']}`]
      : pageSorted > MAX_SORTED_ROWS && tablesUnder(node).some((t) => MANY_PER_OWNER.includes(t))
        ? [`sorts ${pageSorted} rows for a page`]
        : [];
  const childrenUnderLimit = type === 'Limit' || (underLimit && PASS_THROUGH.includes(type));
  return [...own, ...(node.Plans ?? []).flatMap((child) => findings(child, childrenUnderLimit))];
}

async function explainAll() {
  const problems: string[] = [];
  for (const { query, params } of captured) {
    for (const [kind, found] of Object.entries(await plans(query, params))) {
      const [{ Plan }] = found as [{ Plan: PlanNode }];
      for (const finding of findings(Plan))
        // SHOW_PLAN=1 adds the whole plan to each finding.
        problems.push(
          `${finding} (${kind} plan): ${query.slice(0, 160)} PLAN ${process.env.SHOW_PLAN ? JSON.stringify(found) : ''}`,
        );
    }
  }
  return problems;
}

describe('hot queries use indexes', () => {
  it('for every list, total, report, statement and dashboard call of every role', async () => {
    recording = true;
    const calls: [Api, string][] = [
      [as.admin!, '/expense/getuserallexpenses'],
      [as.admin!, '/expense/getuserallexpenses?page=200'],
      [as.admin!, '/expense/getuserallexpenses?search=mine%2042'],
      [as.admin!, '/expense/getuserallexpenses?sort=amount&order=asc'],
      [as.admin!, '/expense/getuserallexpenses?sort=category&page=30'],
      [as.admin!, '/expense/getuserallexpenses?sort=description&order=asc'],
      [as.admin!, '/expense/getuserallexpenses?sort=createdAt'],
      [as.admin!, '/expense/getuserallexpenses?from=2025-06-01&to=2025-06-30'],
      [
        as.admin!,
        '/expense/getuserallexpenses?from=2025-03-01&to=2025-12-31&category=shopping&page=5',
      ],
      [as.admin!, '/expense/categoryreport?from=2025-03-15&to=2026-02-10'],
      [as.admin!, '/user/getalldata?today=2026-11-22&from=2025-06-01&to=2025-06-30'],
      [as.admin!, '/lend/getuseralllends'],
      [as.admin!, '/lend/getuseralllends?page=40&sort=amount'],
      [as.admin!, '/borrowed/getuserallborroweds?from=2025-03-01&to=2025-12-31'],
      [as.admin!, '/user/getcounterparties'],
      [as.admin!, '/user/getcounterparty?email=p7@x.example'],
      [as.admin!, '/user/getalldata?today=2026-11-22'],
      [as.admin!, '/budget/getbudgets?month=2025-06'],
      [as.admin!, '/user/getadminallcompany'],
      [as.admin!, `/company/getcompanyallproject?companyId=${ids.company}`],
      [as.admin!, '/audit/getaudit'],
      [as.company!, '/company/getcompanyallproject'],
      [as.company!, '/company/getcompanyallproject?page=50&from=2025-01-01&to=2025-12-31'],
      [as.company!, '/company/getallpm'],
      [as.company!, '/company/projectsuggestions?field=status'],
      [as.company!, '/company/getcompanyallemployee?search=u1'],
      [as.company!, '/company/getallbankbyuserid'],
      [as.company!, `/company/getpayments?accountId=${ids.account}&page=100`],
      [as.company!, `/company/statement?accountId=${ids.account}&from=2025-06-01&to=2026-05-31`],
      [
        as.company!,
        `/company/statement?accountId=${ids.account}&from=2025-06-01&to=2026-05-31&page=30&pageSize=100`,
      ],
      [as.company!, '/user/getalldata'],
      [as.company!, '/audit/getaudit'],
      // Whole days in the caller's zone, bounded on the column itself.
      [as.company!, '/audit/getaudit?from=2025-03-01&to=2025-03-31'],
      [as.pm!, '/company/getcompanyallproject'],
      [as.pm!, '/company/getalltl'],
      [as.admin!, '/expense/getrecurring'],
      [as.admin!, '/expense/getrecurring?page=10&order=desc'],
      [as.company!, '/company/getrecurringpayments'],
      [as.company!, '/company/getrecurringpayments?page=10&order=desc'],
      [as.admin!, `/company/getrecurringpayments?companyId=${ids.company}`],
    ];
    for (const [api, path] of calls) {
      const res = await api.get(path);
      expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    }
    // The recurring job's scan for due templates (none are due today).
    expect(await runDueRecurring(server.db)).toBe(0);
    expect(await runDueRecurringPayments(server.db)).toEqual({ posted: 0, skipped: 0 });
    recording = false;
    expect(captured.length).toBeGreaterThan(calls.length);
    expect(await explainAll()).toEqual([]);
  });

  it("a search for a rare or absent term reads the rows that contain it, not all of the owner's", async () => {
    for (const term of ['mine 4242', 'zzznomatch', 'p1999']) {
      captured.length = 0;
      recording = true;
      const path = term.startsWith('p')
        ? `/lend/getuseralllends?search=${encodeURIComponent(term)}`
        : `/expense/getuserallexpenses?search=${encodeURIComponent(term)}`;
      const res = await as.admin!.get(path);
      recording = false;
      expect(res.status).toBe(200);
      for (const { query, params } of captured) {
        // Searches are planned for their term on each call: the plan for these values is the one.
        const { rows } = await server.database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `${EXPLAIN} ${query}`,
          params,
        );
        const read = rowsRead(rows[0]!['QUERY PLAN'][0].Plan, ['expenses', 'loans']);
        expect(read, `${term}: ${query.slice(0, 160)}`).toBeLessThan(100);
      }
    }
  });

  it('Next deep in a long list reads that page from its position, not the rows in front', async () => {
    for (const sort of ['date', 'amount', 'description', 'category', 'createdAt']) {
      // Page 240 of 250 by its number (an offset), then 241 from its last row's position.
      const before = await as.admin!.get(`/expense/getuserallexpenses?sort=${sort}&page=240`);
      const last = before.body.cursors.last as string;
      captured.length = 0;
      recording = true;
      const res = await as.admin!.get(
        `/expense/getuserallexpenses?sort=${sort}&page=241&after=${last}`,
      );
      recording = false;
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(20);
      for (const { query, params } of captured) {
        const { rows } = await server.database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `${EXPLAIN} ${query}`,
          params,
        );
        const read = rowsRead(rows[0]!['QUERY PLAN'][0].Plan, ['expenses']);
        expect(read, `${sort}: ${query.slice(0, 160)}`).toBeLessThan(100);
      }
    }
  });

  it("Next deep in a long statement reads that page's entries and their days, not the entries in front", async () => {
    // 5,000 entries over 600 days, about 8 a day: page 240 of 250, then 241 from its last entry.
    const range = `/company/statement?accountId=${ids.account}&from=2025-01-01&to=2026-12-31`;
    const before = await as.company!.get(`${range}&page=240`);
    const last = before.body.data.cursors.last as string;
    captured.length = 0;
    recording = true;
    const res = await as.company!.get(`${range}&page=241&after=${last}`);
    recording = false;
    expect(res.status).toBe(200);
    expect(res.body.data.entries).toHaveLength(20);
    const previous = before.body.data.entries.at(-1).balance as number;
    expect(res.body.data.entries[0].balance).toBe(Math.round(previous * 100 + 1) / 100);
    const statementQueries = captured.filter(({ query }) => query.includes('account_days'));
    expect(statementQueries).toHaveLength(1);
    for (const { query, params } of statementQueries) {
      const { rows } = await server.database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `${EXPLAIN} ${query}`,
        params,
      );
      // The page's 20 entries and, for each, its day's entries (about 8) and earlier days.
      const read = rowsRead(rows[0]!['QUERY PLAN'][0].Plan, ['payments']);
      expect(read, query.slice(0, 160)).toBeLessThan(1000);
    }
  });
});
