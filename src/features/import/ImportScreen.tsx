import { useState } from 'react';
import type { ImportSettings } from '../../../contract/api/imports';
import { IMPORT_KINDS, type ImportKind } from '../../../contract/imports';
import { useScope } from '../../session/scope';
import { Spinner } from '../../ui/Spinner';
import { styles } from '../../ui/styles';
import { useUrlFilters } from '../../ui/useListParams';
import type { CallFailure, ImportPreview } from './importApi';
import { MappingForm, settingsShown } from './MappingForm';
import { withChange, type Overrides } from './overrides';
import { PreviewTable } from './PreviewTable';
import { ProblemList } from './ProblemList';
import { ResultPanel } from './ResultPanel';
import { countsLine, RunPanel } from './RunPanel';
import { SourceForm } from './SourceForm';
import { useImportRun } from './useImportRun';
import { usePreview } from './usePreview';

const FROM: Record<ImportPreview['settingsFrom'], string> = {
  given: 'Read with the settings below.',
  saved: 'Read with the settings of your last import of this kind: check them against this file.',
  guessed: 'The settings below are guessed from the file: check them.',
};

/** A call's failure, with when to try again if the server said. */
function FailureAlert({ failure, lead }: { failure: CallFailure; lead?: string }) {
  const wait = failure.retryAfter;
  return (
    <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
      {lead && <strong className="font-semibold">{lead} </strong>}
      {failure.message}
      {wait !== undefined && ` Try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`}
    </div>
  );
}

/**
 * Import: a CSV file or an Excel workbook becomes expenses, lend or borrowed entries, or a
 * bank account's payments. The file is checked first (how it is read can be changed, and
 * it is checked again), then imported with the settings of that check: every row, or none.
 */
export default function ImportScreen() {
  const scope = useScope();
  const kinds = IMPORT_KINDS.filter((k) => k !== 'payments' || scope.isCompany);
  const [url, setUrl] = useUrlFilters({ kind: 'expenses', account: '' });
  const kind: ImportKind = kinds.find((k) => k === url.kind) ?? 'expenses';
  const accountId = kind === 'payments' ? url.account : '';
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [overrides, setOverrides] = useState<Overrides>({});
  const run = useImportRun();

  // Payments wait for their account; only what the user chose is sent, the rest is guessed.
  const settings: Partial<ImportSettings> | null =
    kind === 'payments' && !accountId
      ? null
      : { kind, ...(accountId ? { accountId } : {}), ...overrides };
  const { preview, checking, failure } = usePreview(file, settings);
  const running = run.state.phase === 'running';

  const startOver = (next: { file?: File | null } = {}) => {
    setOverrides({});
    run.reset();
    if ('file' in next) setFile(next.file ?? null);
  };
  const accountProblem = preview?.settingProblems.find((p) => p.setting === 'accountId');

  return (
    <section aria-labelledby="import-title" className={`${styles.card} space-y-6 p-4 sm:p-6`}>
      <div>
        <h2 id="import-title" className="text-xl font-semibold text-gray-900">
          Import
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-gray-700">
          Bring your data in from a spreadsheet: a CSV file or an Excel workbook. Check how it is
          read, then import it: every row is recorded, or none.
        </p>
      </div>
      <SourceForm
        kinds={kinds}
        kind={kind}
        onKind={(k) => {
          startOver();
          setUrl({ kind: k });
        }}
        accountId={accountId}
        onAccount={(id) => {
          run.reset();
          setUrl({ account: id });
        }}
        accountError={accountProblem?.message}
        onFile={(f) => startOver({ file: f })}
        fileInputKey={fileInputKey}
        disabled={running}
      />

      {run.state.phase === 'done' ? (
        <ResultPanel
          result={run.state.result}
          settings={run.state.settings}
          onAgain={() => {
            startOver({ file: null });
            setFileInputKey((k) => k + 1);
          }}
        />
      ) : (
        <>
          {file && checking && !preview && <Spinner label="Reading the file…" />}
          {failure && <FailureAlert failure={failure} lead="The file could not be checked." />}
          {preview && (
            <PreviewSection
              preview={preview}
              checking={checking}
              running={running}
              onChange={(change) => {
                run.reset();
                setOverrides((current) => withChange(current, change));
              }}
            />
          )}
          {preview && (
            <RunPanel
              preview={preview}
              checking={checking}
              checkFailed={failure !== undefined}
              run={run.state}
              onImport={(keepDuplicates) => {
                if (file) void run.start(file, { ...preview.settings, keepDuplicates });
              }}
            />
          )}
          {run.state.phase === 'failed' && (
            <div className="space-y-3">
              <FailureAlert
                failure={run.state.failure}
                lead={run.state.failure.mayHaveSaved ? undefined : 'Nothing was imported.'}
              />
              {preview && (
                <ProblemList
                  problems={run.state.failure.problems}
                  columns={preview.columns}
                  title="Rows the import refused"
                />
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** How the file is read, what that gives, and the first rows. */
function PreviewSection({
  preview,
  checking,
  running,
  onChange,
}: {
  preview: ImportPreview;
  checking: boolean;
  running: boolean;
  onChange: (change: Overrides) => void;
}) {
  // The account's problem shows under its picker, the others' under their controls.
  const shown = new Set(['accountId', ...settingsShown(preview)]);
  const general = preview.settingProblems.filter((p) => !shown.has(p.setting));
  return (
    <div className="space-y-6" aria-busy={checking}>
      <section aria-labelledby="import-settings-title" className="space-y-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h3 id="import-settings-title" className="text-lg font-semibold text-gray-900">
            How the file is read
          </h3>
          <p className="text-sm text-gray-700">{FROM[preview.settingsFrom]}</p>
        </div>
        {general.length > 0 && (
          <ul
            role="alert"
            className="list-disc rounded-md bg-red-50 py-2 pl-8 pr-3 text-sm text-red-900"
          >
            {general.map((p) => (
              <li key={`${p.setting}:${p.message}`}>{p.message}</li>
            ))}
          </ul>
        )}
        <fieldset disabled={running}>
          <legend className="sr-only">Settings</legend>
          <MappingForm preview={preview} onChange={onChange} />
        </fieldset>
      </section>
      <section aria-labelledby="import-preview-title" className="space-y-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id="import-preview-title" className="text-lg font-semibold text-gray-900">
            Preview
          </h3>
          <p aria-live="polite" className="text-sm text-gray-800">
            {checking ? 'Checking the file again…' : countsLine(preview.counts)}
          </p>
        </div>
        <ProblemList problems={preview.problems} columns={preview.columns} />
        <PreviewTable preview={preview} />
      </section>
    </div>
  );
}
