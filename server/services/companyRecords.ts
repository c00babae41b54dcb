import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { pageAnswer, paged, rowCount, type PageRequest } from '../db/paging';
import { containsAnyCase } from '../db/search';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { conflict, notFound } from '../lib/errors';
import { uniqueViolation } from '../lib/pgErrors';
import { withAudit } from './audit';
import { assertCompany, assertRole, companyScope } from './tenancy';
import { atVersion, nextVersion, whyNotUpdated } from './versions';

/*
 * A company's records of the people it deals with (its clients, its vendors): the company
 * adds, edits and deletes its own; its admin reads them and changes nothing; anyone else's is
 * not found. A name is unique in its company, whatever its case.
 */

type RecordTable = PgTable & {
  id: PgColumn;
  companyId: PgColumn;
  nameLower: PgColumn;
  gstin: PgColumn;
  version: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** What a company sends of one of its records. */
type Fields<Table extends RecordTable> = Omit<Table['$inferInsert'], 'companyId'>;

export interface RecordQuery extends PageRequest {
  search?: string;
  companyId?: string;
  order: 'asc' | 'desc';
}

export function companyRecords<
  Table extends RecordTable,
  K extends keyof Table['$inferSelect'] & string,
>(spec: {
  table: Table;
  /** What a refusal calls one ('Client'). */
  what: string;
  /** The columns the API shows as they are, in order, between the record's id and version. */
  shown: readonly K[];
  /** Whether anything names the record (the transaction holds its row locked). */
  inUse: (tx: DbOrTx, id: string) => Promise<boolean>;
  /** Why a record something names is not deleted. */
  inUseMessage: string;
}) {
  const { table, what } = spec;
  const toApi = (row: Table['$inferSelect']) => {
    const r = row as Table['$inferSelect'] & { id: string; version: number; createdAt: Date };
    const own = {} as Pick<Table['$inferSelect'], K>;
    for (const k of spec.shown) own[k] = r[k];
    return { _id: r.id, ...own, version: r.version, createdAt: toIso(r.createdAt) };
  };
  const rows = (found: unknown) => found as Table['$inferSelect'][];
  const readable = (caller: Caller, companyId?: string) => {
    assertRole(caller, 'admin', 'company');
    return companyScope(table.companyId, caller, companyId);
  };
  const mine = (caller: Caller, id: string) =>
    and(eq(table.id, id), eq(table.companyId, caller.userId));
  const duplicateName = (error: unknown): never => {
    if (uniqueViolation(error))
      throw conflict(`You have a ${what.toLowerCase()} of that name already`, {
        code: 'duplicate',
        field: 'name',
      });
    throw error;
  };

  return {
    /** One page by name (A to Z, or Z to A), searching the name and the GSTIN. */
    async list(db: DbOrTx, caller: Caller, q: RecordQuery) {
      const where = and(
        readable(caller, q.companyId),
        q.search
          ? or(
              containsAnyCase(table.nameLower, q.search),
              // Stored in capitals: the term is too.
              containsAnyCase(sql`lower(${table.gstin})`, q.search),
            )
          : undefined,
      );
      const [page, [count]] = await Promise.all([
        paged(
          db
            .select()
            .from(table as PgTable)
            .where(where)
            .$dynamic(),
          q,
          [(q.order === 'desc' ? desc : asc)(table.nameLower), asc(table.id)],
        ),
        db
          .select({ total: rowCount() })
          .from(table as PgTable)
          .where(where),
      ]);
      return pageAnswer(q, rows(page).map(toApi), count?.total);
    },

    async get(db: DbOrTx, caller: Caller, id: string) {
      const [row] = rows(
        await db
          .select()
          .from(table as PgTable)
          .where(and(readable(caller), eq(table.id, id))),
      );
      if (!row) throw notFound(what);
      return toApi(row);
    },

    async add(db: DbOrTx, caller: Caller, input: Fields<Table>) {
      assertCompany(caller);
      try {
        return await withAudit(db, caller, async (tx) => {
          const [row] = rows(
            await tx
              .insert(table)
              .values({ ...input, companyId: caller.userId } as Table['$inferInsert'])
              .returning(),
          );
          return toApi(row!);
        });
      } catch (error) {
        return duplicateName(error);
      }
    },

    /** Changes the record read at `version` (409 when it has moved on since). */
    async update(
      db: DbOrTx,
      caller: Caller,
      id: string,
      input: Partial<Fields<Table>> & { version: number },
    ) {
      assertCompany(caller);
      const { version, ...fields } = input;
      try {
        return await withAudit(db, caller, async (tx) => {
          const [row] = rows(
            await tx
              .update(table)
              .set({
                ...fields,
                version: nextVersion(table),
                updatedAt: sql`now()`,
              } as PgUpdateSetSource<Table>)
              .where(atVersion(table, mine(caller, id), version))
              .returning(),
          );
          if (!row) throw await whyNotUpdated(tx, table, mine(caller, id), what);
          return toApi(row);
        });
      } catch (error) {
        return duplicateName(error);
      }
    },

    /**
     * Deletes a record nothing names. The row is locked first, as whatever names it locks it,
     * so nothing can name it meanwhile.
     */
    async remove(db: DbOrTx, caller: Caller, id: string) {
      assertCompany(caller);
      await withAudit(db, caller, async (tx) => {
        const [row] = await tx
          .select({ id: table.id })
          .from(table as PgTable)
          .where(mine(caller, id))
          .for('update');
        if (!row) throw notFound(what);
        if (await spec.inUse(tx, id)) throw conflict(spec.inUseMessage, { code: 'in_use' });
        await tx.delete(table).where(mine(caller, id));
      });
    },
  };
}
