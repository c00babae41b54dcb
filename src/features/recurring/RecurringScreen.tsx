import { serialColumn, type Column } from '../../ui/DataTable';
import { recordMenuColumn } from '../../ui/RowMenu';
import {
  TemplateListScreen,
  scheduleColumns,
  scheduleDetails,
  statusColumn,
  statusOf,
  useTemplateList,
} from '../../ui/schedules/scheduleList';
import { RecurringForm } from './RecurringForm';
import { recurringExpenses, type Recurring, type RecurringSort } from './recurringApi';
import { titleColumn, amountColumn } from '../../ui/columns';

const SORTS: readonly RecurringSort[] = ['nextDate', 'description', 'amount'];

/** Data Details of a template: its schedule in words and where it stands. */
const details = (row: Recurring) => ({
  description: row.description,
  amount: row.amount,
  category: row.category,
  ...scheduleDetails(row),
  status: statusOf(row),
});
const detailsLabels = { lastDate: 'Last Recorded', nextDate: 'Next Date' };

export default function RecurringScreen() {
  const template = useTemplateList<Recurring, RecurringSort>({
    what: 'recurring expense',
    sorts: SORTS,
    ...recurringExpenses.rowActions,
  });
  const { list, modals, pauseOrResume } = template;
  const query = recurringExpenses.useList(list.params);

  const columns: Column<Recurring, RecurringSort>[] = [
    serialColumn(),
    titleColumn('description', 'Description'),
    amountColumn('amount', 'Amount'),
    { key: 'category', header: 'Category', render: (row) => row.category },
    ...scheduleColumns<Recurring, RecurringSort>('nextDate'),
    statusColumn(),
    recordMenuColumn(modals, (row) => row.description, { extra: (row) => [pauseOrResume(row)] }),
  ];

  return (
    <TemplateListScreen
      template={template}
      title="Recurring Expenses"
      hint="Rent, salaries, EMIs: add them once, and each is recorded on its day."
      query={query}
      columns={columns}
      form={(editing, onClose) => <RecurringForm recurring={editing} onClose={onClose} />}
      details={details}
      labels={detailsLabels}
      nameOf={(row) => row.description}
      made="expenses it already recorded"
    />
  );
}
