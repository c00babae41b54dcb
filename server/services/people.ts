import type { PeopleSort } from '../../contract/api/people';
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES, type CreatableRole, type Role, type UserStatus } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { hashPassword } from '../lib/password';
import { toIso } from '../lib/dates';
import { likePattern } from '../lib/schemas';
import { withAudit } from './audit';
import { assertCompany, assertRole, companyScope, READ_ONLY } from './tenancy';

export interface PeopleQuery {
  search?: string;
  companyId?: string;
  page: number;
  pageSize: number;
  sort: PeopleSort;
  order: 'asc' | 'desc';
}

const sortColumns = {
  date: users.createdAt,
  name: users.name,
  email: users.email,
  registration_number: users.registrationNumber,
};

type UserRow = typeof users.$inferSelect;

export const personToApi = (u: UserRow, employeeCount?: number) => ({
  _id: u.id,
  date: toIso(u.createdAt),
  name: u.name,
  email: u.email,
  mobile: u.mobile ?? '',
  registration_number: u.registrationNumber ?? '',
  status: u.status,
  role: u.role,
  country: 'India',
  ...(employeeCount === undefined ? {} : { employeeCount }),
});

const searchOf = (search?: string) =>
  search
    ? or(
        ilike(users.name, likePattern(search)),
        ilike(users.email, likePattern(search)),
        ilike(users.registrationNumber, likePattern(search)),
        ilike(users.mobile, likePattern(search)),
      )
    : undefined;

async function page(db: DbOrTx, where: SQL | undefined, q: PeopleQuery, withEmployees: boolean) {
  const dir = q.order === 'asc' ? asc : desc;
  // Qualified by hand: inside the subquery a bare "id" would mean e.id.
  const employees = sql<number>`(select count(*)::int from users e where e.company_id = "users"."id" and e.role = 'employee')`;
  const [rows, [summary]] = await Promise.all([
    db
      .select({ user: users, employeeCount: withEmployees ? employees : sql<number>`0` })
      .from(users)
      .where(where)
      .orderBy(dir(sortColumns[q.sort]), dir(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return {
    data: rows.map((r) => personToApi(r.user, withEmployees ? r.employeeCount : undefined)),
    total: summary?.total ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** An admin's companies, each with its number of employees. */
export async function listCompanies(db: DbOrTx, caller: Caller, q: PeopleQuery) {
  assertRole(caller, 'admin');
  const where = and(
    eq(users.role, 'company'),
    eq(users.createdBy, caller.userId),
    q.companyId ? eq(users.id, q.companyId) : undefined,
    searchOf(q.search),
  );
  return page(db, where, q, true);
}

/** Who may list which people: a PM reads its company's TLs and employees, not other PMs. */
const READERS: Record<'pm' | 'tl' | 'employee', Role[]> = {
  pm: ['admin', 'company'],
  tl: ['admin', 'company', 'pm'],
  employee: ['admin', 'company', 'pm'],
};

export async function listPeople(
  db: DbOrTx,
  caller: Caller,
  role: 'pm' | 'tl' | 'employee',
  q: PeopleQuery,
) {
  if (!READERS[role].includes(caller.role)) throw forbidden("You can't do this");
  const where = and(
    eq(users.role, role),
    companyScope(users.companyId, caller, q.companyId),
    searchOf(q.search),
  );
  return page(db, where, q, false);
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  mobile: string;
  registration_number: string;
  userType: CreatableRole;
}

/** An admin creates companies; a company creates its own people. */
export async function createUser(db: DbOrTx, caller: Caller, input: NewUser) {
  if (caller.role === 'admin') {
    if (input.userType !== 'company') throw badRequest('An admin can only create companies');
  } else if (caller.role === 'company') {
    if (!(STAFF_ROLES as readonly string[]).includes(input.userType)) {
      throw badRequest('A company can create pm, tl, employee, team or other users');
    }
  } else {
    throw forbidden("You can't do this");
  }
  const passwordHash = await hashPassword(input.password);
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash,
        role: input.userType,
        mobile: input.mobile,
        registrationNumber: input.registration_number,
        createdBy: caller.userId,
        companyId: caller.role === 'company' ? caller.userId : null,
      })
      .returning(),
  );
  return personToApi(row!);
}

export interface PersonEdit {
  name: string;
  email: string;
  mobile: string;
  registration_number: string;
  status?: UserStatus;
}

/** The columns a details edit writes, from the spec's field names. */
const details = (input: Omit<PersonEdit, 'status'>) => ({
  name: input.name,
  email: input.email,
  mobile: input.mobile,
  registrationNumber: input.registration_number,
  updatedAt: sql`now()`,
});

/** A company edits one of its people (status included); anyone else's is not found. */
export async function editUser(db: DbOrTx, caller: Caller, id: string, input: PersonEdit) {
  assertCompany(caller);
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .update(users)
      .set({ ...details(input), ...(input.status ? { status: input.status } : {}) })
      .where(and(eq(users.id, id), eq(users.companyId, caller.userId)))
      .returning(),
  );
  if (!row) throw notFound('User');
  return personToApi(row);
}

export async function deleteUser(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .delete(users)
      .where(and(eq(users.id, id), eq(users.companyId, caller.userId), ne(users.id, caller.userId)))
      .returning({ id: users.id }),
  );
  if (!row) throw notFound('User');
}

/** An admin or a company edits its own details, through the call named for its type. */
export async function updateOwnDetails(
  db: DbOrTx,
  caller: Caller,
  as: 'admin' | 'company',
  input: Omit<PersonEdit, 'status'>,
) {
  if (caller.role !== as)
    throw forbidden(caller.role === 'admin' ? READ_ONLY : "You can't do this");
  const [row] = await withAudit(db, caller, (tx) =>
    tx.update(users).set(details(input)).where(eq(users.id, caller.userId)).returning(),
  );
  return personToApi(row!);
}
