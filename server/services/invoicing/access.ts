import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { invoices, projects } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { assertRole, companyScope } from '../tenancy';

/**
 * Who reads what of invoicing: a company its own, its admin all of its companies' (reading
 * only); a PM the invoices of its own projects, and nothing else. Outside that, nothing
 * exists: another tenant's record is not found on every path.
 */
export function invoiceScope(caller: Caller, companyId?: string): SQL {
  if (caller.role === 'pm') {
    return and(
      companyScope(invoices.companyId, caller, companyId),
      inArray(
        invoices.projectId,
        sql`(select ${projects.id} from ${projects} where ${projects.projectManagerId} = ${caller.userId})`,
      ),
    )!;
  }
  assertRole(caller, 'admin', 'company');
  return companyScope(invoices.companyId, caller, companyId);
}

/** One invoice the caller may read. */
export const readableInvoice = (caller: Caller, id: string) =>
  and(invoiceScope(caller), eq(invoices.id, id))!;
