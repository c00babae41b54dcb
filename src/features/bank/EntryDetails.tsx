import type { PaymentMode } from '../../../contract/api/bank';
import { MODE_LABELS } from '../../ui/paymentModes';

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
