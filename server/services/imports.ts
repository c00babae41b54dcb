import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MAX_ROWS_EMBEDDED,
  IMPORT_PREVIEW_ROWS,
  type CellProblem,
  type ImportPreview,
  type ImportQuery,
  type ImportSettings,
} from '../../contract/api/imports';
import type { ImportKind } from '../../contract/imports';
import { paiseToRupees } from '../../contract/rules';
import { rowsOf, type Database, type Db, type DbOrTx, type Tx } from '../db/client';
import { bankAccounts, expenses, loans, payments } from '../db/schema';
import type { Caller } from '../lib/caller';
import { HttpError, badRequest, notFound } from '../lib/errors';
import { formatDmy } from '../lib/format';
import { withAudit } from './audit';
import { readRows, sheetNames, type SheetRow, type Upload } from './importFile';
import {
  duplicateKey,
  readRow,
  type Entry,
  type ExpenseEntry,
  type LoanEntry,
  type PaymentEntry,
  type RowReading,
} from './importRows';
import { BalanceChain } from './importBalance';
import {
  columnLetter,
  guessHeaderRow,
  guessSettings,
  headerTexts,
  saveSettings,
  savedSettings,
  settingProblems,
  tidySettings,
  type Settings,
} from './importSettings';
import { cellText, shownText } from './importValues';
import { categoryLookup, type CategoryLookup } from './categories';
import { assertCompany } from './tenancy';

/**
 * Import of expenses, lend/borrowed and a bank account's payments from a file: a preview
 * that checks every row and shows the first ones, and an import that checks them again and
 * records them all in one transaction, or none. The file is read a row at a time, twice at
 * most; rows are written a batch at a time.
 */

/** Rows checked against the records already there, and written, per statement. */
const BATCH = 1_000;
/** Lines read before deciding where the header line is and guessing the columns. */
const LOOKAHEAD = 100;

interface Opened {
  settings: Settings;
  settingsFrom: ImportPreview['settingsFrom'];
  sheets: string[];
  above: SheetRow[];
  header: SheetRow | undefined;
  width: number;
  /** An expense import's categories: the owner's. */
  categories?: CategoryLookup;
  /** The rows below the header line, the lookahead's first, then the rest of the file. */
  rows: AsyncGenerator<SheetRow>;
}

/** The settings given to a call, without those it left out. */
const given = (query: ImportSettings) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as ImportSettings;

/**
 * Opens the file with complete settings: those given, else the caller's last for this kind
 * (when no column is given), else guessed from the file; the header line found.
 */
async function open(
  db: DbOrTx,
  caller: Caller,
  upload: Upload,
  query: ImportSettings,
): Promise<Opened> {
  if (query.kind === 'payments') assertCompany(caller);
  const sheets = await sheetNames(upload);
  const sheet = query.sheet ?? sheets[0];
  const source = readRows(upload, sheet);
  // Read by hand: a for-await loop left early would close the rows for good.
  // Read by hand: a for-await loop left early would close the rows for good.
  const lookahead: SheetRow[] = [];
  while (lookahead.length < LOOKAHEAD) {
    const next = await source.next();
    if (next.done) break;
    lookahead.push(next.value);
  }
  const asked = given(query);
  const columnsGiven = Object.keys(asked).some((k) => k.endsWith('Column'));
  const saved = columnsGiven ? undefined : await savedSettings(db, caller, query.kind);
  const headerRow = asked.headerRow ?? saved?.headerRow ?? guessHeaderRow(lookahead, query.kind);
  const header = lookahead.find((r) => r.row === headerRow);
  const width = Math.max(0, ...lookahead.map((r) => r.cells.length));
  const below = lookahead.filter((r) => r.row > headerRow);
  const guessed = guessSettings(
    query.kind,
    headerRow,
    headerTexts(header, width),
    below.slice(0, 30),
  );
  const settings = tidySettings({
    ...(saved ?? guessed),
    ...asked,
    headerRow,
    ...(sheet !== undefined ? { sheet } : {}),
  } as Settings);
  async function* rows() {
    yield* below;
    yield* source;
  }
  const categories =
    query.kind === 'expenses' ? await categoryLookup(db, caller.userId) : undefined;
  // Without a category of its own, a row takes the one chosen, else "other" if the owner
  // still has it, else the owner's first.
  if (categories && (!asked.category || categories.find(asked.category)))
    settings.category =
      categories.find(settings.category ?? 'other') ??
      categories.find('other') ??
      categories.names[0];
  return {
    settings,
    settingsFrom: columnsGiven ? 'given' : saved ? 'saved' : 'guessed',
    sheets,
    above: lookahead.filter((r) => r.row < headerRow).slice(-20),
    categories,
    header,
    width,
    rows: rows(),
  };
}

/** The bank account payments are imported into: the company's own and open, else 404 / 400. */
async function accountOf(db: Db | Tx, caller: Caller, accountId: string | undefined, lock = false) {
  if (!accountId)
    throw badRequest('accountId is required to import payments', { field: 'accountId' });
  const query = db
    .select({
      id: bankAccounts.id,
      holderName: bankAccounts.holderName,
      accountNo: bankAccounts.accountNo,
      closedAt: bankAccounts.closedAt,
      openingBalancePaise: bankAccounts.openingBalancePaise,
      overdraftLimitPaise: bankAccounts.overdraftLimitPaise,
    })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.companyId, caller.userId)));
  const [account] = await (lock ? query.for('update') : query);
  if (!account) throw notFound('Bank account');
  if (account.closedAt)
    throw badRequest(
      `${account.holderName} (${account.accountNo}) is closed: it takes no new payments`,
      { code: 'account_closed', field: 'accountId' },
    );
  return account;
}

/** A duplicate check's key as a record of the batch's JSON (`k`) and as the columns read back. */
interface KeyColumns {
  columns: SQL;
  key: SQL;
}
/** The key of an expense or a lend/borrowed entry: its date, amount and lower-case text. */
const DATE_AMOUNT_TEXT: KeyColumns = {
  columns: sql`k.d::text as d, k.a::text as a, k.t`,
  key: sql`d date, a bigint, t text`,
};
/** The key of a payment: its date, type, amount and lower-case remark. */
const DATE_TYPE_AMOUNT_TEXT: KeyColumns = {
  columns: sql`k.d::text as d, k.ty, k.a::text as a, k.t`,
  key: sql`d date, ty text, a bigint, t text`,
};

/**
 * Counts, per row key, the matching records already there (same date, amount and text),
 * so that each one there answers for one row of the file: a file with two identical rows,
 * of which one is recorded, imports the other.
 */
class Duplicates {
  private remaining = new Map<string, number>();
  constructor(
    private db: Db | Tx,
    private caller: Caller,
    private settings: Settings,
  ) {}

  /** Marks which of a batch's rows match a record already there. */
  async mark(batch: { key: string; entry: Entry }[]): Promise<boolean[]> {
    const unknown = batch.filter((r) => !this.remaining.has(r.key));
    for (const r of unknown) this.remaining.set(r.key, 0);
    if (unknown.length) {
      const counts = await this.count(unknown.map((r) => r.entry));
      for (const { key, n } of counts) this.remaining.set(key, Number(n));
    }
    return batch.map((r) => {
      const left = this.remaining.get(r.key) ?? 0;
      if (left > 0) this.remaining.set(r.key, left - 1);
      return left > 0;
    });
  }

  private async count(entries: Entry[]): Promise<{ key: string; n: number }[]> {
    const s = this.settings;
    type Found = { d: string; ty?: string; a: string; t: string; n: number };
    const { columns, key } = s.kind === 'payments' ? DATE_TYPE_AMOUNT_TEXT : DATE_AMOUNT_TEXT;
    const list = entries.map(keyRecord[s.kind]);
    // Each key counted by its own index lookup (a correlated count): a join would let the
    // planner scan all the rows a long import has written so far, for every batch. The
    // batch's keys go as one JSON parameter, whatever its size; `k` is one of them.
    const rows = rowsOf<Found>(
      await this.db.execute(sql`
        select * from (
          select ${columns}, (${this.matching()}) as n
            from (select distinct * from jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
                    as k(${key})) k) c
         where n > 0`),
    );
    return rows.map((r) => ({
      key: r.ty ? duplicateKey(r.d, r.ty, Number(r.a), r.t) : duplicateKey(r.d, Number(r.a), r.t),
      n: r.n,
    }));
  }

  /** How many records already there match the key `k`, of the import's kind. */
  private matching(): SQL {
    const s = this.settings;
    if (s.kind === 'expenses')
      return sql`select count(*)::int from expenses e
             where e.user_id = ${this.caller.userId} and e.date = k.d
               and e.amount_paise = k.a and e.description_lower = k.t`;
    // A reversed entry and its reversal are as if never made: neither counts as there.
    if (s.kind === 'payments')
      return sql`select count(*)::int from payments p
             where p.account_id = ${s.accountId!} and p.date = k.d
               and p.type = k.ty::payment_type and p.amount_paise = k.a
               and lower(p.remark) = k.t and p.reverses_id is null
               and not exists (select 1 from payments r where r.reverses_id = p.id)`;
    return sql`select count(*)::int from loans l
           where l.user_id = ${this.caller.userId} and l.direction = ${s.kind}
             and l.issue_date = k.d and l.amount_paise = k.a and l.name_lower = k.t`;
  }
}

/** A lend's or borrowing's duplicate key as a record of the batch's JSON (see KeyColumns). */
const loanKey = (e: Entry) => {
  const x = e as LoanEntry;
  return { d: x.issueDate, a: x.amountPaise, t: x.name.toLowerCase() };
};

/** An entry's duplicate key as a record of the batch's JSON (see KeyColumns), by kind. */
const keyRecord: Record<ImportKind, (e: Entry) => object> = {
  expenses: (e) => {
    const x = e as ExpenseEntry;
    return { d: x.date, a: x.amountPaise, t: x.description.toLowerCase() };
  },
  payments: (e) => {
    const x = e as PaymentEntry;
    return { d: x.date, ty: x.type, a: x.amountPaise, t: x.remark.toLowerCase() };
  },
  lend: loanKey,
  borrowed: loanKey,
};

/** The most rows an import takes on this database (see IMPORT_MAX_ROWS_EMBEDDED). */
export const maxRowsOn = (kind: Database['kind']) =>
  kind === 'pglite' ? IMPORT_MAX_ROWS_EMBEDDED : IMPORT_MAX_ROWS;

const tooManyRows = (row: number, max: number) =>
  badRequest(
    max === IMPORT_MAX_ROWS_EMBEDDED
      ? `The file has more than ${max.toLocaleString('en-IN')} rows (row ${row}): on the embedded database an import takes at most ${max.toLocaleString('en-IN')}, so that nobody waits long for it; split the file into smaller ones`
      : `The file has more than ${max.toLocaleString('en-IN')} rows (row ${row}): split it into smaller files`,
    { code: 'invalid_file' },
  );

/** Checks every row of the file with the settings given, or remembered, or guessed. */
export async function previewImport(
  db: Db,
  caller: Caller,
  upload: Upload,
  query: ImportSettings,
  maxRows: number,
): Promise<ImportPreview> {
  const opened = await open(db, caller, upload, query);
  const { settings } = opened;
  const problemsOfSettings = settingProblems(settings, opened.width, opened.categories);
  if (settings.kind === 'payments' && settings.accountId)
    await accountOf(db, caller, settings.accountId);
  const counts = { rows: 0, ready: 0, errors: 0, duplicates: 0, skipped: 0 };
  const shown: ImportPreview['rows'] = [];
  const problems: CellProblem[] = [];
  const duplicates = new Duplicates(db, caller, settings);
  const balances = new BalanceChain(settings.balanceColumn);
  let batch: { row: SheetRow; reading: RowReading }[] = [];

  const flush = async () => {
    const ready = batch.filter(
      (b): b is { row: SheetRow; reading: { entry: Entry; key: string } } => 'entry' in b.reading,
    );
    const already = await duplicates.mark(ready.map((b) => b.reading));
    const isDuplicate = new Map(ready.map((b, i) => [b.row.row, already[i]]));
    for (const { row, reading } of batch) {
      const status =
        'problems' in reading
          ? 'error'
          : 'skipped' in reading
            ? 'skipped'
            : isDuplicate.get(row.row)
              ? 'duplicate'
              : 'ready';
      counts[status === 'error' ? 'errors' : status === 'duplicate' ? 'duplicates' : status]++;
      const rowProblems = 'problems' in reading ? reading.problems : [];
      for (const p of rowProblems) if (problems.length < IMPORT_PREVIEW_ROWS) problems.push(p);
      if (shown.length < IMPORT_PREVIEW_ROWS)
        shown.push({
          row: row.row,
          cells: Array.from({ length: opened.width }, (_, i) => shownText(row.cells[i] ?? null)),
          status,
          problems: rowProblems,
          note:
            'skipped' in reading
              ? reading.skipped
              : status === 'duplicate'
                ? 'Already there: the same date, amount and text is recorded'
                : null,
        });
    }
    batch = [];
  };

  for await (const row of opened.rows) {
    if (problemsOfSettings.length) {
      // The rows cannot be read with these settings: show them as they are.
      if (row.cells.some((c) => cellText(c).trim())) counts.rows++;
      if (shown.length < IMPORT_PREVIEW_ROWS && row.cells.some((c) => cellText(c).trim()))
        shown.push({
          row: row.row,
          cells: Array.from({ length: opened.width }, (_, i) => shownText(row.cells[i] ?? null)),
          status: 'ready',
          problems: [],
          note: null,
        });
      if (counts.rows > maxRows) throw tooManyRows(row.row, maxRows);
      continue;
    }
    const reading = balances.check(row, readRow(settings, row, opened.categories));
    if ('blank' in reading) continue;
    if (++counts.rows > maxRows) throw tooManyRows(row.row, maxRows);
    batch.push({ row, reading });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (problemsOfSettings.length) counts.ready = 0;
  return {
    fileType: upload.type,
    sheets: opened.sheets,
    settings: settings as ImportPreview['settings'],
    settingsFrom: opened.settingsFrom,
    above: opened.above.map((r) => r.cells.map(shownText)),
    columns: headerTexts(opened.header, opened.width).map((header, i) => ({
      column: i + 1,
      letter: columnLetter(i + 1),
      header,
    })),
    settingProblems: problemsOfSettings,
    rows: shown,
    counts,
    problems,
  };
}

/** An import refused for its rows, with the first of their problems. */
export class ImportRefused extends HttpError {
  constructor(
    message: string,
    readonly problems: CellProblem[],
  ) {
    super(400, message);
  }
}

const where = (p: CellProblem) =>
  `row ${p.row}${p.column ? `, column ${columnLetter(p.column)}` : ''}`;

export interface CheckedImport {
  settings: Settings;
  total: number;
  /** Rows in the order they are recorded: the file's, or reversed for a newest-first file. */
  newestFirst: boolean;
}

/**
 * The import's first pass, before anything is written: the settings must work and every
 * row must read (400 naming the setting, or the rows and cells, otherwise).
 */
export async function checkImport(
  db: Db,
  caller: Caller,
  upload: Upload,
  query: ImportQuery,
  maxRows: number,
): Promise<CheckedImport> {
  const { keepDuplicates: _keep, ...asked } = query;
  const opened = await open(db, caller, upload, asked);
  const { settings } = opened;
  const [setting] = settingProblems(settings, opened.width, opened.categories);
  if (setting)
    throw badRequest(`${setting.setting}: ${setting.message}`, { field: setting.setting });
  if (settings.kind === 'payments') await accountOf(db, caller, settings.accountId);
  const problems: CellProblem[] = [];
  let errors = 0;
  let total = 0;
  let first: string | undefined;
  let last: string | undefined;
  let rising = false;
  const balances = new BalanceChain(settings.balanceColumn);
  for await (const row of opened.rows) {
    const reading = balances.check(row, readRow(settings, row, opened.categories));
    if ('blank' in reading) continue;
    if (++total > maxRows) throw tooManyRows(row.row, maxRows);
    if ('problems' in reading) {
      errors++;
      for (const p of reading.problems) if (problems.length < IMPORT_PREVIEW_ROWS) problems.push(p);
    } else if ('entry' in reading && 'date' in reading.entry) {
      const date = reading.entry.date;
      if (last !== undefined && date > last) rising = true;
      first ??= date;
      last = date;
    }
  }
  if (errors) {
    const [p] = problems;
    throw new ImportRefused(
      `${errors} ${errors === 1 ? 'row has' : 'rows have'} errors, so nothing was imported; the first: ${where(p!)}: ${p!.message}`,
      problems,
    );
  }
  if (total === 0)
    throw badRequest('The file has no rows below the header line', { code: 'invalid_file' });
  return { settings, total, newestFirst: !rising && first !== undefined && first > last! };
}

export interface ImportResult {
  imported: number;
  duplicatesSkipped: number;
  duplicatesKept: number;
  skipped: number;
  balance: number | null;
  from: string | null;
  to: string | null;
}

/**
 * The import's second pass: every row recorded in one transaction, or none. A bank
 * account's payments are recorded with the account locked, and refused whole (400) if its
 * balance would fall below its floor (zero, or minus its overdraft limit) on any day, as a
 * payment typed in would be.
 */
export async function runImport(
  db: Db,
  caller: Caller,
  upload: Upload,
  checked: CheckedImport,
  keepDuplicates: boolean,
  onProgress: (done: number, total: number) => void,
): Promise<ImportResult> {
  const { settings, total } = checked;
  const result: ImportResult = {
    imported: 0,
    duplicatesSkipped: 0,
    duplicatesKept: 0,
    skipped: 0,
    balance: null,
    from: null,
    to: null,
  };
  return withAudit(db, caller, async (tx) => {
    const account =
      settings.kind === 'payments'
        ? await accountOf(tx, caller, settings.accountId, true)
        : undefined;
    if (account) await tx.execute(sql`select set_config('app.import', 'on', true)`);
    // A newest-first bank download is recorded oldest first: its entries of one day then run
    // in the order they happened, as the statement's running balance needs.
    const seqs =
      account && checked.newestFirst
        ? rowsOf<{ seq: string }>(
            await tx.execute(
              sql`select nextval('payments_seq_seq') as seq from generate_series(1, ${total}) order by 1`,
            ),
          ).map((r) => Number(r.seq))
        : undefined;
    const duplicates = new Duplicates(tx, caller, settings);
    let done = 0;
    // Summed as BigInt: a thousand entries near the largest amount pass 2^53 paise.
    let credits = 0n;
    let debits = 0n;
    let batch: { key: string; entry: Entry }[] = [];

    const flush = async () => {
      const already = await duplicates.mark(batch);
      const rows = batch.filter((_, i) => {
        if (!already[i]) return true;
        if (keepDuplicates) result.duplicatesKept++;
        else result.duplicatesSkipped++;
        return keepDuplicates;
      });
      if (rows.length) await write(tx, caller, settings, rows, seqs, result.imported);
      for (const { entry } of rows) {
        const date = 'date' in entry ? entry.date : entry.issueDate;
        if (result.from === null || date < result.from) result.from = date;
        if (result.to === null || date > result.to) result.to = date;
        if ('type' in entry) {
          if (entry.type === 'credit') credits += BigInt(entry.amountPaise);
          else debits += BigInt(entry.amountPaise);
        }
      }
      result.imported += rows.length;
      done += batch.length;
      batch = [];
      onProgress(done, total);
    };

    const opened = await open(tx, caller, upload, settings);
    for await (const row of opened.rows) {
      const reading = readRow(settings, row, opened.categories);
      if ('blank' in reading) continue;
      if ('skipped' in reading) {
        result.skipped++;
        done++;
        continue;
      }
      if ('problems' in reading)
        throw badRequest('The file changed while it was imported', { code: 'invalid_file' });
      batch.push(reading);
      if (batch.length >= BATCH) await flush();
    }
    await flush();

    if (account) {
      await tx
        .update(bankAccounts)
        .set({
          balancePaise: sql`${bankAccounts.balancePaise} + ${String(credits - debits)}::bigint`,
          updatedAt: sql`now()`,
        })
        .where(eq(bankAccounts.id, account.id));
      const [short] = rowsOf<{ date: string }>(
        await tx.execute(sql`
          select date::text from (
            select date, ${account.openingBalancePaise}::bigint
                     + coalesce(sum(credits_paise - debits_paise) over (
                         order by date rows between unbounded preceding and 1 preceding), 0)
                     + low_paise as low
              from account_days where account_id = ${account.id}) s
           where low < -${account.overdraftLimitPaise}::bigint order by date limit 1`),
      );
      if (short)
        throw badRequest(
          `These payments would take the account below ${account.overdraftLimitPaise ? 'its overdraft limit' : 'zero'} on ${formatDmy(short.date)}: check the file's debits, or record the missing credits first`,
          { code: 'insufficient_balance' },
        );
      const [after] = await tx
        .select({ balance: bankAccounts.balancePaise })
        .from(bankAccounts)
        .where(eq(bankAccounts.id, account.id));
      result.balance = paiseToRupees(after!.balance);
      if (result.imported) await notifyPaymentsImport(tx, caller, account, result, credits, debits);
    }
    await saveSettings(tx, caller, settings);
    return result;
  });
}

/** Writes one batch of entries; `seqs` numbers a newest-first file's payments oldest first. */
async function write(
  tx: Tx,
  caller: Caller,
  settings: Settings,
  rows: { entry: Entry }[],
  seqs: number[] | undefined,
  before: number,
) {
  if (settings.kind === 'expenses') {
    await tx
      .insert(expenses)
      .values(rows.map(({ entry }) => ({ userId: caller.userId, ...(entry as ExpenseEntry) })));
  } else if (settings.kind === 'payments') {
    await tx.insert(payments).values(
      rows.map(({ entry }, i) => {
        const e = entry as PaymentEntry;
        return {
          accountId: settings.accountId!,
          companyId: caller.userId,
          date: e.date,
          remark: e.remark,
          type: e.type,
          amountPaise: e.amountPaise,
          ...(seqs ? { seq: seqs[seqs.length - 1 - (before + i)]! } : {}),
        };
      }),
    );
  } else {
    await tx.insert(loans).values(
      rows.map(({ entry }) => ({
        userId: caller.userId,
        direction: settings.kind as 'lend' | 'borrowed',
        ...(entry as LoanEntry),
      })),
    );
  }
}

/** One notification for the company and its admin (whoever did not import), not one per row. */
async function notifyPaymentsImport(
  tx: Tx,
  caller: Caller,
  account: { id: string; holderName: string; accountNo: string },
  { imported: count, from, to }: { imported: number; from: string | null; to: string | null },
  credits: bigint,
  debits: bigint,
) {
  await tx.execute(sql`
    insert into notifications (user_id, kind, record_id, details)
    select reader.id, 'payments_import', gen_random_uuid(), jsonb_build_object(
             'count', ${count}::int, 'creditsPaise', ${String(credits)}::bigint,
             'debitsPaise', ${String(debits)}::bigint, 'account', ${account.holderName}::text,
             'accountNo', ${account.accountNo}::text, 'accountId', ${account.id}::text,
             'from', ${from}::text, 'to', ${to}::text,
             'by', (select name from users where id = ${caller.userId}))
      from users c
      cross join lateral (values (c.id), (c.created_by)) as reader(id)
     where c.id = ${caller.userId} and reader.id is not null and reader.id <> ${caller.userId}`);
}
