import { notifyMutation } from '../../api/notify';
import { formatYMD } from '../../lib/dates';
import { formatEnum } from '../../lib/labels';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { Money } from '../../ui/Money';
import { RowMenu } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { ExpenseForm } from './ExpenseForm';
import {
  useDeleteExpenseMutation,
  useGetExpensesQuery,
  type Expense,
  type ExpenseSort,
} from './expensesApi';

const detailsRender = {
  amount: (v: unknown) => <Money value={v as number} />,
  category: formatEnum,
};

export default function ExpensesScreen() {
  const list = useListParams<ExpenseSort>('date');
  const query = useGetExpensesQuery(list.params);
  const modals = useRecordModals<Expense>();
  const [deleteExpense, deleting] = useDeleteExpenseMutation();

  const columns: Column<Expense, ExpenseSort>[] = [
    { key: 'sno', header: 'S.no', render: (_row, n) => n },
    { key: 'date', header: 'Date', sortKey: 'date', render: (row) => formatYMD(row.date) },
    {
      key: 'description',
      header: 'Description',
      sortKey: 'description',
      render: (row) => row.description,
    },
    {
      key: 'amount',
      header: 'Amount',
      sortKey: 'amount',
      align: 'right',
      render: (row) => <Money value={row.amount} />,
    },
    {
      key: 'category',
      header: 'Category',
      sortKey: 'category',
      render: (row) => formatEnum(row.category),
    },
    {
      key: 'action',
      header: 'Action',
      render: (row) => (
        <RowMenu
          label={row.description}
          onShow={() => modals.show(row)}
          onEdit={() => modals.openEdit(row)}
          onDelete={() => modals.askDelete(row)}
        />
      ),
    },
  ];

  const confirmDelete = async () => {
    if (!modals.deleting) return;
    await notifyMutation(deleteExpense(modals.deleting._id).unwrap(), {
      success: 'Expense deleted successfully',
      failure: 'Failed to delete expense. Please try again.',
    });
    modals.closeDelete();
  };

  const page = query.currentData ?? query.data;
  return (
    <ListScreen
      title="Expenses List"
      addLabel="Add New Expense"
      onAdd={modals.openCreate}
      searchLabel="Search expenses"
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => row._id}
      summary={
        page && (
          <>
            Total Amount: <Money value={page.totalAmount} className="font-semibold text-gray-900" />{' '}
            · {page.total} {page.total === 1 ? 'expense' : 'expenses'}
          </>
        )
      }
    >
      {modals.formOpen && <ExpenseForm expense={modals.editing} onClose={modals.closeForm} />}
      <DetailsModal record={modals.showing} onClose={modals.closeShow} render={detailsRender} />
      <ConfirmDialog
        open={modals.deleting !== null}
        title="Delete expense"
        message={
          <>
            Delete the expense <strong>{modals.deleting?.description}</strong>? This cannot be
            undone.
          </>
        }
        onConfirm={confirmDelete}
        onCancel={modals.closeDelete}
        busy={deleting.isLoading}
      />
    </ListScreen>
  );
}
