import { useId, useState } from 'react';
import { IMPORT_MAX_BYTES, type ImportKind } from '../../../contract/imports';
import { useGetAccountQuery, accountLabel } from '../../api/accountsApi';
import { AccountPicker } from '../../ui/AccountPicker';
import { FileField, SelectField } from '../../ui/Field';
import { KINDS } from './importKinds';

// A bank's ".xls" download is often a web page or text under an Excel name: the server reads it.
const ACCEPT = [
  '.csv',
  '.xlsx',
  '.xls',
  '.tsv',
  '.txt',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** 20971520 → '20 MB', 1536 → '1.5 KB'. */
function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || size >= 10 ? 0 : 1;
  return `${size.toFixed(digits).replace(/\.0$/, '')} ${units[unit]}`;
}

export interface SourceFormProps {
  kinds: readonly ImportKind[];
  kind: ImportKind;
  onKind: (kind: ImportKind) => void;
  accountId: string;
  onAccount: (accountId: string) => void;
  /** What the server said about the account (closed, not found). */
  accountError?: string;
  onFile: (file: File | null) => void;
  /** Changes when the file input should forget its file (another import begins). */
  fileInputKey: number;
  disabled: boolean;
}

/** What to import and from which file: the kind, the account of payments, the file. */
export function SourceForm({
  kinds,
  kind,
  onKind,
  accountId,
  onAccount,
  accountError,
  onFile,
  fileInputKey,
  disabled,
}: SourceFormProps) {
  const fileId = useId();
  const [tooBig, setTooBig] = useState<string>();
  const account = useGetAccountQuery(accountId, { skip: kind !== 'payments' || !accountId });
  const chosen = account.currentData;

  const choose = (picked: File | undefined) => {
    // Refused here, before a byte is sent: the server would refuse it too.
    if (picked && picked.size > IMPORT_MAX_BYTES) {
      setTooBig(
        `${picked.name} is ${formatSize(picked.size)}: an import takes files of up to ${formatSize(IMPORT_MAX_BYTES)}. Split it into smaller files.`,
      );
      onFile(null);
      return;
    }
    setTooBig(undefined);
    onFile(picked ?? null);
  };

  return (
    <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="sr-only">File to import</legend>
      <SelectField
        id="import-kind"
        label="Import as"
        options={kinds.map((k) => ({ value: k, label: KINDS[k].label }))}
        value={kind}
        onChange={(e) => onKind(e.target.value as ImportKind)}
      />
      {kind === 'payments' && (
        <AccountPicker
          id="import-account"
          label="Bank account"
          placeholder="Select Bank Account"
          state="open"
          noRows="No open bank accounts: add or reopen one under All Bank."
          value={accountId}
          selectedLabel={chosen ? accountLabel(chosen) : undefined}
          onChange={(id) => onAccount(id)}
          error={accountError}
        />
      )}
      <FileField
        key={fileInputKey}
        id={fileId}
        label="File (.csv or .xlsx)"
        accept={ACCEPT}
        error={tooBig}
        hint={`A bank download or your own sheet, up to ${formatSize(IMPORT_MAX_BYTES)}.`}
        onFile={choose}
      />
    </fieldset>
  );
}
