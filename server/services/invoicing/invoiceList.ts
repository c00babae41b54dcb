import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { InvoiceStatus } from '../../../contract/api/invoices';
import { paiseToRupees } from '../../../contract/rules';
import type { DbOrTx } from '../../db/client';
import { preparedShapes } from '../../db/prepared';
import {
  pageAnswer,
  pageCursors,
  pageWindow,
  positionChecks,
  requestedPosition,
  rowCount,
  rowsAndCount,
  type KeysetRequest,
  type PageRequest,
} from '../../db/paging';
import { searchPattern } from '../../db/search';
import { PLANNED_PER_CALL } from '../../db/statementName';
import { clients, invoices, invoiceTotals, projects, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { assertRole } from '../tenancy';
import { pendingOf, summaryColumns, summaryToApi, type InvoiceSummaryRow } from './invoices';

/*
 * The invoice list: a page of invoices in issue-date order and the count and sums of the
 * whole filter. Every query is prepared once per shape (prepared.ts). The count and sums of
 * a company's invoices, of a kind or a status, come from invoice_totals (kept by triggers),
 * not from reading every invoice; a search is the union of the invoices whose number matches
 * (invoices_number_trgm_idx) and those of the clients whose name matches
 * (clients_name_trgm_idx, then invoices_company_client_idx). Next and Previous go from a row's
 * position (keyset: its issue date, when it was made and its key), so page 5,000 reads what
 * page 1 does; a page number still skips the rows in front.
 */

export interface InvoiceQuery extends PageRequest, KeysetRequest {
  search?: string;
  companyId?: string;
  clientId?: string;
  projectId?: string;
  kind?: 'invoice' | 'credit_note';
  status?: InvoiceStatus;
  from?: string;
  to?: string;
  order: 'asc' | 'desc';
}

const p = sql.placeholder;

/** What changes a list query's text: who asks, and which filters are given. */
interface FilterShape {
  role: 'admin' | 'company' | 'pm';
  companyId: boolean;
  clientId: boolean;
  projectId: boolean;
  kind: boolean;
  status: boolean;
  from: boolean;
  to: boolean;
  search: boolean;
}

/** The companies the caller reads, on a company_id column (tenancy's companyScope). */
function companiesIn(s: FilterShape, column: AnyPgColumn): SQL {
  const own =
    s.role === 'admin'
      ? sql`${column} in (select ${users.id} from ${users}
          where ${users.createdBy} = ${p('me')} and ${users.role} = 'company')`
      : eq(column, p(s.role === 'pm' ? 'pmCompany' : 'me'));
  return and(own, s.companyId ? eq(column, p('companyId')) : undefined)!;
}

/**
 * The filter on invoices, search aside: the caller's invoices (a PM its projects'), in the
 * companies given, or else in the caller's.
 */
function invoiceFilter(s: FilterShape, company: SQL = companiesIn(s, invoices.companyId)): SQL {
  return and(
    company,
    s.role === 'pm'
      ? sql`${invoices.projectId} in (select ${projects.id} from ${projects}
          where ${projects.projectManagerId} = ${p('me')})`
      : undefined,
    s.clientId ? eq(invoices.clientId, p('clientId')) : undefined,
    s.projectId ? eq(invoices.projectId, p('projectId')) : undefined,
    s.kind ? eq(invoices.kind, p('kind')) : undefined,
    s.status ? eq(invoices.status, p('status')) : undefined,
    s.from ? gte(invoices.issueDate, p('from')) : undefined,
    s.to ? lte(invoices.issueDate, p('to')) : undefined,
  )!;
}

/** The list's order: issue date, then when it was made, then its key. */
const listOrder = (dir: 'asc' | 'desc') => {
  const by = dir === 'asc' ? asc : desc;
  return [by(invoices.issueDate), by(invoices.createdAt), by(invoices.id)];
};

/** A row's position's sort value: its issue date and when it was made, as text. */
const positionValue = sql<string>`${invoices.issueDate}::text || '|' || ${invoices.createdAt}::text`;

/** Whether a position's value is an issue date and a timestamp, as positionValue writes them. */
const isPositionValue = (value: string) => {
  const [day, at, ...rest] = value.split('|');
  return rest.length === 0 && positionChecks.date(day ?? '') && positionChecks.timestamp(at ?? '');
};

/** The rows after the position (`afterDay`, `afterAt`, `afterKey`) in `dir`'s order. */
const afterPosition = (dir: 'asc' | 'desc') =>
  sql`(${invoices.issueDate}, ${invoices.createdAt}, ${invoices.id}) ${sql.raw(dir === 'asc' ? '>' : '<')}
    (cast(${p('afterDay')} as date), cast(${p('afterAt')} as timestamptz), cast(${p('afterKey')} as uuid))`;

/**
 * The ids a search matches, as a union of two index reads: the invoices whose number
 * contains the term, and the invoices of the clients whose name contains it. With `bound`,
 * each side is cut to the first `bound` in the list's order: the page is among them.
 */
function searchMatches(
  db: DbOrTx,
  s: FilterShape,
  dir: 'asc' | 'desc',
  bound: boolean,
  after?: SQL,
): SQL {
  const side = (match: SQL) => {
    const ids = db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(invoiceFilter(s), match, after));
    return bound ? ids.orderBy(...listOrder(dir)).limit(p('bound')) : ids;
  };
  const byNumber = side(
    sql`${invoices.number} like ${p('numberPattern')} ${sql.raw(PLANNED_PER_CALL)}`,
  );
  const byClient = side(
    sql`${invoices.clientId} in (select ${clients.id} from ${clients}
      where ${companiesIn(s, clients.companyId)}
        and ${clients.nameLower} like ${p('namePattern')} ${sql.raw(PLANNED_PER_CALL)})`,
  );
  return sql`${invoices.id} in ((${byNumber}) union (${byClient}))`;
}

/**
 * An admin's page of all its companies: each company's first `bound` invoices in the list's
 * order, from its own index (invoices_company_issue_idx), then the page among them. Ordering
 * the companies' invoices together would otherwise sort every one of them. Planned for its
 * bound on each call: a generic plan, not knowing how many rows the limit keeps, may read
 * every invoice instead.
 */
/** A page's shape: its filter, the order it is read in, and whether it starts at a position. */
type PageShape = FilterShape & { order: 'asc' | 'desc'; offset: boolean; position: boolean };

/** The rows after the page's position, when it has one. */
const afterOf = (s: PageShape) => (s.position ? afterPosition(s.order) : undefined);

function eachCompanysFirst(db: DbOrTx, s: PageShape): SQL {
  const first = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(invoiceFilter(s, sql`${invoices.companyId} = co.id`), afterOf(s)))
    .orderBy(...listOrder(s.order))
    .limit(p('bound'));
  return sql`${invoices.id} in (select x.id from (select ${users.id} as id from ${users}
      where ${users.createdBy} = ${p('me')} and ${users.role} = 'company') co
    cross join lateral (${first}) x) ${sql.raw(PLANNED_PER_CALL)}`;
}

const pageFilter = (db: DbOrTx, s: PageShape) =>
  s.search
    ? searchMatches(db, s, s.order, true, afterOf(s))
    : s.role === 'admin' && !s.companyId
      ? eachCompanysFirst(db, s)
      : and(invoiceFilter(s), afterOf(s))!;

/** A page of the list, each invoice with its client's name. */
const listPage = preparedShapes(
  (s: PageShape) => JSON.stringify(s),
  (db, s) =>
    db
      .select({ invoice: summaryColumns, clientName: clients.name, sortValue: positionValue })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(pageFilter(db, s))
      .orderBy(...listOrder(s.order))
      .limit(p('limit'))
      // Drizzle leaves out an offset of 0, as the page without one was written.
      .offset(s.offset ? p('offset') : 0),
);

/** The list's sums, over invoices or over invoice_totals (the same column names). */
const sums = {
  total: sql<string>`coalesce(sum(total_paise) filter (where status <> 'draft'), 0)`,
  received: sql<string>`coalesce(sum(received_paise), 0)`,
  pending: sql<string>`coalesce(sum(total_paise - received_paise - tds_paise - credited_paise)
    filter (where kind = 'invoice' and status in ('issued', 'part_paid')), 0)`,
};

/** The count and sums of a filter from the invoices themselves (no join to clients). */
const listMatches = preparedShapes(
  (s: FilterShape) => JSON.stringify(s),
  (db, s) =>
    db
      .select({ count: rowCount(), ...sums })
      .from(invoices)
      .where(s.search ? searchMatches(db, s, 'desc', false) : invoiceFilter(s)),
);

/** The count and sums of a company's (an admin's companies') invoices, from invoice_totals. */
const keptTotals = preparedShapes(
  (s: FilterShape) => JSON.stringify(s),
  (db, s) =>
    db
      .select({
        count: sql<number>`coalesce(sum(${invoiceTotals.invoices}), 0)::int`,
        ...sums,
      })
      .from(invoiceTotals)
      .where(
        and(
          companiesIn(s, invoiceTotals.companyId),
          s.kind ? eq(invoiceTotals.kind, p('kind')) : undefined,
          s.status ? eq(invoiceTotals.status, p('status')) : undefined,
        ),
      ),
);

/** Whether the filter's count and sums are those invoice_totals keeps. */
const keptCovers = (s: FilterShape) =>
  s.role !== 'pm' && !s.search && !s.clientId && !s.projectId && !s.from && !s.to;

/** What a page's own rows sum to, as the queries would: a short first page is all there is. */
const ownSums = (rows: { invoice: InvoiceSummaryRow }[]) => {
  let total = 0n;
  let received = 0n;
  let pending = 0n;
  for (const { invoice: i } of rows) {
    if (i.status !== 'draft') total += BigInt(i.totalPaise);
    received += BigInt(i.receivedPaise);
    pending += BigInt(pendingOf(i));
  }
  return {
    count: rows.length,
    total: String(total),
    received: String(received),
    pending: String(pending),
  };
};

/** A page of the invoices, newest first; the totals sum the whole filter in SQL. */
export async function listInvoices(db: DbOrTx, caller: Caller, q: InvoiceQuery) {
  if (q.from && q.to && q.from > q.to)
    throw badRequest('to must be on or after from', { field: 'to' });
  if (caller.role !== 'pm') assertRole(caller, 'admin', 'company');
  const role = caller.role as FilterShape['role'];
  const shape: FilterShape = {
    role,
    companyId: !!q.companyId,
    clientId: !!q.clientId,
    projectId: !!q.projectId,
    kind: !!q.kind,
    status: !!q.status,
    from: !!q.from,
    to: !!q.to,
    search: !!q.search,
  };
  const position = requestedPosition(q, isPositionValue);
  // Previous reads back from the position (the nearest rows first), then turns the rows round.
  const readOrder = position?.reversed ? (q.order === 'asc' ? 'desc' : 'asc') : q.order;
  const { limit, offset } = position ? { limit: q.pageSize, offset: 0 } : pageWindow(q);
  const [afterDay, afterAt] = position ? position.value.split('|') : [];
  const values = {
    me: caller.userId,
    pmCompany: role === 'pm' ? (caller.companyId ?? null) : undefined,
    companyId: q.companyId,
    clientId: q.clientId,
    projectId: q.projectId,
    kind: q.kind,
    status: q.status,
    from: q.from,
    to: q.to,
    numberPattern: q.search ? searchPattern(q.search.toUpperCase()) : undefined,
    namePattern: q.search ? searchPattern(q.search.toLowerCase()) : undefined,
    afterDay,
    afterAt,
    afterKey: position?.key,
    bound: offset + limit,
    limit,
    offset,
  };
  const pageRows = () =>
    listPage(db, { ...shape, order: readOrder, offset: offset > 0, position: !!position }).execute(
      values,
    );
  const counted = () =>
    (keptCovers(shape) ? keptTotals(db, shape) : listMatches(db, shape))
      .execute(values)
      .then(([t]) => t!);
  // A search's first page short of full is every match: its own rows are its totals.
  const [rows, t] = q.search
    ? await rowsAndCount(q, pageRows, ownSums, counted)
    : await Promise.all([pageRows(), counted()]);
  if (position?.reversed) rows.reverse();
  return pageAnswer(
    q,
    rows.map((r) => summaryToApi(r.invoice, r.clientName)),
    Number(t.count),
    {
      totals: {
        total: paiseToRupees(t.total),
        received: paiseToRupees(t.received),
        pending: paiseToRupees(t.pending),
      },
      cursors: pageCursors(rows.map((r) => ({ sortValue: r.sortValue, id: r.invoice.id }))),
    },
  );
}
