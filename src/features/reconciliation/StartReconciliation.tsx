import { useId, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { toast } from 'react-toastify';
import { IMPORT_MAX_BYTES } from '../../../contract/imports';
import {
  createReconciliation,
  previewReconciliation,
  type ReconciliationPreview,
} from '../../api/reconciliationApi';
import { formatDMY } from '../../lib/dates';
import { FileField } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { BusyButton } from '../../ui/BusyButton';
import { styles } from '../../ui/styles';
import { Balances } from './Balances';

const ACCEPT = ['.csv', '.xlsx', '.xls', '.txt', '.tsv'].join(',');

type Step =
  | { at: 'choosing' }
  | { at: 'reading' }
  | { at: 'previewed'; preview: ReconciliationPreview }
  | { at: 'starting'; preview: ReconciliationPreview };

/**
 * Choosing the bank's download: the server reads it and shows the statement (its bank,
 * period, balances against the books', and any line whose balance does not follow), nothing
 * saved; Start saves its lines and suggests an entry for each.
 */
export function StartReconciliation({
  accountId,
  onStarted,
}: {
  accountId: string;
  onStarted: (id: string) => void;
}) {
  const store = useStore();
  const access = { dispatch: store.dispatch as never, getState: store.getState };
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ at: 'choosing' });
  const [error, setError] = useState<string | null>(null);

  async function read(chosen: File) {
    setFile(chosen);
    setError(null);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setError(`The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB: download a shorter period`);
      setStep({ at: 'choosing' });
      return;
    }
    setStep({ at: 'reading' });
    const outcome = await previewReconciliation(
      access,
      chosen,
      accountId,
      new AbortController().signal,
    );
    if (outcome.ok) setStep({ at: 'previewed', preview: outcome.value });
    else {
      setError(outcome.message);
      setStep({ at: 'choosing' });
    }
  }

  async function start(preview: ReconciliationPreview) {
    if (!file) return;
    setStep({ at: 'starting', preview });
    const outcome = await createReconciliation(
      access,
      file,
      accountId,
      new AbortController().signal,
    );
    if (!outcome.ok) {
      setError(outcome.message);
      setStep({ at: 'previewed', preview });
      return;
    }
    toast.success(`Reconciliation started: ${outcome.value.counts.suggested} matches suggested`);
    onStarted(outcome.value._id);
  }

  const preview = step.at === 'previewed' || step.at === 'starting' ? step.preview : null;
  return (
    <section className={`${styles.card} space-y-4 p-4`} aria-labelledby={`${fileId}-title`}>
      <h2 id={`${fileId}-title`} className="text-base font-semibold text-gray-900">
        New reconciliation
      </h2>
      <FileField
        inputRef={input}
        id={fileId}
        label="Bank statement file"
        accept={ACCEPT}
        error={error ?? undefined}
        hint="The statement as your bank downloads it: HDFC, ICICI, SBI, Axis, Kotak or any other with a date, amounts and a balance column (CSV, Excel .xlsx, or the bank’s .xls)."
        onFile={(chosen) => {
          if (chosen) void read(chosen);
        }}
      />
      {step.at === 'reading' && <p className="text-sm text-gray-700">Reading the file…</p>}
      {preview && (
        <div className="space-y-3">
          <p className="text-sm text-gray-800">
            <strong>
              {preview.bank === 'Other' ? 'Bank statement' : `${preview.bank} statement`}
            </strong>
            {': '}
            {preview.lineCount.toLocaleString('en-IN')} lines, {formatDMY(preview.from)} to{' '}
            {formatDMY(preview.to)} — money in <Money value={preview.totalCredits} />, money out{' '}
            <Money value={preview.totalDebits} />
          </p>
          <Balances balances={preview.balances} />
          {preview.breaks.length > 0 && (
            <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-semibold">
                The balance column does not follow on{' '}
                {preview.breaks.length === 1 ? 'one line' : `${preview.breaks.length} lines`}: a
                line is missing from the file or wrong.
              </p>
              <ul className="mt-1 list-disc pl-5">
                {preview.breaks.map((b) => (
                  <li key={b.row}>{b.message}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex gap-2">
            <BusyButton
              busy={step.at === 'starting'}
              label="Start reconciliation"
              busyLabel="Starting…"
              onClick={() => void start(preview)}
            />
            <button
              type="button"
              className={styles.btnSecondary}
              disabled={step.at === 'starting'}
              onClick={() => {
                setFile(null);
                setStep({ at: 'choosing' });
                if (input.current) input.current.value = '';
              }}
            >
              Choose another file
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
