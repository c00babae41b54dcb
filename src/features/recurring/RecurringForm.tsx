import {
  ExpenseFields,
  expenseInput,
  expenseProblems,
  expenseValues,
} from '../../ui/ExpenseFields';
import { RecordFormModal } from '../../ui/useRecordForm';
import { recurringExpenses, type Recurring } from './recurringApi';
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
    ...expenseValues(r),
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
  const state = useTemplateForm({
    record: recurring,
    valuesOf: recurringForm,
    fields: FIELDS,
    what: 'recurring expense',
    ...recurringExpenses.formCalls,
    onClose,
  });
  const { form, problems, refused, setSchedule, save } = state;

  const submit = () =>
    void save(expenseProblems(form), () => ({ ...expenseInput(form), ...scheduleInput(form) }));

  return (
    <RecordFormModal
      state={state}
      title={{ add: 'Add Recurring Expense', edit: 'Edit Recurring Expense' }}
      onSubmit={submit}
    >
      <ExpenseFields
        idPrefix="recurring"
        state={state}
        current={recurring?.category}
        placeholder="Rent, salary, EMI…"
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
