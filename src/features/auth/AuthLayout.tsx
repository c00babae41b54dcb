import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '../../lib/brand';
import { CheckIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';

const CHECKLIST = [
  'Track every expense by date and category',
  'Keep money lent and borrowed in one place',
  'Run projects, people and bank accounts',
  'Totals that are right straight after every edit',
];

/** Login and Register: a branded panel with a checklist beside the form card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gray-100 md:flex-row">
      <aside className="bg-indigo-800 px-8 py-10 text-white md:flex md:w-5/12 md:flex-col md:justify-center md:px-12">
        <p className="text-sm font-semibold uppercase tracking-wider text-indigo-100">{BRAND}</p>
        <p className="mt-3 text-2xl font-bold md:text-3xl">Manage Your Expenses With Confidence</p>
        <ul className="mt-6 hidden space-y-3 md:block">
          {CHECKLIST.map((item) => (
            <li key={item} className="flex items-start gap-3 text-indigo-50">
              <span className="mt-0.5 rounded-full bg-indigo-600 p-1">
                <CheckIcon className="h-4 w-4" />
              </span>
              {item}
            </li>
          ))}
        </ul>
      </aside>
      {/* On a phone the card follows the branded panel closely; centred beside it on wide screens. */}
      <main className="flex flex-1 items-start justify-center px-4 py-6 md:items-center md:py-10">
        <div className={`${styles.card} w-full max-w-md p-6 sm:p-8`}>
          <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
          <div className="mt-6">{children}</div>
          <p className="mt-6 text-center text-sm">
            <Link to="/" className={styles.link}>
              Home
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}

/** An auth form's full-width submit button: 'Loading...' while it is sent. */
export function AuthSubmit({
  label,
  busy,
  disabled = false,
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <button type="submit" disabled={busy || disabled} className={`${styles.btnPrimary} w-full`}>
      {busy ? 'Loading...' : label}
    </button>
  );
}

/** The line under an auth form that leads to another of them ("New User? Register Now"). */
export function AuthLink({ ask, to, label }: { ask?: string; to: string; label: string }) {
  return (
    <p className="mt-4 text-center text-sm text-gray-700">
      {ask && `${ask} `}
      <Link to={to} className={styles.link}>
        {label}
      </Link>
    </p>
  );
}
