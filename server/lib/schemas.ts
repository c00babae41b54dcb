import type { z } from 'zod';
import { ErrorResponse } from '../../contract/api/fields';

/** What each refusal means, as the OpenAPI document tells it (its `code` says more). */
const REFUSALS = {
  400: 'Invalid input: `code` says which rule was broken and `field` names the input at fault, if one is (a NUL character anywhere in the call is one)',
  401: 'No session, or it is invalid or has ended',
  403: 'Not allowed for this role',
  404: 'Not found, or not yours',
  409: 'Conflict: the record changed since it was read, or a value that must be unique is taken',
  413: 'The body is over 64 KB',
  415: 'The body has a content type other than JSON',
  429: 'Too many calls: try again after Retry-After seconds',
  502: 'The e-mail could not be sent',
  503: 'Busy hashing passwords: try again after Retry-After seconds',
} as const;

export type RefusalStatus = keyof typeof REFUSALS;

const refusal = (status: RefusalStatus) => ({
  description: REFUSALS[status],
  content: { 'application/json': { schema: ErrorResponse } },
});

/**
 * The refusals one operation really gives, each with the error envelope: only these statuses
 * appear in its OpenAPI entry, beside its own answer.
 */
export function errors<S extends RefusalStatus>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, refusal(status)])) as {
    [K in S]: ReturnType<typeof refusal>;
  };
}

/** The refusals of every call that takes a JSON body, besides those of what it does. */
export const BODY = [400, 413, 415] as const;

/** A success answer and what it is. */
export const answer = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A download's or a stream's success answer: its media type and content. */
export const download = (
  description: string,
  { type, schema }: { type: string; schema: z.ZodType },
) => ({
  description,
  content: { [type]: { schema } },
});

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
