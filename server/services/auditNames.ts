import { sql } from 'drizzle-orm';
import { lastFourOf } from '../../contract/accountNumber';
import type { AuditRelation } from '../../contract/api/audit';
import { rowsOf, type DbOrTx } from '../db/client';
import { formatPaise } from '../lib/format';

type Row = Record<string, unknown>;

/**
 * Columns the database keeps for itself, never typed by anyone: running totals moved by
 * other records (an account's balance by its payments, a loan's repaid sum by its
 * repayments), the order payments were recorded in, versions and update times. The trail
 * leaves them out of what it shows, and an update that changed nothing else is no entry.
 */
export const BOOKKEEPING_COLUMNS = [
  'balance_paise',
  'repaid_paise',
  'seq',
  'version',
  'updated_at',
] as const;
/** Links between records, told as related records instead of ids. */
const LINK_COLUMNS = ['reverses_id', 'transfer_id'];
const HIDDEN: ReadonlySet<string> = new Set([...BOOKKEEPING_COLUMNS, ...LINK_COLUMNS]);

/** The row as the trail shows it: without bookkeeping or link columns. */
export function shownRow(row: Row | null): Row | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !HIDDEN.has(column)));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const paise = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? formatPaise(value) : '';

/**
 * An account as the bank screens name it: its bank (when the account has one), its holder
 * and the last four digits of its number, so that two accounts of one holder differ.
 */
export function accountName(row: Row): string {
  const number = text(row.account_no);
  const holder = [text(row.holder_name), number && lastFourOf(number)].filter(Boolean).join(' ');
  return [text(row.bank_name), holder].filter(Boolean).join(', ') || 'A bank account';
}

/** A payment in words: "Debit of ₹40.50: rent" (a reversal or a transfer says so). */
function paymentName(row: Row): string {
  const what = row.type === 'debit' ? 'Debit' : 'Credit';
  const of = row.reverses_id ? ' reversal' : row.transfer_id ? ' transfer' : '';
  const remark = text(row.remark);
  return `${what}${of} of ${paise(row.amount_paise)}${remark ? `: ${remark}` : ''}`;
}

/** A record as its own screen names it, from the row the entry holds. */
export function recordName(kind: string, row: Row): string {
  switch (kind) {
    case 'bank_accounts':
      return accountName(row);
    case 'payments':
      return paymentName(row);
    case 'repayments':
      return `Repayment of ${paise(row.amount_paise)}`;
    case 'projects':
      return text(row.project_name) || 'A project';
    case 'expenses':
      return text(row.description) || `Expense of ${paise(row.amount_paise)}`;
    default:
      return text(row.name) || text(row.email) || 'A record';
  }
}

export interface Related {
  relation: AuditRelation;
  kind: string;
  recordId: string;
  name: string;
}

/**
 * The records each entry's record is tied to, named: a payment's account, the payment a
 * reversal reverses (or the reversal of a reversed one), a transfer's other leg, a
 * repayment's loan. Read for one page at a time, by key, whatever the trail's length.
 */
export async function relatedRecords(
  db: DbOrTx,
  rows: { recordId: string; kind: string; row: Row }[],
): Promise<Map<string, Related[]>> {
  const ids = (kind: string, column: string) => [
    ...new Set(
      rows
        .filter((r) => r.kind === kind && typeof r.row[column] === 'string')
        .map((r) => r.row[column] as string),
    ),
  ];
  const paymentIds = [...new Set(rows.filter((r) => r.kind === 'payments').map((r) => r.recordId))];
  const accountIds = ids('payments', 'account_id');
  const reversed = ids('payments', 'reverses_id');
  const transfers = ids('payments', 'transfer_id');
  const loanIds = ids('repayments', 'loan_id');
  // Whole rows as JSON: a column added later (an account's bank) names them without a change here.
  const read = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ row: Row }>(await db.execute(query)).map((r) => r.row);
  const idList = (list: string[]) =>
    sql.join(
      list.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  const [accounts, payments, loans] = await Promise.all([
    accountIds.length
      ? read(
          sql`select to_jsonb(a) as row from bank_accounts a where a.id in (${idList(accountIds)})`,
        )
      : [],
    paymentIds.length || reversed.length
      ? read(sql`select to_jsonb(p) as row from payments p where false
          ${reversed.length ? sql`or p.id in (${idList(reversed)})` : sql``}
          ${paymentIds.length ? sql`or p.reverses_id in (${idList(paymentIds)})` : sql``}
          ${transfers.length ? sql`or p.transfer_id in (${idList(transfers)})` : sql``}`)
      : [],
    loanIds.length
      ? read(sql`select jsonb_build_object('id', l.id, 'name', l.name) as row from loans l
          where l.id in (${idList(loanIds)})`)
      : [],
  ]);
  const byId = (list: Row[]) => new Map(list.map((r) => [String(r.id), r]));
  const accountOf = byId(accounts);
  const paymentOf = byId(payments);
  const loanOf = byId(loans);
  const out = new Map<string, Related[]>();
  for (const { recordId, kind, row } of rows) {
    const related: Related[] = [];
    const link = (relation: AuditRelation, linkKind: string, target: Row | undefined) => {
      if (target)
        related.push({
          relation,
          kind: linkKind,
          recordId: String(target.id),
          name: recordName(linkKind, target),
        });
    };
    if (kind === 'payments') {
      const account = accountOf.get(String(row.account_id));
      if (account) link('account', 'bank_accounts', account);
      else
        related.push({
          relation: 'account',
          kind: 'bank_accounts',
          recordId: String(row.account_id),
          name: 'A deleted account',
        });
      if (typeof row.reverses_id === 'string')
        link('reverses', 'payments', paymentOf.get(row.reverses_id));
      for (const p of payments) {
        if (p.reverses_id === recordId) link('reversedBy', 'payments', p);
        if (row.transfer_id && p.transfer_id === row.transfer_id && p.id !== recordId)
          link('otherLeg', 'payments', p);
      }
    }
    if (kind === 'repayments') link('loan', 'loans', loanOf.get(String(row.loan_id)));
    out.set(recordId, related);
  }
  return out;
}
