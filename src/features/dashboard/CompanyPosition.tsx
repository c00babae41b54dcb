import { Link } from 'react-router-dom';
import { Money } from '../../ui/Money';
import { lastFourOf } from '../../../contract/accountNumber';
import { styles } from '../../ui/styles';
import type { DashboardData } from './dashboardApi';

type Position = NonNullable<DashboardData['position']>;

function Figure({ label, value, note }: { label: string; value: number; note: string }) {
  return (
    <div className="rounded-md border border-gray-200 p-4">
      <p className="text-sm font-medium text-gray-700">{label}</p>
      <p className="mt-1 break-words text-xl font-bold text-gray-900">
        <Money value={value} />
      </p>
      <p className="mt-1 text-xs text-gray-700">{note}</p>
    </div>
  );
}

type FigureKey = 'cash' | 'receivable' | 'overdue' | 'invoicedThisMonth' | 'receivedThisMonth';

/** The position's figures, in order: each one's field, label and what it counts. */
const FIGURES: ReadonlyArray<[FigureKey, string, string]> = [
  ['cash', 'Cash', 'Balance of every bank account, closed ones too'],
  [
    'receivable',
    'Receivable',
    'Still owed on issued invoices, after receipts, TDS and credit notes',
  ],
  ['overdue', 'Overdue', 'The part of it past its due date'],
  ['invoicedThisMonth', 'Invoiced this month', 'Invoices issued this month, tax included'],
  ['receivedThisMonth', 'Received this month', 'Receipts dated this month, reversed ones left out'],
];

/**
 * The company's position: cash in each bank account (a company's own; an admin reads them
 * company by company on the Bank screens), what clients owe and how much of it is
 * overdue, this month's invoicing and receipts, (the invoices issued last are under Recent Invoices). Each figure
 * says what it counts.
 */
export function CompanyPosition({ position: p }: { position: Position }) {
  return (
    <section className={`${styles.card} mb-4 p-5`} aria-labelledby="position-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="position-title" className="text-lg font-semibold text-gray-900">
          Company position
        </h3>
        <Link to="/app/receivables" className={`${styles.link} text-sm`}>
          Receivables
        </Link>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {FIGURES.map(([key, label, note]) => {
          const value = p[key];
          // No cash where the accounts are not shown (cash is null).
          return value !== null && <Figure key={key} label={label} value={value} note={note} />;
        })}
      </div>
      <div className="mt-4">
        {p.cash !== null && (
          <div>
            <h4 className="text-sm font-semibold text-gray-900">Cash per account</h4>
            <ul className="mt-2 divide-y divide-gray-100 text-sm">
              {p.accounts.length === 0 && <li className="py-2 text-gray-700">No bank accounts.</li>}
              {p.accounts.map((a) => (
                <li key={a._id} className="flex justify-between gap-3 py-2">
                  <span className="min-w-0 break-words">
                    {a.holder_name} — {lastFourOf(a.account_no)}
                    {a.closed && <span className="text-gray-700"> (closed)</span>}
                  </span>
                  <Money value={a.balance} className="font-semibold" />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
