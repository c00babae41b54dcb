/** The PostgreSQL error code behind an error, looking through Drizzle's wrapping. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a database error names, looking through Drizzle's wrapping. */
function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What a person is told when a write breaks one of the schema's unique rules. */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_email_lower_key: 'An account with this email already exists',
  bank_accounts_company_account_no_key: 'You already have an account with this account number',
  bank_accounts_one_default_key:
    'Another account was made the default at the same moment. Please try again.',
  payments_reverses_key: 'This payment has already been reversed.',
  categories_user_name_lower_key: 'You have a category of that name already',
  categories_user_name_key: 'You have a category of that name already',
  budgets_user_category_key: 'This category has a budget already: change that one instead',
};

/** A unique violation as the 409 message for its constraint, or undefined for other errors. */
export function uniqueViolationMessage(error: unknown): string | undefined {
  if (pgErrorCode(error) !== '23505') return undefined;
  return UNIQUE_MESSAGES[pgConstraint(error) ?? ''] ?? 'This record already exists';
}

/** The table a database error is about, looking through Drizzle's wrapping. */
function pgTable(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const table = (e as { table?: unknown }).table;
    if (typeof table === 'string') return table;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A record naming a category its owner does not have (renamed or merged away since the name
 * was checked) as a 400, and a category deleted while in use as a 409; undefined otherwise.
 */
export function categoryViolation(
  error: unknown,
): { status: 400 | 409; message: string } | undefined {
  if (pgErrorCode(error) !== '23503' || !pgConstraint(error)?.endsWith('_category_fk'))
    return undefined;
  return pgTable(error) === 'categories'
    ? { status: 409, message: 'This category is in use: merge it into another category instead' }
    : { status: 400, message: 'category is not one of your categories' };
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
