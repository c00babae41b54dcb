import { eq, sql } from 'drizzle-orm';
import { clients, invoices, receipts } from '../../db/schema';
import { companyRecords } from '../companyRecords';

/**
 * A client with invoices or receipts stays: its documents name it. Edits leave issued
 * invoices as they were: they keep the client as it was then.
 */
export const clientRecords = companyRecords({
  table: clients,
  what: 'Client',
  shown: ['name', 'gstin', 'stateCode', 'billingAddress', 'email', 'mobile'],
  inUse: async (tx, id) => {
    const [{ used } = { used: false }] = await tx
      .select({
        used: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.clientId} = ${id})
          or exists (select 1 from ${receipts} where ${receipts.clientId} = ${id})`,
      })
      .from(clients)
      .where(eq(clients.id, id));
    return used;
  },
  inUseMessage: 'This client has invoices or receipts, so it cannot be deleted',
});
