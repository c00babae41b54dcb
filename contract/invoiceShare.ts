import { paiseToRupeesText } from './rules';

/**
 * The words an invoice is shared with: the e-mail's body and the WhatsApp message the SPA
 * opens (wa.me, from the user's own phone), from one function so that both say the same.
 */

export interface InvoiceShare {
  /** The seller's name as on the invoice. */
  companyName: string;
  clientName: string;
  number: string;
  /** What is still to be paid, in paise. */
  pendingPaise: number;
  dueDate: string | null;
  /** The share link to the PDF. */
  url: string;
}

const indian = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** ₹1,23,456.50 from paise, exactly. */
const rupeesText = (paise: number) => `₹${indian.format(paiseToRupeesText(paise) as `${number}`)}`;
/** 2026-12-15 -> 15/12/2026. */
const dmy = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** "Dear Client, invoice INV/2026-27/0001 from Acme for ₹1,180.00 is due on 15/12/2026…" */
export function invoiceShareText(share: InvoiceShare): string {
  const due = share.dueDate ? ` is due on ${dmy(share.dueDate)}` : ' is due';
  return [
    `Dear ${share.clientName},`,
    `Invoice ${share.number} from ${share.companyName} for ${rupeesText(share.pendingPaise)}${due}.`,
    `View and download it here: ${share.url}`,
    'Thank you.',
  ].join('\n');
}

/**
 * https://wa.me/<digits>?text=… to the client's mobile (stored as +91 and 10 digits), or
 * without a number when the client has none (WhatsApp then asks whom to send it to).
 */
export function whatsappShareLink(mobile: string | null, text: string): string {
  const digits = (mobile ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
