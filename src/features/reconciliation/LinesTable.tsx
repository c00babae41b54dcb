import {
  LINE_STATUS_LABELS,
  useCreateEntryFromLineMutation,
  useIgnoreLinesMutation,
  useUndoLineMutation,
  type ReconciliationLine,
} from '../../api/reconciliationApi';
import { formatDMY } from '../../lib/dates';
import { Money } from '../../ui/Money';
import { CardTable, type CardHeading } from '../../ui/CardTable';
import { styles } from '../../ui/styles';
import { MONEY_HEADINGS, MoneyCells } from './MoneyCells';
import { WorkButtons, type Work } from './WorkButtons';

const STATUS_STYLES: Record<ReconciliationLine['status'], string> = {
  unmatched: 'bg-red-50 text-red-800',
  suggested: 'bg-amber-50 text-amber-900',
  matched: 'bg-green-50 text-green-800',
  created: 'bg-green-50 text-green-800',
  ignored: 'bg-gray-100 text-gray-700',
};

/** The headings after the selection box and before the buttons' (when one may write). */
const HEADINGS: CardHeading[] = [
  'Date',
  'Narration',
  ...MONEY_HEADINGS,
  { label: 'Balance', align: 'right' },
  'State',
  'Entry in the books',
];
const cell = 'px-2 py-2';

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

  /** An open line is matched by an entry made from it, or ignored; a closed one undone. */
  const workOn = (line: ReconciliationLine): Work[] => {
    const of = `the line of ${formatDMY(line.date)}: ${line.description}`;
    const lineId = line._id;
    if (!open(line))
      return [
        {
          label: 'Undo',
          name: `Undo ${of}`,
          className: styles.btnGhost,
          call: () => undo({ id, lineId }).unwrap(),
        },
      ];
    return [
      {
        label: 'Create entry',
        name: `Create an entry from ${of}`,
        className: styles.btnSecondary,
        call: () => create({ id, lineId }).unwrap(),
      },
      {
        label: 'Ignore',
        name: `Ignore ${of}`,
        className: styles.btnGhost,
        call: () => ignore({ id, lineIds: [lineId] }).unwrap(),
      },
    ];
  };
  const toggle = (lineId: string) => {
    const next = new Set(selected);
    if (next.has(lineId)) next.delete(lineId);
    else next.add(lineId);
    onSelect(next);
  };

  if (lines.length === 0) return <p className="mt-3 text-sm text-gray-700">No lines here.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      {/* On cards the headings are read out only (none sorts). */}
      <CardTable
        headings={canWrite ? [...HEADINGS, { label: 'Actions', srOnly: true }] : HEADINGS}
        cell={cell}
        first={
          canWrite && (
            <input
              type="checkbox"
              aria-label="Select every open line on this page"
              checked={allSelected}
              disabled={selectable.length === 0}
              onChange={() =>
                onSelect(allSelected ? new Set() : new Set(selectable.map((l) => l._id)))
              }
            />
          )
        }
      >
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
            <MoneyCells row={line} cell={cell} />
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
                <WorkButtons className="flex gap-1" busy={busy} work={workOn(line)} />
              </td>
            )}
          </tr>
        ))}
      </CardTable>
    </div>
  );
}
