import { z } from 'zod';
import { INDIAN_MOBILE_MESSAGE, indianMobile } from '../mobile';
import { isValidVpa, normalizeVpa } from '../upi';
import type { Endpoint } from './endpoint';
import {
  Message,
  calendarDate,
  email,
  id,
  optionalText,
  pdfGet,
  rupeesInput,
  savedAnswer,
  text,
  version,
} from './fields';
import {
  InvoiceLinkData,
  InvoiceLinkList,
  PublicInvoiceParams,
  shareLinkEndpoints,
} from './invoices';

/**
 * The khata: a person (a name and a mobile number, the e-mail optional) and every lend,
 * borrowing, repayment and reminder with them on one page; You gave / You got in one step,
 * Settle up, reminders shared from the user's phone, and a statement the person can open.
 */

/**
 * Optional text of at most `max` characters, empty (or none) meaning none, as `read` keeps it;
 * what `read` refuses (null) is a 400 saying `message`.
 */
const optionalRead = (max: number, read: (typed: string) => string | null, message: string) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, 'is too long')
    .optional()
    .transform((typed, ctx) => {
      if (!typed) return undefined;
      const kept = read(typed);
      if (kept === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return kept;
    });

/** An optional mobile: empty text (or none) means none. */
export const optionalMobile = optionalRead(20, indianMobile, INDIAN_MOBILE_MESSAGE).meta({
  // What is documented: the number's plain forms (spaces and dashes inside are accepted too).
  pattern: '^\\s*((\\+91|91|0)?[6-9][0-9]{9})?\\s*$',
  description:
    'An Indian mobile number (10 digits starting 6-9, with or without +91, 91 or 0; spaces and dashes ignored), or empty. Answered as +91 and the 10 digits',
});
const emailCheck = z.email();
/** An optional e-mail: empty text (or none) means none. */
export const optionalEmail = optionalRead(
  254,
  (typed) => (emailCheck.safeParse(typed).success ? typed : null),
  'must be a valid email address',
).meta({
  pattern: `^(?:${String(email.meta()?.pattern).slice(1, -1)})?$`,
  description: 'An e-mail address, or empty (spaces around it are trimmed)',
});

export const PERSON_CONTACT_MESSAGE = 'A mobile number or an e-mail address is required';

/** A person of the khata. */
export const KhataPerson = z.object({
  _id: z.string(),
  name: z.string(),
  /** +91 and 10 digits, or null. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  version: z.number(),
});

export const KhataPersonFields = z
  .object({ name: text(100), mobile: optionalMobile, email: optionalEmail })
  .refine((p) => p.mobile || p.email, { message: PERSON_CONTACT_MESSAGE, path: ['mobile'] });
export const KhataPersonUpdate = z
  .object({ name: text(100), mobile: optionalMobile, email: optionalEmail, version })
  .refine((p) => p.mobile || p.email, { message: PERSON_CONTACT_MESSAGE, path: ['mobile'] });
export const KhataPersonAnswer = savedAnswer(KhataPerson);
export const KhataPersonParams = z.object({ id });

/**
 * What happened with the person, in date order: a lend or borrowing, a repayment of either
 * (`settlement` when Settle up recorded it), or a reminder sent (no change to the balance).
 */
export const KHATA_EVENT_KINDS = [
  'lend',
  'borrowed',
  'repayment_lend',
  'repayment_borrowed',
  'settlement_lend',
  'settlement_borrowed',
  'reminder',
] as const;
export type KhataEventKind = (typeof KHATA_EVENT_KINDS)[number];
export const REMINDER_CHANNELS = ['whatsapp', 'sms', 'email', 'scheduled'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export const KhataEvent = z.object({
  _id: z.string(),
  date: z.string(),
  kind: z.enum(KHATA_EVENT_KINDS),
  /** The lend or borrowing it belongs to (a reminder's lend, when it names one). */
  loanId: z.string().nullable(),
  amount: z.number(),
  /** What it did to the balance: + they owe more, − you owe more. */
  change: z.number(),
  /** The balance after it: positive when they owe the user. */
  balance: z.number(),
  note: z.string(),
  /** A reminder's channel. */
  channel: z.enum(REMINDER_CHANNELS).nullable(),
});

/** A lend not yet repaid in full: reminders and Settle up are about these. */
export const OpenLend = z.object({
  _id: z.string(),
  outstanding: z.number(),
  issueDate: z.string(),
  repaymentDate: z.string(),
  autoRemind: z.boolean(),
});

export const KhataLedger = z.object({
  person: KhataPerson,
  /** Positive: they owe the user; negative: the user owes them. */
  net: z.number(),
  theyOwe: z.number(),
  iOwe: z.number(),
  /** The latest entries (at most 500), in date order; their balances run over every one. */
  events: z.array(KhataEvent),
  /** How many entries there are in all. */
  totalEvents: z.number(),
  openLends: z.array(OpenLend),
});
export const KhataLedgerAnswer = z.object({ success: z.boolean(), data: KhataLedger });

/**
 * You gave: repays what the user owes the person first (their oldest borrowings), the rest is
 * a new lend due on `dueDate` (the date itself when none). You got: the mirror image.
 */
export const KhataEntryFields = z
  .object({
    type: z.enum(['gave', 'got']),
    amount: rupeesInput,
    date: calendarDate,
    dueDate: calendarDate.optional(),
    note: optionalText(200).default(''),
    /** A new lend's reminders on its due date and weekly after, by e-mail and in the bell. */
    autoRemind: z.boolean().default(false),
  })
  .refine((e) => !e.dueDate || e.dueDate >= e.date, {
    message: 'must be on or after the date',
    path: ['dueDate'],
  })
  // Without a due date a lend is due on its own date: reminders would go out at once.
  .refine((e) => !e.autoRemind || !!e.dueDate, {
    message: 'is needed for reminders on schedule',
    path: ['dueDate'],
  });
export const KhataEntryAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({
    /** Rupees repaid on existing entries, and the new entry made of the rest (if any). */
    repaid: z.number(),
    newLoanId: z.string().nullable(),
    net: z.number(),
  }),
});
export const KhataSettleFields = z.object({ date: calendarDate });

export const KhataReminderFields = z.object({ channel: z.enum(['whatsapp', 'sms']) });

export const KhataLinkList = InvoiceLinkList;
export const KhataLinkAnswer = savedAnswer(
  InvoiceLinkData.extend({ url: z.string(), pdfUrl: z.string() }),
);

/** What a shared statement shows: the two names and their ledger, nothing else. */
export const PublicStatement = z.object({
  /** The user's name, as the lender or borrower. */
  from: z.string(),
  /** The person's name as the user keeps it. */
  to: z.string(),
  net: z.number(),
  /** The latest entries (at most 500), in date order; the PDF has every one. */
  events: z.array(KhataEvent.omit({ _id: true, loanId: true, channel: true })),
  totalEvents: z.number(),
  expiresAt: z.string(),
});
export const PublicStatementAnswer = z.object({ success: z.boolean(), data: PublicStatement });

/** The UPI ID reminders ask to be paid to (empty: none). */
export const upiIdInput = z
  .string({ error: 'must be text' })
  .trim()
  .max(300, 'is too long')
  .transform((typed, ctx) => {
    const vpa = normalizeVpa(typed);
    if (vpa !== '' && !isValidVpa(vpa)) {
      ctx.addIssue({ code: 'custom', message: 'must be a UPI ID such as name@okhdfcbank' });
      return z.NEVER;
    }
    return vpa;
  })
  .meta({ pattern: '^\\s*([A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63})?\\s*$' });
export const UpiSettings = z.object({ upiId: z.string().nullable(), name: z.string() });
export const UpiSettingsAnswer = z.object({ success: z.boolean(), data: UpiSettings });
export const UpiSettingsFields = z.object({ upiId: upiIdInput });
export const UpiSettingsSaved = UpiSettingsAnswer.extend({ message: z.string() });

export const khataEndpoints = {
  addKhataPerson: {
    method: 'POST',
    path: '/khata/people',
    body: KhataPersonFields,
    status: 201,
    answer: KhataPersonAnswer,
  },
  getKhataLedger: {
    method: 'GET',
    path: '/khata/people/:id',
    params: KhataPersonParams,
    answer: KhataLedgerAnswer,
  },
  updateKhataPerson: {
    method: 'PUT',
    path: '/khata/people/:id',
    params: KhataPersonParams,
    body: KhataPersonUpdate,
    answer: KhataPersonAnswer,
  },
  addKhataEntry: {
    method: 'POST',
    path: '/khata/people/:id/entries',
    params: KhataPersonParams,
    body: KhataEntryFields,
    status: 201,
    answer: KhataEntryAnswer,
  },
  settleKhataPerson: {
    method: 'POST',
    path: '/khata/people/:id/settle',
    params: KhataPersonParams,
    body: KhataSettleFields,
    answer: KhataEntryAnswer,
  },
  recordKhataReminder: {
    method: 'POST',
    path: '/khata/people/:id/reminders',
    params: KhataPersonParams,
    body: KhataReminderFields,
    status: 201,
    answer: Message,
  },
  ...shareLinkEndpoints('Khata', '/khata/people/:id', KhataPersonParams, KhataLinkAnswer),
  getUpiSettings: {
    method: 'GET',
    path: '/user/upi',
    answer: UpiSettingsAnswer,
  },
  saveUpiSettings: {
    method: 'PUT',
    path: '/user/upi',
    body: UpiSettingsFields,
    answer: UpiSettingsSaved,
  },
  publicKhataStatement: {
    method: 'GET',
    path: '/public/khata/:token',
    params: PublicInvoiceParams,
    answer: PublicStatementAnswer,
  },
  publicKhataStatementPdf: pdfGet('/public/khata/:token/pdf', { params: PublicInvoiceParams }),
} as const satisfies Record<string, Endpoint>;
