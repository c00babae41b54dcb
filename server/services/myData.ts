import { asc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { bankAccounts, expenses, loans, payments, projects, repayments, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { getProfile } from './auth';

const PAGE = 5000;

/** Every row of `table` where `column = value`, read in pages (money stays in paise). */
async function allRows(
  db: DbOrTx,
  table: PgTable,
  column: Parameters<typeof eq>[0],
  value: string,
) {
  const out: Record<string, unknown>[] = [];
  const id = (table as unknown as { id: Parameters<typeof asc>[0] }).id;
  for (let offset = 0; ; offset += PAGE) {
    const rows = await db
      .select()
      .from(table)
      .where(eq(column, value))
      .orderBy(asc(id))
      .limit(PAGE)
      .offset(offset);
    out.push(...(rows as Record<string, unknown>[]));
    if (rows.length < PAGE) return out;
  }
}

/**
 * Everything that is the caller's own, to take away: its profile, expenses, lend and
 * borrowed entries with their repayments, and for a company its people, projects, bank
 * accounts and payments. Never a password hash.
 */
export async function exportMyData(db: DbOrTx, caller: Caller) {
  const me = caller.userId;
  const data: Record<string, unknown> = {
    exportedAt: new Date().toISOString(),
    moneyIn: 'paise (1 rupee = 100 paise)',
    profile: await getProfile(db, caller),
    expenses: await allRows(db, expenses, expenses.userId, me),
    loans: await allRows(db, loans, loans.userId, me),
    repayments: await allRows(db, repayments, repayments.userId, me),
  };
  if (caller.role === 'company') {
    const people = await allRows(db, users, users.companyId, me);
    data.people = people.map(({ passwordHash: _hash, ...person }) => person);
    data.projects = await allRows(db, projects, projects.companyId, me);
    data.bankAccounts = await allRows(db, bankAccounts, bankAccounts.companyId, me);
    data.payments = await allRows(db, payments, payments.companyId, me);
  }
  return data;
}
