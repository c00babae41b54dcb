import { containsAnyCase } from '../db/search';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { VendorFields } from '../../contract/api/vendors';
import type { DbOrTx } from '../db/client';
import { pageAnswer, paged, rowCount, type PageRequest } from '../db/paging';
import { payments, vendors } from '../db/schema';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { conflict, notFound } from '../lib/errors';
import { uniqueViolation } from '../lib/pgErrors';
import { withAudit } from './audit';
import { assertCompany, assertRole, companyScope } from './tenancy';
import { atVersion, nextVersion, whyNotUpdated } from './versions';

/*
 * A company's vendors, kept as its clients are: the company adds, edits and deletes its own;
 * its admin reads them and changes nothing; anyone else's is not found.
 */

type VendorRow = typeof vendors.$inferSelect;
type VendorInput = z.output<typeof VendorFields>;

const vendorToApi = (v: VendorRow) => ({
  _id: v.id,
  name: v.name,
  gstin: v.gstin,
  email: v.email,
  mobile: v.mobile,
  address: v.address,
  version: v.version,
  createdAt: toIso(v.createdAt),
});

const readable = (caller: Caller, companyId?: string) => {
  assertRole(caller, 'admin', 'company');
  return companyScope(vendors.companyId, caller, companyId);
};
const mine = (caller: Caller, id: string) =>
  and(eq(vendors.id, id), eq(vendors.companyId, caller.userId));

/** A vendor's name is unique in its company, whatever its case. */
function duplicateName(error: unknown): never {
  if (uniqueViolation(error))
    throw conflict('You have a vendor of that name already', { code: 'duplicate', field: 'name' });
  throw error;
}

/** By name: A to Z, or Z to A (`order` desc). */
export async function listVendors(
  db: DbOrTx,
  caller: Caller,
  q: PageRequest & { search?: string; companyId?: string; order: 'asc' | 'desc' },
) {
  const where = and(
    readable(caller, q.companyId),
    q.search
      ? or(
          containsAnyCase(vendors.nameLower, q.search),
          // Stored in capitals: the term is too.
          containsAnyCase(sql`lower(${vendors.gstin})`, q.search),
        )
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    paged(db.select().from(vendors).where(where).$dynamic(), q, [
      q.order === 'desc' ? desc(vendors.nameLower) : asc(vendors.nameLower),
      asc(vendors.id),
    ]),
    db.select({ total: rowCount() }).from(vendors).where(where),
  ]);
  return pageAnswer(q, rows.map(vendorToApi), count?.total);
}

export async function getVendor(db: DbOrTx, caller: Caller, id: string) {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(readable(caller), eq(vendors.id, id)));
  if (!row) throw notFound('Vendor');
  return vendorToApi(row);
}

export async function addVendor(db: DbOrTx, caller: Caller, input: VendorInput) {
  assertCompany(caller);
  try {
    return await withAudit(db, caller, async (tx) => {
      const [row] = await tx
        .insert(vendors)
        .values({ ...input, companyId: caller.userId })
        .returning();
      return vendorToApi(row!);
    });
  } catch (error) {
    duplicateName(error);
  }
}

/** Edits a vendor at the version read; payments keep the name they were recorded with. */
export async function updateVendor(
  db: DbOrTx,
  caller: Caller,
  id: string,
  input: VendorInput & { version: number },
) {
  assertCompany(caller);
  const { version, ...fields } = input;
  try {
    return await withAudit(db, caller, async (tx) => {
      const [row] = await tx
        .update(vendors)
        .set({ ...fields, version: nextVersion(vendors), updatedAt: sql`now()` })
        .where(atVersion(vendors, mine(caller, id), version))
        .returning();
      if (!row) throw await whyNotUpdated(tx, vendors, mine(caller, id), 'Vendor');
      return vendorToApi(row);
    });
  } catch (error) {
    duplicateName(error);
  }
}

/**
 * A vendor that payments name stays: its spending is summed by it. The row is locked first,
 * as a payment naming it locks it (ledger_post), so none can be added meanwhile.
 */
export async function deleteVendor(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  await withAudit(db, caller, async (tx) => {
    const [row] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(mine(caller, id))
      .for('update');
    if (!row) throw notFound('Vendor');
    const [used] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.partyId, id), eq(payments.partyKind, 'vendor')))
      .limit(1);
    if (used)
      throw conflict('Payments name this vendor, so it cannot be deleted', { code: 'in_use' });
    await tx.delete(vendors).where(mine(caller, id));
  });
}
