import {
  SUGGESTIONS_MAX,
  type ProjectSort,
  type SUGGESTED_FIELDS,
} from '../../contract/api/projects';
import { aliasedTable, and, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';
import { pageAnswer, paged, pageWindow, rowCount, sortOrder } from '../db/paging';
import { prepared, preparedShapes } from '../db/prepared';
import { clients, projects, projectStatusHistory, projectTotals, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { withAudit } from './audit';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { paiseToRupees } from '../../contract/rules';
import { toIso } from '../lib/dates';
import { containsAnyCase } from '../db/search';
import { assertCompany, assertRole, companyScope, readOnly } from './tenancy';
import { atVersion, nextVersion, whyNotUpdated } from './versions';
import { restoreDeleted } from './undo';

export interface ProjectQuery {
  search?: string;
  companyId?: string;
  /** Only the projects of this PM (Account Statement by PM). */
  projectManagerId?: string;
  /** Only this project (a form reloading it). */
  id?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
  sort: ProjectSort;
  order: 'asc' | 'desc';
}
export interface ProjectInput {
  projectName: string;
  clientName: string;
  clientNumber: string;
  duration: string;
  pricePaise: number;
  paymentStatus: string;
  status?: string;
  risk?: string;
  statusByPm?: string;
  projectManagerId: string | null;
  date?: string;
  /**
   * One of the company's clients, or null to detach. While a project has a client, its
   * clientName and clientNumber are the client's (the database writes them:
   * db/functions/project_client.sql), whatever the input says.
   */
  clientId?: string | null;
}

const sortColumns = {
  date: projects.date,
  projectName: projects.projectName,
  clientName: projects.clientName,
  price: projects.pricePaise,
  paymentStatus: projects.paymentStatus,
  status: projects.status,
  createdAt: projects.createdAt,
};

const pm = aliasedTable(users, 'pm');
type Row = { project: typeof projects.$inferSelect; pmName: string | null };

const toApi = ({ project: p, pmName }: Row) => ({
  _id: p.id,
  date: p.date,
  projectName: p.projectName,
  clientName: p.clientName,
  clientNumber: p.clientNumber,
  duration: p.duration,
  price: paiseToRupees(p.pricePaise),
  paymentStatus: p.paymentStatus,
  status: p.status,
  risk: p.risk,
  statusByPm: p.statusByPm,
  projectManager: pmName ?? '',
  projectManagerId: p.projectManagerId,
  clientId: p.clientId,
  createdAt: toIso(p.createdAt),
  version: p.version,
});

/** The projects a caller may read: a company's own, an admin's companies', a PM's assigned. */
export function projectScope(caller: Caller, companyId?: string): SQL {
  if (caller.role === 'pm') {
    return and(
      eq(projects.projectManagerId, caller.userId),
      companyScope(projects.companyId, caller, companyId),
    )!;
  }
  assertRole(caller, 'admin', 'company');
  return companyScope(projects.companyId, caller, companyId);
}

function filters(q: Pick<ProjectQuery, 'search' | 'from' | 'to' | 'projectManagerId' | 'id'>) {
  if (q.from && q.to && q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  return and(
    q.search
      ? or(
          containsAnyCase(projects.projectNameLower, q.search),
          containsAnyCase(projects.clientNameLower, q.search),
        )
      : undefined,
    q.from ? gte(projects.date, q.from) : undefined,
    q.to ? lte(projects.date, q.to) : undefined,
    q.projectManagerId ? eq(projects.projectManagerId, q.projectManagerId) : undefined,
    q.id ? eq(projects.id, q.id) : undefined,
  );
}

const selectRows = (db: DbOrTx) =>
  db
    .select({ project: projects, pmName: pm.name })
    .from(projects)
    .leftJoin(pm, eq(pm.id, projects.projectManagerId));

export async function listProjects(db: DbOrTx, caller: Caller, q: ProjectQuery) {
  const where = and(projectScope(caller, q.companyId), filters(q));
  const [rows, [summary]] = await Promise.all([
    paged(selectRows(db).where(where).$dynamic(), q, sortOrder(q, sortColumns, projects.id)),
    db
      .select({
        total: rowCount(),
        pricePaise: sql<string>`coalesce(sum(${projects.pricePaise}), 0)`,
      })
      .from(projects)
      .where(where),
  ]);
  const invoicing = await invoicingOf(
    db,
    rows.map((r) => r.project),
  );
  return pageAnswer(
    q,
    rows.map((r) => ({ ...toApi(r), invoicing: invoicing.get(r.project.id) ?? NOTHING_INVOICED })),
    summary?.total,
    { totalAmount: paiseToRupees(summary?.pricePaise) },
  );
}

const NOTHING_INVOICED = { invoiced: 0, received: 0, pending: 0 };

/**
 * What the page's projects invoiced, received and still have pending: project_receivables,
 * kept by triggers on invoices for every owed invoice, read by its key for the page's rows
 * (summing the invoices themselves cost a project's whole history on every page).
 */
async function invoicingOf(db: DbOrTx, page: { id: string; companyId: string }[]) {
  if (page.length === 0) return new Map<string, typeof NOTHING_INVOICED>();
  const rows = rowsOf<{ project_id: string; invoiced: string; received: string; pending: string }>(
    await db.execute(sql`select project_id,
        total_paise - credited_paise as invoiced,
        received_paise + tds_paise as received,
        total_paise - received_paise - tds_paise - credited_paise as pending
      from project_receivables
     where (company_id, project_id) in (${sql.join(
       page.map((p) => sql`(${p.companyId}::uuid, ${p.id}::uuid)`),
       sql`, `,
     )})`),
  );
  return new Map(
    rows.map((r) => [
      r.project_id,
      {
        invoiced: paiseToRupees(r.invoiced),
        received: paiseToRupees(r.received),
        pending: paiseToRupees(r.pending),
      },
    ]),
  );
}

const me = sql.placeholder('me');

/** The number and total price of a set of projects, summed in SQL. */
const turnoverColumns = {
  count: sql<number>`count(*)::int`,
  pricePaise: sql<string>`coalesce(sum(${projects.pricePaise}), 0)`,
};

/** A PM's: its own few projects in its company. */
const pmTurnover = prepared((db) =>
  db
    .select(turnoverColumns)
    .from(projects)
    .where(
      and(eq(projects.projectManagerId, me), eq(projects.companyId, sql.placeholder('companyId'))),
    ),
);

/** A company's or an admin's: from project_totals, one row per company kept by triggers. */
const companiesTurnover = preparedShapes(
  (role: 'admin' | 'company') => role,
  (db, role) =>
    db
      .select({
        count: sql<number>`coalesce(sum(${projectTotals.projects}), 0)::int`,
        pricePaise: sql<string>`coalesce(sum(${projectTotals.pricePaise}), 0)`,
      })
      .from(projectTotals)
      .where(
        role === 'company'
          ? eq(projectTotals.companyId, me)
          : inArray(
              projectTotals.companyId,
              db
                .select({ id: users.id })
                .from(users)
                .where(and(eq(users.createdBy, me), eq(users.role, 'company'))),
            ),
      ),
);

/** Turnover for the dashboard: the number and total price of the projects in scope. */
export async function turnover(db: DbOrTx, caller: Caller) {
  const { role, userId, companyId } = caller;
  const rows =
    role === 'pm'
      ? companyId
        ? await pmTurnover(db).execute({ me: userId, companyId })
        : []
      : role === 'admin' || role === 'company'
        ? await companiesTurnover(db, role).execute({ me: userId })
        : [];
  const [row] = rows;
  return { count: row?.count ?? 0, totalAmount: paiseToRupees(row?.pricePaise) };
}

/** The PM must be one of the company's own active PMs. */
async function assertOwnPm(db: DbOrTx, caller: Caller, pmId: string | null) {
  if (!pmId) return;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, pmId), eq(users.role, 'pm'), eq(users.companyId, caller.userId)));
  if (!found)
    throw badRequest('projectManager must be one of your PMs', { field: 'projectManager' });
}

/**
 * The client must be one of the company's own: another company's reads as a missing one
 * (the same 400), so no id tells whether it exists elsewhere.
 */
async function assertOwnClient(db: DbOrTx, caller: Caller, clientId: string | null | undefined) {
  if (!clientId) return;
  const [found] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.companyId, caller.userId)));
  if (!found) throw badRequest('clientId must be one of your clients', { field: 'clientId' });
}

async function readOne(db: DbOrTx, id: string) {
  const [row] = await selectRows(db).where(eq(projects.id, id));
  return toApi(row!);
}

export async function createProject(db: DbOrTx, caller: Caller, input: ProjectInput) {
  assertCompany(caller);
  await assertOwnPm(db, caller, input.projectManagerId);
  await assertOwnClient(db, caller, input.clientId);
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .insert(projects)
      .values({ ...input, companyId: caller.userId })
      .returning({ id: projects.id }),
  );
  return readOne(db, row!.id);
}

/**
 * A company changes the fields it sent of a project at `version`: a PM or client left out
 * stays (null unassigns, or detaches the client keeping its names).
 */
export async function updateProject(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  input: Partial<ProjectInput>,
) {
  assertCompany(caller);
  if (input.projectManagerId) await assertOwnPm(db, caller, input.projectManagerId);
  await assertOwnClient(db, caller, input.clientId);
  const mine = and(eq(projects.id, id), eq(projects.companyId, caller.userId));
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .update(projects)
      .set({ ...input, version: nextVersion(projects), updatedAt: sql`now()` })
      .where(atVersion(projects, mine, version))
      .returning({ id: projects.id }),
  );
  if (!row) throw await whyNotUpdated(db, projects, mine, 'Project');
  return readOne(db, row.id);
}

export async function deleteProject(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .delete(projects)
      .where(and(eq(projects.id, id), eq(projects.companyId, caller.userId)))
      .returning({ id: projects.id }),
  );
  if (!row) throw notFound('Project');
}

/**
 * Undoes the company's delete of one of its projects moments ago (see ./undo); a PM
 * deleted meanwhile is no longer its manager.
 */
export async function restoreProject(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  await withAudit(db, caller, (tx) =>
    restoreDeleted(tx, caller, 'projects', id, {
      what: 'Project',
      owned: (before) => before.company_id === caller.userId,
      adjust: async (before) => {
        const pmId = before.project_manager_id;
        if (typeof pmId !== 'string') return {};
        const [pm] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, pmId), eq(users.companyId, caller.userId)));
        return pm ? {} : { project_manager_id: null };
      },
    }),
  );
}

/** A PM changes statusByPm on a project assigned to it (at `version`), and nothing else. */
export async function updateStatusByPm(
  db: DbOrTx,
  caller: Caller,
  id: string,
  version: number,
  statusByPm: string,
) {
  if (caller.role !== 'pm')
    throw caller.role === 'admin'
      ? readOnly()
      : forbidden('Only the project manager can change this status');
  const assigned = and(eq(projects.id, id), eq(projects.projectManagerId, caller.userId));
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .update(projects)
      .set({ statusByPm, version: nextVersion(projects), updatedAt: sql`now()` })
      .where(atVersion(projects, assigned, version))
      .returning({ id: projects.id }),
  );
  if (!row) throw await whyNotUpdated(db, projects, assigned, 'Project');
  return readOne(db, row.id);
}

/**
 * A project's status history, latest first, a page at a time: each change of its Status,
 * Payment Status, Risk or status by PM, who made it and when (kept by the database:
 * functions/project_status_history.sql). Read by whoever may read the project (its company,
 * the company's admin, its PM); any other project is not found.
 */
export async function statusHistory(
  db: DbOrTx,
  caller: Caller,
  q: { id: string; page: number; pageSize: number },
) {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, q.id), projectScope(caller)));
  if (!project) throw notFound('Project');
  const h = projectStatusHistory;
  const { limit, offset } = pageWindow(q);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(h)
      .where(eq(h.projectId, q.id))
      .orderBy(desc(h.at), desc(h.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: rowCount() }).from(h).where(eq(h.projectId, q.id)),
  ]);
  return pageAnswer(
    q,
    rows.map((r) => ({
      _id: r.id,
      at: toIso(r.at),
      by: r.actorName,
      byRole: r.actorRole,
      status: r.status,
      paymentStatus: r.paymentStatus,
      risk: r.risk,
      statusByPm: r.statusByPm,
    })),
    count?.total,
  );
}

const suggestedColumns = {
  status: projectStatusHistory.status,
  paymentStatus: projectStatusHistory.paymentStatus,
  risk: projectStatusHistory.risk,
};

/**
 * The values a company has given a free-text field of its projects (now or before), the most
 * used first, at most SUGGESTIONS_MAX: suggestions for its forms, never a rule. A PM's are its
 * company's, an admin's its companies'.
 */
export async function suggestions(
  db: DbOrTx,
  caller: Caller,
  field: (typeof SUGGESTED_FIELDS)[number],
  search?: string,
) {
  const column = suggestedColumns[field];
  const rows = await db
    .select({ value: column })
    .from(projectStatusHistory)
    .where(
      and(
        companyScope(projectStatusHistory.companyId, caller),
        ne(column, ''),
        // A few short values per company: lowercased as they are read.
        search ? containsAnyCase(sql`lower(${column})`, search) : undefined,
      ),
    )
    .groupBy(column)
    .orderBy(sql`count(*) desc`, column)
    .limit(SUGGESTIONS_MAX);
  return rows.map((r) => r.value);
}
