import { useState } from 'react';
import {
  columnKey,
  IMPORT_DATE_FORMATS,
  IMPORT_FIELD_LABELS,
  importFields,
  type ImportAmountStyle,
  type ImportDateFormat,
  type ImportField,
  type ImportKind,
} from '../../../contract/imports';
import { useCategoryOptions } from '../../api/categoriesApi';
import { Field, SelectField } from '../../ui/Field';
import { styles } from '../../ui/styles';
import type { ImportPreview } from './importApi';
import type { Overrides } from './overrides';

const DATE_EXAMPLES: Record<ImportDateFormat, string> = {
  'DD/MM/YYYY': '31/03/2026',
  'YYYY-MM-DD': '2026-03-31',
  'DD-MMM-YY': '31-Mar-26',
};
const DATE_OPTIONS = IMPORT_DATE_FORMATS.map((f) => ({
  value: f,
  label: `${f} (${DATE_EXAMPLES[f]})`,
}));
const STYLE_OPTIONS: { value: ImportAmountStyle; label: string }[] = [
  { value: 'single', label: 'One amount column' },
  { value: 'debitCredit', label: 'Debit and credit columns' },
];
/** The contract's bound on the header row. */
const HEADER_MAX = 100;

/** A column as a select names it: 'C · Withdrawal Amt.'. */
export const columnName = (c: { letter: string; header: string }) =>
  `${c.letter} · ${c.header.trim() || '(no heading)'}`;

const usesAmountStyle = (kind: ImportKind) => kind === 'expenses' || kind === 'payments';

/** The settings the form has a control for, with this preview (their problems show there). */
export function settingsShown({ settings, sheets }: ImportPreview): string[] {
  const { required, optional } = importFields(settings.kind, settings.amountStyle);
  return [
    ...(sheets.length > 0 ? ['sheet'] : []),
    'headerRow',
    'dateFormat',
    ...(usesAmountStyle(settings.kind) ? ['amountStyle'] : []),
    ...(settings.kind === 'expenses' ? ['category'] : []),
    ...[...required, ...optional].map(columnKey),
  ];
}

export interface MappingFormProps {
  preview: ImportPreview;
  onChange: (change: Overrides) => void;
}

/**
 * How the file is read, as the server resolved it (given, remembered or guessed): the sheet,
 * the header row (the rows above it shown greyed, any of them can be chosen), the column of
 * each field, the date format and amount style. Each setting shows its own problem.
 */
export function MappingForm({ preview, onChange }: MappingFormProps) {
  const { settings, columns, sheets, settingProblems } = preview;
  const categoryOptions = useCategoryOptions(settings.category);
  const problemOf = (setting: string) =>
    settingProblems
      .filter((p) => p.setting === setting)
      .map((p) => p.message)
      .join(' ') || undefined;
  const { required, optional } = importFields(settings.kind, settings.amountStyle);
  const columnOptions = columns.map((c) => ({ value: String(c.column), label: columnName(c) }));

  /** A setting's select (`import-date-format`…): its problem under it, a choice sent as it. */
  const settingSelect = (
    setting: 'sheet' | 'dateFormat' | 'amountStyle' | 'category',
    label: string,
    select: { options: { value: string; label: string }[]; value?: string; placeholder?: string },
  ) => (
    <SelectField
      id={`import-${setting.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`}
      label={label}
      {...select}
      error={problemOf(setting)}
      onChange={(e) => e.target.value && onChange({ [setting]: e.target.value } as Overrides)}
    />
  );

  const fieldSelect = (field: ImportField, isOptional: boolean) => {
    const key = columnKey(field);
    const value = settings[key];
    return (
      <SelectField
        key={field}
        id={`import-${field}`}
        label={`${IMPORT_FIELD_LABELS[field]} column${isOptional ? ' (optional)' : ''}`}
        // An optional field may be left out: column 0 tells the server the file has none.
        options={
          isOptional ? [{ value: '0', label: 'Not in the file' }, ...columnOptions] : columnOptions
        }
        placeholder={value === undefined && !isOptional ? 'Choose a column' : undefined}
        value={value === undefined ? (isOptional ? '0' : '') : String(value)}
        error={problemOf(key)}
        onChange={(e) => e.target.value && onChange({ [key]: Number(e.target.value) } as Overrides)}
      />
    );
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sheets.length > 0 &&
          settingSelect('sheet', 'Sheet', {
            options: sheets.map((sheet) => ({ value: sheet, label: sheet })),
            value: settings.sheet ?? sheets[0],
          })}
        <HeaderRowField
          value={settings.headerRow}
          error={problemOf('headerRow')}
          onChange={(headerRow) => onChange({ headerRow })}
        />
        {settingSelect('dateFormat', 'Date format', {
          options: DATE_OPTIONS,
          value: settings.dateFormat,
        })}
        {usesAmountStyle(settings.kind) &&
          settingSelect('amountStyle', 'Amounts', {
            options: STYLE_OPTIONS,
            value: settings.amountStyle,
          })}
        {settings.kind === 'expenses' &&
          settingSelect('category', 'Category of rows without one', {
            options: categoryOptions,
            placeholder: settings.category === undefined ? 'Choose a category' : undefined,
            value: settings.category ?? '',
          })}
      </div>
      <AboveHeader preview={preview} onPick={(headerRow) => onChange({ headerRow })} />
      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">Which column is which</legend>
        {settings.kind === 'payments' && settings.amountStyle === 'single' && (
          <p className="mt-1 text-xs text-gray-600">
            A minus sign or brackets around an amount mean a debit.
          </p>
        )}
        <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {required.map((f) => fieldSelect(f, false))}
          {optional.map((f) => fieldSelect(f, true))}
        </div>
      </fieldset>
    </div>
  );
}

/** A typed header row: a whole number from 1 to HEADER_MAX, else undefined. */
function rowNumber(text: string): number | undefined {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= HEADER_MAX ? n : undefined;
}

/** The header row's number, typed: the file is checked again once a whole number is in. */
function HeaderRowField({
  value,
  error,
  onChange,
}: {
  value: number;
  error?: string;
  onChange: (headerRow: number) => void;
}) {
  const [text, setText] = useState(String(value));
  // The server's value (after a check, or a row picked above) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  return (
    <Field
      id="import-header-row"
      label="Header row"
      type="number"
      inputMode="numeric"
      min={1}
      max={HEADER_MAX}
      hint="The row with the column headings; the rows above it are not imported."
      error={rowNumber(text) === undefined ? `Type a row number from 1 to ${HEADER_MAX}.` : error}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const typed = rowNumber(e.target.value);
        if (typed !== undefined && typed !== value) onChange(typed);
      }}
    />
  );
}

/** The rows above the header row, greyed: not imported, but any of them may be the header. */
function AboveHeader({
  preview,
  onPick,
}: {
  preview: ImportPreview;
  onPick: (row: number) => void;
}) {
  const { above, settings } = preview;
  if (above.length === 0) return null;
  const first = settings.headerRow - above.length;
  return (
    <section aria-labelledby="import-above-title" className="rounded-md bg-gray-50 p-3">
      <h3 id="import-above-title" className="text-sm font-semibold text-gray-800">
        Rows above the header row (not imported)
      </h3>
      <ol className="mt-2 space-y-1 text-sm">
        {above.map((cells, i) => {
          const row = first + i;
          const text = cells.filter((c) => c.trim() !== '').join(' · ');
          return (
            <li key={row} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="w-14 shrink-0 tabular-nums text-gray-600">Row {row}</span>
              <span className="min-w-[10rem] flex-1 break-words text-gray-600">
                {text || '(empty)'}
              </span>
              <button
                type="button"
                onClick={() => onPick(row)}
                className={`${styles.link} text-xs`}
              >
                Use row {row} as the header
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
