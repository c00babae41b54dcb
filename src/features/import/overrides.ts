import type { ImportSettings } from '../../../contract/api/imports';
import { columnKey, IMPORT_FIELDS } from '../../../contract/imports';

/** The settings the user chose on this screen; the server fills in the rest. */
export type Overrides = Partial<Omit<ImportSettings, 'kind' | 'accountId'>>;

const COLUMNS = IMPORT_FIELDS.map(columnKey);
const AMOUNT_COLUMNS = (['amount', 'debit', 'credit'] as const).map(columnKey);

/**
 * The user's settings after a change. Choices that the change makes meaningless go, so the
 * server guesses them afresh: another sheet has its own header row and columns, another
 * header row its own columns, another amount style other amount columns.
 */
export function withChange(current: Overrides, change: Overrides): Overrides {
  const next: Overrides = { ...current, ...change };
  const drop = (keys: readonly (keyof Overrides)[]) => {
    for (const key of keys) if (!(key in change)) delete next[key];
  };
  if ('sheet' in change && change.sheet !== current.sheet) drop(['headerRow', ...COLUMNS]);
  if ('headerRow' in change && change.headerRow !== current.headerRow) drop(COLUMNS);
  if ('amountStyle' in change && change.amountStyle !== current.amountStyle) drop(AMOUNT_COLUMNS);
  return next;
}
