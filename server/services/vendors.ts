import { and, eq } from 'drizzle-orm';
import { payments, vendors } from '../db/schema';
import { companyRecords } from './companyRecords';

/*
 * A company's vendors, kept as its clients are (companyRecords): the company adds, edits and
 * deletes its own; its admin reads them and changes nothing; anyone else's is not found.
 */

/**
 * By name: A to Z, or Z to A (`order` desc). A vendor that payments name stays: its spending
 * is summed by it. Its row is locked first, as a payment naming it locks it (ledger_post), so
 * none can be added meanwhile. Edits keep the name payments were recorded with.
 */
export const vendorRecords = companyRecords({
  table: vendors,
  what: 'Vendor',
  shown: ['name', 'gstin', 'email', 'mobile', 'address'],
  inUse: async (tx, id) => {
    const [used] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.partyId, id), eq(payments.partyKind, 'vendor')))
      .limit(1);
    return !!used;
  },
  inUseMessage: 'Payments name this vendor, so it cannot be deleted',
});
