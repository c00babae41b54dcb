import { and, asc, eq, getTableColumns, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { LoanDirection, LoanStatus } from '../../contract/enums';
import { LOAN_NOUNS, type LoanSort } from '../../contract/api/loans';
import type { DbOrTx, Tx } from '../db/client';
import { keyText, keysetBatches, rowAfter } from '../db/keyset';
import {
  keysetClauses,
  keysetListPage,
  positionChecks,
  rowCount,
  sumPaise,
  type KeysetRequest,
  type KeysetShape,
} from '../db/paging';
import { preparedShapes } from '../db/prepared';
import { loans, repayments } from '../db/schema';
import type { Caller } from '../lib/caller';
import { withAudit } from './audit';
import { badRequest, notFound } from '../lib/errors';
import { formatPaise } from '../lib/format';
import { COUNT_BOUND, paiseToRupees } from '../../contract/rules';
import { toIso } from '../lib/dates';
import { containsPlaceholder, searchPattern } from '../db/search';
import { atVersion, nextVersion, staleRecord } from './versions';
import { restoreChildren, restoreDeleted } from './undo';
import { scheduleReminders } from './khata/schedule';

export const NOUN: Record<LoanDirection, string> = LOAN_NOUNS;

export interface LoanInput {
  name: string;
  /** Absent or empty when the person is given by mobile only. */
  email?: string;
  /** +91 and 10 digits. */
  mobile?: string;
  amountPaise: number;
  issueDate: string;
  repaymentDate: string;
  /** A lend's reminders on its due date and weekly after. */
  autoRemind?: boolean;
  /** The khata's note of You gave / You got. */
  note?: string;
}
export interface LoanQuery {
  search?: string;
  /** Only this entry (a form reloading it). */
  id?: string;
  from?: string;
  to?: string;
  /** The user's calendar day, for due/overdue. */
  today: string;
  page: number;
  pageSize: number;
  sort: LoanSort;
  order: 'asc' | 'desc';
}

/** A page of the list: by number, or after or before a row's position. */
export type LoanListQuery = LoanQuery & KeysetRequest;

const sortColumns = {
  issueDate: loans.issueDate,
  repaymentDate: loans.repaymentDate,
  amount: loans.amountPaise,
  name: loans.name,
  email: loans.email,
  createdAt: loans.createdAt,
};

/** What each sort column's value in a page position may be. */
const positionOf = {
  issueDate: positionChecks.date,
  repaymentDate: positionChecks.date,
  amount: positionChecks.integer,
  name: positionChecks.text,
  email: positionChecks.text,
  createdAt: positionChecks.timestamp,
};

type LoanRow = typeof loans.$inferSelect;

export function statusOf(
  row: Pick<LoanRow, 'amountPaise' | 'repaidPaise' | 'repaymentDate'>,
  today: string,
): LoanStatus {
  if (row.repaidPaise >= row.amountPaise) return 'settled';
  return row.repaymentDate < today ? 'overdue' : 'due';
}

export const toApi = (row: LoanRow, today: string) => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  counterpartyId: row.counterpartyId,
  autoRemind: row.autoRemind,
  amount: paiseToRupees(row.amountPaise),
  repaid: paiseToRupees(row.repaidPaise),
  outstanding: paiseToRupees(row.amountPaise - row.repaidPaise),
  status: statusOf(row, today),
  issueDate: row.issueDate,
  repaymentDate: row.repaymentDate,
  createdAt: toIso(row.createdAt),
  version: row.version,
});

/** Ownership and direction are part of every where clause. */
const own = (caller: Caller, direction: LoanDirection, extra?: SQL) =>
  and(eq(loans.userId, caller.userId), eq(loans.direction, direction), extra);

/**
 * What changes the text of a list's filter (never a value: those are placeholders): a search,
 * the dates given, an id. A start after the end is a 400.
 */
function filterShape(q: Pick<LoanQuery, 'search' | 'from' | 'to' | 'id'>) {
  if (q.from && q.to && q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  return { search: !!q.search, from: !!q.from, to: !!q.to, id: !!q.id };
}
type FilterShape = ReturnType<typeof filterShape>;
const p = sql.placeholder;

/** A filter's where clause, its values in placeholders (see filterValues). */
function listFilter(s: FilterShape) {
  return and(
    eq(loans.userId, p('userId')),
    eq(loans.direction, p('direction')),
    and(
      and(
        s.search
          ? or(
              containsPlaceholder(loans.nameLower, 'search'),
              containsPlaceholder(loans.emailLower, 'search'),
            )
          : undefined,
        s.from ? gte(loans.issueDate, p('from')) : undefined,
        s.to ? lte(loans.issueDate, p('to')) : undefined,
      ),
      s.id ? eq(loans.id, p('id')) : undefined,
    ),
  );
}

const filterValues = (
  caller: Caller,
  direction: LoanDirection,
  q: Pick<LoanQuery, 'search' | 'from' | 'to' | 'id'>,
) => ({
  userId: caller.userId,
  direction,
  search: q.search ? searchPattern(q.search) : undefined,
  from: q.from,
  to: q.to,
  id: q.id,
});

/** A page of a list: by number (`offset`), or after or before a row's position (keyset). */
const listPage = preparedShapes(
  (s: FilterShape & { keyset: KeysetShape<LoanSort>; offset: boolean }) => JSON.stringify(s),
  (db, s) => {
    const { where, order } = keysetClauses(s.keyset, sortColumns, loans.id);
    return (
      db
        .select({ ...getTableColumns(loans), sortValue: keyText(sortColumns[s.keyset.sort]) })
        .from(loans)
        .where(and(listFilter(s), where))
        .orderBy(...order)
        .limit(p('limit'))
        // Drizzle leaves out an offset of 0, as the page without one was written.
        .offset(s.offset ? p('offset') : 0)
    );
  },
);

/**
 * A filter's count and sums. A search is counted and summed up to the bound, as on the
 * expense list: a common term in a large book stops there. Dates alone read their range of
 * the index, exactly.
 */
const listMatches = preparedShapes(
  (s: FilterShape) => JSON.stringify(s),
  (db, s) => {
    const matches = db
      .select({ amountPaise: loans.amountPaise, repaidPaise: loans.repaidPaise })
      .from(loans)
      .where(listFilter(s));
    return db
      .select({
        total: rowCount(),
        amount: sql<string>`coalesce(sum(${sql.identifier('amount_paise')}), 0)`,
        repaid: sql<string>`coalesce(sum(${sql.identifier('repaid_paise')}), 0)`,
      })
      .from(s.search ? matches.limit(COUNT_BOUND + 1).as('matches') : matches.as('matches'));
  },
);

export async function listLoans(
  db: DbOrTx,
  caller: Caller,
  direction: LoanDirection,
  q: LoanListQuery,
) {
  const filter = filterShape(q);
  const { today } = q;
  const values = filterValues(caller, direction, q);
  return keysetListPage(q, positionOf, {
    rows: (shape, at) => listPage(db, { ...filter, ...shape }).execute({ ...values, ...at }),
    bounded: !!q.search,
    own: (found) => ({
      total: found.length,
      amount: sumPaise(found.map((r) => r.amountPaise)),
      repaid: sumPaise(found.map((r) => r.repaidPaise)),
    }),
    count: () =>
      listMatches(db, filter)
        .execute(values)
        .then(([totals]) => totals),
    data: (r) => toApi(r, today),
    sums: (summary) => {
      const amount = BigInt(summary?.amount ?? 0);
      const repaid = BigInt(summary?.repaid ?? 0);
      return {
        totalAmount: paiseToRupees(amount),
        repaidAmount: paiseToRupees(repaid),
        outstandingAmount: paiseToRupees(amount - repaid),
      };
    },
  });
}

/**
 * Every row of a filter, for CSV export: a batch at a time in (issueDate, id) order, each
 * batch after the last row of the one before (see keysetBatches), so memory stays flat and
 * no query skips rows. The filter is checked at once (400 before anything is streamed).
 */
export function allLoans(
  db: DbOrTx,
  caller: Caller,
  direction: LoanDirection,
  q: Pick<LoanQuery, 'search' | 'from' | 'to'>,
) {
  const where = listFilter(filterShape(q));
  const values = filterValues(caller, direction, q);
  return keysetBatches(
    (after, limit) =>
      db
        .select()
        .from(loans)
        .where(and(where, after))
        .orderBy(asc(loans.issueDate), asc(loans.id))
        .limit(limit)
        .execute(values),
    (last) => rowAfter(loans.issueDate, loans.id, 'date', last.issueDate, last.id),
  );
}

function checkDates(input: Pick<LoanInput, 'issueDate' | 'repaymentDate'>) {
  if (input.repaymentDate < input.issueDate) {
    throw badRequest('repaymentDate must be on or after issueDate', { field: 'repaymentDate' });
  }
}

export async function createLoan(
  db: DbOrTx,
  caller: Caller,
  direction: LoanDirection,
  input: LoanInput,
  today: string,
) {
  checkDates(input);
  const row = await withAudit(db, caller, (tx) => insertLoan(tx, caller, direction, input));
  return toApi(row, today);
}

/**
 * Records a lend or borrowing in the caller's transaction, with the person of the khata it is
 * with when known; a lend that asks for reminders gets its schedule.
 */
export async function insertLoan(
  tx: Tx,
  caller: Caller,
  direction: LoanDirection,
  input: LoanInput,
  counterpartyId?: string,
) {
  const [row] = await tx
    .insert(loans)
    .values({
      userId: caller.userId,
      direction,
      ...input,
      email: input.email || '',
      mobile: input.mobile || null,
      autoRemind: direction === 'lend' && !!input.autoRemind,
      // Without one, the database finds or makes the person (functions/loan_counterparty.sql).
      ...(counterpartyId ? { counterpartyId } : {}),
    })
    .returning();
  await scheduleReminders(tx, row!);
  return row!;
}

export async function getLoan(db: DbOrTx, caller: Caller, direction: LoanDirection, id: string) {
  const [row] = await db
    .select()
    .from(loans)
    .where(own(caller, direction, eq(loans.id, id)));
  if (!row) throw notFound(NOUN[direction]);
  return row;
}

export async function updateLoan(
  db: DbOrTx,
  caller: Caller,
  direction: LoanDirection,
  id: string,
  version: number,
  input: Partial<LoanInput>,
  today: string,
) {
  return withAudit(db, caller, async (tx) => {
    // Locked, so a repayment recorded meanwhile cannot push repaid above the new amount.
    const [current] = await tx
      .select()
      .from(loans)
      .where(own(caller, direction, eq(loans.id, id)))
      .for('update');
    if (!current) throw notFound(NOUN[direction]);
    if (current.version !== version) throw staleRecord();
    // The dates sent, checked together with those kept.
    checkDates({
      issueDate: input.issueDate ?? current.issueDate,
      repaymentDate: input.repaymentDate ?? current.repaymentDate,
    });
    if (input.amountPaise !== undefined && input.amountPaise < current.repaidPaise) {
      throw badRequest(
        `amount cannot be less than what has already been repaid (${formatPaise(current.repaidPaise)})`,
        { field: 'amount' },
      );
    }
    // A changed e-mail or mobile may be another person: the database finds them.
    const { autoRemind, ...fields } = input;
    const [row] = await tx
      .update(loans)
      .set({
        ...fields,
        ...(autoRemind !== undefined ? { autoRemind: direction === 'lend' && autoRemind } : {}),
        version: nextVersion(loans),
        updatedAt: sql`now()`,
      })
      .where(atVersion(loans, eq(loans.id, id), version))
      .returning();
    await scheduleReminders(tx, row!);
    return toApi(row!, today);
  });
}

export async function deleteLoan(db: DbOrTx, caller: Caller, direction: LoanDirection, id: string) {
  const [row] = await withAudit(db, caller, (tx) =>
    tx
      .delete(loans)
      .where(own(caller, direction, eq(loans.id, id)))
      .returning({ id: loans.id }),
  );
  if (!row) throw notFound(NOUN[direction]);
}

/** Undoes the caller's delete of one of its entries moments ago, with its repayments. */
export async function restoreLoan(
  db: DbOrTx,
  caller: Caller,
  direction: LoanDirection,
  id: string,
) {
  await withAudit(db, caller, (tx) =>
    restoreDeleted(tx, caller, 'loans', id, {
      what: NOUN[direction],
      owned: (before) => before.user_id === caller.userId && before.direction === direction,
      alsoRestore: (deleted) =>
        restoreChildren(tx, caller, 'repayments', deleted, sql`before ->> 'loan_id' = ${id}`),
    }),
  );
}

const repaymentToApi = (r: typeof repayments.$inferSelect) => ({
  _id: r.id,
  loanId: r.loanId,
  date: r.date,
  amount: paiseToRupees(r.amountPaise),
  remark: r.remark,
  createdAt: toIso(r.createdAt),
});

export async function addRepayment(
  db: DbOrTx,
  caller: Caller,
  direction: LoanDirection,
  input: { loanId: string; date: string; amountPaise: number; remark: string },
) {
  return withAudit(db, caller, async (tx) => {
    const [loan] = await tx
      .select()
      .from(loans)
      .where(own(caller, direction, eq(loans.id, input.loanId)))
      .for('update');
    if (!loan) throw notFound(NOUN[direction]);
    const outstanding = loan.amountPaise - loan.repaidPaise;
    if (input.amountPaise > outstanding) {
      throw badRequest(
        outstanding === 0
          ? 'Nothing is outstanding on this entry'
          : `amount cannot be more than what is outstanding (${formatPaise(outstanding)})`,
        { code: outstanding === 0 ? 'wrong_state' : 'validation', field: 'amount' },
      );
    }
    if (input.date < loan.issueDate)
      throw badRequest('date cannot be before the issue date', { field: 'date' });
    const [row] = await tx
      .insert(repayments)
      .values({ ...input, userId: caller.userId })
      .returning();
    const [after] = await tx
      .update(loans)
      .set({ repaidPaise: sql`${loans.repaidPaise} + ${input.amountPaise}`, updatedAt: sql`now()` })
      .where(eq(loans.id, loan.id))
      .returning();
    // Repaid in full: its scheduled reminders end.
    await scheduleReminders(tx, after!);
    return repaymentToApi(row!);
  });
}

export async function listRepayments(
  db: DbOrTx,
  caller: Caller,
  direction: LoanDirection,
  loanId: string,
) {
  await getLoan(db, caller, direction, loanId);
  const rows = await db
    .select()
    .from(repayments)
    .where(and(eq(repayments.loanId, loanId), eq(repayments.userId, caller.userId)))
    .orderBy(asc(repayments.date), asc(repayments.createdAt));
  return rows.map(repaymentToApi);
}

export async function deleteRepayment(
  db: DbOrTx,
  caller: Caller,
  direction: LoanDirection,
  id: string,
) {
  await withAudit(db, caller, async (tx) => {
    const [found] = await tx
      .select({ id: repayments.id, loanId: repayments.loanId, amountPaise: repayments.amountPaise })
      .from(repayments)
      .innerJoin(loans, eq(loans.id, repayments.loanId))
      .where(and(eq(repayments.id, id), own(caller, direction)))
      .for('update');
    if (!found) throw notFound('Repayment');
    await tx.delete(repayments).where(eq(repayments.id, id));
    const [after] = await tx
      .update(loans)
      .set({ repaidPaise: sql`${loans.repaidPaise} - ${found.amountPaise}`, updatedAt: sql`now()` })
      .where(eq(loans.id, found.loanId))
      .returning();
    // Open again: a lend that asked for reminders has them again.
    await scheduleReminders(tx, after!);
  });
}
