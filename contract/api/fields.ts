import { z } from 'zod';
import {
  COUNT_BOUND,
  MAX_PAISE,
  MAX_RUPEES_TEXT,
  MOBILE_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  rupeesToPaise,
} from '../rules';
import { CATEGORY_NAME_MAX } from '../enums';
import { ERROR_CODES, ERROR_CODE_LIST } from './errorCodes';

/**
 * The fields every part of the API is built from, as Zod schemas: the server validates with
 * them and the OpenAPI document is generated from them; the SPA imports their types only.
 */

/** "is required" when missing, "must be text" when of another type. */
const stringError = {
  error: (issue: { input?: unknown }) => (issue.input == null ? 'is required' : 'must be text'),
};

/*
 * What the OpenAPI document says of a field beyond its Zod type: the rules the server checks
 * in refinements, transforms and trimming, which JSON Schema cannot read from the schema
 * itself. A value that matches the document's schema is one the server accepts.
 */

/** Any text: no NUL character, which the server refuses anywhere in a call (400). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
/** Required text: no NUL, and something besides spaces (spaces at either end are removed). */
const NOT_BLANK_PATTERN = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';

/** Text that may be empty, up to `max` characters once trimmed. */
export const optionalText = (max: number) =>
  z
    .string(stringError)
    .trim()
    .max(max, `must be at most ${max} characters`)
    .meta({ pattern: NO_NUL_PATTERN });

export const text = (max: number) =>
  z
    .string(stringError)
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .meta({
      pattern: NOT_BLANK_PATTERN,
      description: `Trimmed; 1 to ${max} characters (UTF-16 code units)`,
    });

/**
 * An expense category's name: one of the caller's own (the server checks which, in any case),
 * or the name of a new one.
 */
export const categoryName = z
  .string(stringError)
  .trim()
  .min(1, 'is required')
  .max(CATEGORY_NAME_MAX, `must be at most ${CATEGORY_NAME_MAX} characters`)
  .meta({
    pattern: NOT_BLANK_PATTERN,
    description: `A category's name: trimmed, 1 to ${CATEGORY_NAME_MAX} characters; on a record, one of the caller's categories (any case; 400 otherwise)`,
  });

/**
 * The one e-mail rule, for the validator and the document alike: Zod's address pattern, with
 * spaces around it allowed (they are trimmed, as a form's copy and paste brings them), at most
 * 254 characters as sent. JSON Schema's `format: email` is left out: it refuses those spaces.
 */
const EMAIL_PATTERN = `^\\s*(?:${z.regexes.email.source.replace(/^\^|\$$/g, '')})\\s*$`;

export const email = z
  .string(stringError)
  .max(254, 'is too long')
  .trim()
  .min(1, 'is required')
  .pipe(z.email('must be a valid email address'))
  .meta({
    pattern: EMAIL_PATTERN,
    description: 'An e-mail address (spaces around it are trimmed)',
  });

export const password = z
  .string(stringError)
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
  .meta({ pattern: NO_NUL_PATTERN });

/** Text that must repeat another field of the same call (trimmed first when that one is). */
export const confirmation = (of: string, trimmed = false) =>
  (trimmed ? z.string({ error: 'is required' }).trim() : z.string({ error: 'is required' })).meta({
    pattern: NO_NUL_PATTERN,
    description: `Must be the same as ${of}`,
  });

/** The token of an e-mailed link (a reset, revert or confirmation link: `what`). */
export const linkToken = (what: string) =>
  z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(200)
    .meta({ pattern: NO_NUL_PATTERN, description: `The token of the e-mailed ${what} link` });

/** A phone number: a person's, a bank account's. */
export const mobile = z
  .string({ error: 'is required' })
  .trim()
  .regex(MOBILE_PATTERN, 'must be a phone number')
  // MOBILE_PATTERN is checked after trimming: as sent, it may not end in a space.
  .meta({
    pattern: '^\\+?[0-9][0-9 -]{5,17}[0-9-]$',
    description: 'A phone number: 7 to 19 digits, spaces or dashes, an optional leading +',
  });

export const id = z.uuid('must be a valid id').meta({ description: "A record's id (a UUID)" });

/**
 * The version of a record an update was read at: every editable record answers its own,
 * and an update with an older one changes nothing (409, STALE_RECORD_MESSAGE).
 */
export const version = z
  .number({
    error: (issue) => (issue.input == null ? 'is required' : 'must be a number'),
  })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(2_147_483_647, 'is too large')
  .meta({ description: 'The version of the record the change was read at (409 when stale)' });

/** A real calendar date as YYYY-MM-DD (2026-02-30 is refused). */
export const calendarDate = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const dt = new Date(Date.UTC(y, m - 1, d));
    return (
      y >= 1900 &&
      y <= 2200 &&
      dt.getUTCFullYear() === y &&
      dt.getUTCMonth() === m - 1 &&
      dt.getUTCDate() === d
    );
  }, 'must be a real date between 1900 and 2200')
  .meta({
    format: 'date',
    pattern: '^(19[0-9]{2}|2[01][0-9]{2}|2200)-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
    description: 'A real calendar date, YYYY-MM-DD, from 1900-01-01 to 2200-12-31',
  });

/** A rupee amount with at most 2 decimals and below the cap, parsed to paise. */
const rupees = (atLeast: 'positive' | 'zero') =>
  z
    .number({ error: 'must be a number' })
    .refine(Number.isFinite, 'must be a number')
    .refine(
      (n) => (atLeast === 'positive' ? n > 0 : n >= 0),
      atLeast === 'positive' ? 'must be greater than 0' : 'cannot be negative',
    )
    .refine((n) => rupeesToPaise(n) !== null, 'must have at most 2 decimal places')
    .refine((n) => (rupeesToPaise(n) ?? 0) <= MAX_PAISE, `must be at most ${MAX_RUPEES_TEXT}`)
    .transform((n) => rupeesToPaise(n) as number)
    .meta({
      ...(atLeast === 'positive' ? { exclusiveMinimum: 0 } : { minimum: 0 }),
      maximum: MAX_PAISE / 100,
      multipleOf: 0.01,
      description: `Rupees, ${atLeast === 'positive' ? 'above 0' : '0 or more'}, at most 2 decimals, at most ${MAX_RUPEES_TEXT}`,
    });

/** A positive amount in rupees (an expense, a loan, a price, a payment), sent on as paise. */
export const rupeesInput = rupees('positive');
/** An amount that may be zero: an account's opening balance. */
export const balanceInput = rupees('zero');

/** A CSV download: a header line, then one line per row. */
export const CsvText = z
  .string()
  .meta({ description: 'CSV, UTF-8: a header line, then a line per row' });

/** A PDF download. */
export const PdfFile = z.string().meta({ format: 'binary', description: 'A PDF document' });

/** What a GET reads a file from: its query, the path's parameters, or both. */
type FileInputs = { query?: z.ZodType; params?: z.ZodType };

/** A GET that answers a CSV file, made from its query or the record its path names. */
export const csvGet = <P extends string, I extends FileInputs>(path: P, inputs: I) => ({
  method: 'GET' as const,
  path,
  ...inputs,
  download: { type: 'text/csv' as const, schema: CsvText },
});

/** A GET that answers a PDF of the record its path names. */
export const pdfGet = <P extends string, I extends FileInputs>(path: P, inputs: I) => ({
  method: 'GET' as const,
  path,
  ...inputs,
  download: { type: 'application/pdf' as const, schema: PdfFile },
});

/** The answer of a call that only says how it went. */
export const Message = z.object({ success: z.boolean(), message: z.string() });

/** The answer of a call that wrote a record: how it went, and what it wrote. */
export const savedAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data });

/**
 * Every refusal: a real HTTP status, a message for a person, the kind of refusal as a code a
 * client branches on, and the input field at fault where there is one.
 */
export const ErrorResponse = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.enum(ERROR_CODE_LIST).meta({
      description: `What kind of refusal this is: ${Object.entries(ERROR_CODES)
        .map(([code, meaning]) => `\`${code}\` (${meaning})`)
        .join('; ')}`,
    }),
    field: z.string().optional().meta({
      description: 'The input field at fault, as the call names it (`amount`, `items.0.date`)',
    }),
  })
  .meta({ id: 'ErrorResponse', description: 'A refusal, with a message a person can read' });

/** The query every server-side list takes. */
export const PageQuery = z.object({
  search: optionalText(100).optional(),
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

/**
 * A position in a list (opaque): the page after or before a row, found from the sort order's
 * index rather than by skipping every row in front of it.
 */
const pageCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,400}$/, 'must be a page position from this list')
  .meta({ description: 'An opaque page position from the `cursors` of an answer' });

/** Keyset paging for the long lists: `page` then only numbers the page. */
export const KeysetQuery = z.object({
  /** The page after the row of this position (the `last` of the page before). */
  after: pageCursor.optional(),
  /** The page before the row of this position (the `first` of the page after). */
  before: pageCursor.optional(),
});

/** `after` and `before` together would ask for two pages at once: refused, on `before`. */
export const oneDirection: [
  (q: { after?: string; before?: string }) => boolean,
  { message: string; path: string[] },
] = [(q) => !(q.after && q.before), { message: 'cannot be used with after', path: ['before'] }];

/** A page's first and last rows as positions, for Previous and Next; null when it is empty. */
export const pageCursors = z
  .object({ first: z.string(), last: z.string() })
  .nullable()
  .default(null)
  .meta({
    description:
      'Positions of the first and last rows: `before=first` is the previous page, `after=last` the next',
  });

/** What a page of a list says of the whole. */
export const pageMeta = { total: z.number(), page: z.number(), pageSize: z.number() };

/** One page of a list: its rows, `sums` over the whole filter (if any), and where it stands. */
export const pageOf = <T extends z.ZodType, S extends z.ZodRawShape = Record<never, never>>(
  row: T,
  sums?: S,
) => z.object({ success: z.boolean(), data: z.array(row), ...(sums as S), ...pageMeta });

/**
 * A list query paged by number or from a row's position (after or before, not both): its own
 * sort and filters (`shape`) on top of PageQuery's.
 */
export const keysetQuery = <S extends z.ZodRawShape>(shape: S) =>
  PageQuery.extend(shape)
    .extend(KeysetQuery.shape)
    // The shape is generic here: the check reads only after and before, which KeysetQuery adds.
    .refine((q) => oneDirection[0](q as z.output<typeof KeysetQuery>), oneDirection[1]);

/**
 * One page of a list paged as keysetQuery asks: its rows, `sums` over the whole filter, and
 * where the page stands.
 */
export const keysetPage = <T extends z.ZodType, S extends z.ZodRawShape>(row: T, sums: S) =>
  pageOf(row, sums).extend({ cursors: pageCursors });

/**
 * Set when a list matched more rows than it counts (COUNT_BOUND): `total` is then the bound
 * and the sums named, if any, are null.
 */
export const totalCapped = (rows: string, sums?: string) =>
  z
    .boolean()
    .optional()
    .meta({
      description: `True when more than ${COUNT_BOUND.toLocaleString('en-US')} ${rows} matched: total is then ${COUNT_BOUND}${sums ? ` and ${sums} null` : ''}.`,
    });
