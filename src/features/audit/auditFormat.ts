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
import type { AuditEntry, AuditRelated, AuditRow } from './auditApi';

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
 * Columns that mean nothing to a reader: ids (the entry names its record and the records it
 * is tied to instead). The server leaves out the database's own bookkeeping (kept totals,
 * sequence numbers, versions) and never sends a secret column (server/db/secrets.ts).
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

/** Whether a column is one a reader never sees: an id (any `*_id`) or bookkeeping. */
const hidden = (column: string) => HIDDEN_AUDIT_COLUMNS.has(column) || column.endsWith('_id');

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
  'bank_name',
  'holder_name',
  'description',
  'remark',
];
const isNameColumn = (column: string) => NAME_COLUMNS.includes(column);

/** How a related record is tied to the entry's: "Account", "Reverses"… */
export const RELATION_LABELS: Record<AuditRelated['relation'], string> = {
  account: 'Account',
  reverses: 'Reverses',
  reversedBy: 'Reversed by',
  otherLeg: 'Other leg of the transfer',
  loan: 'Loan',
};

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
    .filter((c) => !hidden(c) && !same(b[c], a[c]))
    .map((c) => ({
      field: fieldLabel(c),
      before: formatAuditValue(c, b[c]),
      after: formatAuditValue(c, a[c]),
    }));
}

/**
 * A created or deleted record for Data Details: what it was, the records it is tied to (a
 * payment's account…), then its visible columns, money already in rupees.
 */
export function detailsRecord(
  entry: Pick<AuditEntry, 'related' | 'before' | 'after'>,
): Record<string, string> {
  const row = entry.after ?? entry.before;
  const out: Record<string, string> = {};
  for (const r of entry.related) out[RELATION_LABELS[r.relation]] = r.name;
  // What names the record first, then the rest as stored.
  const entries = Object.entries(row ?? {}).sort(
    ([a], [b]) => Number(!isNameColumn(a)) - Number(!isNameColumn(b)),
  );
  for (const [column, value] of entries) {
    if (hidden(column)) continue;
    out[column.replace(/_paise$/, '')] = formatAuditValue(column, value);
  }
  return out;
}
