import { useState } from 'react';
import { useCategoryOptions } from '../../api/categoriesApi';
import { amountError, typedRupees } from '../../lib/amount';
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
import {
  SCHEDULE_FIELDS,
  ScheduleFields,
  endProblem,
  scheduleInput,
  scheduleValues,
  type ScheduleValues,
} from '../../ui/schedules/ScheduleFields';
import { templateMessages } from '../../ui/schedules/scheduleList';

/** The fields a refusal may name (the server's names). */
const FIELDS = ['description', 'amount', 'category', ...SCHEDULE_FIELDS] as const;

/** The form's values of a template (a new one's when null: monthly, from today). */
function recurringForm(r: Recurring | null) {
  return {
    description: r?.description ?? '',
    amount: r ? String(r.amount) : '',
    category: r?.category ?? '',
    ...scheduleValues(r),
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
  const setSchedule = (changes: Partial<ScheduleValues>) => {
    setForm({ ...form, ...changes });
    for (const key of Object.keys(changes)) refused.clear(key as keyof ScheduleValues);
    if (changes.startDate !== undefined || changes.endDate !== undefined)
      setProblems({ ...problems, endDate: undefined });
  };

  const submit = async () => {
    const found = {
      amount: amountError(form.amount, 'positive'),
      endDate: endProblem(form),
    };
    setProblems(found);
    if (found.amount || found.endDate) return;
    const input = {
      description: form.description.trim(),
      amount: typedRupees(form.amount),
      category: form.category,
      ...scheduleInput(form),
    };
    const told = templateMessages('recurring expense');
    const ok = await conflict.save(
      recurring
        ? updateRecurring({ ...input, _id: recurring._id, version: conflict.version }).unwrap()
        : addRecurring(input).unwrap(),
      recurring ? told.updated : told.created,
      refused.capture,
    );
    if (ok) onClose();
  };

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
      <ScheduleFields
        idPrefix="recurring"
        values={form}
        errors={refused.errors}
        endError={problems.endDate}
        onChange={setSchedule}
        made={{ monthEnd: 'recorded', past: 'recorded' }}
      />
    </FormModal>
  );
}
