import { useState } from 'react';
import { ClientPicker } from '../../ui/recordPickers';
import type { ReceiptMode } from '../../../contract/api/receipts';
import { amountInWords } from '../../../contract/amountInWords';
import { parseRupees, rupeesToPaise } from '../../../contract/rules';
import { formatDMY, todayLocalISO } from '../../lib/dates';
import { accountLabel, useGetAccountQuery } from '../../api/accountsApi';
import { AccountPicker } from '../../ui/AccountPicker';
import { AmountField } from '../../ui/AmountField';
import { Field } from '../../ui/Field';
import { DateField } from '../../ui/DateField';
import { FormModal } from '../../ui/Modal';
import { ModeField } from '../../ui/ModeField';
import { useDialogCall } from '../../ui/useDialogCall';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { useGetInvoiceProfileQuery, useGetInvoicesQuery, type InvoiceRow } from './invoicingApi';
import { Paise } from './parts';
import { useAddReceiptMutation } from './receivablesApi';

const FIELDS = ['clientId', 'accountId', 'date', 'mode', 'reference', 'amount', 'allocations'];

/** Typed rupees -> paise; 0 for an empty box, null for what is not an amount. */
const typedPaise = (typed: string): number | null =>
  typed.trim() === '' ? 0 : rupeesToPaise(parseRupees(typed));
const paiseText = (paise: number) => (paise === 0 ? '' : (paise / 100).toFixed(2));

interface Share {
  amount: string;
  tds: string;
}

/** What a receipt puts on each invoice: the amount paid on it and the tax deducted (TDS). */
const SHARE_FIELDS = [
  ['amount', 'alloc', 'Paid on'],
  ['tds', 'tds', 'TDS on'],
] as const;

/** The client's open invoices, oldest first, and what each still owes in paise. */
function useOpenInvoices(clientId: string, companyId?: string) {
  const query = useGetInvoicesQuery(
    { clientId, kind: 'invoice', pageSize: 100, order: 'asc', companyId: companyId || undefined },
    { skip: !clientId },
  );
  const rows = (query.data?.data ?? [])
    .filter((r) => (r.status === 'issued' || r.status === 'part_paid') && r.pending > 0)
    .sort((a, b) => a.issueDate.localeCompare(b.issueDate));
  return { rows, isLoading: query.isFetching };
}

/** Spreads `paise` over the invoices, oldest first, each up to what it still owes. */
function fillOldestFirst(rows: InvoiceRow[], paise: number): Record<string, Share> {
  let left = paise;
  return Object.fromEntries(
    rows.map((r) => {
      const owed = rupeesToPaise(r.pending) ?? 0;
      const take = Math.max(0, Math.min(owed, left));
      left -= take;
      return [r._id, { amount: paiseText(take), tds: '' }];
    }),
  );
}

/**
 * Records money a client paid into one of the company's accounts and settles its open
 * invoices with it (oldest first unless changed, each with the TDS the client withheld);
 * what is left is the client's advance.
 */
export function ReceiptForm({
  client,
  companyId,
  onClose,
}: {
  /** The client, when the form is opened from one of its invoices. */
  client?: { _id: string; name: string };
  companyId?: string;
  onClose: () => void;
}) {
  const profile = useGetInvoiceProfileQuery(companyId || undefined);
  const [clientId, setClientId] = useState(client?._id ?? '');
  const [clientName, setClientName] = useState(client?.name ?? '');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [date, setDate] = useState(todayLocalISO());
  const [mode, setMode] = useState<ReceiptMode>('neft');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [shares, setShares] = useState<Record<string, Share>>({});
  const [checked, setChecked] = useState(false);
  const open = useOpenInvoices(clientId, companyId);
  const [add, adding] = useAddReceiptMutation();
  const refused = useFieldErrors<string>([
    ...FIELDS,
    ...open.rows.flatMap((_, i) => [`allocations.${i}.amount`, `allocations.${i}.tds`]),
  ]);
  // The invoicing settings' account until another is chosen.
  const account = accountId ?? profile.data?.data?.bankAccountId ?? '';
  const accountRow = useGetAccountQuery(account, { skip: !account });

  const received = typedPaise(amount);
  const shareOf = (id: string): Share => shares[id] ?? { amount: '', tds: '' };
  const allocated = open.rows.reduce((s, r) => s + (typedPaise(shareOf(r._id).amount) ?? 0), 0);
  const advance = received === null ? null : received - allocated;

  const changeAmount = (typed: string) => {
    setAmount(typed);
    refused.clear('amount');
    const paise = typedPaise(typed);
    if (paise !== null) setShares(fillOldestFirst(open.rows, paise));
  };
  const setShare = (id: string, key: keyof Share, typed: string) =>
    setShares((s) => ({ ...s, [id]: { ...shareOf(id), [key]: typed } }));

  const referenceMissing = mode === 'cheque' && reference.trim() === '';
  const { dialog, send } = useDialogCall({
    onClose,
    running: adding,
    messages: { success: 'Receipt recorded', failure: 'Could not record the receipt.' },
    onRefused: refused.capture,
  });
  const submit = async () => {
    setChecked(true);
    if (referenceMissing) return;
    const allocations = open.rows
      .map((r) => ({ row: r, share: shareOf(r._id) }))
      .filter(
        ({ share }) => (typedPaise(share.amount) ?? 1) !== 0 || (typedPaise(share.tds) ?? 1) !== 0,
      )
      .map(({ row, share }) => ({
        invoiceId: row._id,
        amount: share.amount.trim() === '' ? 0 : parseRupees(share.amount),
        tds: share.tds.trim() === '' ? 0 : parseRupees(share.tds),
      }));
    await send(
      add({
        clientId,
        accountId: account,
        date,
        mode,
        reference: reference.trim(),
        amount: parseRupees(amount),
        allocations,
      }).unwrap(),
    );
  };

  return (
    <FormModal
      {...dialog}
      title="Record receipt"
      submitLabel="Record receipt"
      onSubmit={submit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ClientPicker
          id="receipt-client"
          label="Client"
          companyId={companyId}
          value={clientId}
          selectedLabel={clientName || undefined}
          onChange={(value, option) => {
            setClientId(value);
            setClientName(option?.label ?? '');
            setShares({});
            refused.clear('clientId');
          }}
          error={refused.errors.clientId}
        />
        <AccountPicker
          id="receipt-account"
          label="Into bank account"
          companyId={companyId}
          state="open"
          value={account}
          onChange={(value) => {
            setAccountId(value);
            refused.clear('accountId');
          }}
          error={refused.errors.accountId}
          selectedLabel={accountRow.data ? accountLabel(accountRow.data) : undefined}
        />
        <DateField
          id="receipt-date"
          label="Date"
          required
          {...refused.bind('date', date, setDate)}
        />
        <ModeField
          id="receipt-mode"
          value={mode}
          onChange={(e) => setMode(e.target.value as ReceiptMode)}
          error={refused.errors.mode}
        />
        <Field
          id="receipt-reference"
          label={mode === 'cheque' ? 'Cheque number' : 'Reference (UTR)'}
          maxLength={60}
          value={reference}
          onChange={refused.typed('reference', setReference)}
          error={
            (checked && referenceMissing ? 'A cheque needs its number.' : undefined) ??
            refused.errors.reference
          }
        />
        <AmountField
          id="receipt-amount"
          label="Amount received (₹)"
          value={amount}
          onChange={(e) => changeAmount(e.target.value)}
          error={refused.errors.amount}
        />
      </div>
      <fieldset className="mt-5">
        <legend className="text-sm font-semibold text-gray-900">Settles these invoices</legend>
        {refused.errors.allocations && (
          <p role="alert" className="text-sm text-red-700">
            {refused.errors.allocations}
          </p>
        )}
        {!clientId ? (
          <p className="mt-1 text-sm text-gray-700">Choose the client to see its open invoices.</p>
        ) : open.rows.length === 0 ? (
          <p className="mt-1 text-sm text-gray-700">
            {open.isLoading ? 'Loading…' : 'No open invoices: all of it is an advance.'}
          </p>
        ) : (
          <ul className="mt-2 space-y-3">
            {open.rows.map((r, i) => (
              <li
                key={r._id}
                className="grid gap-2 rounded-md border border-gray-200 p-3 sm:grid-cols-3"
              >
                <p className="text-sm sm:col-span-3">
                  <span className="font-semibold">{r.number}</span> of {formatDMY(r.issueDate)} ·
                  pending <Paise value={rupeesToPaise(r.pending) ?? 0} />
                </p>
                {SHARE_FIELDS.map(([key, id, what]) => (
                  <AmountField
                    key={key}
                    id={`receipt-${id}-${i}`}
                    label={`${what} ${r.number}`}
                    required={false}
                    value={shareOf(r._id)[key]}
                    onChange={(e) => setShare(r._id, key, e.target.value)}
                    error={refused.errors[`allocations.${i}.${key}`]}
                  />
                ))}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-gray-900" aria-live="polite">
          {advance === null ? (
            'Type the amount received.'
          ) : advance < 0 ? (
            <span className="text-red-700">
              The invoices take <Paise value={-advance} /> more than was received.
            </span>
          ) : (
            <>
              Left as the client's advance: <Paise value={advance} className="font-semibold" />
              {received ? (
                <span className="block text-xs text-gray-700">
                  {amountInWords(received)} received
                </span>
              ) : null}
            </>
          )}
        </p>
      </fieldset>
    </FormModal>
  );
}
