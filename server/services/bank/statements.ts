// An account's statement over a range of days: a page of it, or all of it for the export.
import { and, asc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { keysetBatches } from '../../db/keyset';
import {
  pageCursors,
  pageWindow,
  positionChecks,
  requestedPosition,
  type KeysetRequest,
  type PageRequest,
} from '../../db/paging';
import { accountDays, payments, projects } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { paiseToRupees } from '../../../contract/rules';
import { accountToApi, findAccount, type AccountRow } from './accounts';
import {
  detailColumns,
  entryCondition,
  isFiltered,
  projectJoin,
  type EntryFilter,
} from './details';
import { entryToApi, type EntryRow } from './entries';

export interface StatementQuery extends EntryFilter {
  accountId: string;
  from: string;
  to: string;
}

/** Where a statement page starts: right after (or before) the entry of `date` and `seq`. */
interface StatementPosition {
  date: string;
  seq: string;
  reversed: boolean;
}

/** A statement page: by number (an offset), or from a neighbouring entry's position. */
type StatementSlice =
  { limit: number; offset: number } | { limit: number; position: StatementPosition };

/** A statement entry's position: its date and its order that day (`2026-03-01/42`). */
const STATEMENT_POSITION = /^(\d{4}-\d{2}-\d{2})\/(\d{1,15})$/;
const isStatementPosition = (value: string) => {
  const m = STATEMENT_POSITION.exec(value);
  return !!m && positionChecks.date(m[1]!);
};

/** The account of a statement (404 when it is not the caller's to read), its range checked. */
async function statementAccount(db: DbOrTx, caller: Caller, q: StatementQuery) {
  if (q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
  return findAccount(db, caller, q.accountId);
}

/** A statement query's row: the range's figures, and one entry of the page (or none). */
type StatementRow = Omit<EntryRow, 'id' | 'balance_after_paise'> & {
  before: string;
  credits: string;
  debits: string;
  total: number;
  // null on the single row of a page past the end (or of a range without payments)
  id: string | null;
  running: string;
  seq: string;
  /** A filter's kept entries' credits and debits (a filtered statement only). */
  kept_credits?: string;
  kept_debits?: string;
};

/**
 * A statement's answer from its rows. Each entry's `running` is the sum of the entries before
 * it and itself, from the range's start (`fromRange`) or from the account's first entry.
 */
function statementAnswer(
  account: AccountRow,
  q: StatementQuery,
  rows: StatementRow[],
  fromRange: boolean,
  caller: Caller,
) {
  const summary = rows[0]!;
  const found = rows.filter((r): r is StatementRow & { id: string } => r.id !== null);
  const openingPaise = BigInt(account.openingBalancePaise) + BigInt(summary.before);
  const base = fromRange ? openingPaise : BigInt(account.openingBalancePaise);
  const credits = BigInt(summary.credits);
  const debits = BigInt(summary.debits);
  return {
    account: accountToApi(account, caller),
    from: q.from,
    to: q.to,
    openingBalance: paiseToRupees(openingPaise),
    totalCredits: paiseToRupees(credits),
    totalDebits: paiseToRupees(debits),
    closingBalance: paiseToRupees(openingPaise + credits - debits),
    total: Number(summary.total),
    entries: found.map((r) => {
      const { balanceAfter, ...entry } = entryToApi(
        { ...r, balance_after_paise: String(base + BigInt(r.running)) },
        caller,
      );
      return { ...entry, balance: balanceAfter };
    }),
    matching:
      summary.kept_credits === undefined
        ? null
        : {
            credits: paiseToRupees(summary.kept_credits),
            debits: paiseToRupees(summary.kept_debits),
          },
    cursors: pageCursors(found.map((r) => ({ sortValue: `${r.date}/${r.seq}`, id: r.id }))),
  };
}

/**
 * A statement for [from, to]: the opening balance on `from` (opening balance plus every
 * payment dated before it), the range's credits, debits and number of entries, the closing
 * balance (always opening + credits - debits), and one page of the entries in date order,
 * each with its running balance.
 *
 * One SQL statement, so the figures and the entries are read from the same snapshot and
 * always agree. The figures sum account_days (one row per day with payments, kept by
 * triggers), not every payment of the account's history. A page found by number is a window
 * sum over the range in date order along payments_account_date_idx, so the rows before it
 * are read and summed too (O(offset)). A page found from a neighbour's entry (Next,
 * Previous) reads only its own entries along that index, and the balance in front of them
 * from the range's days before (account_days) and the first entry's own day: page 5,000 of
 * an imported account costs what page 2 does.
 */
async function readStatement(db: DbOrTx, caller: Caller, q: StatementQuery, slice: StatementSlice) {
  const account = await statementAccount(db, caller, q);
  const signed = sql`case when type = 'credit' then amount_paise else -amount_paise end`;
  const inRange = sql`account_id = ${q.accountId} and date between ${q.from} and ${q.to}`;
  let entries: SQL;
  if ('position' in slice) {
    const { date, seq, reversed } = slice.position;
    const [compare, direction] = reversed ? ['<', 'desc'] : ['>', 'asc'];
    // The page's entries (k), then the balance in front of its first one (f): the range's
    // days before that day and that day's entries before it, read once for the page.
    entries = sql`
      with k as (
        select id, date, seq, ${signed} as signed from payments
         where ${inRange}
           and (date, seq) ${sql.raw(compare)} (cast(${date} as date), cast(${seq} as bigint))
         order by date ${sql.raw(direction)}, seq ${sql.raw(direction)}
         limit ${slice.limit}
      ), f as (select date, seq from k order by date, seq limit 1)
      select k.id, k.date, k.seq,
             (select coalesce(sum(d.credits_paise - d.debits_paise), 0) from account_days d, f
               where d.account_id = ${q.accountId} and d.date >= ${q.from} and d.date < f.date)
             + (select coalesce(sum(${signed}), 0) from payments same, f
                 where same.account_id = ${q.accountId} and same.date = f.date
                   and same.seq < f.seq)
             + sum(k.signed) over w as running,
             row_number() over w as n
        from k
      window w as (order by k.date, k.seq rows unbounded preceding)`;
  } else {
    entries = sql`
      select id, date, seq, sum(${signed}) over w as running, row_number() over w as n
        from payments
       where ${inRange}
      window w as (order by date, seq rows unbounded preceding)
       order by date, seq
       limit ${slice.limit} offset ${slice.offset}`;
  }
  const result = await db.execute(sql`
    with summary as (
      select coalesce(sum(credits_paise - debits_paise) filter (where date < ${q.from}), 0) as before,
             coalesce(sum(credits_paise) filter (where date >= ${q.from}), 0) as credits,
             coalesce(sum(debits_paise) filter (where date >= ${q.from}), 0) as debits,
             coalesce(sum(entries) filter (where date >= ${q.from}), 0)::int as total
        from account_days
       where account_id = ${q.accountId} and date <= ${q.to}
    ), entries as (${entries})
    select s.before, s.credits, s.debits, s.total,
           p.id, p.account_id, p.date::text as date, p.remark, p.type::text as type,
           p.amount_paise, p.created_at, p.reverses_id, e.running, p.seq::text as seq,
           (select r.id from payments r where r.reverses_id = p.id) as reversed_by_id,
           t.account_id as transfer_account_id, ta.holder_name as transfer_holder_name,
           ta.account_no as transfer_account_no, ${detailColumns}
      from summary s
      left join entries e on true
      left join payments p on p.id = e.id
      left join payments t on p.transfer_id is not null and t.transfer_id = p.transfer_id
                          and t.id <> p.id
      left join bank_accounts ta on ta.id = t.account_id
      ${projectJoin}
     order by e.n`);
  // Running balances from the range's opening balance.
  return statementAnswer(account, q, rowsOf<StatementRow>(result), true, caller);
}

/**
 * A statement's page of the entries a filter keeps (mode, party, project, search), each with
 * the account's running balance right after it (every entry counts in the balance, shown or
 * not), the whole range's figures, and the kept entries' number, credits and debits. The
 * figures and the page are read in one statement, from the same snapshot.
 */
async function readFilteredStatement(
  db: DbOrTx,
  caller: Caller,
  q: StatementQuery,
  slice: StatementSlice,
) {
  const account = await statementAccount(db, caller, q);
  const kept = sql`p.account_id = ${q.accountId} and p.date between ${q.from} and ${q.to}
    and ${entryCondition(q)}`;
  let page: SQL;
  if ('position' in slice) {
    const { date, seq, reversed } = slice.position;
    const [compare, direction] = reversed ? ['<', 'desc'] : ['>', 'asc'];
    page = sql`select p.id from payments p where ${kept}
      and (p.date, p.seq) ${sql.raw(compare)} (cast(${date} as date), cast(${seq} as bigint))
      order by p.date ${sql.raw(direction)}, p.seq ${sql.raw(direction)} limit ${slice.limit}`;
  } else {
    page = sql`select p.id from payments p where ${kept} order by p.date, p.seq
      limit ${slice.limit} offset ${slice.offset}`;
  }
  const signed = sql`case when q.type = 'credit' then q.amount_paise else -q.amount_paise end`;
  const result = await db.execute(sql`
    with summary as (
      select coalesce(sum(credits_paise - debits_paise) filter (where date < ${q.from}), 0) as before,
             coalesce(sum(credits_paise) filter (where date >= ${q.from}), 0) as credits,
             coalesce(sum(debits_paise) filter (where date >= ${q.from}), 0) as debits
        from account_days
       where account_id = ${q.accountId} and date <= ${q.to}
    ), matching as (
      select count(*)::int as total,
             coalesce(sum(p.amount_paise) filter (where p.type = 'credit'), 0) as kept_credits,
             coalesce(sum(p.amount_paise) filter (where p.type = 'debit'), 0) as kept_debits
        from payments p where ${kept}
    )
    select s.before, s.credits, s.debits, m.total, m.kept_credits, m.kept_debits,
           p.id, p.account_id, p.date::text as date, p.remark, p.type::text as type,
           p.amount_paise, p.created_at, p.reverses_id, p.seq::text as seq,
           (select r.id from payments r where r.reverses_id = p.id) as reversed_by_id,
           t.account_id as transfer_account_id, ta.holder_name as transfer_holder_name,
           ta.account_no as transfer_account_no, ${detailColumns},
           (select coalesce(sum(d.credits_paise - d.debits_paise), 0) from account_days d
             where d.account_id = p.account_id and d.date < p.date)
           + (select sum(${signed}) from payments q
               where q.account_id = p.account_id and q.date = p.date and q.seq <= p.seq)
             as running
      from summary s
      cross join matching m
      left join payments p on p.id in (${page})
      left join payments t on p.transfer_id is not null and t.transfer_id = p.transfer_id
                          and t.id <> p.id
      left join bank_accounts ta on ta.id = t.account_id
      ${projectJoin}
     order by p.date, p.seq`);
  // Running balances from the account's opening balance (every earlier entry summed).
  return statementAnswer(account, q, rowsOf<StatementRow>(result), false, caller);
}

/**
 * One page of a statement's entries, with the whole range's figures and entry count: by
 * number, or (Next and Previous) from the position of the entry before or after it.
 */
export async function statement(
  db: DbOrTx,
  caller: Caller,
  q: StatementQuery & PageRequest & KeysetRequest,
) {
  const position = requestedPosition(q, isStatementPosition);
  const [date, seq] = position?.value.split('/') ?? [];
  const s = await (isFiltered(q) ? readFilteredStatement : readStatement)(
    db,
    caller,
    q,
    position
      ? { limit: q.pageSize, position: { date: date!, seq: seq!, reversed: position.reversed } }
      : pageWindow(q),
  );
  return { ...s, page: q.page, pageSize: q.pageSize };
}

/**
 * A statement for the CSV export, streamed: the account (404 when it is not the caller's to
 * read), its opening balance on `from` in paise (the opening balance plus every earlier day's
 * net, from account_days), and the range's entries in statement order (date, then the order
 * recorded), a batch at a time after the last entry of the one before. The caller adds up
 * the running balance and the totals from the entries it writes, so the file's closing line
 * always agrees with its rows.
 */
export async function statementForExport(db: DbOrTx, caller: Caller, q: StatementQuery) {
  const account = await statementAccount(db, caller, q);
  const filtered = isFiltered(q);
  const [before] = await db
    .select({
      net: sql<string>`coalesce(sum(${accountDays.creditsPaise} - ${accountDays.debitsPaise}), 0)`,
    })
    .from(accountDays)
    .where(and(eq(accountDays.accountId, account.id), lt(accountDays.date, q.from)));
  const entries = keysetBatches(
    (after, limit) =>
      db
        .select({
          date: payments.date,
          seq: payments.seq,
          remark: payments.remark,
          type: payments.type,
          amountPaise: payments.amountPaise,
          mode: payments.mode,
          reference: payments.reference,
          partyName: payments.partyName,
          project: projects.projectName,
          // Every entry counts in the running balance; a filter only chooses those written.
          kept: filtered ? sql<boolean>`${entryCondition(q, 'payments')}` : sql<boolean>`true`,
        })
        .from(payments)
        .leftJoin(projects, eq(projects.id, payments.projectId))
        .where(
          and(
            eq(payments.accountId, account.id),
            gte(payments.date, q.from),
            lte(payments.date, q.to),
            after,
          ),
        )
        .orderBy(asc(payments.date), asc(payments.seq))
        .limit(limit),
    (last) =>
      sql`(${payments.date}, ${payments.seq}) > (cast(${last.date} as date), cast(${last.seq} as bigint))`,
  );
  return {
    account: accountToApi(account, caller),
    openingPaise: BigInt(account.openingBalancePaise) + BigInt(before?.net ?? 0),
    entries,
  };
}
