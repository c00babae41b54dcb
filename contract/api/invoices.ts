import { z } from 'zod';
import {
  CURRENT_STATE_CODES,
  GST_RATES,
  OUTSIDE_INDIA,
  SAC_HSN_PATTERN,
  gstinPan,
  gstinProblem,
  gstinStateCode,
  indianMobile,
  isValidPan,
  normalizeTaxId,
} from '../gst';
import {
  invoiceTotals,
  lineWithinCap,
  percentToBasisPoints,
  quantityToMilli,
  type InvoiceLineInput,
} from '../invoiceMath';
import {
  DEFAULT_CREDIT_NOTE_PREFIX,
  DEFAULT_INVOICE_PREFIX,
  DOCUMENT_PREFIX_PATTERN,
  MAX_TERMS_DAYS,
} from '../invoiceNumber';
import { MAX_PAISE, MAX_RUPEES_TEXT } from '../rules';
import { isValidVpa, normalizeVpa } from '../upi';
import { calendarDate, id, optionalText, rupeesInput, text } from './fields';

/**
 * The inputs of invoicing, as Zod schemas: the company's invoicing profile, its clients and
 * invoice and credit note drafts. Every refusal names its field (the server prefixes the
 * path). Endpoints are added where the routes are.
 */

/** At most this many lines on one invoice or credit note. */
export const MAX_INVOICE_LINES = 200;

const stateCode = z.enum(CURRENT_STATE_CODES as [string, ...string[]], {
  error: 'must be a GST state code (01-38 or 97)',
});
/** A place of supply: a state's code, or 96 for outside India (exports). */
const placeOfSupply = z.enum([OUTSIDE_INDIA, ...CURRENT_STATE_CODES], {
  error: 'must be a GST state code, or 96 for outside India',
});

const gstin = z
  .string({ error: 'must be text' })
  .transform(normalizeTaxId)
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'GSTIN: 15 characters (spaces removed, upper-cased), check character' });

/** A GSTIN that may be left empty (an unregistered client): '' becomes null. */
const optionalGstin = z
  .string({ error: 'must be text' })
  .transform(normalizeTaxId)
  .superRefine((value, ctx) => {
    const problem = value === '' ? undefined : gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value || null)
  .optional()
  .transform((value) => value ?? null);

const pan = z
  .string({ error: 'must be text' })
  .transform(normalizeTaxId)
  .refine(isValidPan, 'must be a PAN: 5 letters, 4 digits, a letter');

const vpa = z
  .string({ error: 'must be text' })
  .transform(normalizeVpa)
  .refine(isValidVpa, 'must be a UPI ID such as name@bank');

const optionalMobile = z
  .string({ error: 'must be text' })
  .transform((typed, ctx) => {
    if (typed.trim() === '') return null;
    const stored = indianMobile(typed);
    if (!stored) ctx.addIssue({ code: 'custom', message: 'must be an Indian mobile number' });
    return stored;
  })
  .optional()
  .transform((value) => value ?? null);

const optionalEmail = z
  .string({ error: 'must be text' })
  .trim()
  .max(254, 'is too long')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'must be a valid email address')
  .optional()
  .transform((value) => value || null);

const prefix = (fallback: string) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .toUpperCase()
    .regex(DOCUMENT_PREFIX_PATTERN, 'must be 1 to 3 capital letters or digits, starting A-Z')
    .default(fallback);

const termsDays = z
  .number({ error: 'must be a number' })
  .int('must be a whole number of days')
  .min(0, 'cannot be negative')
  .max(MAX_TERMS_DAYS, `must be at most ${MAX_TERMS_DAYS} days`);

/** The company's invoicing profile: who issues, where, and how it is paid. */
export const InvoiceProfileFields = z
  .object({
    legalName: text(200),
    address: text(500),
    stateCode,
    gstin,
    /** Defaults to the PAN inside the GSTIN; when given, must be that PAN. */
    pan: pan.optional(),
    /** The company's bank account receipts go to. */
    bankAccountId: id.optional(),
    upiId: vpa.optional(),
    invoicePrefix: prefix(DEFAULT_INVOICE_PREFIX),
    creditNotePrefix: prefix(DEFAULT_CREDIT_NOTE_PREFIX),
    termsDays: termsDays.default(15),
  })
  .superRefine((p, ctx) => {
    if (gstinStateCode(p.gstin) !== p.stateCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: "must start with the company's state code",
      });
    }
    if (p.pan && p.pan !== gstinPan(p.gstin)) {
      ctx.addIssue({ code: 'custom', path: ['pan'], message: 'must be the PAN inside the GSTIN' });
    }
    if (p.invoicePrefix === p.creditNotePrefix) {
      ctx.addIssue({
        code: 'custom',
        path: ['creditNotePrefix'],
        message: 'must differ from the invoice prefix (its own series)',
      });
    }
  })
  .transform((p) => ({ ...p, pan: p.pan ?? gstinPan(p.gstin) }));

/** A client invoices are made out to; unregistered when it has no GSTIN. */
export const InvoiceClientFields = z
  .object({
    name: text(200),
    gstin: optionalGstin,
    /** 96 for a client outside India (exports). */
    stateCode: placeOfSupply,
    billingAddress: text(500),
    email: optionalEmail,
    mobile: optionalMobile,
  })
  .superRefine((c, ctx) => {
    if (c.gstin && c.stateCode === OUTSIDE_INDIA) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: 'must be empty for a client outside India',
      });
    } else if (c.gstin && gstinStateCode(c.gstin) !== c.stateCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: "must start with the client's state code",
      });
    }
  });

const quantity = z
  .number({ error: 'must be a number' })
  .transform((n, ctx) => {
    const milli = quantityToMilli(n);
    if (milli === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be above 0, at most 10000000, with at most 3 decimals',
      });
      return z.NEVER;
    }
    return milli;
  })
  .meta({
    exclusiveMinimum: 0,
    maximum: 10_000_000,
    description: 'Units, above 0, at most 3 decimals (sent on as thousandths)',
  });

const discountPercent = z
  .number({ error: 'must be a number' })
  .transform((n, ctx) => {
    const bp = percentToBasisPoints(n);
    if (bp === null) {
      ctx.addIssue({ code: 'custom', message: 'must be 0 to 100 with at most 2 decimals' });
      return z.NEVER;
    }
    return bp;
  })
  .meta({ minimum: 0, maximum: 100, description: 'Percent of the line, at most 2 decimals' });

/**
 * An invoice line: a rate in rupees (to paise), a quantity (to thousandths) and at most one
 * discount, a percent or an amount in rupees.
 */
export const InvoiceLineFields = z
  .object({
    description: text(300),
    sacHsn: z
      .string({ error: 'is required' })
      .trim()
      .regex(SAC_HSN_PATTERN, 'must be a SAC/HSN code of 4, 6 or 8 digits'),
    quantity,
    rate: rupeesInput,
    gstRate: z
      .number({ error: 'must be a number' })
      .refine((n) => (GST_RATES as readonly number[]).includes(n), {
        message: `must be one of ${GST_RATES.join(', ')}`,
      })
      .meta({ enum: [...GST_RATES], description: 'GST rate in percent' }),
    discountPercent: discountPercent.optional(),
    discountAmount: rupeesInput.optional(),
  })
  .transform((line, ctx): { description: string; sacHsn: string } & InvoiceLineInput => {
    if (line.discountPercent !== undefined && line.discountAmount !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountAmount'],
        message: 'cannot be given with discountPercent',
      });
    }
    const computed: InvoiceLineInput = {
      quantityMilli: line.quantity,
      ratePaise: line.rate,
      gstRate: line.gstRate as InvoiceLineInput['gstRate'],
      discount:
        line.discountAmount !== undefined
          ? { kind: 'amount', paise: line.discountAmount }
          : line.discountPercent !== undefined
            ? { kind: 'percent', basisPoints: line.discountPercent }
            : null,
    };
    if (!lineWithinCap(computed)) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'times quantity is too large' });
    } else if (
      computed.discount?.kind === 'amount' &&
      BigInt(computed.discount.paise) * 1000n >
        BigInt(computed.quantityMilli) * BigInt(computed.ratePaise)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountAmount'],
        message: 'cannot be more than quantity times rate',
      });
    }
    return { description: line.description, sacHsn: line.sacHsn, ...computed };
  });

const lines = z
  .array(InvoiceLineFields, { error: 'must be a list of lines' })
  .min(1, 'must have at least one line')
  .max(MAX_INVOICE_LINES, `must have at most ${MAX_INVOICE_LINES} lines`)
  .superRefine((all, ctx) => {
    // The total with the highest tax treatment stays within one amount's cap, so that one
    // receipt can pay it and every sum stays a safe integer.
    if (!all.every(lineWithinCap)) return; // named on the line already
    if (invoiceTotals(all, 'inter').totalPaise > MAX_PAISE) {
      ctx.addIssue({ code: 'custom', message: `must add up to at most ${MAX_RUPEES_TEXT} rupees` });
    }
  });

/**
 * An invoice before it is issued (its number is assigned at issue). The place of supply
 * defaults to the client's state; 96 (outside India) is an export, zero-rated under LUT
 * when `exportUnderLut`, else with IGST.
 */
export const InvoiceDraftFields = z
  .object({
    clientId: id,
    issueDate: calendarDate,
    placeOfSupply: placeOfSupply.optional(),
    exportUnderLut: z.boolean({ error: 'must be true or false' }).default(false),
    termsDays: termsDays.optional(),
    notes: optionalText(1000).default(''),
    lines,
  })
  .superRefine((d, ctx) => {
    if (d.exportUnderLut && d.placeOfSupply !== OUTSIDE_INDIA) {
      ctx.addIssue({
        code: 'custom',
        path: ['exportUnderLut'],
        message: 'applies only to an export (place of supply 96)',
      });
    }
  });

/** A credit note against an issued invoice (CGST Rules, rule 53(1A)). */
export const CreditNoteDraftFields = z.object({
  invoiceId: id,
  issueDate: calendarDate,
  reason: text(300),
  lines,
});

export type InvoiceProfileInput = z.input<typeof InvoiceProfileFields>;
export type InvoiceProfile = z.output<typeof InvoiceProfileFields>;
export type InvoiceClientInput = z.input<typeof InvoiceClientFields>;
export type InvoiceClient = z.output<typeof InvoiceClientFields>;
export type InvoiceLine = z.output<typeof InvoiceLineFields>;
export type InvoiceDraftInput = z.input<typeof InvoiceDraftFields>;
export type InvoiceDraft = z.output<typeof InvoiceDraftFields>;
export type CreditNoteDraft = z.output<typeof CreditNoteDraftFields>;
