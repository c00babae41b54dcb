import { useState } from 'react';
import { isLastFour, lastFourOf } from '../../contract/accountNumber';

export { lastFourOf };

/** The last four digits as a screen reader says them ("ending 9012"), the dots hidden. */
function LastFour({ value }: { value: string }) {
  return (
    <>
      <span aria-hidden="true">{lastFourOf(value)}</span>
      <span className="sr-only">ending {value.slice(-4)}</span>
    </>
  );
}

/**
 * A bank account's number as a screen shows it: its last four digits, with Show beside them to
 * read it whole (and Hide to put it away again), each account on its own. Only the company
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
  if (isLastFour(value))
    return (
      <span className="tabular-nums">
        <LastFour value={value} />
      </span>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      {/* Polite: the whole number is read out when Show brings it. The button says what it
          will do (Show, Hide) rather than being a pressed toggle: one change to announce. */}
      <span className="tabular-nums" aria-live="polite">
        {shown ? value : <LastFour value={value} />}
      </span>
      <button
        type="button"
        onClick={() => setShown((s) => !s)}
        className="inline-flex min-h-6 min-w-6 items-center justify-center rounded px-1 text-xs font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 print:hidden"
      >
        {shown ? 'Hide' : 'Show'} <span className="sr-only">the account number of {of}</span>
      </button>
    </span>
  );
}
