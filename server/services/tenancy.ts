import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { forbidden } from '../lib/errors';

export const READ_ONLY = 'Admins have read-only access';

/** The refusal of a write by an admin, who reads but never writes. */
export const readOnly = () => forbidden(READ_ONLY, { code: 'read_only' });

/** The refusal of a call the caller's role may not make: an admin is told it only reads. */
export const notAllowed = (caller: Caller) =>
  caller.role === 'admin' ? readOnly() : forbidden("You can't do this");

/** Refuses writes to anyone but a company; an admin is told it can only read. */
export function assertCompany(caller: Caller) {
  if (caller.role !== 'company') throw notAllowed(caller);
}

export function assertRole(caller: Caller, ...roles: Caller['role'][]) {
  if (!roles.includes(caller.role)) throw notAllowed(caller);
}

/** The ids of the companies an admin created. */
export const companiesOfAdmin = (adminId: string) =>
  sql`(select ${users.id} from ${users} where ${users.createdBy} = ${adminId} and ${users.role} = 'company')`;

/**
 * A condition on a company-id column: the companies the caller may read, narrowed to
 * `companyId` when given (an admin browsing one company). Outside it, rows do not exist.
 */
export function companyScope(column: AnyColumn, caller: Caller, companyId?: string): SQL {
  const only = companyId ? eq(column, companyId) : undefined;
  switch (caller.role) {
    case 'admin':
      return and(inArray(column, companiesOfAdmin(caller.userId)), only)!;
    case 'company':
      return and(eq(column, caller.userId), only)!;
    default:
      return caller.companyId ? and(eq(column, caller.companyId), only)! : sql`false`;
  }
}
