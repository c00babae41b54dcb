import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { InvoiceClient } from '../../../contract/api/invoices';
import type { DbOrTx } from '../../db/client';
import { pageAnswer, paged, rowCount, type PageRequest } from '../../db/paging';
import { clients, invoices, receipts } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { toIso } from '../../lib/dates';
import { conflict, notFound } from '../../lib/errors';
import { uniqueViolation } from '../../lib/pgErrors';
import { containsAnyCase } from '../../db/search';
import { withAudit } from '../audit';
import { assertCompany, assertRole, companyScope } from '../tenancy';
import { atVersion, nextVersion, whyNotUpdated } from '../versions';

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

const readable = (caller: Caller, companyId?: string) => {
  assertRole(caller, 'admin', 'company');
  return companyScope(clients.companyId, caller, companyId);
};
const mine = (caller: Caller, id: string) =>
  and(eq(clients.id, id), eq(clients.companyId, caller.userId));

/** A client's name is unique in its company, whatever its case. */
function duplicateName(error: unknown): never {
  if (uniqueViolation(error))
    throw conflict('You have a client of that name already', { code: 'duplicate', field: 'name' });
  throw error;
}

export async function listClients(
  db: DbOrTx,
  caller: Caller,
  q: PageRequest & { search?: string; companyId?: string; order: 'asc' | 'desc' },
) {
  const where = and(
    readable(caller, q.companyId),
    q.search
      ? or(
          containsAnyCase(clients.nameLower, q.search),
          // Stored in capitals: the term is too.
          containsAnyCase(sql`lower(${clients.gstin})`, q.search),
        )
      : undefined,
  );
  const order = q.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    paged(db.select().from(clients).where(where).$dynamic(), q, [
      // By name, A to Z unless asked otherwise.
      q.order === 'desc' ? asc(clients.nameLower) : order(clients.nameLower),
      asc(clients.id),
    ]),
    db.select({ total: rowCount() }).from(clients).where(where),
  ]);
  return pageAnswer(q, rows.map(clientToApi), count?.total);
}

export async function getClient(db: DbOrTx, caller: Caller, id: string) {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(readable(caller), eq(clients.id, id)));
  if (!row) throw notFound('Client');
  return clientToApi(row);
}

export async function addClient(db: DbOrTx, caller: Caller, input: InvoiceClient) {
  assertCompany(caller);
  try {
    return await withAudit(db, caller, async (tx) => {
      const [row] = await tx
        .insert(clients)
        .values({ ...input, companyId: caller.userId })
        .returning();
      return clientToApi(row!);
    });
  } catch (error) {
    duplicateName(error);
  }
}

/** Edits a client at the version read; issued invoices keep the client as it was then. */
export async function updateClient(
  db: DbOrTx,
  caller: Caller,
  id: string,
  input: InvoiceClient & { version: number },
) {
  assertCompany(caller);
  const { version, ...fields } = input;
  try {
    return await withAudit(db, caller, async (tx) => {
      const [row] = await tx
        .update(clients)
        .set({ ...fields, version: nextVersion(clients), updatedAt: sql`now()` })
        .where(atVersion(clients, mine(caller, id), version))
        .returning();
      if (!row) throw await whyNotUpdated(tx, clients, mine(caller, id), 'Client');
      return clientToApi(row);
    });
  } catch (error) {
    duplicateName(error);
  }
}

/** A client with invoices or receipts stays: its documents name it. */
export async function deleteClient(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  await withAudit(db, caller, async (tx) => {
    const [row] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(mine(caller, id))
      .for('update');
    if (!row) throw notFound('Client');
    const [{ used } = { used: false }] = await tx
      .select({
        used: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.clientId} = ${id})
          or exists (select 1 from ${receipts} where ${receipts.clientId} = ${id})`,
      })
      .from(clients)
      .where(eq(clients.id, id));
    if (used)
      throw conflict('This client has invoices or receipts, so it cannot be deleted', {
        code: 'in_use',
      });
    await tx.delete(clients).where(mine(caller, id));
  });
}
