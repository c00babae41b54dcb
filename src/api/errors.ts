import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ErrorCode } from '../../contract/api/errorCodes';

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

/** A refusal the server answered: its status, kind, the input field at fault, its message. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  field?: string;
  message: string;
}

/**
 * The server's refusal in a failed call, or undefined when no error envelope came back (no
 * answer at all, or one that is not the API's). Forms branch on its `code` and put its
 * message under its `field`; they never read the message's words.
 */
export function refusal(error: AnyError): Refusal | undefined {
  const status = httpStatus(error);
  if (status === undefined || !isFetchError(error)) return undefined;
  const data = error.data as { code?: unknown; field?: unknown } | undefined;
  const message = serverMessage(error);
  if (typeof data?.code !== 'string' || message === undefined) return undefined;
  const field = typeof data.field === 'string' ? data.field : undefined;
  return { status, code: data.code as ErrorCode, field, message };
}

/** Whether an update was refused because the record changed since the form read it. */
export function isStaleRecord(error: AnyError): boolean {
  return refusal(error)?.code === 'stale_record';
}

/** What the API slice puts in a write's TIMEOUT_ERROR: no answer, but it may have been saved. */
export const WRITE_TIMED_OUT = 'no answer to a write';

/** Whether a write failed for want of an answer, so that it may still have been saved. */
export function mayHaveBeenSaved(error: unknown): boolean {
  return isFetchError(error) && error.status === 'TIMEOUT_ERROR' && error.error === WRITE_TIMED_OUT;
}

/** What to tell the user when a call got no answer in time (see READ_TIMEOUT_MS), if it did not. */
function noAnswerMessage(error: AnyError): string | undefined {
  if (!isFetchError(error) || error.status !== 'TIMEOUT_ERROR') return undefined;
  return mayHaveBeenSaved(error)
    ? 'The server did not answer in time. It may still have saved this: check before sending it again.'
    : 'The server took too long to answer.';
}

/**
 * What to tell the user after a failed write: the server's own message for a client error
 * (400 validation, 404, 409 … so the user learns what is wrong), that it may have been saved
 * when no answer came in time, otherwise the fallback.
 */
export function failureMessage(error: AnyError, fallback: string): string {
  const late = noAnswerMessage(error);
  if (late) return late;
  const status = httpStatus(error);
  const message = serverMessage(error);
  if (status !== undefined && status >= 400 && status < 500 && message) return message;
  return fallback;
}

/** A short text for a failed load. */
export function loadErrorMessage(error: AnyError): string {
  return noAnswerMessage(error) ?? serverMessage(error) ?? 'Could not load the data.';
}

/**
 * The field of a form that a refusal names, when it is one of the form's `fields` (named as
 * the API names them: "amount", "repaymentDate", "email"), with the message to show there.
 */
export function refusedField<F extends string>(
  error: AnyError,
  fields: readonly F[],
): { field: F; message: string } | undefined {
  const refused = refusal(error);
  if (refused?.field === undefined || !(fields as readonly string[]).includes(refused.field))
    return undefined;
  return { field: refused.field as F, message: refused.message };
}
