import { z } from 'zod';
import { MOBILE_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '../../contract/rules';

/** Shared pieces of request and response schemas. */
/** "is required" when missing, "must be text" when of another type. */
const stringError = {
  error: (issue: { input?: unknown }) => (issue.input == null ? 'is required' : 'must be text'),
};

export const text = (max: number) =>
  z.string(stringError).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const email = z
  .string(stringError)
  .trim()
  .min(1, 'is required')
  .max(254, 'is too long')
  .pipe(z.email('must be a valid email address'));

export const password = z
  .string(stringError)
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** A phone number: a person's, a bank account's. */
export const mobile = z
  .string({ error: 'is required' })
  .trim()
  .regex(MOBILE_PATTERN, 'must be a phone number');

export const id = z.uuid('must be a valid id');

export const Message = z.object({ success: z.boolean(), message: z.string() });

export const ErrorResponse = z.object({ success: z.literal(false), message: z.string() });

/** The standard error answers every route may give, for the OpenAPI document. */
export const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
} as const;

export const PageQuery = z.object({
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(20),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const pageMeta = { total: z.number(), page: z.number(), pageSize: z.number() };

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
