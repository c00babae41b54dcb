import { and, asc, eq, gt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { bankAccounts, expenses, loans, payments, projects, repayments, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { getProfile } from './auth';

/** Columns never exported: sign-in secrets. */
const SECRETS = ['passwordHash', 'totpSecret', 'totpPendingSecret', 'totpLastStep'];

const PAGE = 2000;

/**
 * Every row of `table` where `column = value`, a page at a time in id order, each page
 * starting after the last (so the millionth row costs what the first did).
 */
async function* rowsOf(
  db: DbOrTx,
  table: PgTable & { id: PgColumn },
  column: PgColumn,
  value: string,
) {
  let after: unknown;
  for (;;) {
    const rows: Record<string, unknown>[] = await db
      .select()
      .from(table)
      .where(and(eq(column, value), after === undefined ? undefined : gt(table.id, after)))
      .orderBy(asc(table.id))
      .limit(PAGE);
    for (const row of rows) {
      // Sign-in secrets are nobody's data to take away: a company's export must not carry
      // its people's password hashes or two-factor keys.
      for (const secret of SECRETS) delete row[secret];
      yield row;
    }
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * Everything that is the caller's own, to take away, as JSON text in pieces: its profile,
 * expenses, lend and borrowed entries with their repayments, and for a company its people,
 * projects, bank accounts and payments (money in paise). Never a password hash or key. Streamed,
 * so that a million expenses never sit in memory at once.
 */
export async function* exportMyData(db: DbOrTx, caller: Caller) {
  const me = caller.userId;
  const head = {
    exportedAt: new Date().toISOString(),
    moneyIn: 'paise (1 rupee = 100 paise)',
    profile: await getProfile(db, caller),
  };
  yield JSON.stringify(head, null, 2).slice(0, -2);
  const lists: [string, AsyncGenerator<Record<string, unknown>>][] = [
    ['expenses', rowsOf(db, expenses, expenses.userId, me)],
    ['loans', rowsOf(db, loans, loans.userId, me)],
    ['repayments', rowsOf(db, repayments, repayments.userId, me)],
  ];
  if (caller.role === 'company')
    lists.push(
      ['people', rowsOf(db, users, users.companyId, me)],
      ['projects', rowsOf(db, projects, projects.companyId, me)],
      ['bankAccounts', rowsOf(db, bankAccounts, bankAccounts.companyId, me)],
      ['payments', rowsOf(db, payments, payments.companyId, me)],
    );
  for (const [name, rows] of lists) {
    yield `,\n  ${JSON.stringify(name)}: [`;
    let first = true;
    for await (const row of rows) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(row)}`;
      first = false;
    }
    yield first ? ']' : '\n  ]';
  }
  yield '\n}\n';
}
