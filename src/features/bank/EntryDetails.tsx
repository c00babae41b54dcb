import type { PaymentMode } from '../../../contract/api/bank';

/** How a mode is written on screens: UPI, NEFT… and Cheque, Cash, Card. */
export const MODE_LABELS: Record<PaymentMode, string> = {
  upi: 'UPI',
  neft: 'NEFT',
  imps: 'IMPS',
  rtgs: 'RTGS',
  cheque: 'Cheque',
  cash: 'Cash',
  card: 'Card',
};

/** What an entry may say it was. */
export interface EntryDetailsOf {
  mode: PaymentMode | null;
  reference: string | null;
  party: { name: string } | null;
  project: { name: string } | null;
  category: string | null;
}

/** What an entry says it was, under its remark: mode and reference, party, project, category. */
export function EntryDetails({ entry }: { entry: EntryDetailsOf }) {
  const how = [entry.mode && MODE_LABELS[entry.mode], entry.reference].filter(Boolean).join(' ');
  const parts = [
    how,
    entry.party && `Party: ${entry.party.name}`,
    entry.project && `Project: ${entry.project.name}`,
    entry.category && `Category: ${entry.category}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="block text-xs text-gray-600">{parts.join(' · ')}</span>;
}
