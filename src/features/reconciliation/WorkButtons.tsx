import { notifyMutation } from '../../api/notify';

/** A piece of work on a reconciliation, as a button: the call, and how the button looks. */
export interface Work {
  label: string;
  /** The button's accessible name, when its label alone does not say which line it is for. */
  name?: string;
  className: string;
  /** Nothing to do it on (no suggestion, nothing selected). */
  idle?: boolean;
  call: () => Promise<{ message: string }>;
}

const MESSAGES = { success: 'Done.', failure: 'That did not go through. Please try again.' };

/**
 * The buttons of the work on a reconciliation: each runs its call and tells how it went (the
 * server's message, or why it did not go through); `onDone` follows a success. While one of
 * them is under way (`busy`) none may be pressed.
 */
export function WorkButtons({
  work,
  busy,
  className,
  onDone,
}: {
  work: readonly Work[];
  busy: boolean;
  className: string;
  onDone?: () => void;
}) {
  const run = async (call: Work['call']) => {
    if (await notifyMutation(call(), MESSAGES)) onDone?.();
  };
  return (
    <div className={className}>
      {/* Keyed by place: a label carries a live count, and a new key would drop the focus. */}
      {work.map((w, i) => (
        <button
          key={i}
          type="button"
          className={w.className}
          disabled={busy || w.idle}
          aria-label={w.name}
          onClick={() => void run(w.call)}
        >
          {w.label}
        </button>
      ))}
    </div>
  );
}
