import { useState } from 'react';
import { ClientPicker, ProjectPicker } from '../../ui/recordPickers';
import { Link } from 'react-router-dom';
import { GST_RATES, OUTSIDE_INDIA } from '../../../contract/gst';
import { dueDate } from '../../../contract/invoiceNumber';
import { formatDMY, todayLocalISO } from '../../lib/dates';
import { Field, SelectField } from '../../ui/Field';
import { DateField } from '../../ui/DateField';
import { LoadState } from '../../ui/LoadState';
import { PlusIcon } from '../../ui/icons';
import { BusyButton } from '../../ui/BusyButton';
import { styles } from '../../ui/styles';
import { useEditConflict } from '../../ui/useEditConflict';
import { fieldBinder } from '../../ui/fieldBinding';
import { useFieldErrors } from '../../ui/useFieldErrors';
import {
  draftBody,
  draftOf,
  draftTotals,
  emptyLine,
  lineTaxablePaise,
  newDraft,
  type DraftForm,
  type LineForm,
} from './draftForm';
import {
  useAddInvoiceMutation,
  useGetClientQuery,
  useGetInvoiceProjectQuery,
  useGetInvoiceProfileQuery,
  useGetInvoiceQuery,
  useLazyGetInvoiceQuery,
  useUpdateInvoiceMutation,
  type Invoice,
  type InvoiceProfile,
} from './invoicingApi';
import { InvoicePage, Paise, PLACE_OPTIONS, TotalsBox } from './parts';
import { useInvoiceNav } from './useInvoiceNav';

/** MAX_INVOICE_LINES of contract/api/invoices.ts, whose module would bring Zod into the bundle. */
const MAX_INVOICE_LINES = 200;
const RATE_OPTIONS = GST_RATES.map((r) => ({ value: String(r), label: `${r}%` }));
const DISCOUNT_KINDS = [
  { value: 'percent', label: '%' },
  { value: 'amount', label: '₹' },
];
const LINE_KEYS = ['description', 'sacHsn', 'quantity', 'rate', 'gstRate'] as const;
const TOP_FIELDS = [
  'clientId',
  'projectId',
  'issueDate',
  'placeOfSupply',
  'exportUnderLut',
  'termsDays',
  'notes',
  'lines',
] as const;

/** The fields a refusal may name: the draft's, and each line's (`lines.0.rate`). */
const fieldsOf = (lines: number) => [
  ...TOP_FIELDS,
  ...Array.from({ length: lines }, (_, i) =>
    [...LINE_KEYS, 'discountPercent', 'discountAmount'].map((k) => `lines.${i}.${k}`),
  ).flat(),
];

/** The draft editor: a new draft (`id` null) or a saved one, with the live totals. */
export function InvoiceEditor({ id }: { id: string | null }) {
  const profile = useGetInvoiceProfileQuery(undefined);
  const invoice = useGetInvoiceQuery(id ?? '', { skip: id === null });
  const loading = profile.isLoading || invoice.isLoading;
  const failed = profile.isError || invoice.isError;
  const ready = profile.data && (id === null || invoice.data);
  return (
    <InvoicePage titleId="editor-title">
      <h2 id="editor-title" className="mt-3 text-xl font-semibold text-gray-900">
        {id === null ? 'New invoice' : 'Edit draft invoice'}
      </h2>
      <LoadState
        isLoading={loading}
        isError={failed}
        error={profile.error ?? invoice.error}
        onRetry={() => (profile.isError ? profile.refetch() : invoice.refetch())}
      >
        {ready &&
          (!profile.data!.data ? (
            <p className="mt-4 text-sm text-gray-800">
              Set up the company's invoicing first: its legal name, GSTIN and state.{' '}
              <Link to="/app/invoicing" className={styles.link}>
                Invoicing settings
              </Link>
            </p>
          ) : invoice.data && invoice.data.status !== 'draft' ? (
            <p className="mt-4 text-sm text-gray-800">
              This invoice has been issued and can no longer be edited.
            </p>
          ) : (
            <EditorForm profile={profile.data!.data} invoice={invoice.data ?? null} />
          ))}
      </LoadState>
    </InvoicePage>
  );
}

function EditorForm({ profile, invoice }: { profile: InvoiceProfile; invoice: Invoice | null }) {
  const nav = useInvoiceNav();
  const [form, setForm] = useState<DraftForm>(() =>
    invoice ? draftOf(invoice) : newDraft(todayLocalISO(), profile.termsDays),
  );
  const [add, adding] = useAddInvoiceMutation();
  const [update, updating] = useUpdateInvoiceMutation();
  const [fetchInvoice] = useLazyGetInvoiceQuery();
  const refused = useFieldErrors<string>(fieldsOf(form.lines.length));
  // A stale save keeps every typed line: Reload only takes the current version.
  const conflict = useEditConflict({
    record: invoice,
    reload: (i) => fetchInvoice(i._id).unwrap(),
    onReloaded: () => undefined,
    tags: (i) => [{ type: 'invoice', id: i._id }],
  });
  const client = useGetClientQuery(form.clientId, { skip: !form.clientId });
  const project = useGetInvoiceProjectQuery(form.projectId, { skip: !form.projectId });
  // Left empty, the place of supply is the client's state (the server's default too).
  const place = form.placeOfSupply || client.data?.stateCode || '';
  const live = draftTotals({ ...form, placeOfSupply: place }, profile.stateCode);

  const patch = (changes: Partial<DraftForm>, field?: string) => {
    setForm((f) => ({ ...f, ...changes }));
    if (field) refused.clear(field);
  };
  const setLine = (index: number, key: keyof LineForm, value: string) => {
    setForm((f) => ({
      ...f,
      lines: f.lines.map((l, i) => (i === index ? { ...l, [key]: value } : l)),
    }));
    refused.clear(
      `lines.${index}.${key === 'discount' || key === 'discountKind' ? 'discountPercent' : key}`,
    );
    if (key === 'discount' || key === 'discountKind')
      refused.clear(`lines.${index}.discountAmount`);
  };
  const terms = Number(form.termsDays);
  const due =
    form.issueDate &&
    form.termsDays.trim() !== '' &&
    Number.isInteger(terms) &&
    terms >= 0 &&
    terms <= 365
      ? dueDate(form.issueDate, terms)
      : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = draftBody({ ...form, placeOfSupply: form.placeOfSupply });
    let savedId: string | undefined;
    const ok = await conflict.save(
      (invoice ? update({ id: invoice._id, ...body, version: conflict.version }) : add(body))
        .unwrap()
        .then((answer) => {
          savedId = answer.data._id;
          return answer;
        }),
      { success: 'Draft saved', failure: 'Could not save the draft.' },
      refused.capture,
    );
    if (ok && savedId) nav.view(savedId);
  };

  const bind = fieldBinder<'issueDate' | 'termsDays'>(
    'draft',
    form,
    (key) => (e) => patch({ [key]: e.target.value }, key),
    refused.errors,
  );
  const lineError = (i: number, key: string) => refused.errors[`lines.${i}.${key}`];
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-5">
      {conflict.notice}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <ClientPicker
          id="draft-client"
          label="Client"
          value={form.clientId}
          selectedLabel={form.clientName || undefined}
          onChange={(value, option) =>
            patch(
              { clientId: value, clientName: option?.label ?? '', placeOfSupply: '' },
              'clientId',
            )
          }
          error={refused.errors.clientId}
          noRows="No clients yet: add one under Clients"
        />
        <ProjectPicker
          id="draft-project"
          label="Project (optional)"
          value={form.projectId}
          emptyOption="No project"
          selectedLabel={project.data ?? undefined}
          onChange={(value) => patch({ projectId: value }, 'projectId')}
          error={refused.errors.projectId}
        />
        <DateField label="Issue date" required {...bind('issueDate')} />
        <SelectField
          id="draft-placeOfSupply"
          label="Place of supply"
          placeholder="The client's state"
          options={PLACE_OPTIONS}
          value={place}
          onChange={(e) => patch({ placeOfSupply: e.target.value }, 'placeOfSupply')}
          error={refused.errors.placeOfSupply}
        />
        <Field
          label="Payment terms (days)"
          inputMode="numeric"
          {...bind('termsDays')}
          hint={due ? `Due on ${formatDMY(due)}` : '0 is due on receipt'}
        />
        {place === OUTSIDE_INDIA && (
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-gray-800">
            <input
              type="checkbox"
              checked={form.exportUnderLut}
              onChange={(e) => patch({ exportUnderLut: e.target.checked }, 'exportUnderLut')}
            />
            Export under LUT (no tax)
          </label>
        )}
      </div>

      <fieldset>
        <legend className="text-base font-semibold text-gray-900">Lines</legend>
        {refused.errors.lines && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {refused.errors.lines}
          </p>
        )}
        <ol className="mt-2 space-y-3">
          {form.lines.map((line, i) => (
            <LineRow
              key={i}
              index={i}
              line={line}
              onChange={(key, value) => setLine(i, key, value)}
              onRemove={
                form.lines.length > 1
                  ? () => setForm((f) => ({ ...f, lines: f.lines.filter((_, j) => j !== i) }))
                  : undefined
              }
              error={(key) => lineError(i, key)}
            />
          ))}
        </ol>
        {form.lines.length < MAX_INVOICE_LINES && (
          <button
            type="button"
            className={`${styles.btnSecondary} mt-3`}
            onClick={() => setForm((f) => ({ ...f, lines: [...f.lines, emptyLine()] }))}
          >
            <PlusIcon className="h-4 w-4" /> Add line
          </button>
        )}
      </fieldset>

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor="draft-notes" className="block text-sm font-medium text-gray-800">
            Notes
          </label>
          <textarea
            id="draft-notes"
            rows={4}
            maxLength={1000}
            className={styles.input}
            value={form.notes}
            onChange={(e) => patch({ notes: e.target.value }, 'notes')}
          />
          {refused.errors.notes && (
            <p role="alert" className="text-sm text-red-700">
              {refused.errors.notes}
            </p>
          )}
        </div>
        <div aria-live="polite">
          {live ? (
            <>
              <TotalsBox figures={live.totals} supplierState={profile.stateCode} />
              {!live.complete && (
                <p className="mt-1 text-xs text-gray-700">
                  Lines not yet complete are left out of the totals.
                </p>
              )}
            </>
          ) : (
            <p className="text-sm text-gray-700">Choose the client to see the tax and totals.</p>
          )}
        </div>
      </div>

      <div className="flex flex-wrap gap-2">
        <BusyButton
          type="submit"
          busy={adding.isLoading || updating.isLoading}
          label="Save draft"
          busyLabel="Saving…"
        />
        <button
          type="button"
          className={styles.btnSecondary}
          onClick={() => (invoice ? nav.view(invoice._id) : nav.list())}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One line: what is sold, how much, the GST rate, a discount, and its taxable value. */
function LineRow({
  index,
  line,
  onChange,
  onRemove,
  error,
}: {
  index: number;
  line: LineForm;
  onChange: (key: keyof LineForm, value: string) => void;
  onRemove?: () => void;
  error: (key: string) => string | undefined;
}) {
  const n = index + 1;
  const id = (key: string) => `line-${index}-${key}`;
  const taxable = lineTaxablePaise(line);
  /** A field of the line: its id, its name with the line's number, its value and message. */
  const bind = (key: keyof LineForm, name: string) => ({
    id: id(key),
    'aria-label': `Line ${n} ${name}`,
    value: line[key],
    onChange: (e: { target: { value: string } }) => onChange(key, e.target.value),
    error: error(key),
  });
  const input = (
    key: keyof LineForm,
    label: string,
    extra: Partial<Parameters<typeof Field>[0]> = {},
  ) => <Field label={label} {...bind(key, label.toLowerCase())} {...extra} />;
  return (
    <li className="rounded-md border border-gray-200 p-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,1.2fr)_minmax(0,0.9fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(9.5rem,1.8fr)_minmax(0,1.3fr)]">
        <div className="col-span-2 md:col-span-4 xl:col-span-1">
          {input('description', 'Description', { maxLength: 300 })}
        </div>
        {input('sacHsn', 'SAC/HSN', { inputMode: 'numeric', maxLength: 8 })}
        {input('quantity', 'Qty', { inputMode: 'decimal' })}
        {input('rate', 'Rate (₹)', { inputMode: 'decimal' })}
        <SelectField label="GST" options={RATE_OPTIONS} {...bind('gstRate', 'GST rate')} />
        <div className="flex gap-1">
          <div className="w-16 shrink-0">
            <SelectField
              label="In"
              options={DISCOUNT_KINDS}
              {...bind('discountKind', 'discount in')}
            />
          </div>
          <div className="min-w-0 flex-1">
            {input('discount', 'Discount', {
              inputMode: 'decimal',
              error: error(line.discountKind === 'percent' ? 'discountPercent' : 'discountAmount'),
            })}
          </div>
        </div>
        <div className="flex flex-col justify-between">
          <p className="text-sm font-medium text-gray-800">Taxable</p>
          <p
            className="py-2 text-right text-sm font-semibold text-gray-900"
            data-testid={`line-${index}-taxable`}
          >
            {taxable === null ? '—' : <Paise value={taxable} />}
          </p>
        </div>
      </div>
      {onRemove && (
        <button type="button" onClick={onRemove} className={`${styles.btnGhost} mt-2 text-red-700`}>
          Remove line {n}
        </button>
      )}
    </li>
  );
}
