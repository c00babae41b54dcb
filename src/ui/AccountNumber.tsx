import { useState } from 'react';

/** The mark of digits left out, as the server writes an account number for an admin. */
const HIDDEN = '••';

/** An account number by its last four digits ("••9012"); one already so stays as it is. */
export const lastFourOf = (accountNo: string) =>
  accountNo.startsWith(HIDDEN) ? accountNo : `${HIDDEN}${accountNo.slice(-4)}`;

/**
 * A bank account's number as a screen shows it: its last four digits, with Show beside them to
 * read it whole (and Hide to put it away again), one account at a time. Only the company
 * receives its own numbers whole; anyone else's screen gets the four digits from the server,
 * and then there is nothing to show.
 */
export function AccountNumber({
  value,
  of,
}: {
  value: string;
  /** Whose, for the button's name. */ of: string;
}) {
  const [shown, setShown] = useState(false);
  const masked = lastFourOf(value);
  if (masked === value) return <span>{value}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <span className="tabular-nums">
        {shown ? (
          value
        ) : (
          <>
            <span aria-hidden="true">{masked}</span>
            <span className="sr-only">ending {value.slice(-4)}</span>
          </>
        )}
      </span>
      <button
        type="button"
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
        className="inline-flex min-h-6 min-w-6 items-center justify-center rounded px-1 text-xs font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 print:hidden"
      >
        {shown ? 'Hide' : 'Show'} <span className="sr-only">the account number of {of}</span>
      </button>
    </span>
  );
}
