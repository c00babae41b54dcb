import type { ReactNode } from 'react';
import { formatDMY, isDateLike } from '../lib/dates';
import { Modal } from './Modal';

/** Fields never shown in Data Details (spec). */
export const HIDDEN_DETAIL_FIELDS: ReadonlySet<string> = new Set([
  '_id',
  'user',
  'Admin',
  'Pm',
  'Company',
  'CreatedById',
  'CompanyId',
  'password',
  'createdAt',
  '__v',
]);

/** 'issueDate' → 'Issue Date', 'holder_name' → 'Holder Name'. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

export function formatDetailValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((v) => formatDetailValue(v)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isDateLike(value)) return formatDMY(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface DetailsModalProps {
  /** The record to show; null keeps the modal closed. */
  record: object | null;
  onClose: () => void;
  title?: string;
  /** Label overrides by field name (default: the humanized key). */
  labels?: Readonly<Record<string, string>>;
  /** Value renderers by field name, e.g. `{ amount: (v) => <Money value={v as number} /> }`. */
  render?: Readonly<Record<string, (value: unknown) => ReactNode>>;
}

/** "Data Details": every visible field of a record as label and value. */
export function DetailsModal({
  record,
  onClose,
  title = 'Data Details',
  labels = {},
  render = {},
}: DetailsModalProps) {
  const entries = record
    ? Object.entries(record).filter(([key]) => !HIDDEN_DETAIL_FIELDS.has(key))
    : [];
  return (
    <Modal open={record !== null} title={title} onClose={onClose}>
      <dl className="divide-y divide-gray-100">
        {entries.map(([key, value]) => (
          <div key={key} className="grid grid-cols-3 gap-3 py-2 text-sm">
            <dt className="font-medium text-gray-700">{labels[key] ?? humanizeKey(key)}</dt>
            <dd className="col-span-2 break-words text-gray-900">
              {render[key] ? render[key](value) : formatDetailValue(value)}
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
