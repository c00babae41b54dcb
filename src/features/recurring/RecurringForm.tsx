import { useState } from 'react';
import type { RecurringSchedule } from '../../../contract/enums';
import { ordinal } from '../../../contract/schedule';
import { useCategoryOptions } from '../../api/categoriesApi';
import { amountError, typedRupees } from '../../lib/amount';
import { END_BEFORE_START, isBackwards, todayLocalISO } from '../../lib/dates';
import { AmountField } from '../../ui/AmountField';
import { Field, SelectField } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useEditConflict } from '../../ui/useEditConflict';
import { useFieldErrors } from '../../ui/useFieldErrors';
import {
  useAddRecurringMutation,
  useLazyGetOneRecurringQuery,
  useUpdateRecurringMutation,
  type Recurring,
} from './recurringApi';
import { DAY_OPTIONS, SCHEDULE_OPTIONS, dayOf } from '../../ui/scheduleOptions';

/** The fields a refusal may name (the server's names). */
const FIELDS = [
  'description',
  'amount',
  'category',
  'schedule',
  'day',
  'startDate',
  'endDate',
] as const;

/** The form's values of a template (a new one's when null: monthly, from today). */
function recurringForm(r: Recurring | null) {
  const start = r?.startDate ?? todayLocalISO();
  return {
    description: r?.description ?? '',
    amount: r ? String(r.amount) : '',
    category: r?.category ?? '',
    schedule: r?.schedule ?? ('monthly' as RecurringSchedule),
    day: String(r?.day ?? dayOf('monthly', start)),
    startDate: start,
    endDate: r?.endDate ?? '',
  };
}

/** The create/edit modal of a recurring expense; `recurring` null creates one. */
export function RecurringForm({
  recurring,
  onClose,
}: {
  recurring: Recurring | null;
  onClose: () => void;
}) {
  const [addRecurring, adding] = useAddRecurringMutation();
  const [updateRecurring, updating] = useUpdateRecurringMutation();
  const [form, setForm] = useState(() => recurringForm(recurring));
  const [fetchOne] = useLazyGetOneRecurringQuery();
  const conflict = useEditConflict({
    record: recurring,
    reload: (r) => fetchOne(r._id).unwrap(),
    onReloaded: (fresh) => setForm(recurringForm(fresh)),
    tags: (r) => [{ type: 'recurring', id: r._id }],
  });
  const [problems, setProblems] = useState<{ amount?: string; endDate?: string }>({});
  const refused = useFieldErrors(FIELDS);
  const categoryOptions = useCategoryOptions(recurring?.category);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [key]: e.target.value });
    refused.clear(key);
  };
  const setSchedule = (e: { target: { value: string } }) => {
    const schedule = e.target.value as RecurringSchedule;
    // The new schedule's day that the start date falls on, rather than a day it does not have.
    setForm({ ...form, schedule, day: String(dayOf(schedule, form.startDate)) });
    refused.clear('schedule');
    refused.clear('day');
  };

  const submit = async () => {
    const found = {
      amount: amountError(form.amount, 'positive'),
      endDate: isBackwards(form.startDate, form.endDate) ? END_BEFORE_START : undefined,
    };
    setProblems(found);
    if (found.amount || found.endDate) return;
    const input = {
      description: form.description.trim(),
      amount: typedRupees(form.amount),
      category: form.category,
      schedule: form.schedule,
      day: Number(form.day),
      startDate: form.startDate,
      endDate: form.endDate === '' ? null : form.endDate,
    };
    const ok = recurring
      ? await conflict.save(
          updateRecurring({ ...input, _id: recurring._id, version: conflict.version }).unwrap(),
          {
            success: 'Recurring expense updated successfully',
            failure: 'Failed to update the recurring expense. Please try again.',
          },
          refused.capture,
        )
      : await conflict.save(
          addRecurring(input).unwrap(),
          {
            success: 'Recurring expense created successfully',
            failure: 'Failed to create the recurring expense. Please try again.',
          },
          refused.capture,
        );
    if (ok) onClose();
  };

  const day = Number(form.day);
  return (
    <FormModal
      open
      title={recurring ? 'Edit Recurring Expense' : 'Add Recurring Expense'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={recurring ? 'Update' : 'Create'}
      busy={adding.isLoading || updating.isLoading}
    >
      {conflict.notice}
      <Field
        id="recurring-description"
        label="Description"
        required
        maxLength={500}
        placeholder="Rent, salary, EMI…"
        error={refused.errors.description}
        value={form.description}
        onChange={set('description')}
      />
      <AmountField
        id="recurring-amount"
        value={form.amount}
        error={problems.amount ?? refused.errors.amount}
        onChange={(e) => {
          set('amount')(e);
          setProblems({ ...problems, amount: undefined });
        }}
      />
      <SelectField
        id="recurring-category"
        label="Category"
        placeholder="Select Category"
        options={categoryOptions}
        required
        error={refused.errors.category}
        value={form.category}
        onChange={set('category')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="recurring-schedule"
          label="Repeats"
          options={SCHEDULE_OPTIONS}
          required
          error={refused.errors.schedule}
          value={form.schedule}
          onChange={setSchedule}
        />
        <SelectField
          id="recurring-day"
          label={form.schedule === 'monthly' ? 'Day of the month' : 'Day of the week'}
          options={DAY_OPTIONS[form.schedule]}
          required
          error={refused.errors.day}
          value={form.day}
          onChange={set('day')}
        />
      </div>
      {form.schedule === 'monthly' && day > 28 && (
        <p className="text-xs text-gray-600">
          In a month without the {ordinal(day)}, it is recorded on the month’s last day.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="recurring-start"
          label="Start date"
          type="date"
          required
          hint="Days already past are recorded at once."
          error={refused.errors.startDate}
          value={form.startDate}
          onChange={(e) => {
            set('startDate')(e);
            setProblems({ ...problems, endDate: undefined });
          }}
        />
        <Field
          id="recurring-end"
          label="End date (optional)"
          type="date"
          error={problems.endDate ?? refused.errors.endDate}
          value={form.endDate}
          onChange={(e) => {
            set('endDate')(e);
            setProblems({ ...problems, endDate: undefined });
          }}
        />
      </div>
    </FormModal>
  );
}
