/**
 * The API's enumerations, written once. The database's enum types (server/db/schema.ts),
 * the server's validation and the SPA's selects and types are all built from these arrays.
 * This folder imports nothing from src/ or server/.
 */

/** Every kind of user; only the first three sign in. */
export const ROLES = ['admin', 'company', 'pm', 'tl', 'employee', 'team', 'other'] as const;
export type Role = (typeof ROLES)[number];
/** How a role reads on screen and in messages. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: 'Admin',
  company: 'Company',
  pm: 'PM',
  tl: 'TL',
  employee: 'Employee',
  team: 'Team',
  other: 'Other',
};

/** The roles that sign in, as the login form's user type. */
export const LOGIN_ROLES = ['admin', 'company', 'pm'] as const;
export type LoginRole = (typeof LOGIN_ROLES)[number];

/** What a company calls its people; what an admin creates is a company. */
export const STAFF_ROLES = ['pm', 'tl', 'employee', 'team', 'other'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles a create-user form may give: a company (by an admin) or staff (by a company). */
export const CREATABLE_ROLES = ['company', ...STAFF_ROLES] as const;
export type CreatableRole = (typeof CREATABLE_ROLES)[number];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * The categories every user starts with (created with the account); each user then keeps its
 * own list (add, rename, merge, delete), so an expense's category is any of the owner's.
 */
export const DEFAULT_CATEGORIES = ['shopping', 'movie', 'other'] as const;
/** A category's name: at most this many characters, trimmed, not blank. */
export const CATEGORY_NAME_MAX = 50;

/** How a recurring expense repeats: on a day of each month, or on a weekday of each week. */
export const RECURRING_SCHEDULES = ['monthly', 'weekly'] as const;
export type RecurringSchedule = (typeof RECURRING_SCHEDULES)[number];

export const LOAN_DIRECTIONS = ['lend', 'borrowed'] as const;
export type LoanDirection = (typeof LOAN_DIRECTIONS)[number];

/** Where a loan stands on a given day. */
export const LOAN_STATUSES = ['due', 'overdue', 'settled'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** A bank account is its owner's default ('active') or not ('deActive', the spec's word). */
export const ACCOUNT_DEFAULT_STATUSES = ['active', 'deActive'] as const;
export type AccountDefaultStatus = (typeof ACCOUNT_DEFAULT_STATUSES)[number];

export const PAYMENT_TYPES = ['credit', 'debit'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The tables whose every change the audit trail records; an entry's `kind`. */
export const AUDITED_TABLES = [
  'users',
  'expenses',
  'loans',
  'repayments',
  'projects',
  'bank_accounts',
  'payments',
] as const;
export type AuditedTable = (typeof AUDITED_TABLES)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * How a sign-in ended: signed in, or why not (a wrong password or second-factor code, the
 * right password for another user type, an inactive account, or too many attempts).
 */
export const SIGN_IN_OUTCOMES = [
  'success',
  'password',
  'code',
  'role',
  'inactive',
  'limited',
] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
