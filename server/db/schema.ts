import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_DEFAULT_STATUSES,
  LOAN_DIRECTIONS,
  PAYMENT_TYPES,
  RECURRING_SCHEDULES,
  ROLES,
  USER_STATUSES,
} from '../../contract/enums';
import { RECONCILIATION_LINE_STATUSES } from '../../contract/reconciliation';
import { PAYMENT_MODES } from '../../contract/api/bank';

/**
 * A column's text lowercased once, when the row is written. `x ILIKE p` lowercases x for
 * every row it tests; `x_lower LIKE lower(p)` matches the same rows (ILIKE compares the
 * lower() of both sides) at a third of the cost, which is most of a search's total. The
 * copies follow the case rules of when they were written: after an upgrade that changes
 * them (a new glibc or ICU), REINDEX is not enough; rewrite the rows (UPDATE ... SET x = x).
 */
const searchable = (name: string, of: string) => searchableOptional(name, of).notNull();

/** searchable for a column that may be null (its copy is null too). */
const searchableOptional = (name: string, of: string) =>
  text(name).generatedAlwaysAs(sql.raw(`lower("${of}")`));

export const userRole = pgEnum('user_role', ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * An editable record's version: 1 when created, one more on every change of its own fields.
 * An update names the version it was read at and matches no row once it has moved on. A
 * trigger moves it on any other write to those fields (see the record_versions migration).
 */
const version = () => integer('version').notNull().default(1);

/**
 * Every person of every role. Tenancy: `createdBy` is who made the account (an admin makes
 * companies, a company makes its people); `companyId` is the company a PM/TL/employee
 * belongs to (null for admins and companies themselves).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    nameLower: searchable('name_lower', 'name'),
    email: text('email').notNull(),
    emailLower: searchable('email_lower', 'email'),
    passwordHash: text('password_hash'),
    role: userRole('role').notNull(),
    mobile: text('mobile'),
    registrationNumber: text('registration_number'),
    registrationNumberLower: searchableOptional('registration_number_lower', 'registration_number'),
    status: userStatus('status').notNull().default('active'),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, {
      onDelete: 'cascade',
    }),
    companyId: uuid('company_id').references((): AnyPgColumn => users.id, {
      onDelete: 'cascade',
    }),
    /** Set when someone else chose the password: the owner changes it at the next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The TOTP key (base32) once two-factor sign-in is confirmed; null when it is off. */
    totpSecret: text('totp_secret'),
    /** The key being set up, until its first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step a code was accepted for: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** On a company: its people must turn on two-factor sign-in. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** The UPI ID (VPA) the user's reminders ask to be paid to. */
    upiId: text('upi_id'),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_by_role_idx').on(t.createdBy, t.role, t.createdAt),
    index('users_company_role_idx').on(t.companyId, t.role, t.createdAt),
  ],
);

/** The user (or company) a row belongs to; its rows go when it does. */
const ownerId = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Opaque bearer tokens, stored as SHA-256 hashes so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    tokenHash: text('token_hash').notNull(),
    /** Remembered: a fixed 30 days. Otherwise it ends after 12 idle hours (moved on use). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    remember: boolean('remember').notNull().default(true),
    /** Where it signed in from, for the owner's list of sessions. */
    userAgent: text('user_agent').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Moved at most once a minute, so a call does not cost a write. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index().on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Every sign-in and failed attempt on an existing account, for its owner to review. */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerId('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    address: text('address').notNull(),
    userAgent: text('user_agent').notNull(),
    /** 'success', or why not: 'password', 'code', 'role', 'inactive', 'limited'. */
    outcome: text('outcome').notNull(),
  },
  (t) => [index('sign_ins_user_at_idx').on(t.userId, t.at), index('sign_ins_at_idx').on(t.at)],
);

/**
 * A sign-in whose password was right, waiting for the second factor: a short-lived token
 * the code is sent with, so the password is not sent twice.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_in_challenges_token_hash_key').on(t.tokenHash),
    index('sign_in_challenges_expires_at_idx').on(t.expiresAt),
    index().on(t.userId),
  ],
);

/** One-time recovery codes of two-factor sign-in, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * A change of the e-mail a person signs in with. Asked for with the current password, it waits
 * (`confirmedAt` null) until the link mailed to the new address (`confirmTokenHash`) confirms
 * it; then the e-mail changes and the old address is sent the link (`tokenHash`) that puts it
 * back. `expiresAt` is the open link's: the confirmation's, then the revert's.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** The revert link's, from the confirmation on. */
    tokenHash: text('token_hash'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_changes_token_hash_key').on(t.tokenHash),
    uniqueIndex('email_changes_confirm_token_hash_key').on(t.confirmTokenHash),
    index().on(t.userId),
    index('email_changes_expires_at_idx').on(t.expiresAt),
    check(
      'email_changes_revert_once_confirmed',
      sql`(${t.confirmedAt} is null) = (${t.tokenHash} is null)`,
    ),
  ],
);

/**
 * The rate limits' counters, one row a key ("login:account:<email>", "forgot:ip:<address>"):
 * hits in the current window and when it ends. Kept in the database so that every app
 * server on it counts together, and bumped in one statement so that concurrent calls
 * each see their own count.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * Each user's expense categories, by name (unique regardless of case; the name is kept as
 * typed). Expenses, their months and recurring templates name theirs with a foreign key on
 * (user_id, name) that cascades a rename to every one of them in the same statement and
 * keeps a category in use from being deleted. A user starts with DEFAULT_CATEGORIES, added
 * by a trigger on users (see the categories migration), whatever code path creates it.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The key the records' foreign keys point at.
    unique('categories_user_name_key').on(t.userId, t.name),
    uniqueIndex('categories_user_name_lower_key').on(t.userId, sql`lower(${t.name})`),
    // What the API accepts (trimmed, 1 to 50 characters), whoever writes the row.
    check(
      'categories_name_check',
      sql`char_length(${t.name}) <= 50 and ${t.name} ~ '^[^[:space:]](.*[^[:space:]])?$'`,
    ),
  ],
);

/**
 * Where a category name went, so that an undone delete finds its record's category: a name
 * one of the user's categories had before a rename, or that of a category merged into
 * another, with the category that carries on. A merge passes on the names that led to the
 * category it removes; a deleted category takes its rows along (a restore is then refused).
 * Only an undo reads them, within a minute: rows older than an hour are dropped as new ones
 * are written (services/categories.ts), and a backup leaves them out.
 */
export const categoryMoves = pgTable(
  'category_moves',
  {
    userId: ownerId('user_id'),
    name: text('name').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.name] }),
    // A category's deletion finds its rows (the foreign key's cascade), a merge those it passes on.
    index('category_moves_category_idx').on(t.categoryId),
  ],
);

/**
 * A user's monthly budget for one of its categories: every month's spending in the category
 * is measured against it. A category merged away hands its budget to the category it merges
 * into, or adds it to that one's (services/budgets.ts); deleting a category deletes its budget.
 * Going over notifies the owner once per budget and month, from a trigger on expense_months
 * (see the budgets migration), whichever path wrote the expenses.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique('budgets_user_category_key').on(t.userId, t.categoryId),
    // A category's deletion finds its budget (the foreign key's cascade).
    index('budgets_category_idx').on(t.categoryId),
    check('budgets_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/** A record's category: one of its owner's, following a rename, never deleted while used. */
const ownCategory = (t: { userId: AnyPgColumn; category: AnyPgColumn }, name: string) =>
  foreignKey({
    name,
    columns: [t.userId, t.category],
    foreignColumns: [categories.userId, categories.name],
  })
    .onUpdate('cascade')
    .onDelete('restrict');

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** What a search matches (see searchable), and the order of a sort by description. */
    descriptionLower: searchable('description_lower', 'description'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    category: text('category').notNull(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    ownCategory(t, 'expenses_category_fk'),
    // The trailing columns let totals, the monthly chart and the dashboard read the index alone
    // (an index-only scan) instead of visiting every row of a user's years of expenses.
    index('expenses_user_date_idx').on(t.userId, t.date, t.id, t.category, t.amountPaise),
    index('expenses_user_created_idx').on(t.userId, t.createdAt, t.id),
    // One for each other sort of the list (either direction): without them a sorted page
    // sorts all of the user's rows, 75 ms for a quarter of a million on the embedded
    // database, whose only backend serves nobody else meanwhile.
    index('expenses_user_amount_idx').on(t.userId, t.amountPaise, t.id),
    index('expenses_user_category_idx').on(t.userId, t.category, t.id),
    // A search for a rare term reads the rows that contain it, not all of its owner's.
    index('expenses_description_trgm_idx').using('gin', t.descriptionLower.op('gin_trgm_ops')),
    // By the lowercase copy: descriptions sort regardless of case, and the trailing columns
    // let a search's count and sum read this index alone, a quarter faster on PostgreSQL.
    index('expenses_user_description_idx').on(
      t.userId,
      t.descriptionLower,
      t.id,
      t.category,
      t.amountPaise,
    ),
  ],
);

/**
 * Each user's expenses per month and category: count and amount, kept by statement-level
 * triggers on expenses in the same transaction (see the expense_months migration). The
 * dashboard and an unfiltered list's totals sum a few dozen months, not years of rows.
 * Derived: not in backups, rebuilt as expenses are restored.
 */
export const expenseMonths = pgTable(
  'expense_months',
  {
    userId: ownerId('user_id'),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    entries: integer('entries').notNull().default(0),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.month, t.category] }),
    ownCategory(t, 'expense_months_category_fk'),
  ],
);

/**
 * A person the user lends to or borrows from (the khata's party): a name and an Indian mobile
 * number (+91 and 10 digits) or an e-mail, or both. Every lend and borrowing names one; the
 * same mobile number is one person across both books.
 */
export const counterparties = pgTable(
  'counterparties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    name: text('name').notNull(),
    nameLower: searchable('name_lower', 'name'),
    mobile: text('mobile'),
    email: text('email'),
    emailLower: searchableOptional('email_lower', 'email'),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('counterparties_user_mobile_key')
      .on(t.userId, t.mobile)
      .where(sql`${t.mobile} is not null`),
    index('counterparties_user_email_idx').on(t.userId, sql`lower(${t.email})`),
    check('counterparties_contact_check', sql`${t.mobile} is not null or ${t.email} is not null`),
    check('counterparties_mobile_check', sql`${t.mobile} ~ '^\\+91[6-9][0-9]{9}$'`),
  ],
);

export const loanDirection = pgEnum('loan_direction', LOAN_DIRECTIONS);

/**
 * Money lent to someone (`lend`) or borrowed from someone (`borrowed`): one table, since
 * both have the same fields and rules. The person is named as typed (name, e-mail or '' when
 * given by mobile only, mobile) and is one of the user's counterparties.
 */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    direction: loanDirection('direction').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    nameLower: searchable('name_lower', 'name'),
    emailLower: searchable('email_lower', 'email'),
    /** +91 and 10 digits, or null. */
    mobile: text('mobile'),
    /**
     * The person, found or made from the e-mail and mobile by the database when an insert
     * names none (functions/loan_counterparty.sql): sent as null unless given.
     */
    counterpartyId: uuid('counterparty_id')
      .notNull()
      .references(() => counterparties.id)
      .$defaultFn(() => sql`null`),
    /** A lend's reminders on its due date and weekly after (lend_reminder_schedules). */
    autoRemind: boolean('auto_remind').notNull().default(false),
    /** What the user noted on the khata's You gave / You got. */
    note: text('note').notNull().default(''),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** Sum of this loan's repayments, kept in the same transaction as each repayment. */
    repaidPaise: bigint('repaid_paise', { mode: 'number' }).notNull().default(0),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    repaymentDate: date('repayment_date', { mode: 'string' }).notNull(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    // Trailing columns: list totals and dashboard figures come from the index alone.
    index('loans_user_direction_issue_idx').on(
      t.userId,
      t.direction,
      t.issueDate,
      t.id,
      t.amountPaise,
      t.repaidPaise,
      t.repaymentDate,
    ),
    index('loans_user_email_idx').on(t.userId, sql`lower(${t.email})`),
    index('loans_counterparty_idx').on(t.counterpartyId, t.issueDate),
    check('loans_contact_check', sql`${t.email} <> '' or ${t.mobile} is not null`),
    index('loans_user_created_idx').on(t.userId, t.createdAt),
    index('loans_name_trgm_idx').using('gin', t.nameLower.op('gin_trgm_ops')),
    index('loans_email_trgm_idx').using('gin', t.emailLower.op('gin_trgm_ops')),
    // The hourly overdue job reads only open lends that fell due lately.
    index('loans_open_lends_due_idx')
      .on(t.repaymentDate)
      .where(sql`${t.direction} = 'lend' and ${t.amountPaise} > ${t.repaidPaise}`),
  ],
);

export const repayments = pgTable(
  'repayments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    userId: ownerId('user_id'),
    date: date('date', { mode: 'string' }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    remark: text('remark').notNull().default(''),
    /** Recorded by the khata's Settle up (every open entry with the person repaid at once). */
    settlement: boolean('settlement').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('repayments_loan_idx').on(t.loanId, t.date), index().on(t.userId)],
);

/** One-time password reset links: the token is stored hashed and expires in 30 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    tokenHash: text('token_hash').notNull(),
    /** 'reset' (Forgot Password, 30 minutes) or 'invite' (a new account's first password, 72 h). */
    purpose: text('purpose').notNull().default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash), index().on(t.userId)],
);

/** A company's project; `projectManagerId` is one of the company's PMs. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    /** The project's date (defaults to the day it was created); statements filter on it. */
    date: date('date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    projectName: text('project_name').notNull(),
    projectNameLower: searchable('project_name_lower', 'project_name'),
    clientName: text('client_name').notNull(),
    clientNameLower: searchable('client_name_lower', 'client_name'),
    clientNumber: text('client_number').notNull(),
    duration: text('duration').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    paymentStatus: text('payment_status').notNull(),
    status: text('status').notNull().default(''),
    risk: text('risk').notNull().default(''),
    statusByPm: text('status_by_pm').notNull().default(''),
    projectManagerId: uuid('project_manager_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * The client the project is for, when it is one of the company's clients: then the
     * database keeps clientName and clientNumber the client's name and mobile
     * (functions/project_client.sql), so every list, search and export reads them as before.
     */
    clientId: uuid('client_id').references((): AnyPgColumn => clients.id, {
      onDelete: 'set null',
    }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    index('projects_client_idx').on(t.clientId),
    index('projects_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('projects_company_date_idx').on(t.companyId, t.date),
    index('projects_pm_created_idx').on(t.projectManagerId, t.createdAt),
    index('projects_name_trgm_idx').using('gin', t.projectName.op('gin_trgm_ops')),
    index('projects_client_trgm_idx').using('gin', t.clientName.op('gin_trgm_ops')),
  ],
);

/**
 * Each company's number of projects and their total price, kept by statement-level triggers
 * on projects in the same transaction (see the project_totals migration). A company's or an
 * admin's turnover sums one row per company, not every project. Derived: not in backups.
 */
export const projectTotals = pgTable('project_totals', {
  companyId: ownerId('company_id').primaryKey(),
  projects: integer('projects').notNull().default(0),
  pricePaise: bigint('price_paise', { mode: 'number' }).notNull().default(0),
});

/**
 * What a project's Status, Payment Status, Risk and status by PM were after each change, who
 * made it and when: written by a trigger on projects (functions/project_status_history.sql),
 * so every path that changes them (a form, a PM's update, an import, an operator's SQL) is
 * kept. No key to projects: an undone delete brings the project back with its history; the
 * company's own rows go with the company. The actor's name is copied, so an entry still says
 * who once that user is deleted.
 */
export const projectStatusHistory = pgTable(
  'project_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').notNull(),
    companyId: ownerId('company_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    actorRole: text('actor_role').notNull().default(''),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    risk: text('risk').notNull(),
    statusByPm: text('status_by_pm').notNull(),
  },
  (t) => [
    // A project's history, latest first.
    index('project_status_history_project_idx').on(t.projectId, t.at, t.id),
    // The company's earlier values, offered as suggestions.
    index('project_status_history_company_idx').on(t.companyId),
  ],
);

export const defaultStatus = pgEnum('default_status', ACCOUNT_DEFAULT_STATUSES);
export const paymentType = pgEnum('payment_type', PAYMENT_TYPES);

/**
 * A company's bank account. `balancePaise` moves only together with a payment row, in one
 * statement, so it always equals opening balance plus credits minus debits.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    holderName: text('holder_name').notNull(),
    holderNameLower: searchable('holder_name_lower', 'holder_name'),
    accountNo: text('account_no').notNull(),
    branch: text('branch').notNull(),
    branchLower: searchable('branch_lower', 'branch'),
    ifsc: text('ifsc').notNull(),
    ifscLower: searchable('ifsc_lower', 'ifsc'),
    mobile: text('mobile').notNull(),
    address: text('address').notNull(),
    defaultStatus: defaultStatus('default_status').notNull().default('deActive'),
    openingBalancePaise: bigint('opening_balance_paise', { mode: 'number' }).notNull().default(0),
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    /** The bank's name, '' when not given: pickers name an account by bank, holder and number. */
    bankName: text('bank_name').notNull().default(''),
    bankNameLower: searchable('bank_name_lower', 'bank_name'),
    /**
     * An overdraft or cash-credit account's sanctioned limit: ledger_post lets the running
     * balance go down to minus this on any date, never below (0: never below zero).
     */
    overdraftLimitPaise: bigint('overdraft_limit_paise', { mode: 'number' }).notNull().default(0),
    /**
     * When the company closed the account; null while it is open. A closed account keeps its
     * payments and statement but takes no new entries (ledger_post refuses them).
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    index('bank_accounts_company_created_idx').on(t.companyId, t.createdAt, t.id),
    // At most one default account per owner, whatever races between app servers.
    uniqueIndex('bank_accounts_one_default_key')
      .on(t.companyId)
      .where(sql`default_status = 'active'`),
    uniqueIndex('bank_accounts_company_account_no_key').on(t.companyId, t.accountNo),
    // The default account is one payments go to: a closed account never is.
    check(
      'bank_accounts_closed_not_default',
      sql`${t.closedAt} is null or ${t.defaultStatus} = 'deActive'`,
    ),
    check('bank_accounts_overdraft_limit_check', sql`${t.overdraftLimitPaise} >= 0`),
  ],
);

export const paymentMode = pgEnum('payment_mode', PAYMENT_MODES);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'no action' }),
    companyId: ownerId('company_id'),
    date: date('date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull(),
    remarkLower: searchable('remark_lower', 'remark'),
    type: paymentType('type').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The order entries were recorded in: a day's entries run in this order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** The entry this one reverses (each at most once); entries are never edited or deleted. */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => payments.id),
    /** Shared by the two legs of a transfer between a company's own accounts. */
    transferId: uuid('transfer_id'),
    /** How it was made (UPI, NEFT, cheque...), and the bank's reference (UTR, cheque number). */
    mode: paymentMode('mode'),
    reference: text('reference'),
    referenceLower: searchableOptional('reference_lower', 'reference'),
    /**
     * Whom it was with: a client, vendor or employee of the company's (party_id, checked to be
     * the company's when written), or a name (party_id null). party_name is the name as it
     * was when the payment was recorded: a statement reads as the bank's does.
     */
    partyKind: text('party_kind'),
    partyId: uuid('party_id'),
    partyName: text('party_name'),
    partyNameLower: searchableOptional('party_name_lower', 'party_name'),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** One of the company's categories, as its name was when recorded. */
    category: text('category'),
    createdAt: createdAt(),
  },
  // type and amount trail the key so a statement's sums and running balances read the index alone.
  (t) => [
    index('payments_account_date_idx').on(t.accountId, t.date, t.seq, t.type, t.amountPaise),
    uniqueIndex('payments_reverses_key').on(t.reversesId),
    index('payments_transfer_idx').on(t.transferId),
    // Spending by party or project over a range, and a vendor's or project's payments.
    index('payments_company_date_idx').on(t.companyId, t.date),
    index('payments_party_idx').on(t.partyId),
    index('payments_project_idx').on(t.projectId),
    check(
      'payments_party_check',
      sql`(${t.partyKind} is null and ${t.partyId} is null and ${t.partyName} is null)
        or (${t.partyKind} = 'name' and ${t.partyId} is null and ${t.partyName} is not null)
        or (${t.partyKind} in ('client', 'vendor', 'employee') and ${t.partyId} is not null
            and ${t.partyName} is not null)`,
    ),
  ],
);

/**
 * Each account's credits, debits and number of payments per day, kept by statement-level
 * triggers on payments in the same transaction (see the account_days migration). A
 * statement's opening balance and totals sum days, not every payment of the account's
 * history. Derived: not in backups, rebuilt as payments are restored.
 */
export const accountDays = pgTable(
  'account_days',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    creditsPaise: bigint('credits_paise', { mode: 'number' }).notNull().default(0),
    debitsPaise: bigint('debits_paise', { mode: 'number' }).notNull().default(0),
    entries: integer('entries').notNull().default(0),
    /** The day's lowest running balance relative to its start (0 or below). */
    lowPaise: bigint('low_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.date] }),
    // The figures too, so that a payment list's count and a statement's opening balance
    // read the index alone: an account's days are scattered over the table (one heap page
    // each), and a count over 1,000 days fell from 0.9 to 0.2 ms on PGlite.
    index('account_days_figures_idx').on(
      t.accountId,
      t.date,
      t.entries,
      t.creditsPaise,
      t.debitsPaise,
      t.lowPaise,
    ),
  ],
);

/**
 * Who changed what: one row per created, updated or deleted record, written by database
 * triggers in the same transaction as the change (see the audit migration). It has no
 * foreign keys so it outlives what it describes, and a trigger refuses any change to it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    tenantId: uuid('tenant_id'),
    /** A personal record's owner (expenses, loans, repayments): only it reads the entry. */
    ownerId: uuid('owner_id'),
    kind: text('kind').notNull(),
    recordId: uuid('record_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    // Newest first with the id breaking ties, as the trail is read and paged: a page is the
    // next entries of one company (or actor) from this index, whatever the trail's length.
    index('audit_log_tenant_at_id_idx').on(t.tenantId, t.at, t.id),
    // A company's entries of one kind ("What"), in the same order.
    index('audit_log_tenant_kind_at_id_idx').on(t.tenantId, t.kind, t.at, t.id),
    index('audit_log_actor_at_id_idx').on(t.actorId, t.at, t.id),
    // One record's history (the trail's links): a record's few entries, whoever may read them.
    index('audit_log_record_at_id_idx').on(t.recordId, t.at, t.id),
  ],
);

/**
 * What happened that a person did not do themselves (a payment on its company's accounts, a
 * PM's status update, a lend that became overdue), kept for it until read. Written by
 * triggers and an hourly job (see the notifications migration); one per reader, kind and
 * record. `details` holds what the message says (names, amounts), as of then.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    /** 'payment', 'project_status' or 'lend_overdue'. */
    kind: text('kind').notNull(),
    recordId: uuid('record_id').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_user_kind_record_key').on(t.userId, t.kind, t.recordId),
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

export const recurringSchedule = pgEnum('recurring_schedule', RECURRING_SCHEDULES);

/**
 * A template's schedule, for the schedules engine: monthly on `day` 1–31 or weekly on weekday
 * `day` 0–6, from `start_date` to an optional `end_date`.
 */
const scheduleColumns = () => ({
  schedule: recurringSchedule('schedule').notNull(),
  day: integer('day').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
  /** The day the next one is due; null once past the end date. */
  nextDate: date('next_date', { mode: 'string' }),
  /** The last day handled (a changed schedule starts after it). */
  lastDate: date('last_date', { mode: 'string' }),
});

type ScheduleTable = Record<
  'id' | 'paused' | 'schedule' | 'day' | 'amountPaise' | 'startDate' | 'endDate' | 'nextDate',
  AnyPgColumn
>;

/**
 * The job's scan of a schedule table `name` (the due templates that are not paused, oldest
 * day first), and the checks of its day, its dates and its positive amount.
 */
const scheduleRules = (name: string, t: ScheduleTable) => [
  index(`${name}_due_idx`)
    .on(t.nextDate, t.id)
    .where(sql`${t.paused} = false`),
  check(
    `${name}_day_check`,
    sql`(${t.schedule} = 'monthly' and ${t.day} between 1 and 31) or (${t.schedule} = 'weekly' and ${t.day} between 0 and 6)`,
  ),
  check(`${name}_dates_check`, sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  check(`${name}_amount_check`, sql`${t.amountPaise} > 0`),
];

/**
 * A user's recurring expense (rent, a salary, an EMI): an expense template and its schedule,
 * monthly on `day` 1–31 (a shorter month's last day past its end) or weekly on weekday `day`
 * 0–6. The job (services/recurring.ts) claims the due ones (`next_date` up to today) with
 * FOR UPDATE SKIP LOCKED, records the expense of each day due and moves `next_date` on in
 * the same transaction: each day once, whichever app server runs it, however late.
 */
export const recurringExpenses = pgTable(
  'recurring_expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    description: text('description').notNull(),
    descriptionLower: searchable('description_lower', 'description'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    category: text('category').notNull(),
    // The last day handled is that of the last expense recorded from it.
    ...scheduleColumns(),
    paused: boolean('paused').notNull().default(false),
    version: version(),
    ...timestamps,
  },
  (t) => [
    ownCategory(t, 'recurring_expenses_category_fk'),
    ...scheduleRules('recurring_expenses', t),
    // The owner's list, in its default order (by the next day).
    index('recurring_expenses_user_next_idx').on(t.userId, t.nextDate, t.id),
  ],
);

/**
 * A company's recurring payment (salaries, rent, an EMI): a credit or debit template on one
 * of its own accounts, with the schedule of a recurring expense. The job
 * (services/recurringPayments.ts) claims the due ones with FOR UPDATE SKIP LOCKED and posts
 * each day due through ledger_post, as a typed payment is, moving `next_date` on in the same
 * transaction. A day the ledger refuses (the balance would go below zero, the account is
 * closed) is skipped, counted and notified, never retried.
 */
export const recurringPayments = pgTable(
  'recurring_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    // An account is deleted only while it has no payments; its templates go with it.
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    type: paymentType('type').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    remark: text('remark').notNull(),
    remarkLower: searchable('remark_lower', 'remark'),
    // The last day handled is one posted or skipped.
    ...scheduleColumns(),
    /** How many days the ledger refused, and the last of them. */
    skipped: integer('skipped').notNull().default(0),
    lastSkippedDate: date('last_skipped_date', { mode: 'string' }),
    paused: boolean('paused').notNull().default(false),
    version: version(),
    ...timestamps,
  },
  (t) => [
    ...scheduleRules('recurring_payments', t),
    // The company's list, in its default order (by the next day).
    index('recurring_payments_company_next_idx').on(t.companyId, t.nextDate, t.id),
    index('recurring_payments_account_idx').on(t.accountId),
  ],
);

/**
 * The settings of a user's last import of each kind (columns, date format, amount style,
 * header line): the next file of that kind starts from them.
 */
export const importSettings = pgTable(
  'import_settings',
  {
    userId: ownerId('user_id'),
    kind: text('kind').notNull(),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Receivables: a company's invoicing profile, its clients, invoices and credit notes with
 * their lines, the counters that number them, the links that share them, and the receipts
 * paid against them. Money is bigint paise; an issued document never changes its figures
 * (server/db/functions/invoice_immutable.sql refuses it). References between a company's own
 * records are NO ACTION, checked at the end of the statement, so that deleting a company
 * (which cascades to all of them) works, while deleting one in use is refused.
 */

/** The seller on a company's invoices: one per company, snapshotted on each at issue. */
export const invoiceProfiles = pgTable(
  'invoice_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    stateCode: text('state_code').notNull(),
    gstin: text('gstin').notNull(),
    pan: text('pan').notNull(),
    /** The company's own account receipts go to (the service checks it is the company's). */
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'set null',
    }),
    upiId: text('upi_id'),
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
    creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
    termsDays: integer('terms_days').notNull().default(15),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoice_profiles_company_key').on(t.companyId),
    check('invoice_profiles_terms_check', sql`${t.termsDays} between 0 and 365`),
    check('invoice_profiles_prefixes_check', sql`${t.invoicePrefix} <> ${t.creditNotePrefix}`),
  ],
);

/** A company's client, invoices are made out to; unregistered when it has no GSTIN. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    name: text('name').notNull(),
    nameLower: searchable('name_lower', 'name'),
    gstin: text('gstin'),
    /** 96 for a client outside India. */
    stateCode: text('state_code').notNull(),
    billingAddress: text('billing_address').notNull(),
    email: text('email'),
    /** '+91' and 10 digits. */
    mobile: text('mobile'),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clients_company_name_key').on(t.companyId, t.nameLower),
    index('clients_name_trgm_idx').using('gin', t.nameLower.op('gin_trgm_ops')),
  ],
);

/** A company's vendor: whom it pays. Payments may name one as their party. */
export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    name: text('name').notNull(),
    nameLower: searchable('name_lower', 'name'),
    gstin: text('gstin'),
    email: text('email'),
    /** '+91' and 10 digits. */
    mobile: text('mobile'),
    address: text('address').notNull().default(''),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vendors_company_name_key').on(t.companyId, t.nameLower),
    index('vendors_name_trgm_idx').using('gin', t.nameLower.op('gin_trgm_ops')),
  ],
);

/**
 * An invoice or a credit note. A draft has no number; issuing takes the next serial of its
 * series and financial year, computes the figures from the lines and snapshots seller and
 * buyer, so later edits of the profile or client never change it. `received_paise` and
 * `tds_paise` are what receipts allocated to it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'no action' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('invoice'),
    /** A credit note's invoice. */
    creditNoteOf: uuid('credit_note_of').references((): AnyPgColumn => invoices.id, {
      onDelete: 'no action',
    }),
    status: text('status').notNull().default('draft'),
    number: text('number'),
    /** The financial year by the calendar year it starts in (2026 for 2026-27). */
    fyStart: integer('fy_start'),
    serial: integer('serial'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    placeOfSupply: text('place_of_supply').notNull(),
    exportUnderLut: boolean('export_under_lut').notNull().default(false),
    /** The draft's own terms; the profile's when null. */
    termsDays: integer('terms_days'),
    notes: text('notes').notNull().default(''),
    /** A credit note's reason. */
    reason: text('reason'),
    seller: jsonb('seller'),
    buyer: jsonb('buyer'),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull().default(0),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull().default(0),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull().default(0),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull().default(0),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull().default(0),
    roundOffPaise: bigint('round_off_paise', { mode: 'number' }).notNull().default(0),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull().default(0),
    /** Paid by receipts allocated to it, and TDS the client withheld from it. */
    receivedPaise: bigint('received_paise', { mode: 'number' }).notNull().default(0),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    /** Credited by credit notes against it (a credit note's own is 0). */
    creditedPaise: bigint('credited_paise', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique('invoices_series_serial_key').on(t.companyId, t.kind, t.fyStart, t.serial),
    index('invoices_company_issue_idx').on(t.companyId, t.issueDate, t.id),
    index('invoices_company_client_idx').on(t.companyId, t.clientId, t.issueDate),
    index('invoices_company_status_due_idx').on(t.companyId, t.status, t.dueDate),
    index('invoices_project_idx').on(t.projectId),
    // The dashboard's latest invoices: the first few in issue order, not a sort of them all.
    index('invoices_company_issued_at_idx')
      .on(t.companyId, t.issuedAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.kind} = 'invoice' and ${t.status} <> 'draft'`),
    index('invoices_credit_note_of_idx').on(t.creditNoteOf),
    index('invoices_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    // What is still pending, for the receivables' ageing: the migration adds INCLUDE
    // (total_paise, received_paise, tds_paise, credited_paise), which drizzle cannot declare,
    // so the ageing reads the index alone.
    index('invoices_pending_client_idx')
      .on(t.companyId, t.clientId, t.dueDate)
      .where(sql`${t.kind} = 'invoice' and ${t.status} in ('issued', 'part_paid')`),
    index('invoices_pending_project_idx')
      .on(t.companyId, t.projectId, t.dueDate)
      .where(sql`${t.kind} = 'invoice' and ${t.status} in ('issued', 'part_paid')`),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      'invoices_status_check',
      sql`${t.status} in ('draft', 'issued', 'part_paid', 'paid', 'cancelled')`,
    ),
    check(
      'invoices_credit_note_check',
      sql`(${t.kind} = 'credit_note') = (${t.creditNoteOf} is not null)`,
    ),
    check(
      'invoices_numbered_check',
      sql`(${t.status} = 'draft') = (${t.number} is null) and (${t.number} is null) = (${t.serial} is null) and (${t.serial} is null) = (${t.fyStart} is null)`,
    ),
    check(
      'invoices_money_check',
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.taxPaise} >= 0 and ${t.totalPaise} >= 0 and ${t.roundOffPaise} between -49 and 50`,
    ),
    check(
      'invoices_settled_check',
      sql`${t.receivedPaise} >= 0 and ${t.tdsPaise} >= 0 and ${t.creditedPaise} >= 0 and ${t.receivedPaise} + ${t.tdsPaise} + ${t.creditedPaise} <= ${t.totalPaise}`,
    ),
  ],
);

/** A line of an invoice or credit note, in its order. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    sacHsn: text('sac_hsn').notNull(),
    /** Thousandths of a unit. */
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    ratePaise: bigint('rate_paise', { mode: 'number' }).notNull(),
    /** 'amount' (value in paise) or 'percent' (value in hundredths of a percent), or none. */
    discountKind: text('discount_kind'),
    discountValue: bigint('discount_value', { mode: 'number' }),
    gstRate: integer('gst_rate').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('invoice_lines_position_key').on(t.invoiceId, t.position),
    check(
      'invoice_lines_amounts_check',
      sql`${t.quantityMilli} > 0 and ${t.ratePaise} >= 0 and ${t.taxablePaise} >= 0`,
    ),
    check(
      'invoice_lines_discount_check',
      sql`(${t.discountKind} is null and ${t.discountValue} is null) or (${t.discountKind} = 'amount' and ${t.discountValue} >= 0) or (${t.discountKind} = 'percent' and ${t.discountValue} between 0 and 10000)`,
    ),
    check('invoice_lines_gst_rate_check', sql`${t.gstRate} in (0, 5, 12, 18, 28, 40)`),
  ],
);

/**
 * The last serial taken in each company's series and financial year. Issuing increments it
 * in the issuing transaction: the row lock orders concurrent issues on every app server, and
 * a rolled-back issue gives its number back. `lastDate` keeps the series in date order.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    companyId: ownerId('company_id'),
    series: text('series').notNull(),
    fyStart: integer('fy_start').notNull(),
    last: integer('last').notNull(),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.series, t.fyStart] }),
    check('document_counters_series_check', sql`${t.series} in ('invoice', 'credit_note')`),
    check('document_counters_last_check', sql`${t.last} >= 1`),
  ],
);

/** A link that opens one invoice's PDF without a session: only its token's SHA-256 is kept. */
export const invoiceLinks = pgTable(
  'invoice_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoice_links_token_hash_key').on(t.tokenHash),
    index('invoice_links_invoice_idx').on(t.invoiceId, t.createdAt),
  ],
);

/**
 * Money a client paid: a credit on a company's account posted through the ledger
 * (`paymentId`), allocated to invoices; what is not allocated is an advance.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'no action' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'no action' }),
    /** The ledger entry the receipt posted. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'no action' }),
    date: date('date', { mode: 'string' }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** Withheld by the client as TDS, on top of the amount received. */
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    mode: text('mode').notNull(),
    reference: text('reference').notNull().default(''),
    referenceLower: searchable('reference_lower', 'reference'),
    /** What is not yet allocated to an invoice. */
    advancePaise: bigint('advance_paise', { mode: 'number' }).notNull().default(0),
    reversed: boolean('reversed').notNull().default(false),
    version: version(),
    ...timestamps,
  },
  (t) => [
    index('receipts_company_date_idx').on(t.companyId, t.date, t.id),
    index('receipts_company_client_idx').on(t.companyId, t.clientId, t.date),
    // Unapplied advances per client; the migration adds INCLUDE (advance_paise).
    index('receipts_advance_idx')
      .on(t.companyId, t.clientId)
      .where(sql`${t.advancePaise} > 0 and not ${t.reversed}`),
    uniqueIndex('receipts_payment_key').on(t.paymentId),
    check(
      'receipts_money_check',
      sql`${t.amountPaise} >= 0 and ${t.tdsPaise} >= 0 and ${t.amountPaise} + ${t.tdsPaise} > 0 and ${t.advancePaise} >= 0 and ${t.advancePaise} <= ${t.amountPaise} + ${t.tdsPaise}`,
    ),
  ],
);

/** The part of a receipt (and of its TDS) that settles one invoice. */
export const receiptAllocations = pgTable(
  'receipt_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'no action' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('receipt_allocations_receipt_invoice_key').on(t.receiptId, t.invoiceId),
    index('receipt_allocations_invoice_idx').on(t.invoiceId),
    check(
      'receipt_allocations_money_check',
      sql`${t.amountPaise} >= 0 and ${t.tdsPaise} >= 0 and ${t.amountPaise} + ${t.tdsPaise} > 0`,
    ),
  ],
);

/*
 * Totals kept by statement-level triggers on invoices, in the same transaction
 * (functions/invoice_totals.sql), so that the invoice list's count and sums and the
 * receivables by client and by project read a few rows per company, not every invoice.
 * Derived: not in backups (a restore rebuilds them as its invoices come back).
 */

/** Each company's invoices per kind and status: how many, and their money. */
export const invoiceTotals = pgTable(
  'invoice_totals',
  {
    companyId: ownerId('company_id'),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    invoices: integer('invoices').notNull().default(0),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull().default(0),
    receivedPaise: bigint('received_paise', { mode: 'number' }).notNull().default(0),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    creditedPaise: bigint('credited_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.status] })],
);

/** The money columns the receivables keep per client and per project, and their ageing. */
const receivableMoney = () => ({
  /** Owed invoices: issued, part paid or paid (not drafts, cancelled ones or credit notes). */
  invoices: integer('invoices').notNull().default(0),
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull().default(0),
  receivedPaise: bigint('received_paise', { mode: 'number' }).notNull().default(0),
  tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
  creditedPaise: bigint('credited_paise', { mode: 'number' }).notNull().default(0),
  /**
   * What is pending aged by due date as of agedOn: not yet due (or no due date), 1–30,
   * 31–60 and 61–90 days late; over 90 is the rest of what is pending. Kept by the triggers
   * of server/db/functions/receivable_ageing.sql, moved to a new day by receivables_age.
   */
  agedOn: date('aged_on', { mode: 'string' }),
  notDuePaise: bigint('not_due_paise', { mode: 'number' }).notNull().default(0),
  days1to30Paise: bigint('days1to30_paise', { mode: 'number' }).notNull().default(0),
  days31to60Paise: bigint('days31to60_paise', { mode: 'number' }).notNull().default(0),
  days61to90Paise: bigint('days61to90_paise', { mode: 'number' }).notNull().default(0),
});

/** What each client's owed invoices came to, were paid, had withheld and credited. */
export const clientReceivables = pgTable(
  'client_receivables',
  {
    companyId: ownerId('company_id'),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    ...receivableMoney(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.clientId] })],
);

/**
 * The same per project, invoices of no project in the row whose project is null. No key to
 * projects: a deleted project's invoices move to no project by the invoices' own update,
 * which must find the project's row to take them from.
 */
export const projectReceivables = pgTable(
  'project_receivables',
  {
    companyId: ownerId('company_id'),
    projectId: uuid('project_id'),
    ...receivableMoney(),
  },
  (t) => [unique('project_receivables_key').on(t.companyId, t.projectId).nullsNotDistinct()],
);

/** What is pending of each company's owed invoices per due date, for the ageing's totals. */
export const receivableDues = pgTable(
  'receivable_dues',
  {
    companyId: ownerId('company_id'),
    dueDate: date('due_date', { mode: 'string' }),
    pendingPaise: bigint('pending_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('receivable_dues_key').on(t.companyId, t.dueDate).nullsNotDistinct()],
);

export const reconciliationLineStatus = pgEnum(
  'reconciliation_line_status',
  RECONCILIATION_LINE_STATUSES,
);

/**
 * A reconciliation of one account for a period against the bank's own download: the
 * statement's opening and closing balances as the file has them, and its lines below.
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: ownerId('company_id'),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    /** The bank whose layout the file has (STATEMENT_BANKS). */
    bank: text('bank').notNull(),
    fileName: text('file_name').notNull().default(''),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    openingBalancePaise: bigint('opening_balance_paise', { mode: 'number' }).notNull(),
    closingBalancePaise: bigint('closing_balance_paise', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [index('reconciliations_account_idx').on(t.accountId, t.createdAt, t.id)],
);

/**
 * A line of a reconciliation's statement, in the file's order oldest first (`lineNo`), and
 * what became of it. `paymentId` is the entry it is reconciled with (matched or created):
 * each entry at most once, and a reconciled entry cannot be reversed (reconciled_entry.sql).
 */
export const reconciliationLines = pgTable(
  'reconciliation_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reconciliationId: uuid('reconciliation_id')
      .notNull()
      .references(() => reconciliations.id, { onDelete: 'cascade' }),
    companyId: ownerId('company_id'),
    lineNo: integer('line_no').notNull(),
    /** The line's row in the file, as a spreadsheet shows it. */
    row: integer('row').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    type: paymentType('type').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The statement's running balance after the line. */
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    descriptionLower: searchable('description_lower', 'description'),
    reference: text('reference').notNull().default(''),
    referenceLower: searchable('reference_lower', 'reference'),
    status: reconciliationLineStatus('status').notNull().default('unmatched'),
    suggestedPaymentId: uuid('suggested_payment_id').references(() => payments.id, {
      onDelete: 'set null',
    }),
    paymentId: uuid('payment_id').references(() => payments.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reconciliation_lines_line_key').on(t.reconciliationId, t.lineNo),
    index('reconciliation_lines_status_idx').on(t.reconciliationId, t.status, t.lineNo),
    uniqueIndex('reconciliation_lines_payment_key').on(t.paymentId),
    index('reconciliation_lines_suggested_idx').on(t.suggestedPaymentId),
    check(
      'reconciliation_lines_reconciled',
      sql`(${t.status} in ('matched', 'created')) = (${t.paymentId} is not null)`,
    ),
  ],
);

/**
 * The khata's reminders sent to a person: by WhatsApp or SMS from the user's own phone (the
 * SPA records them when the user taps Send), by e-mail, or by the scheduled job. `amountPaise`
 * is what the reminder asked for.
 */
export const khataReminders = pgTable(
  'khata_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    counterpartyId: uuid('counterparty_id')
      .notNull()
      .references(() => counterparties.id, { onDelete: 'cascade' }),
    loanId: uuid('loan_id').references(() => loans.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('khata_reminders_counterparty_idx').on(t.counterpartyId, t.date),
    index('khata_reminders_user_idx').on(t.userId),
    index('khata_reminders_loan_idx').on(t.loanId),
    check(
      'khata_reminders_channel_check',
      sql`${t.channel} in ('whatsapp', 'sms', 'email', 'scheduled')`,
    ),
  ],
);

/** A link that opens one person's statement without a session: only its token's SHA-256 is kept. */
export const khataLinks = pgTable(
  'khata_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    counterpartyId: uuid('counterparty_id')
      .notNull()
      .references(() => counterparties.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('khata_links_token_hash_key').on(t.tokenHash),
    index('khata_links_counterparty_idx').on(t.counterpartyId, t.createdAt),
    index('khata_links_user_idx').on(t.userId),
  ],
);

/**
 * A lend's scheduled reminders (opted into per lend): weekly from its due date while unpaid,
 * run by the one schedules engine (services/schedules/engine.ts) like recurring entries.
 */
export const lendReminderSchedules = pgTable(
  'lend_reminder_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId('user_id'),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    schedule: recurringSchedule('schedule').notNull().default('weekly'),
    day: integer('day').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    nextDate: date('next_date', { mode: 'string' }),
    lastDate: date('last_date', { mode: 'string' }),
    paused: boolean('paused').notNull().default(false),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lend_reminder_schedules_loan_key').on(t.loanId),
    index('lend_reminder_schedules_due_idx')
      .on(t.nextDate, t.id)
      .where(sql`${t.paused} = false`),
    index('lend_reminder_schedules_user_idx').on(t.userId),
    check('lend_reminder_schedules_day_check', sql`${t.day} between 0 and 6`),
  ],
);
