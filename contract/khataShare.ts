import { whatsappShareLink } from './invoiceShare';
import { paiseToRupeesText } from './rules';
import { upiPaymentLink } from './upi';

/**
 * The words of a khata reminder, for WhatsApp, SMS and the sheet that shows them before they
 * go: the amount due, the due date, the lender's name and, when the lender has a UPI ID, a
 * UPI payment link for exactly that amount. One function, so that every channel says the same.
 */

export interface KhataReminder {
  /** The lender: the user's name. */
  from: string;
  /** The person reminded. */
  to: string;
  /** What they owe on balance (their open lends less what the lender owes them), in paise. */
  amountPaise: number;
  /** The due date of their oldest open lend (YYYY-MM-DD). */
  dueDate: string;
  /** The lender's UPI ID, or null. */
  upiId: string | null;
}

const indian = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** ₹1,23,456.50 from paise, exactly. */
export const rupeesText = (paise: number) =>
  `₹${indian.format(paiseToRupeesText(paise) as `${number}`)}`;
const dmy = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** The UPI link a reminder carries: to the lender, for exactly the amount due. */
export const reminderUpiLink = (r: KhataReminder): string | null =>
  r.upiId
    ? upiPaymentLink({
        vpa: r.upiId,
        payeeName: r.from,
        amountPaise: r.amountPaise,
        note: `Repayment to ${r.from}`,
      })
    : null;

/** "Hello Ramesh, a reminder from Asha: ₹1,500.00 is due (due date 15/11/2026)…" */
export function khataReminderText(r: KhataReminder): string {
  const upi = reminderUpiLink(r);
  return [
    `Hello ${r.to},`,
    `A reminder from ${r.from}: ${rupeesText(r.amountPaise)} is due to me (due date ${dmy(r.dueDate)}).`,
    ...(upi ? [`Pay by UPI: ${upi}`] : []),
    'Thank you.',
  ].join('\n');
}

/** https://wa.me/<digits>?text=… to the person's mobile (+91 and 10 digits). */
export const whatsappReminderLink = (mobile: string, text: string) =>
  whatsappShareLink(mobile, text);

/** sms:+91…?body=… to the person's mobile, opened by the phone's messages app. */
export const smsReminderLink = (mobile: string, text: string) =>
  `sms:${mobile}?body=${encodeURIComponent(text)}`;

/** What each entry of a shared statement was, in the words of the one who shared it. */
export const STATEMENT_ENTRY_WORDS = {
  lend: 'Lent',
  borrowed: 'Borrowed',
  repayment_lend: 'Repayment received',
  repayment_borrowed: 'Repayment made',
  settlement_lend: 'Settled up (received)',
  settlement_borrowed: 'Settled up (paid)',
  reminder: 'Reminder',
} as const;
