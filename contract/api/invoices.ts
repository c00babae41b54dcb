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
  MAX_TERMS_DAYS,
} from '../invoiceNumber';
import { MAX_PAISE, MAX_RUPEES_TEXT } from '../rules';
import { isValidVpa, normalizeVpa } from '../upi';
import type { Endpoint } from './endpoint';
import {
  Message,
  PageQuery,
  calendarDate,
  id,
  keysetPage,
  keysetQuery,
  optionalText,
  pageOf,
  pdfGet,
  rupeesInput,
  savedAnswer,
  text,
  version,
} from './fields';

/**
 * Invoicing, as Zod schemas: the company's invoicing profile, its clients, invoice and credit
 * note drafts, their answers and the table of endpoints. Every refusal names its field (the
 * server prefixes the path). Money is rupees on the wire, paise after parsing.
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
export const optionalGstin = z
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

export const optionalMobile = z
  .string({ error: 'must be text' })
  .transform((typed, ctx) => {
    if (typed.trim() === '') return null;
    const stored = indianMobile(typed);
    if (!stored) ctx.addIssue({ code: 'custom', message: 'must be an Indian mobile number' });
    return stored;
  })
  .optional()
  .transform((value) => value ?? null);

export const optionalEmail = z
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
    // Checked case-blind (what the document says a caller may send), kept in capitals.
    .regex(/^[A-Za-z][A-Za-z0-9]{0,2}$/, 'must be 1 to 3 letters or digits, starting with a letter')
    .toUpperCase()
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
    /** The version the profile was read at; required once the company has one (409 if stale). */
    version: version.optional(),
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

const clientShape = {
  name: text(200),
  gstin: optionalGstin,
  /** 96 for a client outside India (exports). */
  stateCode: placeOfSupply,
  billingAddress: text(500),
  email: optionalEmail,
  mobile: optionalMobile,
};

/** A client's GSTIN is empty outside India, and else starts with the client's state code. */
function clientGstinRule(
  c: { gstin: string | null; stateCode: string },
  ctx: z.RefinementCtx,
): void {
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
}

/** A client invoices are made out to; unregistered when it has no GSTIN. */
export const InvoiceClientFields = z.object(clientShape).superRefine(clientGstinRule);
/** A client's fields as edited, at the version they were read at. */
export const InvoiceClientUpdate = z
  .object({ ...clientShape, version })
  .superRefine(clientGstinRule);

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
    // A line refused already was not transformed (it is still as sent), and one over the cap
    // is named on the line: neither is added up.
    const parsed = all.every(
      (l) => Number.isSafeInteger(l.quantityMilli) && Number.isSafeInteger(l.ratePaise),
    );
    if (!parsed || !all.every(lineWithinCap)) return;
    if (invoiceTotals(all, 'inter').totalPaise > MAX_PAISE) {
      ctx.addIssue({ code: 'custom', message: `must add up to at most ${MAX_RUPEES_TEXT} rupees` });
    }
  });

/**
 * An invoice before it is issued (its number is assigned at issue). The place of supply
 * defaults to the client's state; 96 (outside India) is an export, zero-rated under LUT
 * when `exportUnderLut`, else with IGST.
 */
const draftShape = {
  clientId: id,
  /** The project the invoice is for; its PM then reads the invoice. */
  projectId: id.nullable().optional(),
  issueDate: calendarDate,
  placeOfSupply: placeOfSupply.optional(),
  exportUnderLut: z.boolean({ error: 'must be true or false' }).default(false),
  termsDays: termsDays.optional(),
  notes: optionalText(1000).default(''),
  lines,
};

function lutRule(d: { exportUnderLut: boolean; placeOfSupply?: string }, ctx: z.RefinementCtx) {
  if (d.exportUnderLut && d.placeOfSupply !== OUTSIDE_INDIA) {
    ctx.addIssue({
      code: 'custom',
      path: ['exportUnderLut'],
      message: 'applies only to an export (place of supply 96)',
    });
  }
}

export const InvoiceDraftFields = z.object(draftShape).superRefine(lutRule);
/** A draft's fields as edited, at the version they were read at. */
export const InvoiceDraftUpdate = z.object({ ...draftShape, version }).superRefine(lutRule);

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

/** An invoice's or credit note's status; `part_paid` and `paid` are set by receipts. */
export const INVOICE_STATUSES = ['draft', 'issued', 'part_paid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Share links last 30 days unless asked otherwise, at most 90. */
export const DEFAULT_LINK_DAYS = 30;
export const MAX_LINK_DAYS = 90;

const nullableString = z.string().nullable();

export const InvoiceProfileData = z.object({
  _id: z.string(),
  legalName: z.string(),
  address: z.string(),
  stateCode: z.string(),
  gstin: z.string(),
  pan: z.string(),
  bankAccountId: nullableString,
  upiId: nullableString,
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  termsDays: z.number(),
  version: z.number(),
  updatedAt: z.string(),
});
/** The company's profile, or null before it has one (an admin names `companyId`). */
export const InvoiceProfileAnswer = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  data: InvoiceProfileData.nullable(),
});
export const InvoiceProfileQuery = z.object({ companyId: id.optional() });

export const InvoiceClientData = z.object({
  _id: z.string(),
  name: z.string(),
  gstin: nullableString,
  stateCode: z.string(),
  billingAddress: z.string(),
  email: nullableString,
  mobile: nullableString,
  version: z.number(),
  createdAt: z.string(),
});

/*
 * What a company keeps of whom it deals with (its clients, its vendors): the answer of one,
 * the query of their list and one page of it.
 */

/** One record as a call answers it. */
export const recordAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string().optional(), data });
/** By name, A to Z (`order: desc` for Z to A); `search` matches the name or the GSTIN. */
export const recordListQuery = () =>
  PageQuery.extend({
    companyId: id.optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
  });
/** One page of the records. */
export const recordList = <T extends z.ZodType>(data: T) => pageOf(data);

export const InvoiceClientAnswer = recordAnswer(InvoiceClientData);
export const InvoiceClientListQuery = recordListQuery();
export const InvoiceClientList = recordList(InvoiceClientData);
export const IdParams = z.object({ id });

/** A row of the invoice list: figures in rupees; `pending` is what is still to be paid. */
export const InvoiceSummary = z.object({
  _id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  number: nullableString,
  issueDate: z.string(),
  dueDate: nullableString,
  clientId: z.string(),
  clientName: z.string(),
  projectId: nullableString,
  creditNoteOf: nullableString,
  placeOfSupply: z.string(),
  taxable: z.number(),
  tax: z.number(),
  total: z.number(),
  received: z.number(),
  tds: z.number(),
  credited: z.number(),
  pending: z.number(),
  version: z.number(),
  createdAt: z.string(),
});

const party = z.object({
  name: z.string(),
  address: z.string(),
  stateCode: z.string(),
  gstin: nullableString,
});

/** An invoice with its lines, tax table by rate, round-off and amount in words. */
export const InvoiceDetail = InvoiceSummary.extend({
  exportUnderLut: z.boolean(),
  termsDays: z.number().nullable(),
  notes: z.string(),
  reason: nullableString,
  treatment: z.enum(['intra', 'inter', 'zero-rated']),
  /** Taken at issue: later edits of the profile or client never change an issued invoice. */
  seller: party.extend({ pan: z.string() }).nullable(),
  buyer: party.extend({ email: nullableString, mobile: nullableString }).nullable(),
  lines: z.array(
    z.object({
      description: z.string(),
      sacHsn: z.string(),
      quantity: z.number(),
      rate: z.number(),
      gstRate: z.number(),
      discountPercent: z.number().nullable(),
      discountAmount: z.number().nullable(),
      taxable: z.number(),
    }),
  ),
  taxTable: z.array(
    z.object({
      gstRate: z.number(),
      taxable: z.number(),
      cgst: z.number(),
      sgst: z.number(),
      igst: z.number(),
    }),
  ),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  roundOff: z.number(),
  amountInWords: z.string(),
  /** A credit note's invoice. */
  original: z.object({ _id: z.string(), number: z.string(), issueDate: z.string() }).nullable(),
  /** An invoice's credit notes. */
  creditNotes: z.array(
    z.object({ _id: z.string(), number: z.string(), issueDate: z.string(), total: z.number() }),
  ),
});
export const InvoiceAnswer = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  data: InvoiceDetail,
});

export const InvoiceListQuery = keysetQuery({
  companyId: id.optional(),
  clientId: id.optional(),
  projectId: id.optional(),
  kind: z.enum(INVOICE_KINDS, { error: 'must be invoice or credit_note' }).optional(),
  status: z
    .enum(INVOICE_STATUSES, { error: `must be one of ${INVOICE_STATUSES.join(', ')}` })
    .optional(),
  /** Issue dates, both included. */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
/** One page of the invoices; `totals` sum the whole filter (in SQL). */
export const InvoiceList = keysetPage(InvoiceSummary, {
  totals: z.object({ total: z.number(), received: z.number(), pending: z.number() }),
});

/** Issuing names the version of the draft it was read at. */
export const InvoiceIssue = z.object({ version });
/** Cancelling makes a credit note for the whole invoice, dated `issueDate` (today if left out). */
export const InvoiceCancel = z.object({
  version,
  issueDate: calendarDate.optional(),
  reason: text(300),
});

export const InvoiceLinkData = z.object({
  _id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: nullableString,
  /** Neither expired nor revoked. */
  active: z.boolean(),
});
export const InvoiceLinkFields = z.object({
  expiresInDays: z
    .number({ error: 'must be a number' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(MAX_LINK_DAYS, `must be at most ${MAX_LINK_DAYS}`)
    .default(DEFAULT_LINK_DAYS),
});
/** A new link: `url` is shown this once (only its hash is kept). */
export const InvoiceLinkAnswer = savedAnswer(InvoiceLinkData.extend({ url: z.string() }));
export const InvoiceLinkList = z.object({ success: z.boolean(), data: z.array(InvoiceLinkData) });
export const InvoiceLinkParams = z.object({ id, linkId: id });

/** The calls of a record's share links, by operation id. */
type ShareLinkEndpoints<N extends string, P, A> = Record<
  `create${N}Link`,
  {
    method: 'POST';
    path: string;
    params: P;
    body: typeof InvoiceLinkFields;
    status: 201;
    answer: A;
  }
> &
  Record<
    `list${N}Links`,
    { method: 'GET'; path: string; params: P; answer: typeof InvoiceLinkList }
  > &
  Record<
    `revoke${N}Link`,
    { method: 'POST'; path: string; params: typeof InvoiceLinkParams; answer: typeof Message }
  >;

/**
 * The share links of a record at `base` (an invoice, a khata person): `create${name}Link`
 * (answered with `answer`: the link and its addresses, this once), `list${name}Links` at
 * `${base}/links`, and `revoke${name}Link` at `${base}/links/:linkId/revoke`.
 */
export function shareLinkEndpoints<
  const N extends string,
  P extends z.ZodType,
  A extends z.ZodType,
>(name: N, base: string, params: P, answer: A): ShareLinkEndpoints<N, P, A> {
  const path = `${base}/links`;
  return {
    [`create${name}Link`]: {
      method: 'POST',
      path,
      params,
      body: InvoiceLinkFields,
      status: 201,
      answer,
    },
    [`list${name}Links`]: { method: 'GET', path, params, answer: InvoiceLinkList },
    [`revoke${name}Link`]: {
      method: 'POST',
      path: `${path}/:linkId/revoke`,
      params: InvoiceLinkParams,
      answer: Message,
    },
  } as ShareLinkEndpoints<N, P, A>;
}
export const InvoiceEmailAnswer = savedAnswer(z.object({ to: z.string(), expiresAt: z.string() }));
/** A share link's token: 43 base64url characters. */
export const PublicInvoiceParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be a link token')
    .meta({ description: 'The token of a share link' }),
});

export const invoiceEndpoints = {
  getInvoiceProfile: {
    method: 'GET',
    path: '/invoicing/profile',
    query: InvoiceProfileQuery,
    answer: InvoiceProfileAnswer,
  },
  saveInvoiceProfile: {
    method: 'PUT',
    path: '/invoicing/profile',
    body: InvoiceProfileFields,
    answer: InvoiceProfileAnswer,
  },
  listInvoiceClients: {
    method: 'GET',
    path: '/invoicing/clients',
    query: InvoiceClientListQuery,
    answer: InvoiceClientList,
  },
  getInvoiceClient: {
    method: 'GET',
    path: '/invoicing/clients/:id',
    params: IdParams,
    answer: InvoiceClientAnswer,
  },
  addInvoiceClient: {
    method: 'POST',
    path: '/invoicing/clients',
    body: InvoiceClientFields,
    status: 201,
    answer: InvoiceClientAnswer,
  },
  updateInvoiceClient: {
    method: 'PUT',
    path: '/invoicing/clients/:id',
    params: IdParams,
    body: InvoiceClientUpdate,
    answer: InvoiceClientAnswer,
  },
  deleteInvoiceClient: {
    method: 'DELETE',
    path: '/invoicing/clients/:id',
    params: IdParams,
    answer: Message,
  },
  listInvoices: {
    method: 'GET',
    path: '/invoices',
    query: InvoiceListQuery,
    answer: InvoiceList,
  },
  getInvoice: {
    method: 'GET',
    path: '/invoices/:id',
    params: IdParams,
    answer: InvoiceAnswer,
  },
  addInvoice: {
    method: 'POST',
    path: '/invoices',
    body: InvoiceDraftFields,
    status: 201,
    answer: InvoiceAnswer,
  },
  updateInvoice: {
    method: 'PUT',
    path: '/invoices/:id',
    params: IdParams,
    body: InvoiceDraftUpdate,
    answer: InvoiceAnswer,
  },
  deleteInvoice: {
    method: 'DELETE',
    path: '/invoices/:id',
    params: IdParams,
    answer: Message,
  },
  issueInvoice: {
    method: 'POST',
    path: '/invoices/:id/issue',
    params: IdParams,
    body: InvoiceIssue,
    answer: InvoiceAnswer,
  },
  cancelInvoice: {
    method: 'POST',
    path: '/invoices/:id/cancel',
    params: IdParams,
    body: InvoiceCancel,
    status: 201,
    answer: InvoiceAnswer,
  },
  addCreditNote: {
    method: 'POST',
    path: '/credit-notes',
    body: CreditNoteDraftFields,
    status: 201,
    answer: InvoiceAnswer,
  },
  invoicePdf: pdfGet('/invoices/:id/pdf', { params: IdParams }),
  emailInvoice: {
    method: 'POST',
    path: '/invoices/:id/email',
    params: IdParams,
    body: InvoiceLinkFields,
    answer: InvoiceEmailAnswer,
  },
  ...shareLinkEndpoints('Invoice', '/invoices/:id', IdParams, InvoiceLinkAnswer),
  publicInvoicePdf: pdfGet('/public/invoices/:token', { params: PublicInvoiceParams }),
} as const satisfies Record<string, Endpoint>;
