import { useState } from 'react';
import { toast } from 'react-toastify';
import { amountError, typedRupees } from '../../lib/amount';
import { formatDMY, todayLocalISO } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { lastFourOf } from '../../ui/AccountNumber';
import { AmountField } from '../../ui/AmountField';
import type { Column } from '../../ui/DataTable';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useDialogCall } from '../../ui/useDialogCall';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { AccountPicker } from '../../ui/AccountPicker';
import {
  accountLabel,
  useReversePaymentMutation,
  useTransferMutation,
  type Account,
  type Payment,
  type StatementEntry,
} from './bankApi';
import { addRupees } from './AccountCard';
import { EntryDetails, type EntryDetailsOf } from './EntryDetails';
import { ModeField } from '../../ui/ModeField';
import { referenceLabel } from '../../ui/paymentModes';
import type { PaymentMode } from '../../../contract/api/bank';

type Linked = Pick<
  Payment | StatementEntry,
  'paymentType' | 'reversesId' | 'reversedById' | 'transferAccount' | 'reconciled'
>;

/** How an entry is tied to others, in words: a reversal, reversed, a transfer's account. */
export function EntryLinks({ entry }: { entry: Linked }) {
  const notes: string[] = [];
  if (entry.transferAccount) {
    const other = `${entry.transferAccount.holder_name} (${lastFourOf(entry.transferAccount.account_no)})`;
    notes.push(entry.paymentType === 'debit' ? `Transfer to ${other}` : `Transfer from ${other}`);
  }
  if (entry.reversesId) notes.push('Reversal');
  if (entry.reversedById) notes.push('Reversed');
  if (entry.reconciled) notes.push('Reconciled');
  if (notes.length === 0) return null;
  return <span className="block text-xs font-medium text-gray-700">{notes.join(' · ')}</span>;
}

/**
 * An entry's first columns in a list of them (latest payments, a statement): its date, then
 * its remark, with what it says it was and how it is tied to others under it.
 */
export const entryColumns = <
  T extends Linked & EntryDetailsOf & { date: string; remark: string },
>(): Column<T>[] => [
  { key: 'date', header: 'Date', render: (e) => formatDMY(e.date) },
  {
    key: 'remark',
    header: 'Remark',
    card: 'primary',
    wrap: true,
    render: (e) => (
      <>
        {e.remark}
        <EntryDetails entry={e} />
        <EntryLinks entry={e} />
      </>
    ),
  },
];

/**
 * Whether a payment can still be corrected: once, never a correction itself, and not while a
 * bank statement's line holds it (its reconciliation is undone first).
 */
export const canReverse = (p: Linked) => !p.reversesId && !p.reversedById && !p.reconciled;

/**
 * Corrects a payment by a reversal: an opposite entry linked to it, dated the payment's day
 * unless a later one is chosen. Nothing is edited or deleted.
 */
export function ReverseDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const [date, setDate] = useState(payment.date);
  const [remark, setRemark] = useState(`Reversal: ${payment.remark}`);
  const [reverse, reversing] = useReversePaymentMutation();
  const refused = useFieldErrors(['date', 'remark'] as const);
  const { dialog, send } = useDialogCall({
    onClose,
    running: reversing,
    messages: {
      success: 'Payment reversed',
      failure: 'Failed to reverse the payment. Please try again.',
    },
    onRefused: refused.capture,
  });
  const submit = () =>
    send(reverse({ payment, date, remark: remark.trim() || undefined }).unwrap());
  const opposite = payment.paymentType === 'credit' ? 'debit' : 'credit';
  return (
    <FormModal {...dialog} title="Reverse payment" submitLabel="Reverse" onSubmit={submit}>
      <p className="text-sm text-gray-800">
        A {opposite} of the same amount is recorded against this {payment.paymentType} of{' '}
        {formatDMY(payment.date)}; both stay in the statement, linked.
        {payment.transferAccount && ' Both legs of the transfer are reversed.'}
      </p>
      <DateField
        id="reverse-date"
        label="Date"
        min={payment.date}
        {...refused.bind('date', date, setDate)}
      />
      <Field
        id="reverse-remark"
        label="Remark"
        maxLength={200}
        {...refused.bind('remark', remark, setRemark)}
      />
    </FormModal>
  );
}

type TransferField = 'toId' | 'date' | 'amount' | 'remark';

/** The fields a transfer needs that are still empty, each with what to say under it. */
function missingTransferFields(form: Record<TransferField, string>) {
  const missing: Partial<Record<TransferField, string>> = {};
  if (!form.toId) missing.toId = 'Choose the account to credit.';
  if (!form.date) missing.date = 'Enter the date.';
  if (!form.amount) missing.amount = 'Enter the amount.';
  if (!form.remark.trim()) missing.remark = 'Enter a remark.';
  return missing;
}

/** Moves money from `from` to another of the company's accounts, both entries together. */
export function TransferDialog({ from, onClose }: { from: Account; onClose: () => void }) {
  const [toId, setToId] = useState('');
  const [toLabel, setToLabel] = useState<string>();
  const [date, setDate] = useState(todayLocalISO);
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [mode, setMode] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string>();
  const [transfer, moving] = useTransferMutation();
  const refused = useFieldErrors(['date', 'amount', 'remark', 'reference'] as const);
  const [chequeProblem, setChequeProblem] = useState<string>();
  // The fields Transfer found empty, each named under itself until it changes.
  const [missing, setMissing] = useState<Partial<Record<TransferField, string>>>({});
  const forget = (field: TransferField) => setMissing(({ [field]: _gone, ...rest }) => rest);
  const { dialog, send } = useDialogCall({
    onClose,
    running: moving,
    messages: {
      success: 'Transfer recorded',
      failure: 'Failed to record the transfer. Please try again.',
    },
    onRefused: refused.capture,
  });
  const submit = async () => {
    const empty = missingTransferFields({ toId, date, amount, remark });
    setMissing(empty);
    const cheque = mode === 'cheque' && !reference.trim();
    setChequeProblem(cheque ? 'Enter the cheque number.' : undefined);
    if (Object.keys(empty).length > 0 || cheque) return;
    if (toId === from._id) {
      toast.error('Choose two different accounts to transfer between');
      return;
    }
    const amountProblem = amountError(amount, 'positive');
    setProblem(amountProblem);
    if (amountProblem) return;
    await send(
      transfer({
        fromAccountId: from._id,
        toAccountId: toId,
        date,
        remark: remark.trim(),
        amount: typedRupees(amount),
        mode: (mode || undefined) as PaymentMode | undefined,
        reference: reference.trim() || undefined,
      }).unwrap(),
    );
  };
  return (
    <FormModal
      {...dialog}
      title="Transfer between accounts"
      submitLabel="Transfer"
      onSubmit={submit}
    >
      <p className="text-sm text-gray-800">
        From <strong>{accountLabel(from)}</strong>
      </p>
      <AccountPicker
        id="transfer-to"
        state="open"
        // The account money leaves is never where it goes.
        exclude={from._id}
        label="To account"
        placeholder="Select the account to credit"
        value={toId}
        selectedLabel={toLabel}
        error={missing.toId}
        onChange={(value, option) => {
          setToId(value);
          setToLabel(option?.label);
          forget('toId');
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          id="transfer-date"
          label="Date"
          error={missing.date ?? refused.errors.date}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            forget('date');
            refused.clear('date');
            refused.clear('amount');
          }}
        />
        <AmountField
          id="transfer-amount"
          // Said under it with the other missing fields, not by the browser's bubble.
          required={false}
          error={missing.amount ?? problem ?? refused.errors.amount}
          note={`Available balance: ${formatRupees(addRupees(from.balance, from.overdraftLimit))}`}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            forget('amount');
            setProblem(undefined);
            refused.clear('amount');
          }}
        />
      </div>
      <Field
        id="transfer-remark"
        label="Remark"
        maxLength={200}
        error={missing.remark ?? refused.errors.remark}
        value={remark}
        onChange={(e) => {
          setRemark(e.target.value);
          forget('remark');
          refused.clear('remark');
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ModeField
          id="transfer-mode"
          placeholder="Not given"
          value={mode}
          onChange={(e) => {
            setMode(e.target.value);
            setChequeProblem(undefined);
          }}
        />
        <Field
          id="transfer-reference"
          label={referenceLabel(mode)}
          maxLength={40}
          required={mode === 'cheque'}
          error={chequeProblem ?? refused.errors.reference}
          value={reference}
          onChange={(e) => {
            setReference(e.target.value);
            setChequeProblem(undefined);
            refused.clear('reference');
          }}
        />
      </div>
    </FormModal>
  );
}
