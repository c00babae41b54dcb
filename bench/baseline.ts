// The floor the app's CPU is measured against (bench/ratio.ts): a plain `node:http` + `pg`
// server that answers the four calls the ratio bench measures, the expense list (first page,
// default sort), a search of it, the dashboard and /api/health, with the very statements the
// app sends (the session lookup of every signed-in call included; bench/ratio.ts checks that
// the texts and values are the same) and byte-identical JSON (checked there too). No framework,
// no validation, no logging, no compression: what the same SQL and the same answer cost at
// least. Only what the bench calls is implemented: a caller of another role, a sort, a page
// or a filter the bench does not send is answered 501.
//
// On its own: DATABASE_URL=postgres://… PORT=3999 tsx bench/baseline.ts
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  monthsStatement,
  recentStatement,
  totalsStatement,
} from '../server/services/dashboardStatements';

/**
 * A statement written as the app writes it (server/services/dashboardStatements.ts), with
 * its parameters numbered `$1`, `$2`… in order, as Drizzle prints them; `values` gives each
 * its value by the name it stands for.
 */
const numbered = (strings: TemplateStringsArray, ...names: Array<'me' | 'today'>) => ({
  text: strings.reduce((text, part, i) => `${text}$${i}${part}`),
  values: (given: { me: string; today: string }) => names.map((name) => given[name]),
});

/** The statements, as the app's Drizzle queries print them (bench/ratio.ts compares). */
export const SQL = {
  session: `select "sessions"."id", "users"."id", "users"."role", "users"."company_id", "users"."must_change_password", "users"."totp_secret", coalesce("company"."require_two_factor", false), "sessions"."last_used_at" < now() - make_interval(secs => $1) from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" left join "users" "company" on "company"."id" = "users"."company_id" where ("sessions"."token_hash" = $2 and "sessions"."revoked_at" is null and "sessions"."expires_at" > now() and "users"."status" = $3 and ("users"."company_id" is null or "company"."status" = $4)) limit $5`,
  touch: `update "sessions" set "expires_at" = case when "sessions"."remember" then "sessions"."expires_at"
        else now() + make_interval(secs => $1) end, "last_used_at" = now() where "sessions"."id" = $2`,
  months: `select coalesce(sum("entries"), 0)::int, coalesce(sum("amount_paise"), 0) from "expense_months" where "expense_months"."user_id" = $1`,
  page: `select "id", "user_id", "date", "description", "description_lower", "amount_paise", "category", "version", "created_at", "updated_at", "date"::text from "expenses" where "expenses"."id" in (select "id" from "expenses" where "expenses"."user_id" = $1 order by "expenses"."date" desc, "expenses"."id" desc limit $2) order by "expenses"."date" desc, "expenses"."id" desc`,
  categories: `select "name" from "categories" where "categories"."user_id" = $1 order by lower("categories"."name"), "categories"."name" asc`,
  /** The search's condition: the description, or (`categories` > 0) one of those categories. */
  matching: (categories: number) =>
    categories
      ? `("expenses"."user_id" = $1 and ("expenses"."description_lower" like lower($2::text) /* planned per call */ or "expenses"."category" in (${Array.from({ length: categories }, (_, i) => `$${i + 3}`).join(', ')})))`
      : `("expenses"."user_id" = $1 and "expenses"."description_lower" like lower($2::text) /* planned per call */)`,
  searchPage: (categories: number) =>
    `select "id", "user_id", "date", "description", "description_lower", "amount_paise", "category", "version", "created_at", "updated_at", "date"::text from "expenses" where "expenses"."id" in (select "id" from "expenses" where ${SQL.matching(categories)} order by "expenses"."date" desc, "expenses"."id" desc limit $${categories + 3}) order by "expenses"."date" desc, "expenses"."id" desc`,
  searchCount: (categories: number) =>
    `select count(*)::int, coalesce(sum("amount_paise"), 0) from (select "amount_paise" from "expenses" where ${SQL.matching(categories)} limit $${categories + 3}) "matches"`,
  turnover: `select coalesce(sum("projects"), 0)::int, coalesce(sum("price_paise"), 0) from "project_totals" where "project_totals"."company_id" in (select "id" from "users" where ("users"."created_by" = $1 and "users"."role" = $2))`,
  positionFigures: `select
          (select coalesce(sum(t.total_paise - t.received_paise - t.tds_paise - t.credited_paise), 0)
             from client_receivables t where t.company_id in (select id from users where created_by = $1 and role = 'company')) as receivable,
          (select coalesce(sum(d.pending_paise), 0) from receivable_dues d
            where d.company_id in (select id from users where created_by = $2 and role = 'company') and d.due_date < $3::date) as overdue,
          (select coalesce(sum(i.total_paise), 0) from invoices i
            where i.company_id in (select id from users where created_by = $4 and role = 'company') and i.kind = 'invoice'
              and i.status in ('issued', 'part_paid', 'paid')
              and i.issue_date >= date_trunc('month', $5::date)::date
              and i.issue_date <= $6::date) as invoiced_month,
          (select coalesce(sum(r.amount_paise), 0) from receipts r
            where r.company_id in (select id from users where created_by = $7 and role = 'company') and not r.reversed
              and r.date >= date_trunc('month', $8::date)::date
              and r.date <= $9::date) as received_month`,
  positionRecent: `select i.id, i.number, c.name as client, i.issue_date::text as date, i.status,
              i.total_paise, i.total_paise - i.received_paise - i.tds_paise - i.credited_paise as pending
            from users co cross join lateral (select i.id, i.number, i.client_id, i.issue_date, i.status, i.issued_at,
             i.total_paise, i.received_paise, i.tds_paise, i.credited_paise
        from invoices i
       where i.company_id = co.id and i.kind = 'invoice' and i.status <> 'draft'
       order by i.issued_at desc nulls last, i.id desc nulls last limit 5) i
            join clients c on c.id = i.client_id
           where co.created_by = $1 and co.role = 'company'
           order by i.issued_at desc nulls last, i.id desc nulls last limit 5`,
  // The dashboard's own statements, from where the app takes them too.
  totals: totalsStatement(numbered, 'me', 'today'),
  recent: recentStatement(numbered, 'me'),
  byMonth: monthsStatement(numbered, 'me', 'today'),
};

/** Dates and timestamps stay as PostgreSQL prints them, as the app's driver keeps them. */
const asText = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    asText.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)) as never,
};

/** The app's security and cache headers on every API answer (helmet's, as it sets them). */
const HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

const COUNT_BOUND = 10_000;
const PAGE_SIZE = 20;
const rupees = (paise: string | number | bigint | null) =>
  paise == null ? 0 : Number(paise) / 100;
const position = (value: string, key: string) =>
  Buffer.from(JSON.stringify([value, key])).toString('base64url');

type Row = unknown[];
export type QueryLogger = (text: string, params: unknown[]) => void;

export async function startBaseline(opts: {
  databaseUrl: string;
  port?: number;
  host?: string;
  /** Receives each statement and its values, as the app's onQuery does. */
  onQuery?: QueryLogger;
}) {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
  pool.on('error', () => undefined);
  /** Named (prepared once per connection) as the app's driver does, except a search. */
  const query = async (name: string | undefined, text: string, values: unknown[]) => {
    opts.onQuery?.(text, values);
    return (await pool.query<Row>({ name, text, values, rowMode: 'array', types })).rows;
  };

  async function caller(req: IncomingMessage) {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return null;
    const hash = createHash('sha256').update(token).digest('hex');
    const [row] = await query('b_session', SQL.session, [60, hash, 'active', 'active', 1]);
    if (!row) return null;
    const [sessionId, userId, role, , mustChangePassword, totpSecret, companyRequires, stale] =
      row as [string, string, string, string | null, boolean, string | null, boolean, boolean];
    if (stale) await query('b_touch', SQL.touch, [43200, sessionId]);
    const pending = mustChangePassword || (companyRequires && !totpSecret);
    return { userId, role, pending };
  }

  const expense = (r: Row) => ({
    _id: r[0],
    date: r[2],
    description: r[3],
    amount: rupees(r[5] as string),
    category: r[6],
    createdAt: new Date(r[8] as string).toISOString(),
    version: r[7],
  });

  async function expenseList(userId: string, params: URLSearchParams) {
    const search = params.get('search')?.trim();
    let rows: Row[];
    let total: number;
    let totalPaise: string;
    let capped = false;
    if (!search) {
      const [page, [months]] = await Promise.all([
        query('b_page', SQL.page, [userId, PAGE_SIZE]),
        query('b_months', SQL.months, [userId]),
      ]);
      rows = page;
      [total, totalPaise] = months as [number, string];
    } else {
      const names = (await query('b_categories', SQL.categories, [userId])).map(
        (r) => r[0] as string,
      );
      const term = search.toLowerCase();
      const matching = names.filter((n) => n.toLowerCase().includes(term));
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      rows = await query(undefined, SQL.searchPage(matching.length), [
        userId,
        like,
        ...matching,
        PAGE_SIZE,
      ]);
      if (rows.length < PAGE_SIZE) {
        total = rows.length;
        totalPaise = String(rows.reduce((sum, r) => sum + BigInt(r[5] as string), 0n));
      } else {
        const [counted] = await query(undefined, SQL.searchCount(matching.length), [
          userId,
          like,
          ...matching,
          COUNT_BOUND + 1,
        ]);
        [total, totalPaise] = counted as [number, string];
        capped = total > COUNT_BOUND;
      }
    }
    const first = rows[0];
    const last = rows[rows.length - 1];
    return {
      success: true,
      data: rows.map(expense),
      totalAmount: capped ? null : rupees(totalPaise),
      total: capped ? COUNT_BOUND : total,
      page: 1,
      pageSize: PAGE_SIZE,
      cursors:
        first && last
          ? {
              first: position(first[10] as string, first[0] as string),
              last: position(last[10] as string, last[0] as string),
            }
          : null,
      ...(capped ? { totalCapped: true } : {}),
    };
  }

  async function dashboard(userId: string, today: string) {
    const mine = { me: userId, today };
    const [[turnover], [t = []], recent, months] = await Promise.all([
      query('b_turnover', SQL.turnover, [userId, 'company']),
      query('b_totals', SQL.totals.text, SQL.totals.values(mine)),
      query('b_recent', SQL.recent.text, SQL.recent.values(mine)),
      query('b_bymonth', SQL.byMonth.text, SQL.byMonth.values(mine)),
    ]);
    // The company position of an admin (the bench's user): its companies' receivables and
    // latest invoices; an admin's lists no accounts.
    const [[f = []], invoices] = await Promise.all([
      query('b_position', SQL.positionFigures, [
        userId,
        userId,
        today,
        userId,
        today,
        today,
        userId,
        today,
        today,
      ]),
      query('b_invoices', SQL.positionRecent, [userId]),
    ]);
    const n = (i: number) => Number(t[i] ?? 0);
    const paise = (i: number) => BigInt((t[i] as string | undefined) ?? 0);
    const lent = n(3);
    return {
      success: true,
      data: {
        expenses: { count: n(0), totalAmount: rupees(n(1)) },
        lend: {
          count: n(2),
          totalAmount: rupees(lent),
          outstandingAmount: rupees(paise(3) - paise(4)),
          overdueCount: n(8),
        },
        borrowed: {
          count: n(5),
          totalAmount: rupees(n(6)),
          outstandingAmount: rupees(paise(6) - paise(7)),
          overdueCount: n(9),
        },
        totalTurnoverLength: (turnover?.[0] as number | undefined) ?? 0,
        totalTurnoverAmount: rupees(turnover?.[1] as string),
        // A share, not money, as the app computes it.
        lentRepaidPercent: lent === 0 ? null : Math.round((n(4) * 10000) / lent) / 100,
        recent: recent.map((r) => ({
          kind: r[0],
          _id: r[1],
          label: r[2],
          amount: rupees(r[3] as string),
          date: r[4],
        })),
        expensesByMonth: months.map((r) => ({
          month: r[0],
          category: r[1],
          amount: rupees(r[2] as string),
        })),
        position: {
          cash: null,
          accounts: [],
          receivable: rupees(f[0] as string),
          overdue: rupees(f[1] as string),
          invoicedThisMonth: rupees(f[2] as string),
          receivedThisMonth: rupees(f[3] as string),
          recentInvoices: invoices.map((r) => ({
            _id: r[0],
            number: r[1],
            clientName: r[2],
            date: r[3],
            status: r[4],
            total: rupees(r[5] as string),
            pending: rupees(r[6] as string),
          })),
        },
      },
    };
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const json = JSON.stringify(body);
    res.writeHead(status, {
      ...HEADERS,
      'x-request-id': randomUUID(),
      'content-length': Buffer.byteLength(json),
    });
    res.end(json);
  };
  const refuse = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { success: false, message });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://baseline');
    const params = url.searchParams;
    if (req.method !== 'GET') return refuse(res, 404, 'Not found');
    if (url.pathname === '/api/health')
      return send(res, 200, { success: true, status: 'ok', database: 'up' });
    const known = ['/api/expense/getuserallexpenses', '/api/user/getalldata'];
    if (!known.includes(url.pathname)) return refuse(res, 404, 'Not found');
    const who = await caller(req);
    if (!who) return refuse(res, 401, 'Your session has ended. Please log in again.');
    if (who.pending) return refuse(res, 403, 'Something is pending');
    if (url.pathname === '/api/user/getalldata') {
      const today = params.get('today');
      if (who.role !== 'admin' || !today || [...params.keys()].length !== 1)
        return refuse(res, 501, 'Not in the baseline');
      return send(res, 200, await dashboard(who.userId, today));
    }
    if ([...params.keys()].some((k) => k !== 'search'))
      return refuse(res, 501, 'Not in the baseline');
    return send(res, 200, await expenseList(who.userId, params));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) refuse(res, 500, 'Something went wrong');
    });
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((ok) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
      await pool.end();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const baseline = await startBaseline({
    databaseUrl,
    port: Number(process.env.PORT ?? 3999),
    host: process.env.HOST ?? '127.0.0.1',
  });
  console.log(`baseline listening on ${baseline.origin}`);
  process.on('SIGTERM', () => void baseline.close().then(() => process.exit(0)));
}
