import { useId, useState } from 'react';
import { styles } from '../../ui/styles';
import type { ImportPreview } from './importApi';
import { rowCount } from './importKinds';
import type { RunState } from './useImportRun';

/** '1,234 rows: 1,200 ready, 3 with errors, 31 already there, 0 skipped'. */
export function countsLine({ rows, ready, errors, duplicates, skipped }: ImportPreview['counts']) {
  const n = (v: number) => v.toLocaleString('en-IN');
  return `${rowCount(rows)}: ${n(ready)} ready, ${n(errors)} with errors, ${n(duplicates)} already there, ${n(skipped)} skipped`;
}

/** Why the import cannot start yet, or nothing when it can. */
function blocker(
  preview: ImportPreview,
  importable: number,
  checking: boolean,
  checkFailed: boolean,
): string | undefined {
  if (checking) return 'Checking the file…';
  if (checkFailed)
    return 'The file could not be checked with these settings: see the message above.';
  if (preview.settingProblems.length > 0) return 'Correct the settings marked above first.';
  const { errors } = preview.counts;
  if (errors > 0)
    return `${rowCount(errors)} ${errors === 1 ? 'has an error' : 'have errors'}: change the settings above, or correct the file and choose it again.`;
  if (importable === 0)
    return preview.counts.duplicates > 0
      ? 'Nothing new to import: every row is already there.'
      : 'Nothing to import: no row is ready.';
  return undefined;
}

export interface RunPanelProps {
  preview: ImportPreview;
  checking: boolean;
  checkFailed: boolean;
  run: RunState;
  onImport: (keepDuplicates: boolean) => void;
}

/** The Import button (or why it cannot be pressed yet), then the import's progress. */
export function RunPanel({ preview, checking, checkFailed, run, onImport }: RunPanelProps) {
  const reasonId = useId();
  const [keepDuplicates, setKeepDuplicates] = useState(false);
  const { ready, duplicates } = preview.counts;
  const importable = ready + (keepDuplicates ? duplicates : 0);
  const running = run.phase === 'running';
  const reason = blocker(preview, importable, checking, checkFailed);

  return (
    <div className="space-y-3">
      {duplicates > 0 && (
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            checked={keepDuplicates}
            disabled={running}
            onChange={(e) => setKeepDuplicates(e.target.checked)}
            className="h-4 w-4 rounded border-gray-400 text-indigo-700 focus:ring-indigo-600"
          />
          Also import{' '}
          {duplicates === 1
            ? 'the row that is'
            : `the ${duplicates.toLocaleString('en-IN')} rows that are`}{' '}
          already there
        </label>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={reason !== undefined || running}
          aria-describedby={reason ? reasonId : undefined}
          aria-busy={running}
          onClick={() => onImport(keepDuplicates)}
          className={styles.btnPrimary}
        >
          {running ? 'Importing…' : importable > 0 ? `Import ${rowCount(importable)}` : 'Import'}
        </button>
        {reason && !running && (
          <p id={reasonId} className="text-sm text-gray-800">
            {reason}
          </p>
        )}
      </div>
      {run.phase === 'running' && <Progress done={run.done} total={run.total} />}
    </div>
  );
}

/** The import's progress as the server reports it; indeterminate until its first report. */
function Progress({ done, total }: { done: number; total: number }) {
  const known = total > 0;
  const percent = known ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const text = known
    ? `${done.toLocaleString('en-IN')} of ${rowCount(total)} imported`
    : 'Sending the file…';
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? done : undefined}
        aria-valuetext={text}
        className="h-3 w-full max-w-xl overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className={`h-full rounded-full bg-indigo-700 transition-[width] ${known ? '' : 'w-1/3 animate-pulse'}`}
          style={known ? { width: `${percent}%` } : undefined}
        />
      </div>
      <p className="text-sm text-gray-700">{text}</p>
    </div>
  );
}
