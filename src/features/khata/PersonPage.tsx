import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notifyMutation } from '../../api/notify';
import { todayLocalISO } from '../../lib/dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { QueryState } from '../../ui/QueryState';
import { BackIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { CHANNEL_LABELS, EVENT_LABELS, NetSentence, actionStyles, mobileShown } from './balance';
import { EntryForm } from './EntryForm';
import { EntryLine } from './EntryLine';
import { ReminderSheet } from './ReminderSheet';
import { PersonForm } from './PersonForm';
import { ShareSheet } from './ShareSheet';
import {
  useGetKhataLedgerQuery,
  useSettleKhataPersonMutation,
  type KhataEvent,
  type KhataLedger,
} from './khataApi';

type Sheet = 'gave' | 'got' | 'remind' | 'share' | 'settle' | 'edit' | null;

/** One entry of the page: what it was, its note, the amount and the balance after it. */
function EventRow({ event }: { event: KhataEvent }) {
  const reminder = event.kind === 'reminder';
  const out = event.change > 0;
  const channel = reminder && event.channel ? ` ${CHANNEL_LABELS[event.channel]}` : '';
  return (
    <EntryLine
      what={EVENT_LABELS[event.kind] + channel}
      date={event.date}
      note={event.note}
      amount={event.amount}
      tone={reminder ? 'text-gray-700' : out ? 'text-red-800' : 'text-green-800'}
      balance={reminder ? undefined : event.balance}
    />
  );
}

function Ledger({ ledger }: { ledger: KhataLedger }) {
  const { person, net, events } = ledger;
  const [sheet, setSheet] = useState<Sheet>(null);
  const [settle, settling] = useSettleKhataPersonMutation();
  const close = () => setSheet(null);
  const settleUp = async () => {
    const ok = await notifyMutation(settle({ id: person._id, date: todayLocalISO() }).unwrap(), {
      success: 'Settled up',
      failure: 'Failed to settle up. Please try again.',
    });
    if (ok) close();
  };

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div className={`${styles.card} p-4`}>
        <div className="flex items-start gap-3">
          <Link to="/app/khata" className={`${styles.btnGhost} -ml-2 px-2`} aria-label="All people">
            <BackIcon className="h-5 w-5" />
          </Link>
          <div className="min-w-0 flex-1">
            <h2 className="break-words text-lg font-semibold text-gray-900">{person.name}</h2>
            <p className="break-words text-sm text-gray-700">
              {[person.mobile && mobileShown(person.mobile), person.email]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </div>
        <p className="mt-4 text-xl text-gray-900" aria-live="polite" data-testid="khata-net">
          <NetSentence name={person.name} net={net} />
        </p>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <button type="button" onClick={() => setSheet('gave')} className={actionStyles.gave}>
            You gave
          </button>
          <button type="button" onClick={() => setSheet('got')} className={actionStyles.got}>
            You got
          </button>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {(
            [
              ['remind', 'Remind', net <= 0],
              ['settle', 'Settle up', ledger.theyOwe === 0 && ledger.iOwe === 0],
              ['share', 'Share statement', false],
              ['edit', 'Edit', false],
            ] as const
          ).map(([opens, label, disabled]) => (
            <button
              key={opens}
              type="button"
              onClick={() => setSheet(opens)}
              disabled={disabled}
              className={styles.btnSecondary}
            >
              {label}
            </button>
          ))}
        </div>
      </div>

      <section aria-labelledby="khata-entries" className={`${styles.card} p-4`}>
        <h3 id="khata-entries" className="text-base font-semibold text-gray-900">
          Entries
        </h3>
        {events.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-700">
            No data. Record what you gave {person.name} or got from them.
          </p>
        ) : (
          <>
            {ledger.totalEvents > events.length && (
              <p className="mt-1 text-xs text-gray-600">
                The latest {events.length} of {ledger.totalEvents} entries; the shared
                statement&apos;s PDF has every one.
              </p>
            )}
            <ol className="divide-y divide-gray-100" aria-label={`Entries with ${person.name}`}>
              {events.map((e) => (
                <EventRow key={e._id} event={e} />
              ))}
            </ol>
          </>
        )}
      </section>

      {(sheet === 'gave' || sheet === 'got') && (
        <EntryForm personId={person._id} name={person.name} type={sheet} onClose={close} />
      )}
      {sheet === 'remind' && <ReminderSheet ledger={ledger} onClose={close} />}
      {sheet === 'share' && <ShareSheet ledger={ledger} onClose={close} />}
      {sheet === 'edit' && <PersonForm person={person} onClose={close} onSaved={close} />}
      <ConfirmDialog
        open={sheet === 'settle'}
        title={`Settle up with ${person.name}`}
        message={
          <>
            Records today the repayment of every open entry with {person.name}, which brings the
            balance to zero. <NetSentence name={person.name} net={net} /> now.
          </>
        }
        confirmLabel="Settle up"
        busy={settling.isLoading}
        onConfirm={() => void settleUp()}
        onCancel={close}
      />
    </div>
  );
}

/** A person's page: every entry with them, the running net, and the one-step actions. */
export function PersonPage({ id }: { id: string }) {
  const query = useGetKhataLedgerQuery(id);
  return <QueryState query={query}>{query.data && <Ledger ledger={query.data.data} />}</QueryState>;
}
