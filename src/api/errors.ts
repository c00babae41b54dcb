import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { STALE_RECORD_MESSAGE } from '../../contract/rules';

type AnyError = FetchBaseQueryError | SerializedError | undefined | unknown;

function isFetchError(error: AnyError): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** HTTP status of a failed call, or undefined when no HTTP answer came (network, parsing). */
export function httpStatus(error: AnyError): number | undefined {
  return isFetchError(error) && typeof error.status === 'number' ? error.status : undefined;
}

/** The `message` the server put in its error envelope, if it sent one. */
export function serverMessage(error: AnyError): string | undefined {
  if (!isFetchError(error)) return undefined;
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message !== '' ? data.message : undefined;
}

/**
 * Whether an update was refused because the record changed since the form read it: a 409
 * with the stale-record message (other conflicts, such as a duplicate, say otherwise).
 */
export function isStaleRecord(error: AnyError): boolean {
  return httpStatus(error) === 409 && serverMessage(error) === STALE_RECORD_MESSAGE;
}

/**
 * What to tell the user after a failed write: the server's own message for a client error
 * (400 validation, 404, 409 … so the user learns what is wrong), otherwise the fallback.
 */
export function failureMessage(error: AnyError, fallback: string): string {
  const status = httpStatus(error);
  const message = serverMessage(error);
  if (status !== undefined && status >= 400 && status < 500 && message) return message;
  return fallback;
}

/** A short text for a failed load. */
export function loadErrorMessage(error: AnyError): string {
  return serverMessage(error) ?? 'Could not load the data.';
}

/**
 * The field of a form that a refusal names: a 400 whose message starts with one of
 * `fields` ("amount must be greater than 0", "repaymentDate must be on or after
 * issueDate"), or a 400 or 409 that matches one of `patterns` ("Insufficient balance…" is
 * the amount's, "An account with this email already exists" the e-mail's).
 */
export function refusedField<F extends string>(
  error: AnyError,
  fields: readonly F[],
  patterns: ReadonlyArray<readonly [RegExp, F]> = [],
): { field: F; message: string } | undefined {
  const status = httpStatus(error);
  if (status !== 400 && status !== 409) return undefined;
  const message = serverMessage(error);
  if (!message) return undefined;
  for (const [pattern, field] of patterns) if (pattern.test(message)) return { field, message };
  // A conflict belongs under a field only when a pattern says which (a taken e-mail).
  if (status !== 400) return undefined;
  const named = /^([A-Za-z_]\w*)(?=[ :])/.exec(message)?.[1];
  return named !== undefined && (fields as readonly string[]).includes(named)
    ? { field: named as F, message }
    : undefined;
}
