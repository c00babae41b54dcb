import { asc, desc, eq, sql } from 'drizzle-orm';
import { clients, invoices, receipts } from '../../db/schema';
import { toIso } from '../../lib/dates';
import { companyRecords } from '../companyRecords';

type ClientRow = typeof clients.$inferSelect;

export const clientToApi = (c: ClientRow) => ({
  _id: c.id,
  name: c.name,
  gstin: c.gstin,
  stateCode: c.stateCode,
  billingAddress: c.billingAddress,
  email: c.email,
  mobile: c.mobile,
  version: c.version,
  createdAt: toIso(c.createdAt),
});

/**
 * A client with invoices or receipts stays: its documents name it. Edits leave issued
 * invoices as they were: they keep the client as it was then.
 */
export const {
  list: listClients,
  get: getClient,
  add: addClient,
  update: updateClient,
  remove: deleteClient,
} = companyRecords({
  table: clients,
  what: 'Client',
  toApi: clientToApi,
  // By name, A to Z unless asked otherwise.
  byName: (order) => (order === 'desc' ? desc(clients.nameLower) : asc(clients.nameLower)),
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
