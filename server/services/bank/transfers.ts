// Transfers between two of the company's own accounts.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { assertCompany } from '../tenancy';
import type { EntryDetails } from './details';
import { readEntries } from './entries';
import { post } from './ledger';

/** Moves money between two of the company's accounts: one debit and one credit, together. */
export async function transfer(
  db: Db,
  caller: Caller,
  input: {
    fromAccountId: string;
    toAccountId: string;
    date: string;
    remark: string;
    amountPaise: number;
  } & Pick<EntryDetails, 'mode' | 'reference'>,
) {
  assertCompany(caller);
  const details = { mode: input.mode, reference: input.reference };
  if (input.fromAccountId === input.toAccountId) {
    throw badRequest('Choose two different accounts to transfer between', {
      field: 'toAccountId',
    });
  }
  const [from, to] = await post(db, caller, input.date, input.remark, [
    {
      accountId: input.fromAccountId,
      type: 'debit',
      amountPaise: input.amountPaise,
      field: 'fromAccountId',
      details,
    },
    {
      accountId: input.toAccountId,
      type: 'credit',
      amountPaise: input.amountPaise,
      field: 'toAccountId',
      details,
    },
  ]);
  const [fromEntry] = await readEntries(
    db,
    caller,
    input.fromAccountId,
    sql`${from!.id}`,
    sql`p.seq`,
  );
  const [toEntry] = await readEntries(db, caller, input.toAccountId, sql`${to!.id}`, sql`p.seq`);
  return { from: fromEntry!, to: toEntry! };
}
