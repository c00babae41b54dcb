import { codeForStatus, type ErrorCode } from '../../contract/api/errorCodes';

/** What a refusal says besides its message: its kind and the input field at fault. */
export interface Refusal {
  /** The kind of refusal; the usual one of its status when left out (codeForStatus). */
  code?: ErrorCode;
  /** The input field at fault, as the call names it. */
  field?: string;
}

/** An error whose status and message are meant for the person who made the call. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    { code, field }: Refusal = {},
    /** Headers the answer carries, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? codeForStatus(statusCode);
    this.field = field;
  }
}

export const badRequest = (message: string, refusal?: Refusal) =>
  new HttpError(400, message, refusal);
export const unauthorized = (message = 'Please log in again', refusal?: Refusal) =>
  new HttpError(401, message, refusal);
export const forbidden = (message = "You can't do this", refusal?: Refusal) =>
  new HttpError(403, message, refusal);
export const notFound = (what = 'Record', refusal?: Refusal) =>
  new HttpError(404, `${what} not found`, refusal);
export const conflict = (message: string, refusal?: Refusal) =>
  new HttpError(409, message, refusal);

const retryAfterHeader = (seconds: number) => ({
  'retry-after': String(Math.max(1, Math.ceil(seconds))),
});
/** Refused for now: the caller may try again after `retryAfter` seconds. */
export const tooManyRequests = (message: string, retryAfter: number) =>
  new HttpError(429, message, {}, retryAfterHeader(retryAfter));
export const serviceUnavailable = (message: string, retryAfter: number) =>
  new HttpError(503, message, {}, retryAfterHeader(retryAfter));
