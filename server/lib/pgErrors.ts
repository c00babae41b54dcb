import type { ErrorCode } from '../../contract/api/errorCodes';

/**
 * A field of a database error, looking through Drizzle's wrapping (its `cause`s): the first
 * string `accepts` takes.
 */
function pgErrorField(
  error: unknown,
  field: 'code' | 'constraint' | 'table',
  accepts: (value: string) => boolean = () => true,
): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const value = (e as Record<string, unknown>)[field];
    if (typeof value === 'string' && accepts(value)) return value;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The PostgreSQL error code behind an error (five characters: not a driver's own code). */
export const pgErrorCode = (error: unknown) =>
  pgErrorField(error, 'code', (code) => /^[0-9A-Z]{5}$/.test(code));

/** The constraint a database error names. */
const pgConstraint = (error: unknown) => pgErrorField(error, 'constraint');

/** What a write that breaks one of the schema's unique rules is refused with. */
type Refused = { message: string; code: ErrorCode; field?: string };

const UNIQUE_REFUSALS: Record<string, Refused> = {
  users_email_lower_key: {
    message: 'An account with this email already exists',
    code: 'duplicate',
    field: 'email',
  },
  bank_accounts_company_account_no_key: {
    message: 'You already have an account with this account number',
    code: 'duplicate',
    field: 'account_no',
  },
  bank_accounts_one_default_key: {
    message: 'Another account was made the default at the same moment. Please try again.',
    code: 'wrong_state',
  },
  payments_reverses_key: {
    message: 'This payment has already been reversed.',
    code: 'wrong_state',
  },
  categories_user_name_lower_key: {
    message: 'You have a category of that name already',
    code: 'duplicate',
    field: 'name',
  },
  categories_user_name_key: {
    message: 'You have a category of that name already',
    code: 'duplicate',
    field: 'name',
  },
  budgets_user_category_key: {
    message: 'This category has a budget already: change that one instead',
    code: 'duplicate',
    field: 'categoryId',
  },
};

/** A unique violation as the 409 refusal for its constraint, or undefined for other errors. */
export function uniqueViolation(error: unknown): Refused | undefined {
  if (pgErrorCode(error) !== '23505') return undefined;
  return (
    UNIQUE_REFUSALS[pgConstraint(error) ?? ''] ?? {
      message: 'This record already exists',
      code: 'duplicate',
    }
  );
}

/**
 * A reversal of an entry reconciled with a bank statement, refused by the database
 * (reconciled_entry.sql) as a 409; undefined for other errors.
 */
export function reconciledViolation(error: unknown): Refused | undefined {
  if (pgErrorCode(error) !== 'P0001' || pgConstraint(error) !== 'payments_reconciled')
    return undefined;
  return {
    message:
      'This entry is reconciled with the bank statement: undo its line in the reconciliation first, then reverse it.',
    code: 'reconciled',
  };
}

/** The table a database error is about. */
const pgTable = (error: unknown) => pgErrorField(error, 'table');

/**
 * A record naming a category its owner does not have (renamed or merged away since the name
 * was checked) as a 400, and a category deleted while in use as a 409; undefined otherwise.
 */
export function categoryViolation(error: unknown): (Refused & { status: 400 | 409 }) | undefined {
  if (pgErrorCode(error) !== '23503' || !pgConstraint(error)?.endsWith('_category_fk'))
    return undefined;
  return pgTable(error) === 'categories'
    ? {
        status: 409,
        message: 'This category is in use: merge it into another category instead',
        code: 'in_use',
      }
    : {
        status: 400,
        message: 'category is not one of your categories',
        code: 'validation',
        field: 'category',
      };
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * True when the database could not be reached or went away (connection refused or lost,
 * server shutting down or starting up), as opposed to a query the database refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|The database thread stopped|PGlite is clos(ed|ing)|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
