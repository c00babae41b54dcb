import { indianMobile } from './gst';

/**
 * The one rule of an Indian mobile number, for the SPA and the server alike: 10 digits
 * starting 6-9, typed with or without +91, 91 or 0 in front, spaces or dashes anywhere; kept
 * in one form, '+91' and the 10 digits (indianMobile, shared with invoicing's clients).
 */
export { indianMobile };

/** What a form and a refusal say of a number that is not one. */
export const INDIAN_MOBILE_MESSAGE =
  'must be an Indian mobile number: 10 digits starting with 6, 7, 8 or 9';

/** The digits wa.me and an SMS link are addressed to: '+919876543210' -> '919876543210'. */
export const mobileDigits = (stored: string): string => stored.replace(/\D/g, '');

/** '+919876543210' -> '+91 98765 43210', as people read it. */
export function mobileText(stored: string): string {
  const ten = stored.slice(-10);
  return `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`;
}
