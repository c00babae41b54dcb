import { useState } from 'react';
import { amountError, typedRupees } from '../../lib/amount';
import { todayLocalISO } from '../../lib/dates';
import { AmountField } from '../../ui/AmountField';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useDialogCall } from '../../ui/useDialogCall';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { fieldBinder } from '../../ui/fieldBinding';
import { CheckField } from '../../ui/CheckField';
import { useAddKhataEntryMutation } from './khataApi';

const FIELDS = ['amount', 'date', 'dueDate', 'note'] as const;

/**
 * You gave / You got in one step: the amount, the date and a note. You gave may name when it
 * is due back and ask for reminders on that day and weekly after.
 */
export function EntryForm({
  personId,
  name,
  type,
  onClose,
}: {
  personId: string;
  name: string;
  type: 'gave' | 'got';
  onClose: () => void;
}) {
  const [addEntry, adding] = useAddKhataEntryMutation();
  const [form, setForm] = useState({
    amount: '',
    date: todayLocalISO(),
    dueDate: '',
    note: '',
    autoRemind: false,
  });
  const [amountProblem, setAmountProblem] = useState<string>();
  const refused = useFieldErrors(FIELDS);
  const set =
    (key: 'amount' | 'date' | 'dueDate' | 'note') => (e: { target: { value: string } }) => {
      setForm({ ...form, [key]: e.target.value });
      refused.clear(key);
      if (key === 'amount') setAmountProblem(undefined);
    };

  const { dialog, send } = useDialogCall({
    onClose,
    running: adding,
    messages: {
      success: 'Entry recorded',
      failure: 'Failed to record the entry. Please try again.',
    },
    onRefused: refused.capture,
  });
  const submit = async () => {
    const problem = amountError(form.amount, 'positive');
    setAmountProblem(problem);
    if (problem) return;
    await send(
      addEntry({
        id: personId,
        type,
        amount: typedRupees(form.amount),
        date: form.date,
        note: form.note.trim(),
        ...(type === 'gave' && form.dueDate ? { dueDate: form.dueDate } : {}),
        ...(type === 'gave' ? { autoRemind: form.autoRemind && !!form.dueDate } : {}),
      }).unwrap(),
    );
  };

  const bind = fieldBinder(`khata-${type}`, form, set, { amount: amountProblem }, refused.errors);
  return (
    <FormModal
      {...dialog}
      title={type === 'gave' ? `You gave ${name}` : `You got from ${name}`}
      submitLabel="Save"
      onSubmit={submit}
    >
      <AmountField {...bind('amount')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField label="Date" format="dmy" required {...bind('date')} />
        {type === 'gave' && (
          <DateField
            label="Due date (optional)"
            format="dmy"
            min={form.date}
            {...bind('dueDate')}
          />
        )}
      </div>
      <Field label="Note (optional)" maxLength={200} autoComplete="off" {...bind('note')} />
      {type === 'gave' && (
        <CheckField
          // Reminders go on the due date: there is none to remind on until one is given.
          disabled={!form.dueDate}
          checked={form.autoRemind && !!form.dueDate}
          onChange={(autoRemind) => setForm({ ...form, autoRemind })}
        >
          Remind me on the due date and every week after while it is unpaid (by e-mail to them when
          they have an address, and in your notifications)
          {!form.dueDate && ' — give a due date first'}
        </CheckField>
      )}
      <p className="text-xs text-gray-600">
        {type === 'gave'
          ? `What you owe ${name} is paid back first; the rest is a new lend.`
          : `What ${name} owes you is paid back first; the rest is a new borrowing.`}
      </p>
    </FormModal>
  );
}
