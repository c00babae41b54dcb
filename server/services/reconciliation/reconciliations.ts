import { containsAnyCase } from '../../db/search';
import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMode, PartyKind } from '../../../contract/api/bank';
import type { PaymentType } from '../../../contract/enums';
import {
  RECONCILIATION_LINE_STATUSES,
  type ReconciliationLineStatus,
  type StatementBank,
} from '../../../contract/reconciliation';
import { paiseToRupees } from '../../../contract/rules';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { accountNoFor } from '../../lib/accountNumber';
import type { Caller } from '../../lib/caller';
import { toIso } from '../../lib/dates';
import { HttpError, conflict, notFound } from '../../lib/errors';
import { withAudit } from '../audit';
import { recordPayment } from '../bank/payments';
import type { Upload } from '../importFile';
import { assertCompany, assertRole, companiesOfAdmin } from '../tenancy';
import { balancesToApi, ledgerBalances, matchableEntries, openEntry } from './ledger';
import { likest, suggestMatches } from './matching';
import { REFERENCE_MAX, readStatement, type Statement } from './statementFile';
import { reconciliations } from '../../db/schema';

/**
 * Reconciliations of a company's bank accounts: a statement read from the bank's download is
 * kept line by line, each line suggested a ledger entry like it, then confirmed, made into a
 * new entry or ignored, until the statement's balances and the ledger's agree. Everything is
 * saved as it is done, so the work stays where it was left, and the change feed tells the
 * company's other tabs. Admins read, companies write; another company's is not found.
 */

const signed = (type: PaymentType, paise: number) => (type === 'credit' ? paise : -paise);

/** The account, if it is one the caller may reconcile (a company's own, open or closed). */
async function ownAccount(db: DbOrTx, caller: Caller, accountId: string) {
  assertCompany(caller);
  const [account] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from bank_accounts where id = ${accountId} and company_id = ${caller.userId}`,
    ),
  );
  if (!account) throw notFound('Bank account');
}

/** What a statement read from a file shows before anything is saved. */
export async function previewReconciliation(
  db: Db,
  caller: Caller,
  accountId: string,
  upload: Upload,
) {
  await ownAccount(db, caller, accountId);
  const statement = await readStatement(upload);
  const ledger = await ledgerBalances(db, accountId, statement.from, statement.to);
  let credits = 0n;
  let debits = 0n;
  for (const line of statement.lines)
    if (line.type === 'credit') credits += BigInt(line.amountPaise);
    else debits += BigInt(line.amountPaise);
  return {
    bank: statement.bank,
    fileType: upload.type,
    from: statement.from,
    to: statement.to,
    lineCount: statement.lines.length,
    totalCredits: paiseToRupees(credits),
    totalDebits: paiseToRupees(debits),
    balances: balancesToApi(
      { opening: statement.openingPaise, closing: statement.closingPaise },
      ledger,
    ),
    breaks: statement.breaks.slice(0, 20).map(({ row, message }) => ({ row, message })),
    lines: statement.lines.slice(0, 20).map(lineToApi),
  };
}

const lineToApi = (l: Statement['lines'][number]) => ({
  row: l.row,
  date: l.date,
  paymentType: l.type,
  amount: paiseToRupees(l.amountPaise),
  balance: paiseToRupees(l.balancePaise),
  description: l.description,
  reference: l.reference,
});

const INSERT_BATCH = 2_000;

/** Saves a statement's lines as a new reconciliation, and suggests an entry for each. */
export async function createReconciliation(
  db: Db,
  caller: Caller,
  accountId: string,
  fileName: string,
  upload: Upload,
) {
  await ownAccount(db, caller, accountId);
  const statement = await readStatement(upload);
  const id = await withAudit(db, caller, async (tx) => {
    const [created] = await tx
      .insert(reconciliations)
      .values({
        companyId: caller.userId,
        accountId,
        bank: statement.bank,
        fileName,
        fromDate: statement.from,
        toDate: statement.to,
        openingBalancePaise: statement.openingPaise,
        closingBalancePaise: statement.closingPaise,
      })
      .returning({ id: reconciliations.id });
    for (let start = 0; start < statement.lines.length; start += INSERT_BATCH) {
      const batch = statement.lines.slice(start, start + INSERT_BATCH).map((l, i) => ({
        line_no: start + i + 1,
        row: l.row,
        date: l.date,
        type: l.type,
        amount_paise: l.amountPaise,
        balance_paise: l.balancePaise,
        description: l.description,
        reference: l.reference,
      }));
      await tx.execute(sql`
        insert into reconciliation_lines (reconciliation_id, company_id, line_no, row, date, type,
                                          amount_paise, balance_paise, description, reference)
        select ${created!.id}, ${caller.userId}, v.line_no, v.row, v.date, v.type, v.amount_paise,
               v.balance_paise, v.description, v.reference
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(line_no int, row int,
               date date, type payment_type, amount_paise bigint, balance_paise bigint,
               description text, reference text)`);
    }
    await suggest(tx, created!.id, accountId, statement.from, statement.to);
    return created!.id;
  });
  return getReconciliation(db, caller, id);
}

/**
 * Suggests an entry for every line that has neither one nor a decision: the suggestions
 * waiting are made again, so entries recorded since are seen. Answers how many lines have one.
 */
async function suggest(db: DbOrTx, id: string, accountId: string, from: string, to: string) {
  await db.execute(sql`update reconciliation_lines
                          set status = 'unmatched', suggested_payment_id = null, updated_at = now()
                        where reconciliation_id = ${id} and status = 'suggested'`);
  const lines = rowsOf<{
    id: string;
    date: string;
    type: PaymentType;
    amount_paise: string | number;
    description: string;
    reference: string;
  }>(
    await db.execute(sql`select id, date::text as date, type, amount_paise, description, reference
                           from reconciliation_lines
                          where reconciliation_id = ${id} and status = 'unmatched'`),
  );
  if (lines.length === 0) return 0;
  const entries = await matchableEntries(db, accountId, from, to);
  const chosen = suggestMatches(
    lines.map((l) => ({
      id: l.id,
      date: l.date,
      type: l.type,
      amountPaise: Number(l.amount_paise),
      description: l.description,
      reference: l.reference,
    })),
    entries,
  );
  const pairs = [...chosen].map(([line, payment]) => ({ line, payment }));
  for (let start = 0; start < pairs.length; start += INSERT_BATCH)
    await db.execute(sql`
      update reconciliation_lines l
         set status = 'suggested', suggested_payment_id = v.payment, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(pairs.slice(start, start + INSERT_BATCH))}::jsonb)
             as v(line uuid, payment uuid)
       where l.id = v.line and l.reconciliation_id = ${id}`);
  return pairs.length;
}

interface ReconciliationRow {
  id: string;
  account_id: string;
  holder_name: string;
  account_no: string;
  bank: StatementBank;
  file_name: string;
  from_date: string;
  to_date: string;
  opening_balance_paise: string | number;
  closing_balance_paise: string | number;
  created_at: string | Date;
}

const HEADER_COLUMNS = sql`r.id, r.account_id, a.holder_name, a.account_no, r.bank, r.file_name,
  r.from_date::text as from_date, r.to_date::text as to_date, r.opening_balance_paise,
  r.closing_balance_paise, r.created_at`;

/** The reconciliations (`r`) the caller reads: a company its own, an admin its companies'. */
const scopeOf = (caller: Caller) =>
  caller.role === 'admin'
    ? sql`r.company_id in ${companiesOfAdmin(caller.userId)}`
    : sql`r.company_id = ${caller.userId}`;

/** The reconciliation, if the caller may read it (its company, or the company's admin). */
async function readable(db: DbOrTx, caller: Caller, id: string, where: SQL = sql`true`) {
  assertRole(caller, 'admin', 'company');
  const [row] = rowsOf<ReconciliationRow>(
    await db.execute(sql`
      select ${HEADER_COLUMNS}
        from reconciliations r join bank_accounts a on a.id = r.account_id
       where r.id = ${id} and ${scopeOf(caller)} and ${where}`),
  );
  if (!row) throw notFound('Reconciliation');
  return row;
}

/** The reconciliation, if the caller may work on it (the company's own). */
async function writable(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  return readable(db, caller, id);
}

const headerToApi = (r: ReconciliationRow, caller: Caller) => ({
  _id: r.id,
  accountId: r.account_id,
  account: { holder_name: r.holder_name, account_no: accountNoFor(caller, r.account_no) },
  bank: r.bank,
  fileName: r.file_name,
  from: r.from_date,
  to: r.to_date,
  createdAt: toIso(r.created_at),
});

/** A line's balance against the line before it: `x` is the lines with `prev_balance`. */
const breakExpression = sql`case when x.prev_balance is not null
  and x.prev_balance + case when x.type = 'credit' then x.amount_paise else -x.amount_paise end
      <> x.balance_paise then true else false end`;

/** The lines of a reconciliation with the balance of the line before each. */
const withPrevious = (id: string) => sql`(select l.*, lag(l.balance_paise) over (order by l.line_no)
    as prev_balance from reconciliation_lines l where l.reconciliation_id = ${id}) as x`;

export async function getReconciliation(db: DbOrTx, caller: Caller, id: string) {
  const r = await readable(db, caller, id);
  const counts = Object.fromEntries(RECONCILIATION_LINE_STATUSES.map((s) => [s, 0])) as Record<
    ReconciliationLineStatus,
    number
  >;
  for (const row of rowsOf<{ status: ReconciliationLineStatus; n: number | string }>(
    await db.execute(sql`select status, count(*) as n from reconciliation_lines
                          where reconciliation_id = ${id} group by status`),
  ))
    counts[row.status] = Number(row.n);
  const [figures] = rowsOf<{ breaks: string | number; unmatched: string | number }>(
    await db.execute(sql`
      select (select count(*) from ${withPrevious(id)} where ${breakExpression}) as breaks,
             (select count(*) from payments p
               where p.account_id = ${r.account_id}
                 and p.date between ${r.from_date}::date and ${r.to_date}::date
                 and ${openEntry}
                 and not exists (select 1 from reconciliation_lines s
                                  where s.suggested_payment_id = p.id
                                    and s.reconciliation_id = ${id})) as unmatched`),
  );
  const ledger = await ledgerBalances(db, r.account_id, r.from_date, r.to_date, id);
  return {
    ...headerToApi(r, caller),
    balances: balancesToApi(
      {
        opening: Number(r.opening_balance_paise),
        closing: Number(r.closing_balance_paise),
      },
      ledger,
    ),
    counts,
    breaks: Number(figures?.breaks ?? 0),
    unmatchedEntries: Number(figures?.unmatched ?? 0),
  };
}

export async function listReconciliations(
  db: DbOrTx,
  caller: Caller,
  q: { accountId: string; page: number; pageSize: number },
) {
  assertRole(caller, 'admin', 'company');
  // Another company's account is not found, as on every other path, not an empty list.
  const [account] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select a.id from bank_accounts a where a.id = ${q.accountId} and ${
        caller.role === 'admin'
          ? sql`a.company_id in ${companiesOfAdmin(caller.userId)}`
          : sql`a.company_id = ${caller.userId}`
      }`,
    ),
  );
  if (!account) throw notFound('Bank account');
  const scope = scopeOf(caller);
  const rows = rowsOf<ReconciliationRow & { total: string | number }>(
    await db.execute(sql`
      select ${HEADER_COLUMNS}, count(*) over () as total
        from reconciliations r join bank_accounts a on a.id = r.account_id
       where r.account_id = ${q.accountId} and ${scope}
       order by r.created_at desc, r.id desc
       limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && q.page > 1) {
    const [count] = rowsOf<{ n: string | number }>(
      await db.execute(sql`select count(*) as n from reconciliations r
                            where r.account_id = ${q.accountId} and ${scope}`),
    );
    total = Number(count?.n ?? 0);
  }
  return {
    data: rows.map((r) => headerToApi(r, caller)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Deletes a reconciliation: its lines go with it, and the entries they held are free again. */
export async function deleteReconciliation(db: Db, caller: Caller, id: string) {
  await writable(db, caller, id);
  await withAudit(db, caller, (tx) =>
    tx.execute(sql`delete from reconciliations where id = ${id} and company_id = ${caller.userId}`),
  );
}

interface LineRow {
  id: string;
  line_no: number;
  row: number;
  date: string;
  type: PaymentType;
  amount_paise: string | number;
  balance_paise: string | number;
  prev_balance: string | number | null;
  description: string;
  reference: string;
  status: ReconciliationLineStatus;
  e_id: string | null;
  e_date: string | null;
  e_remark: string | null;
  e_type: PaymentType | null;
  e_amount: string | number | null;
  e_reference: string | null;
  e_party: string | null;
  e_category: string | null;
}

const LINE_COLUMNS = sql`x.id, x.line_no, x.row, x.date::text as date, x.type, x.amount_paise,
  x.balance_paise, x.prev_balance, x.description, x.reference, x.status,
  e.id as e_id, e.date::text as e_date, e.remark as e_remark, e.type as e_type,
  e.amount_paise as e_amount, e.reference as e_reference, e.party_name as e_party,
  e.category as e_category`;
const ENTRY_JOIN = sql`left join payments e on e.id = coalesce(x.payment_id, x.suggested_payment_id)`;

function lineRowToApi(r: LineRow) {
  const balance = Number(r.balance_paise);
  const amount = Number(r.amount_paise);
  const before = r.prev_balance === null ? null : Number(r.prev_balance);
  return {
    _id: r.id,
    lineNo: r.line_no,
    row: r.row,
    date: r.date,
    paymentType: r.type,
    amount: paiseToRupees(amount),
    balance: paiseToRupees(balance),
    description: r.description,
    reference: r.reference,
    status: r.status,
    entry: r.e_id
      ? {
          _id: r.e_id,
          date: r.e_date!,
          remark: r.e_remark!,
          paymentType: r.e_type!,
          amount: paiseToRupees(r.e_amount),
          reference: r.e_reference,
          partyName: r.e_party,
          category: r.e_category,
        }
      : null,
    balanceBreak:
      before !== null && before + signed(r.type, amount) !== balance
        ? `The balance before this line was ${paiseToRupees(before)}: with this line it would be ${paiseToRupees(before + signed(r.type, amount))}, and the statement says ${paiseToRupees(balance)}`
        : null,
  };
}

export async function listLines(
  db: DbOrTx,
  caller: Caller,
  id: string,
  q: { page: number; pageSize: number; status?: ReconciliationLineStatus; search?: string },
) {
  await readable(db, caller, id);
  const filters: SQL[] = [];
  if (q.status) filters.push(sql`x.status = ${q.status}`);
  if (q.search) {
    filters.push(
      sql`(${containsAnyCase(sql`x.description_lower`, q.search)} or ${containsAnyCase(sql`x.reference_lower`, q.search)})`,
    );
  }
  const where = filters.length ? sql.join(filters, sql` and `) : sql`true`;
  const rows = rowsOf<LineRow & { total: string | number }>(
    await db.execute(sql`
      select ${LINE_COLUMNS}, count(*) over () as total
        from ${withPrevious(id)} ${ENTRY_JOIN}
       where ${where}
       order by x.line_no
       limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  return {
    data: rows.map(lineRowToApi),
    total: Number(rows[0]?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function oneLine(db: DbOrTx, id: string, lineId: string) {
  const [row] = rowsOf<LineRow>(
    await db.execute(sql`select ${LINE_COLUMNS} from ${withPrevious(id)} ${ENTRY_JOIN}
                          where x.id = ${lineId}`),
  );
  if (!row) throw notFound('Statement line');
  return lineRowToApi(row);
}

/** The ledger entries of the period that no line holds or is suggested to. */
export async function listUnmatchedEntries(
  db: DbOrTx,
  caller: Caller,
  id: string,
  q: { page: number; pageSize: number },
) {
  const r = await readable(db, caller, id);
  const rows = rowsOf<{
    id: string;
    date: string;
    remark: string;
    type: PaymentType;
    amount_paise: string | number;
    reference: string | null;
    party_name: string | null;
    category: string | null;
    total: string | number;
  }>(
    await db.execute(sql`
      select p.id, p.date::text as date, p.remark, p.type, p.amount_paise, p.reference,
             p.party_name, p.category, count(*) over () as total
        from payments p
       where p.account_id = ${r.account_id}
         and p.date between ${r.from_date}::date and ${r.to_date}::date
         and ${openEntry}
         and not exists (select 1 from reconciliation_lines s
                          where s.suggested_payment_id = p.id and s.reconciliation_id = ${id})
       order by p.date, p.seq
       limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  return {
    data: rows.map((p) => ({
      _id: p.id,
      date: p.date,
      remark: p.remark,
      paymentType: p.type,
      amount: paiseToRupees(p.amount_paise),
      reference: p.reference,
      partyName: p.party_name,
      category: p.category,
    })),
    total: Number(rows[0]?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Suggests again, for the lines without a decision (entries recorded since are seen). */
export async function suggestAgain(db: Db, caller: Caller, id: string) {
  const r = await writable(db, caller, id);
  return withAudit(db, caller, async (tx) => {
    // One suggestion run per reconciliation at a time.
    await tx.execute(sql`select id from reconciliations where id = ${id} for update`);
    return suggest(tx, id, r.account_id, r.from_date, r.to_date);
  });
}

/** The lines a bulk call names, as a condition on the lines `l`. */
const chosenLines = (lineIds: string[] | 'all') =>
  lineIds === 'all'
    ? sql`true`
    : sql`l.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(lineIds)}::jsonb))`;

/**
 * Confirms suggested matches: each line then holds its entry, which is reconciled. An entry
 * reversed or reconciled elsewhere since it was suggested is left out (its line stays
 * suggested until suggested again). Answers how many were confirmed.
 */
export async function confirmMatches(
  db: Db,
  caller: Caller,
  id: string,
  lineIds: string[] | 'all',
) {
  await writable(db, caller, id);
  return withAudit(db, caller, async (tx) => {
    // The entries are locked first: a reversal of one waits, then sees it reconciled
    // (reconciled_entry.sql), or it went first and this sees the reversal.
    await tx.execute(sql`select p.id from payments p
                          where p.id in (select l.suggested_payment_id from reconciliation_lines l
                                          where l.reconciliation_id = ${id}
                                            and l.status = 'suggested' and ${chosenLines(lineIds)})
                          order by p.id for update`);
    const changed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update reconciliation_lines l
           set status = 'matched', payment_id = l.suggested_payment_id,
               suggested_payment_id = null, updated_at = now()
         where l.reconciliation_id = ${id} and l.status = 'suggested' and ${chosenLines(lineIds)}
           and not exists (select 1 from payments r where r.reverses_id = l.suggested_payment_id)
           and not exists (select 1 from reconciliation_lines o
                            where o.payment_id = l.suggested_payment_id)
        returning l.id`),
    );
    return changed.length;
  });
}

/** Sets lines aside (those not yet matched or created). Answers how many. */
export async function ignoreLines(db: Db, caller: Caller, id: string, lineIds: string[]) {
  await writable(db, caller, id);
  return withAudit(db, caller, async (tx) => {
    const changed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update reconciliation_lines l
           set status = 'ignored', suggested_payment_id = null, updated_at = now()
         where l.reconciliation_id = ${id} and l.status in ('unmatched', 'suggested')
           and ${chosenLines(lineIds)}
        returning l.id`),
    );
    return changed.length;
  });
}

/** Undoes what was decided of a line (matched, created, ignored): its entry is free again. */
export async function undoLine(db: Db, caller: Caller, id: string, lineId: string) {
  await writable(db, caller, id);
  const changed = await withAudit(db, caller, async (tx) =>
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        update reconciliation_lines
           set status = 'unmatched', payment_id = null, suggested_payment_id = null,
               updated_at = now()
         where id = ${lineId} and reconciliation_id = ${id}
           and status in ('matched', 'created', 'ignored', 'suggested')
        returning id`),
    ),
  );
  if (changed.length === 0) await oneLine(db, id, lineId);
  return oneLine(db, id, lineId);
}

const MODES: [RegExp, PaymentMode][] = [
  [/\bupi\b/i, 'upi'],
  [/\bneft\b/i, 'neft'],
  [/\brtgs\b/i, 'rtgs'],
  [/\bimps\b|\bmmt\b/i, 'imps'],
  [/\b(atm|cash)\b/i, 'cash'],
  [/\b(pos|card)\b/i, 'card'],
];

interface EarlierEntry {
  remark: string;
  date: string;
  partyName: string | null;
  party_kind: PartyKind | null;
  party_id: string | null;
  category: string | null;
}

/**
 * The account's latest entries of this direction that say whom or what they were for (read
 * newest first along the account's date index, at most 500).
 */
async function earlierEntries(db: DbOrTx, accountId: string, type: PaymentType) {
  return rowsOf<EarlierEntry>(
    await db.execute(sql`
      select p.remark, p.date::text as date, p.party_name as "partyName", p.party_kind,
             p.party_id, p.category
        from payments p
       where p.account_id = ${accountId} and p.type = ${type} and p.reverses_id is null
         and (p.party_kind is not null or p.category is not null)
       order by p.account_id desc, p.date desc, p.seq desc
       limit 500`),
  );
}

/**
 * Records a new entry from a line, on its date, for its amount and direction, through the
 * ledger as any payment is; the party and category are those of the earlier entry most like
 * it on the account, the mode read from the narration. The line then holds the entry.
 */
export async function createEntryFromLine(
  db: Db,
  caller: Caller,
  id: string,
  lineId: string,
  input: { remark?: string; category?: string },
) {
  const r = await writable(db, caller, id);
  const line = await oneLine(db, id, lineId);
  if (line.status !== 'unmatched' && line.status !== 'suggested')
    throw conflict(`This line is ${line.status} already: undo that first`, { code: 'wrong_state' });
  const [raw] = rowsOf<{ amount_paise: string | number }>(
    await db.execute(sql`select amount_paise from reconciliation_lines where id = ${lineId}`),
  );
  const like = likest(line, await earlierEntries(db, r.account_id, line.paymentType));
  const reference = line.reference.slice(0, REFERENCE_MAX);
  const mode = MODES.find(([pattern]) => pattern.test(line.description))?.[1];
  const base = {
    accountId: r.account_id,
    date: line.date,
    remark: input.remark ?? (line.description.slice(0, 200) || 'Bank statement line'),
    paymentType: line.paymentType,
    amountPaise: Number(raw!.amount_paise),
    ...(reference ? { reference } : {}),
    ...(mode ? { mode } : {}),
  };
  const suggested = {
    ...(like?.party_kind === 'name' && like.partyName
      ? { party: { kind: 'name' as const, name: like.partyName } }
      : like?.party_kind && like.party_id
        ? { party: { kind: like.party_kind, id: like.party_id } }
        : {}),
    ...(input.category
      ? { category: input.category }
      : like?.category
        ? { category: like.category }
        : {}),
  };
  const record = (details: object) =>
    withAudit(db, caller, async (tx) => {
      const [held] = rowsOf<{ status: ReconciliationLineStatus }>(
        await tx.execute(sql`select status from reconciliation_lines
                              where id = ${lineId} and reconciliation_id = ${id} for update`),
      );
      if (held?.status !== 'unmatched' && held?.status !== 'suggested')
        throw conflict('This line was settled meanwhile: reload it', { code: 'wrong_state' });
      const { payment } = await recordPayment(tx as unknown as Db, caller, {
        ...base,
        ...details,
      });
      await tx.execute(sql`update reconciliation_lines
                              set status = 'created', payment_id = ${payment._id},
                                  suggested_payment_id = null, updated_at = now()
                            where id = ${lineId}`);
    });
  try {
    await record(suggested);
  } catch (error) {
    // A party or category of an earlier entry that is no longer the company's: recorded
    // without them (one the caller chose is refused as it is).
    const suggestedOnly = !input.category;
    if (
      !(error instanceof HttpError) ||
      !suggestedOnly ||
      !(error.statusCode === 404 || error.field === 'category') ||
      Object.keys(suggested).length === 0 ||
      /line|account/i.test(error.message)
    )
      throw error;
    await record({});
  }
  return oneLine(db, id, lineId);
}
