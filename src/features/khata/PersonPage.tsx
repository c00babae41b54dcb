import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notifyMutation } from '../../api/notify';
import { formatDMY, todayLocalISO } from '../../lib/dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadState } from '../../ui/LoadState';
import { Money } from '../../ui/Money';
import { BackIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { CHANNEL_LABELS, EVENT_LABELS, NetSentence, actionStyles, mobileShown } from './balance';
import { EntryForm } from './EntryForm';
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
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-gray-900">
          {EVENT_LABELS[event.kind]}
          {reminder && event.channel ? ` ${CHANNEL_LABELS[event.channel]}` : ''}
        </p>
        <p className="text-xs text-gray-600">
          {formatDMY(event.date)}
          {event.note ? ` · ${event.note}` : ''}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={`text-sm font-semibold ${reminder ? 'text-gray-700' : out ? 'text-red-800' : 'text-green-800'}`}
        >
          <Money value={event.amount} />
        </p>
        {!reminder && (
          <p className="text-xs text-gray-600">
            Balance <Money value={event.balance} />
          </p>
        )}
      </div>
    </li>
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
          <button
            type="button"
            onClick={() => setSheet('remind')}
            disabled={net <= 0}
            className={styles.btnSecondary}
          >
            Remind
          </button>
          <button
            type="button"
            onClick={() => setSheet('settle')}
            disabled={ledger.theyOwe === 0 && ledger.iOwe === 0}
            className={styles.btnSecondary}
          >
            Settle up
          </button>
          <button type="button" onClick={() => setSheet('share')} className={styles.btnSecondary}>
            Share statement
          </button>
          <button type="button" onClick={() => setSheet('edit')} className={styles.btnSecondary}>
            Edit
          </button>
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
  return (
    <LoadState
      isLoading={query.isLoading}
      isError={query.isError}
      error={query.error}
      onRetry={query.refetch}
    >
      {query.data && <Ledger ledger={query.data.data} />}
    </LoadState>
  );
}
