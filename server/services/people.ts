import type { PeopleSort } from '../../contract/api/people';
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  LOGIN_ROLES,
  STAFF_ROLES,
  type CreatableRole,
  type LoginRole,
  type Role,
  type StaffRole,
  type UserStatus,
} from '../../contract/enums';
import type { DbOrTx, Tx } from '../db/client';
import { pageAnswer, paged, rowCount, sortOrder } from '../db/paging';
import { users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { hashPassword } from '../lib/password';
import { toIso } from '../lib/dates';
import { containsAnyCase } from '../db/search';
import { withAudit } from './audit';
import { sameAddress, updateOwnAccount } from './emailChange';
import { issuePasswordLink } from './passwordReset';
import type { Limits } from './rateLimits';
import { revokeSessionsOf } from './sessions';
import {
  assertCompany,
  assertRole,
  companiesOfAdmin,
  companyScope,
  notAllowed,
  readOnly,
} from './tenancy';
import { atVersion, nextVersion, whyNotUpdated } from './versions';

export interface PeopleQuery {
  search?: string;
  companyId?: string;
  /** Only this person (a form reloading it). */
  id?: string;
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

/** Whether people of this role sign in (and so have a password, and may be invited). */
export const signsIn = (role: Role) => (LOGIN_ROLES as readonly string[]).includes(role);

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
  invitePending: u.passwordHash === null && signsIn(u.role),
  version: u.version,
});

const searchOf = (search?: string) =>
  search
    ? or(
        containsAnyCase(users.nameLower, search),
        containsAnyCase(users.emailLower, search),
        containsAnyCase(users.registrationNumberLower, search),
        // Digits and signs only: no case to fold.
        containsAnyCase(users.mobile, search),
      )
    : undefined;

async function page(db: DbOrTx, where: SQL | undefined, q: PeopleQuery, withEmployees: boolean) {
  // Qualified by hand: inside the subquery a bare "id" would mean e.id.
  const employees = sql<number>`(select count(*)::int from users e where e.company_id = "users"."id" and e.role = 'employee')`;
  const filter = and(where, q.id ? eq(users.id, q.id) : undefined);
  const [rows, [summary]] = await Promise.all([
    paged(
      db
        .select({ user: users, employeeCount: withEmployees ? employees : sql<number>`0` })
        .from(users)
        .where(filter)
        .$dynamic(),
      q,
      sortOrder(q, sortColumns, users.id),
    ),
    db.select({ total: rowCount() }).from(users).where(filter),
  ]);
  return pageAnswer(
    q,
    rows.map((r) => personToApi(r.user, withEmployees ? r.employeeCount : undefined)),
    summary?.total,
  );
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
const READERS: Record<StaffRole, Role[]> = {
  pm: ['admin', 'company'],
  tl: ['admin', 'company', 'pm'],
  employee: ['admin', 'company', 'pm'],
  team: ['admin', 'company'],
  other: ['admin', 'company'],
};

export async function listPeople(db: DbOrTx, caller: Caller, role: StaffRole, q: PeopleQuery) {
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
  /** A first password, which its owner must change; without it, someone who signs in is invited. */
  password?: string;
  mobile: string;
  registration_number: string;
  userType: CreatableRole;
}

/** How long an invite link works. */
export const INVITE_TTL_MS = 72 * 60 * 60_000;

/**
 * An admin creates companies; a company creates its own people. Someone who signs in gets
 * either the first password given (to be changed at the first sign-in) or, without one, an
 * invite link stored with the account (`inviteToken`, for the caller to e-mail). People
 * who never sign in have no password.
 */
export async function createUser(db: DbOrTx, caller: Caller, input: NewUser) {
  if (caller.role === 'admin') {
    if (input.userType !== 'company')
      throw badRequest('An admin can only create companies', { field: 'userType' });
  } else if (caller.role === 'company') {
    if (!(STAFF_ROLES as readonly string[]).includes(input.userType)) {
      throw badRequest('A company can create pm, tl, employee, team or other users', {
        field: 'userType',
      });
    }
  } else {
    throw forbidden("You can't do this");
  }
  const signingIn = signsIn(input.userType);
  const passwordHash =
    signingIn && input.password !== undefined ? await hashPassword(input.password) : null;
  const { row, inviteToken } = await withAudit(db, caller, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash,
        mustChangePassword: passwordHash !== null,
        role: input.userType,
        mobile: input.mobile,
        registrationNumber: input.registration_number,
        createdBy: caller.userId,
        companyId: caller.role === 'company' ? caller.userId : null,
      })
      .returning();
    const invite =
      signingIn && passwordHash === null
        ? await issuePasswordLink(tx, row!.id, 'invite', INVITE_TTL_MS)
        : undefined;
    return { row: row!, inviteToken: invite?.token };
  });
  return { person: personToApi(row), inviteToken };
}

/** An edit of a person's details: only the fields sent change, at `version`. */
export interface PersonEdit {
  version: number;
  name?: string;
  email?: string;
  mobile?: string;
  registration_number?: string;
  status?: UserStatus;
}

/** The columns a manager's details edit writes (those sent), from the spec's field names. */
const details = (input: Omit<PersonEdit, 'status'>, email: string | undefined) => ({
  name: input.name,
  email,
  mobile: input.mobile,
  registrationNumber: input.registration_number,
  version: nextVersion(users),
  updatedAt: sql`now()`,
});

/** Why a manager may not change the e-mail someone signs in with, by whose it is. */
const SIGN_IN_EMAIL: Record<LoginRole, string> = {
  admin:
    'email can only be changed by the admin, on their Profile: it is the address they sign in with.',
  company:
    'email can only be changed by the company itself, on its Profile: it is the address it signs in with.',
  pm: 'email can only be changed by the PM, on their Profile: it is the address they sign in with.',
};

/**
 * The e-mail a manager's edit of `target` writes. The contact e-mail of someone who does not
 * sign in is the manager's to keep; the e-mail someone signs in with is theirs alone to change
 * (on their Profile, with their password and a link to the new address), so a different one is
 * refused (400) and the same one is left as it is. Locks the person until the edit is done.
 */
async function managedEmail(tx: Tx, target: SQL | undefined, email: string | undefined) {
  if (email === undefined) return undefined;
  const [person] = await tx
    .select({ role: users.role, email: users.email })
    .from(users)
    .where(target)
    .for('update');
  // Not theirs: the update finds nothing and says why.
  if (!person || !signsIn(person.role)) return email;
  if (sameAddress(email, person.email)) return undefined;
  throw badRequest(SIGN_IN_EMAIL[person.role as LoginRole], { field: 'email' });
}

/** A company edits one of its people (status included); anyone else's is not found. */
export async function editUser(db: DbOrTx, caller: Caller, id: string, input: PersonEdit) {
  assertCompany(caller);
  const theirs = and(eq(users.id, id), eq(users.companyId, caller.userId));
  const [row] = await withAudit(db, caller, async (tx) => {
    const email = await managedEmail(tx, theirs, input.email);
    const rows = await tx
      .update(users)
      .set({ ...details(input, email), ...(input.status ? { status: input.status } : {}) })
      .where(atVersion(users, theirs, input.version))
      .returning();
    if (!rows[0]) throw await whyNotUpdated(tx, users, theirs, 'User');
    if (rows[0].status === 'inactive') await revokeSessionsOf(tx, id);
    return rows;
  });
  return personToApi(row!);
}

/**
 * An admin edits the contact details of a company it created (never the e-mail it signs in
 * with); any other is not found.
 */
export async function editCompany(
  db: DbOrTx,
  caller: Caller,
  id: string,
  input: Omit<PersonEdit, 'status'>,
) {
  assertRole(caller, 'admin');
  const its = and(eq(users.id, id), eq(users.role, 'company'), eq(users.createdBy, caller.userId));
  const [row] = await withAudit(db, caller, async (tx) => {
    const email = await managedEmail(tx, its, input.email);
    return tx
      .update(users)
      .set(details(input, email))
      .where(atVersion(users, its, input.version))
      .returning();
  });
  if (!row) throw await whyNotUpdated(db, users, its, 'Company');
  return personToApi(row);
}

/** The person `id` when the caller manages them: an admin its companies, a company its people. */
export const managedBy = (caller: Caller, id: string) =>
  caller.role === 'admin'
    ? and(eq(users.id, id), eq(users.role, 'company'), eq(users.createdBy, caller.userId))
    : and(eq(users.id, id), eq(users.companyId, caller.userId));

/**
 * Deactivates or reactivates a user: an admin its companies, a company its people. Nothing
 * is deleted. Deactivating ends the sessions at once (a company's take its people's with
 * them), so that a reactivation lets them sign in again without reviving old tokens; the
 * session lookup also refuses anyone whose company is inactive.
 */
export async function setUserStatus(db: DbOrTx, caller: Caller, id: string, status: UserStatus) {
  assertRole(caller, 'admin', 'company');
  const target = managedBy(caller, id);
  const [row] = await withAudit(db, caller, async (tx) => {
    const rows = await tx
      .update(users)
      .set({ status, updatedAt: sql`now()` })
      .where(target)
      .returning();
    if (rows[0] && status === 'inactive') {
      await revokeSessionsOf(tx, id, { withPeople: rows[0].role === 'company' });
    }
    return rows;
  });
  if (row) return personToApi(row);
  throw await notTheirs(db, caller, id);
}

/**
 * Why an admin or a company found no person of theirs by `id`: an admin reads its
 * companies' people but changes none of them (403); anyone else's is not found (404).
 */
export async function notTheirs(db: DbOrTx, caller: Caller, id: string) {
  if (caller.role === 'admin') {
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), inArray(users.companyId, companiesOfAdmin(caller.userId))))
      .limit(1);
    if (person) return readOnly();
  }
  return notFound(caller.role === 'admin' ? 'Company' : 'User');
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A company's delete of one of its people deactivates them (kept, marked inactive, able
 * to be reactivated). `hard` removes the account for good, which is refused while they
 * still own expenses or lend/borrowed entries (those would go with them) or manage
 * projects (the PM's account statements would lose them).
 */
export async function deleteUser(db: DbOrTx, caller: Caller, id: string, hard = false) {
  assertCompany(caller);
  const mine = and(
    eq(users.id, id),
    eq(users.companyId, caller.userId),
    ne(users.id, caller.userId),
  );
  if (!hard) {
    await withAudit(db, caller, async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ status: 'inactive', updatedAt: sql`now()` })
        .where(mine)
        .returning({ id: users.id });
      if (!row) throw notFound('User');
      await revokeSessionsOf(tx, id);
    });
    return 'deactivated' as const;
  }
  await withAudit(db, caller, async (tx) => {
    // The row lock makes a new expense, loan or project of theirs (whose foreign key takes a
    // share lock on it) wait until this delete is done, so none slips past the counts.
    const [row] = await tx
      .select({
        name: users.name,
        expenses: sql<number>`(select count(*)::int from expenses where user_id = ${id})`,
        loans: sql<number>`(select count(*)::int from loans where user_id = ${id})`,
        projects: sql<number>`(select count(*)::int from projects where project_manager_id = ${id})`,
      })
      .from(users)
      .where(mine)
      .for('update');
    if (!row) throw notFound('User');
    const owned = [
      row.expenses > 0 && plural(row.expenses, 'expense', 'expenses'),
      row.loans > 0 && plural(row.loans, 'lend/borrowed entry', 'lend/borrowed entries'),
    ].filter(Boolean);
    const reasons = [
      owned.length > 0 && `own ${owned.join(' and ')}`,
      row.projects > 0 && `manage ${plural(row.projects, 'project', 'projects')}`,
    ].filter(Boolean);
    if (reasons.length > 0) {
      throw conflict(
        `Cannot delete ${row.name}: they still ${reasons.join(', and ')}. Deactivate them instead.`,
        { code: 'in_use' },
      );
    }
    await tx.delete(users).where(mine);
  });
  return 'deleted' as const;
}

/** An admin or a company edits its own details, through the call named for its type. */
export async function updateOwnDetails(
  db: DbOrTx,
  caller: Caller,
  as: 'admin' | 'company',
  input: Omit<PersonEdit, 'status'> & { currentPassword?: string },
  opts: { limits: Limits; publicUrl: string },
) {
  if (caller.role !== as) throw notAllowed(caller);
  const { row, ...change } = await updateOwnAccount(
    db,
    caller,
    input,
    { name: input.name, mobile: input.mobile, registrationNumber: input.registration_number },
    opts,
  );
  return { person: personToApi(row), ...change };
}
