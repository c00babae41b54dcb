import type { PaymentMode } from '../../contract/api/bank';

/**
 * How money moved, as screens write it: UPI, NEFT… and Cheque, Cash, Card (a payment's mode,
 * a receipt's), in the contract's order.
 */
export const MODE_LABELS: Record<PaymentMode, string> = {
  upi: 'UPI',
  neft: 'NEFT',
  imps: 'IMPS',
  rtgs: 'RTGS',
  cheque: 'Cheque',
  cash: 'Cash',
  card: 'Card',
};

/** The modes as a select's options. */
export const MODE_OPTIONS = Object.entries(MODE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** What a payment's reference is called: a cheque's number, or else its UTR or cheque number. */
export const referenceLabel = (mode: string) =>
  mode === 'cheque' ? 'Cheque number' : 'Reference (UTR, cheque number)';
