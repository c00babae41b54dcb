/** An error whose status and message are meant for the person who made the call. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in again') => new HttpError(401, message);
export const forbidden = (message = "You can't do this") => new HttpError(403, message);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
/** Refused for now: the caller may try again after `retryAfter` seconds. */
export const tooManyRequests = (message: string, retryAfter: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfter))) });
export const serviceUnavailable = (message: string, retryAfter: number) =>
  new HttpError(503, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfter))) });
