import { scheduleInWords } from '../../../contract/schedule';
import { notifyMutation } from '../../api/notify';
import { formatYMD } from '../../lib/dates';
import { serialColumn, type Column } from '../../ui/DataTable';
import { DeleteDialog } from '../../ui/DeleteDialog';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { Money } from '../../ui/Money';
import { RowMenu } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { RecurringForm } from './RecurringForm';
import {
  useDeleteRecurringMutation,
  useGetRecurringQuery,
  usePauseRecurringMutation,
  useResumeRecurringMutation,
  type Recurring,
  type RecurringSort,
} from './recurringApi';

const SORTS: readonly RecurringSort[] = ['nextDate', 'description', 'amount'];

/** Where a template stands: recording, paused, or past its end date. */
const statusOf = (row: Recurring) =>
  row.paused ? 'Paused' : row.nextDate === null ? 'Ended' : 'Active';

/** Data Details of a template: its schedule in words and where it stands. */
const details = (row: Recurring) => ({
  description: row.description,
  amount: row.amount,
  category: row.category,
  schedule: scheduleInWords(row.schedule, row.day),
  startDate: row.startDate,
  endDate: row.endDate,
  nextDate: row.paused ? null : row.nextDate,
  lastDate: row.lastDate,
  status: statusOf(row),
});
const detailsLabels = { lastDate: 'Last Recorded', nextDate: 'Next Date' };
const detailsRender = {
  amount: (v: unknown) => <Money value={v as number} />,
};

export default function RecurringScreen() {
  const list = useListParams<RecurringSort>('nextDate', 'asc', { sorts: SORTS });
  const query = useGetRecurringQuery(list.params);
  const modals = useRecordModals<Recurring>();
  const [deleteRecurring, deleting] = useDeleteRecurringMutation();
  const [pauseRecurring] = usePauseRecurringMutation();
  const [resumeRecurring] = useResumeRecurringMutation();

  const toggle = (row: Recurring) =>
    row.paused
      ? notifyMutation(resumeRecurring({ id: row._id, version: row.version }).unwrap(), {
          success: 'Recurring expense resumed',
          failure: 'Failed to resume the recurring expense. Please try again.',
        })
      : notifyMutation(pauseRecurring({ id: row._id, version: row.version }).unwrap(), {
          success: 'Recurring expense paused',
          failure: 'Failed to pause the recurring expense. Please try again.',
        });

  const columns: Column<Recurring, RecurringSort>[] = [
    serialColumn(),
    {
      key: 'description',
      header: 'Description',
      sortKey: 'description',
      card: 'primary',
      wrap: true,
      render: (row) => row.description,
    },
    {
      key: 'amount',
      header: 'Amount',
      sortKey: 'amount',
      align: 'right',
      card: 'money',
      render: (row) => <Money value={row.amount} />,
    },
    { key: 'category', header: 'Category', render: (row) => row.category },
    {
      key: 'schedule',
      header: 'Schedule',
      render: (row) => scheduleInWords(row.schedule, row.day),
    },
    {
      key: 'nextDate',
      header: 'Next Date',
      sortKey: 'nextDate',
      render: (row) => (row.paused || row.nextDate === null ? '—' : formatYMD(row.nextDate)),
    },
    { key: 'status', header: 'Status', render: statusOf },
    {
      key: 'action',
      header: 'Action',
      render: (row) => (
        <RowMenu
          label={row.description}
          onShow={() => modals.show(row)}
          onEdit={() => modals.openEdit(row)}
          onDelete={() => modals.askDelete(row)}
          extraActions={[
            { label: row.paused ? 'Resume' : 'Pause', onClick: () => void toggle(row) },
          ]}
        />
      ),
    },
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
      rowKey={(row) => row._id}
      summary={
        page && (
          <>
            {page.total.toLocaleString('en-IN')}{' '}
            {page.total === 1 ? 'recurring expense' : 'recurring expenses'}
          </>
        )
      }
    >
      {modals.formOpen && <RecurringForm recurring={modals.editing} onClose={modals.closeForm} />}
      <DetailsModal
        record={modals.showing && details(modals.showing)}
        onClose={modals.closeShow}
        labels={detailsLabels}
        render={detailsRender}
      />
      <DeleteDialog
        record={modals.deleting}
        title="Delete recurring expense"
        message={(row) => (
          <>
            Delete the recurring expense <strong>{row.description}</strong>? The expenses it already
            recorded stay.
          </>
        )}
        run={(row) => deleteRecurring(row._id).unwrap()}
        messages={{
          success: 'Recurring expense deleted successfully',
          failure: 'Failed to delete the recurring expense. Please try again.',
        }}
        onClose={modals.closeDelete}
        busy={deleting.isLoading}
      />
    </ListScreen>
  );
}
