import { and, eq, sql } from 'drizzle-orm';
import type { InvoiceProfile } from '../../../contract/api/invoices';
import type { DbOrTx } from '../../db/client';
import { bankAccounts, invoiceProfiles } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { toIso } from '../../lib/dates';
import { badRequest, notFound } from '../../lib/errors';
import { withAudit } from '../audit';
import { assertCompany, assertRole, companyScope } from '../tenancy';
import { staleRecord } from '../versions';

type ProfileRow = typeof invoiceProfiles.$inferSelect;

export const profileToApi = (p: ProfileRow) => ({
  _id: p.id,
  legalName: p.legalName,
  address: p.address,
  stateCode: p.stateCode,
  gstin: p.gstin,
  pan: p.pan,
  bankAccountId: p.bankAccountId,
  upiId: p.upiId,
  invoicePrefix: p.invoicePrefix,
  creditNotePrefix: p.creditNotePrefix,
  termsDays: p.termsDays,
  version: p.version,
  updatedAt: toIso(p.updatedAt),
});

/** The company's profile row, or undefined before it has one. */
export async function profileOf(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(invoiceProfiles)
    .where(eq(invoiceProfiles.companyId, companyId));
  return row;
}

/** The caller's company's profile (an admin names one of its companies), or null. */
export async function getProfile(db: DbOrTx, caller: Caller, companyId?: string) {
  assertRole(caller, 'admin', 'company');
  if (caller.role === 'admin' && !companyId) return null;
  const [row] = await db
    .select()
    .from(invoiceProfiles)
    .where(companyScope(invoiceProfiles.companyId, caller, companyId));
  return row ? profileToApi(row) : null;
}

/**
 * Creates the company's profile, or replaces it at the version it was read at (required
 * once there is one). The bank account must be one of the company's own.
 */
export async function saveProfile(db: DbOrTx, caller: Caller, input: InvoiceProfile) {
  assertCompany(caller);
  const companyId = caller.userId;
  const { version, ...fields } = input;
  return withAudit(db, caller, async (tx) => {
    if (fields.bankAccountId) {
      const [account] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(
          and(eq(bankAccounts.id, fields.bankAccountId), eq(bankAccounts.companyId, companyId)),
        );
      if (!account) throw notFound('Bank account');
    }
    const values = {
      ...fields,
      bankAccountId: fields.bankAccountId ?? null,
      upiId: fields.upiId ?? null,
    };
    const [current] = await tx
      .select({ version: invoiceProfiles.version })
      .from(invoiceProfiles)
      .where(eq(invoiceProfiles.companyId, companyId))
      .for('update');
    if (!current) {
      const [row] = await tx
        .insert(invoiceProfiles)
        .values({ ...values, companyId })
        .onConflictDoNothing()
        .returning();
      // Another tab made it at the same moment: this one was read before it existed.
      if (!row) throw staleRecord();
      return profileToApi(row);
    }
    if (version === undefined)
      throw badRequest('version is required: the profile exists already', { field: 'version' });
    if (version !== current.version) throw staleRecord();
    const [row] = await tx
      .update(invoiceProfiles)
      .set({ ...values, version: sql`${invoiceProfiles.version} + 1`, updatedAt: sql`now()` })
      .where(eq(invoiceProfiles.companyId, companyId))
      .returning();
    return profileToApi(row!);
  });
}
