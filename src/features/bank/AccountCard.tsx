import type { ReactNode } from 'react';
import { Money } from '../../ui/Money';
import type { Account } from './bankApi';

/** The chosen account: Balance, Account No, Holder Name, Branch, IFSC, Mobile, Address. */
export function AccountCard({
  account,
  balanceLabel = 'Balance',
  balance = account.balance,
}: {
  account: Account;
  balanceLabel?: string;
  balance?: number;
}) {
  const items: Array<[string, ReactNode]> = [
    [balanceLabel, <Money key="b" value={balance} className="font-semibold" />],
    ['Account No', account.account_no],
    ['Holder Name', account.holder_name],
    ['Branch', account.branch],
    ['IFSC', account.ifsc],
    ['Mobile', account.mobile],
    ['Address', account.address],
  ];
  return (
    <div role="group" aria-label="Account details">
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm sm:grid-cols-2">
        {items.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="w-28 shrink-0 font-medium text-gray-700">{label}</dt>
            <dd className="break-words text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
