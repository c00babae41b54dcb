import type { ReactNode } from 'react';
import { formatDMY } from '../../lib/dates';
import { Money } from '../../ui/Money';

/**
 * One line of a khata's entries (the ledger's, a shared statement's): what it was, its date
 * and note, the amount (in `tone`: who it went to) and the balance after it, when it moved it.
 */
export function EntryLine({
  what,
  date,
  note,
  amount,
  tone = 'text-gray-900',
  balance,
}: {
  what: ReactNode;
  date: string;
  note?: string;
  amount: number;
  tone?: string;
  balance?: number;
}) {
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-gray-900">{what}</p>
        <p className="break-words text-xs text-gray-600">
          {formatDMY(date)}
          {note ? ` · ${note}` : ''}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={`text-sm font-semibold ${tone}`}>
          <Money value={amount} />
        </p>
        {balance !== undefined && (
          <p className="text-xs text-gray-600">
            Balance <Money value={balance} />
          </p>
        )}
      </div>
    </li>
  );
}
