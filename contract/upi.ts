import { paiseToRupeesText } from './rules';

/**
 * UPI: the payee's virtual payment address (VPA) and the payment link for an exact amount,
 * as NPCI's UPI deep-link (and QR) format writes it.
 */

/**
 * A VPA: a handle of 2 to 256 letters, digits, dots, dashes or underscores, '@', and the
 * provider's name (letters and digits): 'acme.traders@okhdfcbank', '9876543210@ybl'.
 */
export const VPA_PATTERN = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;

/** VPAs are case-insensitive: stored in lower case, without spaces around. */
export const normalizeVpa = (typed: string): string => typed.trim().toLowerCase();

export const isValidVpa = (vpa: string): boolean => VPA_PATTERN.test(vpa);

export interface UpiPayment {
  vpa: string;
  payeeName: string;
  amountPaise: number;
  /** The transaction note: the invoice number. */
  note: string;
}

/** encodeURIComponent, with '@' kept (allowed in a query; some UPI apps want it so). */
const encode = (value: string): string => encodeURIComponent(value).replace(/%40/g, '@');

/**
 * upi://pay?pa=…&pn=…&am=1234.50&tn=…&cu=INR for exactly the amount: every value is
 * percent-encoded (spaces as %20, '&' as %26), the amount in rupees with 2 decimals.
 */
export function upiPaymentLink(payment: UpiPayment): string {
  if (!isValidVpa(payment.vpa)) throw new RangeError(`not a UPI ID: ${payment.vpa}`);
  if (!Number.isSafeInteger(payment.amountPaise) || payment.amountPaise <= 0) {
    throw new RangeError('the amount must be a positive whole number of paise');
  }
  const params: [string, string][] = [
    ['pa', payment.vpa],
    ['pn', payment.payeeName.trim()],
    ['am', paiseToRupeesText(payment.amountPaise)],
    ['tn', payment.note],
    ['cu', 'INR'],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`;
}
