import { serialColumn, type Column } from '../../ui/DataTable';
import { countOf } from '../../ui/countOf';
import { ListScreen } from '../../ui/ListScreen';
import { recordMenuColumn } from '../../ui/RowMenu';
import {
  TemplateDialogs,
  scheduleColumns,
  scheduleDetails,
  statusColumn,
  statusOf,
  useTemplateList,
} from '../../ui/schedules/scheduleList';
import { RecurringForm } from './RecurringForm';
import {
  recurringRowActions,
  useGetRecurringQuery,
  type Recurring,
  type RecurringSort,
} from './recurringApi';
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
    ...recurringRowActions,
  });
  const { list, modals, pauseOrResume } = template;
  const query = useGetRecurringQuery(list.params);

  const columns: Column<Recurring, RecurringSort>[] = [
    serialColumn(),
    titleColumn('description', 'Description'),
    amountColumn('amount', 'Amount'),
    { key: 'category', header: 'Category', render: (row) => row.category },
    ...scheduleColumns<Recurring, RecurringSort>('nextDate'),
    statusColumn(),
    recordMenuColumn(modals, (row) => row.description, { extra: (row) => [pauseOrResume(row)] }),
  ];

  const page = query.currentData ?? query.data;
  return (
    <ListScreen
      title="Recurring Expenses"
      addLabel="Add Recurring Expense"
      onAdd={modals.openCreate}
      searchLabel="Search recurring expenses"
      empty={{
        hint: 'Rent, salaries, EMIs: add them once, and each is recorded on its day.',
        action: 'Add your first recurring expense',
      }}
      list={list}
      query={query}
      columns={columns}
      summary={page && countOf(page.total, 'recurring expense')}
    >
      {modals.formOpen && <RecurringForm recurring={modals.editing} onClose={modals.closeForm} />}
      <TemplateDialogs
        template={template}
        details={details}
        labels={detailsLabels}
        nameOf={(row) => row.description}
        made="expenses it already recorded"
      />
    </ListScreen>
  );
}
