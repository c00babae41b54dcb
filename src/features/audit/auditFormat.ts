import {
  AUDITED_TABLES,
  LOAN_DIRECTIONS,
  type AuditAction,
  type AuditedTable,
  type LoanDirection,
  type Role,
} from '../../../contract/enums';
import { formatEnum, roleLabel } from '../../lib/labels';
import { formatRupees } from '../../lib/money';
import { formatDetailValue } from '../../ui/DetailsModal';
import type { AuditEntry, AuditRow } from './auditApi';

/** What a kind reads as in the filter and in the table. */
export const KIND_LABELS: Record<AuditedTable, string> = {
  users: 'People',
  expenses: 'Expenses',
  loans: 'Lend/Borrowed',
  repayments: 'Repayments',
  projects: 'Projects',
  bank_accounts: 'Bank accounts',
  payments: 'Payments',
};

export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
};

/**
 * Columns that mean nothing to a reader (ids, links, bookkeeping). Not about secrets: the
 * server never sends a secret column (server/db/secrets.ts).
 */
export const HIDDEN_AUDIT_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'user_id',
  'company_id',
  'created_by',
  'project_manager_id',
  'account_id',
  'loan_id',
  'updated_at',
  'version',
]);

const MONEY_SUFFIX = '_paise';
/** Stored enums, shown as the lists show them: 'other' → 'Other', 'credit' → 'Credit'. */
const ENUM_COLUMNS: ReadonlySet<string> = new Set(['category', 'direction', 'type', 'status']);

/** DD/MM/YYYY HH:mm in the user's local time; '' for an unusable value. */

/** 'price_paise' → 'price', 'project_name' → 'project name'. */
export function fieldLabel(column: string): string {
  return column.replace(/_paise$/, '').replace(/_/g, ' ');
}

/** A stored value as text: money columns in rupees, dates as DD/MM/YYYY, nothing as '—'. */
export function formatAuditValue(column: string, value: unknown): string {
  if (column.endsWith(MONEY_SUFFIX) && typeof value === 'number') return formatRupees(value / 100);
  if (column === 'role' && typeof value === 'string') return roleLabel(value as Role);
  if (ENUM_COLUMNS.has(column)) return formatEnum(value);
  return formatDetailValue(value);
}

const DIRECTION_LABELS: Record<LoanDirection, string> = { lend: 'Lend', borrowed: 'Borrowed' };
const isDirection = (value: unknown): value is LoanDirection =>
  (LOAN_DIRECTIONS as readonly unknown[]).includes(value);

/** The server sends the kind as text: one of AUDITED_TABLES, unless a newer table is audited. */
const isAuditedTable = (kind: string): kind is AuditedTable =>
  (AUDITED_TABLES as readonly string[]).includes(kind);

/** "What": the kind, or Lend / Borrowed when the loan row says which. */
export function kindLabel(entry: Pick<AuditEntry, 'kind' | 'before' | 'after'>): string {
  if (entry.kind === 'loans') {
    const direction = (entry.after ?? entry.before)?.direction;
    if (isDirection(direction)) return DIRECTION_LABELS[direction];
  }
  return isAuditedTable(entry.kind) ? KIND_LABELS[entry.kind] : entry.kind;
}

const NAME_COLUMNS: readonly string[] = [
  'name',
  'project_name',
  'holder_name',
  'description',
  'remark',
];
const isNameColumn = (column: string) => NAME_COLUMNS.includes(column);

/** "Record": the row's name, description… or its amount; its short id as a last resort. */
export function describeRecord(entry: Pick<AuditEntry, 'recordId' | 'before' | 'after'>): string {
  const row = entry.after ?? entry.before ?? {};
  for (const column of NAME_COLUMNS) {
    const value = row[column];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  if (typeof row.amount_paise === 'number') return formatRupees(row.amount_paise / 100);
  return `#${entry.recordId.slice(0, 8)}`;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** An update's visible changes: each column whose value differs, formatted. */
export function changedFields(before: AuditRow | null, after: AuditRow | null): FieldChange[] {
  const b = before ?? {};
  const a = after ?? {};
  const columns = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return columns
    .filter((c) => !HIDDEN_AUDIT_COLUMNS.has(c) && !same(b[c], a[c]))
    .map((c) => ({
      field: fieldLabel(c),
      before: formatAuditValue(c, b[c]),
      after: formatAuditValue(c, a[c]),
    }));
}

/** A created or deleted row for Data Details: visible columns, money already in rupees. */
export function detailsRecord(row: AuditRow | null): Record<string, string> {
  const out: Record<string, string> = {};
  // What names the record first, then the rest as stored.
  const entries = Object.entries(row ?? {}).sort(
    ([a], [b]) => Number(!isNameColumn(a)) - Number(!isNameColumn(b)),
  );
  for (const [column, value] of entries) {
    if (HIDDEN_AUDIT_COLUMNS.has(column)) continue;
    out[column.replace(/_paise$/, '')] = formatAuditValue(column, value);
  }
  return out;
}
