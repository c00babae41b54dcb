import type { ReactNode } from 'react';
import { AccountNumber } from '../../ui/AccountNumber';
import { Money } from '../../ui/Money';
import type { Account } from './bankApi';

/** What an overdraft account has drawn: how far its balance is below zero. */
export const drawnOf = (balance: number) => (balance < 0 ? -balance : 0);
/** Rupees added in whole paise, never as floats: 0.1 + 0.2 is 0.3 here. */
export const addRupees = (a: number, b: number) =>
  (Math.round(a * 100) + Math.round(b * 100)) / 100;

/**
 * The chosen account: Balance, then (an overdraft or cash-credit account) its limit, what is
 * drawn and what is available, then Bank, Account No, Holder Name, Branch, IFSC, Mobile,
 * Address.
 */
export function AccountCard({
  account,
  balanceLabel = 'Balance',
  balance = account.balance,
}: {
  account: Account;
  balanceLabel?: string;
  balance?: number;
}) {
  const limit = account.overdraftLimit;
  const items: Array<[string, ReactNode]> = [
    [balanceLabel, <Money key="b" value={balance} className="font-semibold" />],
    ...(limit > 0
      ? ([
          ['Limit', <Money key="l" value={limit} />],
          ['Drawn', <Money key="d" value={drawnOf(balance)} />],
          ['Available', <Money key="a" value={addRupees(balance, limit)} />],
        ] as Array<[string, ReactNode]>)
      : []),
    ...(account.bank_name ? ([['Bank', account.bank_name]] as Array<[string, ReactNode]>) : []),
    ['Account No', <AccountNumber key="n" value={account.account_no} of={account.holder_name} />],
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
