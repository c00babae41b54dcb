import type { ImportKind } from '../../../contract/imports';
import { createdTags, type Tag } from '../../api/tags';
import { datePresets } from '../../lib/dates';

interface KindInfo {
  /** In the kind picker. */
  label: string;
  /** What `n` rows of the kind are called: '3 expenses', '1 payment'. */
  count: (n: number) => string;
  /** Where the imported rows are listed. */
  links: (accountId: string, range: DateRange) => { to: string; label: string }[];
  /** The cache tags an import of the kind changes (as a create of one row would). */
  tags: (accountId: string) => Tag[];
}

const counted = (one: string, many: string) => (n: number) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** Lend or Borrowed entries: listed on their screen; a row changes its list and its people. */
const loanKind = (direction: 'lend' | 'borrowed', label: string): KindInfo => ({
  label,
  count: counted(`${direction} entry`, `${direction} entries`),
  links: () => [{ to: `/app/${direction}`, label: `Open the ${label} list` }],
  tags: () => [...createdTags(direction), { type: direction, id: 'PEOPLE' }],
});

/** The first and last dates imported, when any row was. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

/** The account's statement over the dates imported, else this financial year (the report's preset). */
function statementLink(accountId: string, range: DateRange) {
  const year = datePresets().at(-1)!;
  const query = new URLSearchParams({
    accountId,
    from: range.from ?? year.from,
    to: range.to ?? year.to,
  });
  return { to: `/app/report?${query}`, label: 'Open the statement' };
}

export const KINDS: Record<ImportKind, KindInfo> = {
  expenses: {
    label: 'Expenses',
    count: counted('expense', 'expenses'),
    links: () => [{ to: '/app/expenses', label: 'Open the Expenses list' }],
    tags: () => createdTags('expense'),
  },
  lend: loanKind('lend', 'Lend'),
  borrowed: loanKind('borrowed', 'Borrowed'),
  payments: {
    label: 'Bank payments',
    count: counted('payment', 'payments'),
    links: (accountId, range) => [
      statementLink(accountId, range),
      { to: `/app/payment?accountId=${encodeURIComponent(accountId)}`, label: 'Open Payment Mode' },
    ],
    // The account's row: its balance, payments and statements (and the bank list's totals).
    tags: (accountId) => [
      { type: 'bank', id: accountId },
      { type: 'bank', id: 'LIST' },
      'dashboard',
    ],
  },
};

/** Rows in Indian digit grouping: 1,23,456 rows. */
export const rowCount = counted('row', 'rows');
