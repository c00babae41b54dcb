import type { Reconciliation } from '../../api/reconciliationApi';
import { Money } from '../../ui/Money';

/**
 * The statement's balances beside the books', and how far apart they are: the closing
 * difference is what is left to explain, shown until it is zero. Opening and closing are the
 * columns, so that the table is two figures wide and fits a phone.
 */
export function Balances({ balances: b }: { balances: Reconciliation['balances'] }) {
  const reconciled = b.openingDifference === 0 && b.closingDifference === 0;
  const cell = 'whitespace-nowrap px-3 py-2 text-right';
  const heading = 'px-3 py-2 text-right font-medium';
  const rows = [
    ['Statement', b.statementOpening, b.statementClosing],
    ['Books', b.ledgerOpening, b.ledgerClosing],
  ] as const;
  const difference = (value: number) => (
    <td className={`${cell} font-semibold ${value === 0 ? 'text-green-800' : 'text-red-700'}`}>
      <Money value={value} />
    </td>
  );
  return (
    <div className="space-y-2">
      {/* A figure in thousands of crores still scrolls inside its card, not the page. */}
      <div className="overflow-x-auto">
        <table className="w-full max-w-md text-sm" aria-label="Balances">
          <thead className="text-gray-700">
            <tr>
              <th className="py-2 pr-3 text-left font-medium">
                <span className="sr-only">Balance</span>
              </th>
              <th className={heading}>Opening balance</th>
              <th className={heading}>Closing balance</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, opening, closing]) => (
              <tr key={label} className="border-t border-gray-100">
                <th scope="row" className="py-2 pr-3 text-left font-medium text-gray-800">
                  {label}
                </th>
                <td className={cell}>
                  <Money value={opening} />
                </td>
                <td className={cell}>
                  <Money value={closing} />
                </td>
              </tr>
            ))}
            <tr className="border-t border-gray-100">
              <th scope="row" className="py-2 pr-3 text-left font-medium text-gray-800">
                Difference
              </th>
              {difference(b.openingDifference)}
              {difference(b.closingDifference)}
            </tr>
          </tbody>
        </table>
      </div>
      <p
        role="status"
        className={`text-sm font-semibold ${reconciled ? 'text-green-800' : 'text-red-700'}`}
      >
        {reconciled ? 'Reconciled: the books agree with the statement.' : 'Difference to explain: '}
        {!reconciled && <Money value={b.closingDifference} />}
      </p>
    </div>
  );
}
