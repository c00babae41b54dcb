import type { Reconciliation } from '../../api/reconciliationApi';
import { Money } from '../../ui/Money';

/**
 * The statement's balances beside the books', and how far apart they are: the closing
 * difference is what is left to explain, shown until it is zero.
 */
export function Balances({ balances: b }: { balances: Reconciliation['balances'] }) {
  const reconciled = b.openingDifference === 0 && b.closingDifference === 0;
  const cell = 'px-3 py-2 text-right';
  return (
    <div className="space-y-2">
      <table className="w-full max-w-xl text-sm" aria-label="Balances">
        <thead className="text-gray-700">
          <tr>
            <th className="py-2 pr-3 text-left font-medium">
              <span className="sr-only">Balance</span>
            </th>
            <th className={`${cell} font-medium`}>Statement</th>
            <th className={`${cell} font-medium`}>Books</th>
            <th className={`${cell} font-medium`}>Difference</th>
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['Opening', b.statementOpening, b.ledgerOpening, b.openingDifference],
              ['Closing', b.statementClosing, b.ledgerClosing, b.closingDifference],
            ] as const
          ).map(([label, statement, books, difference]) => (
            <tr key={label} className="border-t border-gray-100">
              <th scope="row" className="py-2 pr-3 text-left font-medium text-gray-800">
                {label} balance
              </th>
              <td className={cell}>
                <Money value={statement} />
              </td>
              <td className={cell}>
                <Money value={books} />
              </td>
              <td
                className={`${cell} font-semibold ${difference === 0 ? 'text-green-800' : 'text-red-700'}`}
              >
                <Money value={difference} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
