import { Money } from '../../ui/Money';
import type { CardHeading } from '../../ui/CardTable';

const COLUMNS = [
  ['debit', 'Money out'],
  ['credit', 'Money in'],
] as const;

/** The headings of the two amount columns, money out (a debit) before money in. */
export const MONEY_HEADINGS: CardHeading[] = COLUMNS.map(([, label]) => ({
  label,
  align: 'right',
}));

/**
 * A row's money out and money in cells (a statement line's, a books' entry's): the amount
 * under the one its direction names, kept in view on a card. `cell` is the cells' padding.
 */
export function MoneyCells({
  row,
  cell,
}: {
  row: { paymentType: 'debit' | 'credit'; amount: number };
  cell: string;
}) {
  return (
    <>
      {COLUMNS.map(([type, label]) => (
        <td
          key={type}
          role="cell"
          data-label={label}
          data-card="money"
          className={`${cell} text-right`}
        >
          {row.paymentType === type && <Money value={row.amount} />}
        </td>
      ))}
    </>
  );
}
