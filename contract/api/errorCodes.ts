/**
 * What kind of refusal an answer is: every error answer carries one of these as `code`, so
 * that a client branches on the code and shows the `message`, never parses it.
 */
export const ERROR_CODES = {
  validation: 'A value breaks a rule of the call; `field` names it when one field is at fault',
  malformed_request: 'The call itself cannot be read: not JSON, not an object, an address broken',
  invalid_file: 'The imported file cannot be read or is over a limit of rows or columns',
  invalid_link: 'The link (password reset, invite, e-mail change) is invalid, used or expired',
  wrong_credentials: 'The e-mail, password or role does not sign in',
  wrong_password: 'The current password sent is not the account’s',
  wrong_code: 'The two-factor or recovery code is not right',
  insufficient_balance: 'The debit would take the bank account below zero (or its overdraft limit)',
  account_closed: 'The bank account is closed: reopen it first',
  wrong_state: 'The record’s present state does not allow this (already done, switched off…)',
  unauthorized: 'No session, or it is invalid or has ended',
  sign_in_expired: 'The sign-in waiting for its second step has expired: sign in again',
  forbidden: 'The caller’s role may not do this',
  read_only: 'Admins read, never write',
  account_inactive: 'The account is deactivated',
  step_pending: 'A step is due first (a new password, two-factor set-up)',
  not_found: 'Not found, or not the caller’s',
  method_not_allowed: 'The path takes other methods',
  request_timeout: 'The body stopped arriving before it was complete',
  stale_record: 'The record changed since it was read: reload it',
  duplicate: 'A value that must be unique is taken',
  in_use: 'The record is in use and cannot be deleted',
  reconciled: 'The entry is reconciled with a bank statement: undo its reconciliation first',
  limit_reached: 'A count limit is reached (most categories kept, at least one)',
  too_large: 'The body or the file is over its limit of size or time',
  unsupported_media_type: 'The body has a content type the call does not take',
  rate_limited: 'Too many calls: try again after Retry-After seconds',
  mail_not_sent: 'The e-mail could not be sent',
  unavailable: 'Busy or the database is unreachable: try again after Retry-After seconds',
  internal: 'Something went wrong on the server',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every code, in the order above (the enum of the error envelope's `code`). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The code of a refusal that names no other: the usual meaning of its status. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 408:
      return 'request_timeout';
    case 409:
      return 'wrong_state';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 502:
      return 'mail_not_sent';
    case 503:
      return 'unavailable';
    default:
      return status >= 400 && status < 500 ? 'validation' : 'internal';
  }
}
