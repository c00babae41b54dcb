import { toast } from 'react-toastify';
import {
  LINE_STATUS_LABELS,
  useCreateEntryFromLineMutation,
  useIgnoreLinesMutation,
  useUndoLineMutation,
  type ReconciliationLine,
} from '../../api/reconciliationApi';
import { failureMessage } from '../../api/errors';
import { formatDMY } from '../../lib/dates';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';

const STATUS_STYLES: Record<ReconciliationLine['status'], string> = {
  unmatched: 'bg-red-50 text-red-800',
  suggested: 'bg-amber-50 text-amber-900',
  matched: 'bg-green-50 text-green-800',
  created: 'bg-green-50 text-green-800',
  ignored: 'bg-gray-100 text-gray-700',
};

/** The headings after the selection box, and how their cells align. */
const HEADINGS: [string, string][] = [
  ['Date', ''],
  ['Narration', ''],
  ['Money out', 'text-right'],
  ['Money in', 'text-right'],
  ['Balance', 'text-right'],
  ['State', ''],
  ['Entry in the books', ''],
];

const open = (line: ReconciliationLine) =>
  line.status === 'unmatched' || line.status === 'suggested';

/**
 * The statement's lines: date, narration and reference, money out and in, the statement's
 * balance (marked where it does not follow from the line before), the line's state and the
 * books' entry it is matched, created or suggested to, and what may be done with it. Below
 * 640 px each line is a card (index.css, `table.cards`): the narration and its amount first,
 * then the other cells under their headings and the line's buttons; the roles keep it a
 * table for assistive technology.
 */
export function LinesTable({
  reconciliationId: id,
  lines,
  canWrite,
  selected,
  onSelect,
}: {
  reconciliationId: string;
  lines: ReconciliationLine[];
  canWrite: boolean;
  selected: Set<string>;
  onSelect: (next: Set<string>) => void;
}) {
  const [create, creating] = useCreateEntryFromLineMutation();
  const [ignore, ignoring] = useIgnoreLinesMutation();
  const [undo, undoing] = useUndoLineMutation();
  const busy = creating.isLoading || ignoring.isLoading || undoing.isLoading;
  const selectable = lines.filter(open);
  const allSelected = selectable.length > 0 && selectable.every((l) => selected.has(l._id));

  const act = async (call: () => Promise<{ message: string }>) => {
    try {
      toast.success((await call()).message);
    } catch (error) {
      toast.error(failureMessage(error, 'That did not go through. Please try again.'));
    }
  };
  const toggle = (lineId: string) => {
    const next = new Set(selected);
    if (next.has(lineId)) next.delete(lineId);
    else next.add(lineId);
    onSelect(next);
  };

  if (lines.length === 0) return <p className="mt-3 text-sm text-gray-700">No lines here.</p>;
  const th = 'px-2 py-2 font-medium';
  return (
    <div className="mt-3 overflow-x-auto">
      <table role="table" className="cards w-full text-left text-sm">
        {/* On cards the headings are read out only (none sorts). */}
        <thead role="rowgroup" className="cards-sr-only text-gray-700">
          <tr role="row">
            {canWrite && (
              <th role="columnheader" className={th}>
                <input
                  type="checkbox"
                  aria-label="Select every open line on this page"
                  checked={allSelected}
                  disabled={selectable.length === 0}
                  onChange={() =>
                    onSelect(allSelected ? new Set() : new Set(selectable.map((l) => l._id)))
                  }
                />
              </th>
            )}
            {HEADINGS.map(([heading, align]) => (
              <th key={heading} role="columnheader" className={`${th} ${align}`}>
                {heading}
              </th>
            ))}
            {canWrite && (
              <th role="columnheader" className={th}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {lines.map((line) => (
            <tr key={line._id} role="row" className="border-t border-gray-100 align-top">
              {canWrite && (
                // On a card the box opens the first line.
                <td role="cell" data-card="actions" className="px-2 py-2">
                  {open(line) && (
                    <input
                      type="checkbox"
                      aria-label={`Select the line of ${formatDMY(line.date)}: ${line.description}`}
                      checked={selected.has(line._id)}
                      onChange={() => toggle(line._id)}
                    />
                  )}
                </td>
              )}
              <td role="cell" data-label="Date" className="whitespace-nowrap px-2 py-2">
                {formatDMY(line.date)}
              </td>
              <td role="cell" data-card="primary" className="max-w-xs px-2 py-2">
                <span className="break-words">{line.description}</span>
                {line.reference && (
                  <span className="block text-xs text-gray-600">Ref {line.reference}</span>
                )}
              </td>
              <td
                role="cell"
                data-label="Money out"
                data-card="money"
                className="px-2 py-2 text-right"
              >
                {line.paymentType === 'debit' && <Money value={line.amount} />}
              </td>
              <td
                role="cell"
                data-label="Money in"
                data-card="money"
                className="px-2 py-2 text-right"
              >
                {line.paymentType === 'credit' && <Money value={line.amount} />}
              </td>
              <td role="cell" data-label="Balance" className="px-2 py-2 text-right">
                <Money value={line.balance} />
                {line.balanceBreak && (
                  <span
                    className="block text-xs font-semibold text-amber-900"
                    title={line.balanceBreak}
                  >
                    Does not follow
                    <span className="sr-only">: {line.balanceBreak}</span>
                  </span>
                )}
              </td>
              <td role="cell" data-label="State" className="px-2 py-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[line.status]}`}
                >
                  {LINE_STATUS_LABELS[line.status]}
                </span>
              </td>
              <td
                role="cell"
                data-label="Entry in the books"
                className="max-w-xs px-2 py-2 text-gray-800"
              >
                {line.entry ? (
                  <>
                    {formatDMY(line.entry.date)} · {line.entry.remark}
                    {(line.entry.partyName || line.entry.category) && (
                      <span className="block text-xs text-gray-600">
                        {[line.entry.partyName, line.entry.category].filter(Boolean).join(' · ')}
                      </span>
                    )}
                  </>
                ) : (
                  '—'
                )}
              </td>
              {canWrite && (
                // Unlabelled: on a card the buttons end it, under the cells.
                <td role="cell" className="whitespace-nowrap px-2 py-2">
                  <div className="flex gap-1">
                    {open(line) && (
                      <>
                        <button
                          type="button"
                          className={styles.btnSecondary}
                          disabled={busy}
                          aria-label={`Create an entry from the line of ${formatDMY(line.date)}: ${line.description}`}
                          onClick={() => void act(() => create({ id, lineId: line._id }).unwrap())}
                        >
                          Create entry
                        </button>
                        <button
                          type="button"
                          className={styles.btnGhost}
                          disabled={busy}
                          aria-label={`Ignore the line of ${formatDMY(line.date)}: ${line.description}`}
                          onClick={() =>
                            void act(() => ignore({ id, lineIds: [line._id] }).unwrap())
                          }
                        >
                          Ignore
                        </button>
                      </>
                    )}
                    {!open(line) && (
                      <button
                        type="button"
                        className={styles.btnGhost}
                        disabled={busy}
                        aria-label={`Undo the line of ${formatDMY(line.date)}: ${line.description}`}
                        onClick={() => void act(() => undo({ id, lineId: line._id }).unwrap())}
                      >
                        Undo
                      </button>
                    )}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
