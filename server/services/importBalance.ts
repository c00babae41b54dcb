import type { CellProblem } from '../../contract/api/imports';
import { formatPaise } from '../lib/format';
import type { SheetRow } from './importFile';
import type { PaymentEntry, RowReading } from './importRows';

/**
 * A bank download's balance column, checked row by row: each row's balance must be the row
 * above's plus or less its amount (oldest first), or the row above's must be this one's plus
 * or less the row above's amount (newest first). A row where neither holds has a row missing
 * above it, or is wrong itself: it is marked on its balance cell, so a preview shows it and
 * the import is refused until the file is put right (or the column unmapped).
 */
export class BalanceChain {
  private previous: PaymentEntry | undefined;

  constructor(private readonly column: number | undefined) {}

  /** The reading of `row`, with the break marked when its balance does not follow. */
  check(row: SheetRow, reading: RowReading): RowReading {
    if (!this.column || !('entry' in reading)) return reading;
    const entry = reading.entry as PaymentEntry;
    if (entry.balancePaise === undefined) return reading;
    const before = this.previous;
    this.previous = entry;
    if (before?.balancePaise === undefined) return reading;
    const signed = (e: PaymentEntry) => (e.type === 'credit' ? e.amountPaise : -e.amountPaise);
    if (
      before.balancePaise + signed(entry) === entry.balancePaise ||
      entry.balancePaise + signed(before) === before.balancePaise
    )
      return reading;
    const problem: CellProblem = {
      row: row.row,
      column: this.column,
      message: `The balance ${formatPaise(entry.balancePaise)} does not follow from the row above (${formatPaise(before.balancePaise)} ${entry.type === 'credit' ? 'plus' : 'less'} ${formatPaise(entry.amountPaise)} is ${formatPaise(before.balancePaise + signed(entry))}): a row is missing above it, or this one is wrong`,
    };
    return { problems: [problem] };
  }
}
