import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { counterparties } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { conflict, notFound } from '../../lib/errors';
import { pgErrorCode } from '../../lib/pgErrors';
import { mobileText } from '../../../contract/mobile';
import { atVersion, nextVersion, staleRecord } from '../versions';

/** The khata's people: a name and a mobile number or an e-mail, each the caller's own. */

export type PersonRow = typeof counterparties.$inferSelect;

export const personToApi = (p: PersonRow) => ({
  _id: p.id,
  name: p.name,
  mobile: p.mobile,
  email: p.email,
  version: p.version,
});

/** The caller's person `id` (locked for the transaction when `lock`); another's is not found. */
export async function ownPerson(db: DbOrTx | Tx, caller: Caller, id: string, lock = false) {
  const query = db
    .select()
    .from(counterparties)
    .where(and(eq(counterparties.id, id), eq(counterparties.userId, caller.userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Person');
  return row;
}

const UNIQUE_VIOLATION = '23505';

/** Someone already kept under this number (or, without one, this e-mail): 409. */
async function assertNew(
  db: DbOrTx,
  caller: Caller,
  input: { mobile?: string; email?: string },
  except?: string,
) {
  const same = input.mobile
    ? eq(counterparties.mobile, input.mobile)
    : sql`lower(${counterparties.email}) = lower(${input.email ?? ''}) and ${counterparties.mobile} is null`;
  const [found] = await db
    .select({ id: counterparties.id, name: counterparties.name })
    .from(counterparties)
    .where(
      and(
        eq(counterparties.userId, caller.userId),
        same,
        except ? sql`${counterparties.id} <> ${except}` : undefined,
      ),
    )
    .limit(1);
  if (found) throw duplicate(found.name, input);
}

const duplicate = (name: string, input: { mobile?: string; email?: string }) =>
  conflict(
    `${name} is already in your khata with ${input.mobile ? mobileText(input.mobile) : input.email}`,
    { code: 'duplicate', field: input.mobile ? 'mobile' : 'email' },
  );

export async function addPerson(
  db: DbOrTx,
  caller: Caller,
  input: { name: string; mobile?: string; email?: string },
) {
  await assertNew(db, caller, input);
  try {
    const [row] = await db
      .insert(counterparties)
      .values({
        userId: caller.userId,
        name: input.name,
        mobile: input.mobile ?? null,
        email: input.email ?? null,
      })
      .returning();
    return personToApi(row!);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicate(input.name, input);
    throw error;
  }
}

/** Renames the person or changes their number or e-mail (their entries keep what was typed). */
export async function updatePerson(
  db: DbOrTx,
  caller: Caller,
  id: string,
  input: { name: string; mobile?: string; email?: string; version: number },
) {
  const current = await ownPerson(db, caller, id);
  if (current.version !== input.version) throw staleRecord();
  await assertNew(db, caller, input, id);
  try {
    const [row] = await db
      .update(counterparties)
      .set({
        name: input.name,
        mobile: input.mobile ?? null,
        email: input.email ?? null,
        version: nextVersion(counterparties),
        updatedAt: sql`now()`,
      })
      .where(atVersion(counterparties, eq(counterparties.id, id), input.version))
      .returning();
    if (!row) throw staleRecord();
    return personToApi(row);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicate(input.name, input);
    throw error;
  }
}
