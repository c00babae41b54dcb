import { amountError, typedRupees } from '../../lib/amount';
import { AmountField } from '../../ui/AmountField';
import { CategoryField } from '../../ui/CategoryField';
import { Field } from '../../ui/Field';
import { RecordFormModal } from '../../ui/useRecordForm';
import {
  useAddRecurringMutation,
  useLazyGetOneRecurringQuery,
  useUpdateRecurringMutation,
  type Recurring,
} from './recurringApi';
import {
  SCHEDULE_FIELDS,
  ScheduleFields,
  scheduleInput,
  scheduleValues,
} from '../../ui/schedules/ScheduleFields';
import { useTemplateForm } from '../../ui/schedules/useTemplateForm';

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
  const [fetchOne] = useLazyGetOneRecurringQuery();
  const state = useTemplateForm({
    record: recurring,
    valuesOf: recurringForm,
    reload: (id) => fetchOne(id).unwrap(),
    tag: (id) => ({ type: 'recurring', id }),
    fields: FIELDS,
    what: 'recurring expense',
    add: useAddRecurringMutation(),
    update: useUpdateRecurringMutation(),
    onClose,
  });
  const { form, problems, refused, set, setSchedule, save } = state;

  const submit = () =>
    void save({ amount: amountError(form.amount, 'positive') }, () => ({
      description: form.description.trim(),
      amount: typedRupees(form.amount),
      category: form.category,
      ...scheduleInput(form),
    }));

  return (
    <RecordFormModal
      state={state}
      title={{ add: 'Add Recurring Expense', edit: 'Edit Recurring Expense' }}
      onSubmit={submit}
    >
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
        onChange={set('amount')}
      />
      <CategoryField
        id="recurring-category"
        current={recurring?.category}
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
    </RecordFormModal>
  );
}
