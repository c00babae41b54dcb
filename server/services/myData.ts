import { Readable } from 'node:stream';
import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type * as Yazl from 'yazl';
import { MyData } from '../../contract/api/auth';
import type { LoanDirection } from '../../contract/enums';
import { paiseToRupeesText } from '../../contract/rules';
import type { DbOrTx } from '../db/client';
import { keyText, keysetBatches, rowAfter } from '../db/keyset';
import {
  bankAccounts,
  categories,
  counterparties,
  expenses,
  khataLinks,
  khataReminders,
  lendReminderSchedules,
  loans,
  payments,
  projects,
  recurringExpenses,
  repayments,
  users,
} from '../db/schema';
import { withoutSecrets } from '../db/secrets';
import type { Caller } from '../lib/caller';
import { toIso } from '../lib/dates';
import { CSV_BOM, csvLine } from '../lib/format';
import { getProfile } from './auth';
import { EXPENSE_CSV_HEADER, LOAN_CSV_HEADER } from './exports';
import { allLoans, statusOf } from './loans';
import { onFirstUse } from '../lib/onFirstUse';

const yazl = onFirstUse<typeof Yazl>('yazl');

/*
 * "Export my data": what a person's data is, decided once here as a list of sections, and
 * two writers over it, JSON (exportMyData) and a ZIP of CSV files (myDataZip). Everyone's
 * data is their profile and their own records: expenses, lend and borrowed entries with
 * their repayments, categories and recurring expenses, and the khata's people, reminders,
 * lend reminder schedules and statement links. A company's is also its people,
 * projects, bank accounts and payments. An admin's is only its own: the companies it
 * oversees are theirs, read in the app. Records are the stored rows (money in paise) without
 * their secret columns (server/db/secrets.ts); a CSV shows them as the lists do (rupees).
 * The JSON holds the lists its API document (MyData) declares, which are all of them.
 * Every section is read a batch at a time (keysetBatches) and written as it is read, so an
 * export never sits in memory.
 */

type Rec = Record<string, unknown>;
type Field = string | number;

interface Section<Row extends Rec = Rec> {
  /** The JSON's key: sections with the same key, one after the other, make one list. */
  key: string;
  /** The file in the ZIP. */
  file: string;
  header: string[];
  batches: () => AsyncIterable<Row[]>;
  /** A record as a CSV line; `n` counts from 1 within the file. */
  line: (row: Row, n: number) => Field[];
}

const section = <Row extends Rec>(s: Section<Row>) => s as unknown as Section;

/** 'other' -> 'Other', as the lists show an enum. */
const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const rupees = paiseToRupeesText;

/** Batches without the sort key the keyset needed and without `table`'s secret columns. */
async function* records<Row extends Rec>(table: PgTable, batches: AsyncIterable<Row[]>) {
  const secretFree = withoutSecrets<Row>(table);
  for await (const rows of batches)
    yield rows.map((row) => {
      const { key: _key, ...rest } = secretFree(row);
      return rest as Row;
    });
}

/** Every row of `table` where `where` holds, in id order, a batch at a time. */
function rowsWhere<T extends PgTable & { id: PgColumn }>(db: DbOrTx, table: T, where: SQL) {
  return records<T['$inferSelect']>(
    table,
    keysetBatches(
      (after, limit) =>
        db
          .select()
          .from(table as PgTable)
          .where(and(where, after))
          .orderBy(asc(table.id))
          .limit(limit) as Promise<T['$inferSelect'][]>,
      (last) => sql`${table.id} > cast(${last.id} as uuid)`,
    ),
  );
}

/** Every row of `table` where `where` holds, in creation order, a batch at a time. */
function rowsByCreation<T extends PgTable & { id: PgColumn; createdAt: PgColumn }>(
  db: DbOrTx,
  table: T,
  where: SQL,
  extra: Record<string, SQL> = {},
) {
  return records(
    table,
    keysetBatches(
      (after, limit) =>
        db
          .select({ ...getTableColumns(table), ...extra, key: keyText(table.createdAt) })
          .from(table as PgTable)
          .where(and(where, after))
          .orderBy(asc(table.createdAt), asc(table.id))
          .limit(limit) as Promise<Rec[]>,
      (last) =>
        rowAfter(table.createdAt, table.id, 'timestamptz', last.key as string, last.id as string),
    ),
  );
}

type ExpenseRow = typeof expenses.$inferSelect;
type LoanRow = typeof loans.$inferSelect;
type RepaymentRow = typeof repayments.$inferSelect & Pick<LoanRow, 'direction' | 'name' | 'email'>;
type PersonRow = typeof users.$inferSelect;
type ProjectRow = typeof projects.$inferSelect & { manager: string | null };
type AccountRow = typeof bankAccounts.$inferSelect;
type PaymentRow = typeof payments.$inferSelect & { accountNo: string };
type KhataPersonRow = typeof counterparties.$inferSelect;
type KhataReminderRow = typeof khataReminders.$inferSelect & { person: string };
type LendScheduleRow = typeof lendReminderSchedules.$inferSelect & { entry: string };
type KhataLinkRow = Omit<typeof khataLinks.$inferSelect, 'tokenHash'> & { person: string };

/** How a reminder went, as a person says it. */
const CHANNELS: Record<string, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'E-mail',
  scheduled: 'Scheduled',
};

/** The name of the khata person a row of `table` belongs to, as an extra column. */
const personName = (table: typeof khataReminders | typeof khataLinks) =>
  sql<string>`(select c.name from counterparties c where c.id = ${table.counterpartyId})`;

/** The khata's sections: the same for every role, since everyone lends and borrows. */
const khataSections = (db: DbOrTx, me: string) => [
  section<KhataPersonRow>({
    key: 'khataPeople',
    file: 'khata-people.csv',
    header: ['Name', 'Mobile', 'Email', 'Person ID', 'Created'],
    batches: () =>
      rowsByCreation(db, counterparties, eq(counterparties.userId, me)) as AsyncIterable<
        KhataPersonRow[]
      >,
    line: (p) => [p.name, p.mobile ?? '', p.email ?? '', p.id, toIso(p.createdAt)],
  }),
  section<KhataReminderRow>({
    key: 'khataReminders',
    file: 'khata-reminders.csv',
    header: ['Date', 'Name', 'Channel', 'Amount', 'Person ID', 'Entry ID'],
    batches: () =>
      rowsByCreation(db, khataReminders, eq(khataReminders.userId, me), {
        person: personName(khataReminders),
      }) as AsyncIterable<KhataReminderRow[]>,
    line: (r) => [
      r.date,
      r.person,
      CHANNELS[r.channel] ?? r.channel,
      rupees(r.amountPaise),
      r.counterpartyId,
      r.loanId ?? '',
    ],
  }),
  section<LendScheduleRow>({
    key: 'lendReminderSchedules',
    file: 'lend-reminder-schedules.csv',
    header: [
      'Name',
      'Schedule',
      'Day',
      'Start',
      'End',
      'Next date',
      'Last date',
      'Paused',
      'Entry ID',
    ],
    batches: () =>
      rowsByCreation(db, lendReminderSchedules, eq(lendReminderSchedules.userId, me), {
        entry: sql<string>`(select l.name from loans l where l.id = ${lendReminderSchedules.loanId})`,
      }) as AsyncIterable<LendScheduleRow[]>,
    line: (r) => [
      r.entry,
      r.schedule,
      r.day,
      r.startDate,
      r.endDate ?? '',
      r.nextDate ?? '',
      r.lastDate ?? '',
      r.paused ? 'yes' : 'no',
      r.loanId,
    ],
  }),
  // A link's token is kept only as its hash, a secret column the export leaves out.
  section<KhataLinkRow>({
    key: 'khataLinks',
    file: 'khata-links.csv',
    header: ['Name', 'Created', 'Expires', 'Revoked', 'Person ID'],
    batches: () =>
      rowsByCreation(db, khataLinks, eq(khataLinks.userId, me), {
        person: personName(khataLinks),
      }) as AsyncIterable<KhataLinkRow[]>,
    line: (l) => [
      l.person,
      toIso(l.createdAt),
      toIso(l.expiresAt),
      l.revokedAt ? toIso(l.revokedAt) : '',
      l.counterpartyId,
    ],
  }),
];

/** The caller's expenses by date. */
const expenseRows = (db: DbOrTx, me: string) =>
  records(
    expenses,
    keysetBatches(
      (after, limit) =>
        db
          .select({ ...getTableColumns(expenses), key: keyText(expenses.date) })
          .from(expenses)
          .where(and(eq(expenses.userId, me), after))
          .orderBy(asc(expenses.date), asc(expenses.id))
          .limit(limit),
      (last) => rowAfter(expenses.date, expenses.id, 'date', last.key, last.id),
    ),
  );

/** The caller's repayments, with the entry each belongs to. */
const repaymentRows = (db: DbOrTx, me: string) =>
  records(
    repayments,
    keysetBatches(
      (after, limit) =>
        db
          .select({
            ...getTableColumns(repayments),
            direction: loans.direction,
            name: loans.name,
            email: loans.email,
          })
          .from(repayments)
          .innerJoin(loans, eq(loans.id, repayments.loanId))
          .where(and(eq(repayments.userId, me), eq(loans.userId, me), after))
          .orderBy(asc(repayments.id))
          .limit(limit),
      (last) => sql`${repayments.id} > cast(${last.id} as uuid)`,
    ),
  );

/** A company's payments, account by account, each in statement order (date, then recorded). */
async function* paymentRows(db: DbOrTx, companyId: string): AsyncGenerator<PaymentRow[]> {
  for await (const accounts of rowsByCreation(
    db,
    bankAccounts,
    eq(bankAccounts.companyId, companyId),
  )) {
    for (const account of accounts as AccountRow[]) {
      const batches = keysetBatches(
        (after, limit) =>
          db
            .select()
            .from(payments)
            .where(
              and(eq(payments.accountId, account.id), eq(payments.companyId, companyId), after),
            )
            .orderBy(asc(payments.date), asc(payments.seq))
            .limit(limit),
        (last) =>
          sql`(${payments.date}, ${payments.seq}) > (cast(${last.date} as date), cast(${last.seq} as bigint))`,
      );
      for await (const rows of records(payments, batches))
        yield rows.map((p) => ({ ...p, accountNo: account.accountNo }));
    }
  }
}

/** The caller's lend or borrowed entries, in issue-date order, as its report lists them. */
const loanSection = (db: DbOrTx, caller: Caller, direction: LoanDirection, today: string) =>
  section<LoanRow>({
    key: 'loans',
    file: `${direction}.csv`,
    header: LOAN_CSV_HEADER,
    batches: () => records(loans, allLoans(db, caller, direction, {})),
    line: (r, n) => [
      n,
      r.name,
      r.email,
      rupees(r.amountPaise),
      rupees(r.repaidPaise),
      rupees(r.amountPaise - r.repaidPaise),
      statusOf(r, today),
      r.issueDate,
      r.repaymentDate,
    ],
  });

/** What the caller's data is: its sections, in the order both formats write them. */
export function myDataSections(db: DbOrTx, caller: Caller, today: string): Section[] {
  const me = caller.userId;
  const sections = [
    section<ExpenseRow>({
      key: 'expenses',
      file: 'expenses.csv',
      header: EXPENSE_CSV_HEADER,
      batches: () => expenseRows(db, me) as AsyncIterable<ExpenseRow[]>,
      line: (r) => [r.date, r.description, r.category, rupees(r.amountPaise)],
    }),
    loanSection(db, caller, 'lend', today),
    loanSection(db, caller, 'borrowed', today),
    section<RepaymentRow>({
      key: 'repayments',
      file: 'repayments.csv',
      header: ['Type', 'Name', 'Email', 'Date', 'Amount', 'Remark', 'Entry ID'],
      batches: () => repaymentRows(db, me),
      line: (r) => [
        label(r.direction),
        r.name,
        r.email,
        r.date,
        rupees(r.amountPaise),
        r.remark,
        r.loanId,
      ],
    }),
    section<typeof categories.$inferSelect>({
      key: 'categories',
      file: 'categories.csv',
      header: ['Name', 'Created'],
      batches: () => rowsWhere(db, categories, eq(categories.userId, me)),
      line: (c) => [c.name, toIso(c.createdAt)],
    }),
    section<typeof recurringExpenses.$inferSelect>({
      key: 'recurringExpenses',
      file: 'recurring-expenses.csv',
      header: [
        'Description',
        'Category',
        'Amount',
        'Schedule',
        'Day',
        'Start',
        'End',
        'Next date',
        'Paused',
      ],
      batches: () => rowsWhere(db, recurringExpenses, eq(recurringExpenses.userId, me)),
      line: (r) => [
        r.description,
        r.category,
        rupees(r.amountPaise),
        r.schedule,
        r.day,
        r.startDate,
        r.endDate ?? '',
        r.nextDate ?? '',
        r.paused ? 'yes' : 'no',
      ],
    }),
    ...khataSections(db, me),
  ];
  if (caller.role !== 'company') return sections;
  sections.push(
    section<PersonRow>({
      key: 'people',
      file: 'people.csv',
      header: ['Name', 'Email', 'Role', 'Mobile', 'Registration No', 'Status', 'Created'],
      batches: () => rowsWhere(db, users, eq(users.companyId, me)),
      line: (u) => [
        u.name,
        u.email,
        u.role,
        u.mobile ?? '',
        u.registrationNumber ?? '',
        u.status,
        toIso(u.createdAt),
      ],
    }),
    section<ProjectRow>({
      key: 'projects',
      file: 'projects.csv',
      header: [
        'Date',
        'Project Name',
        'Client Name',
        'Client Number',
        'Duration',
        'Price',
        'Payment Status',
        'Status',
        'Risk',
        'Status by PM',
        'Project Manager',
        'Created',
      ],
      batches: () =>
        rowsByCreation(db, projects, eq(projects.companyId, me), {
          manager: sql<
            string | null
          >`(select u.name from users u where u.id = ${projects.projectManagerId})`,
        }) as AsyncIterable<ProjectRow[]>,
      line: (p) => [
        p.date,
        p.projectName,
        p.clientName,
        p.clientNumber,
        p.duration,
        rupees(p.pricePaise),
        p.paymentStatus,
        p.status,
        p.risk,
        p.statusByPm,
        p.manager ?? '',
        toIso(p.createdAt),
      ],
    }),
    section<AccountRow>({
      key: 'bankAccounts',
      file: 'bank-accounts.csv',
      header: [
        'Holder Name',
        'Account No',
        'Branch',
        'IFSC',
        'Mobile',
        'Address',
        'Default Status',
        'Opening Balance',
        'Balance',
        'Closed',
        'Created',
      ],
      batches: () =>
        rowsByCreation(db, bankAccounts, eq(bankAccounts.companyId, me)) as AsyncIterable<
          AccountRow[]
        >,
      line: (a) => [
        a.holderName,
        a.accountNo,
        a.branch,
        a.ifsc,
        a.mobile,
        a.address,
        a.defaultStatus,
        rupees(a.openingBalancePaise),
        rupees(a.balancePaise),
        a.closedAt ? toIso(a.closedAt) : '',
        toIso(a.createdAt),
      ],
    }),
    section<PaymentRow>({
      key: 'payments',
      file: 'payments.csv',
      header: [
        'Account No',
        'Date',
        'Type',
        'Amount',
        'Remark',
        'Payment ID',
        'Reverses',
        'Transfer ID',
        'Created',
      ],
      batches: () => paymentRows(db, me),
      line: (p) => [
        p.accountNo,
        p.date,
        label(p.type),
        rupees(p.amountPaise),
        p.remark,
        p.id,
        p.reversesId ?? '',
        p.transferId ?? '',
        toIso(p.createdAt),
      ],
    }),
  );
  return sections;
}

// ---------------------------------------------------------------------------- JSON writer

/** The lists the API document declares for the JSON download: it holds no other. */
const IN_JSON: ReadonlySet<string> = new Set(Object.keys(MyData.shape));

/**
 * The caller's data as JSON text in pieces: when, the unit of money, the profile, then one
 * list per section key the document declares (the stored rows, money in paise).
 */
export async function* exportMyData(db: DbOrTx, caller: Caller, today: string) {
  const head = {
    exportedAt: new Date().toISOString(),
    moneyIn: 'paise (1 rupee = 100 paise)',
    profile: await getProfile(db, caller),
  };
  yield JSON.stringify(head, null, 2).slice(0, -2);
  let open: string | undefined;
  let first = true;
  for (const s of myDataSections(db, caller, today).filter((s) => IN_JSON.has(s.key))) {
    if (s.key !== open) {
      if (open !== undefined) yield first ? ']' : '\n  ]';
      yield `,\n  ${JSON.stringify(s.key)}: [`;
      open = s.key;
      first = true;
    }
    for await (const rows of s.batches()) {
      let piece = '';
      for (const row of rows) {
        piece += `${first ? '' : ','}\n    ${JSON.stringify(row)}`;
        first = false;
      }
      yield piece;
    }
  }
  if (open !== undefined) yield first ? ']' : '\n  ]';
  yield '\n}\n';
}

// ----------------------------------------------------------------------------- ZIP writer

/** A section as a CSV in pieces: the byte-order mark and the header, then a piece a batch. */
async function* csvOf(s: Section): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(s.header);
  let n = 0;
  for await (const rows of s.batches()) {
    let piece = '';
    for (const row of rows) piece += csvLine(s.line(row, ++n));
    yield piece;
  }
}

async function* profileCsv(db: DbOrTx, caller: Caller) {
  const p = await getProfile(db, caller);
  yield CSV_BOM + csvLine(['Name', 'Email', 'Role', 'Created']);
  yield csvLine([p.name, p.email, p.role, p.createdAt]);
}

/**
 * The caller's data as a ZIP of CSV files (profile.csv, then a file per section), streamed:
 * each file is read from the database and compressed only when the one before it is done, a
 * batch at a time, so the archive never sits in memory. When the download is abandoned, the
 * file being read stops.
 */
export function myDataZip(db: DbOrTx, caller: Caller, today: string): Readable {
  const files: [string, () => AsyncIterable<string>][] = [
    ['profile.csv', () => profileCsv(db, caller)],
    ...myDataSections(db, caller, today).map((s): [string, () => AsyncIterable<string>] => [
      s.file,
      () => csvOf(s),
    ]),
  ];
  const zip = new (yazl().ZipFile)();
  const out = zip.outputStream as Readable;
  let current: Readable | undefined;
  let abandoned = false;
  const mtime = new Date();
  for (const [name, make] of files) {
    zip.addReadStreamLazy(name, { mtime }, (done) => {
      current = Readable.from(abandoned ? [] : make());
      done(null, current);
    });
  }
  zip.end();
  out.once('close', () => {
    abandoned = true;
    current?.destroy();
  });
  zip.on('error', (error: Error) => out.destroy(error));
  return out;
}
